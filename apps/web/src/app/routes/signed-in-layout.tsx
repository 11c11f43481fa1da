import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, redirect, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { AppLayout } from '../../components/app-layout';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/paths';
import { meQueryOptions, useMe } from '../../features/auth/api/get-me';
import { useSignOut } from '../../features/auth/api/sign-out';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell';
import { ChatUnreadBadge } from '../../features/chat/components/chat-unread-badge';
import {
  refreshCoaching,
  refreshFeed,
  refreshFriends,
  refreshSharedDiets,
  refreshSharedPrograms,
  refreshSharedTrainerThreads,
  refreshTeams,
  refreshSharedWorkouts,
} from '../cross-feature-refresh';
import { queryClient } from '../query-client';
import { showMemberLocale } from '../../i18n/i18n';
import { useRealtimeSession } from '../../lib/realtime';
import { useSessionEndedElsewhere } from '../session-ended';

/** Every signed-in page passes here: visitors go to sign-in and come back afterwards. */
export async function loader({ request }: LoaderFunctionArgs) {
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (!me.user) {
    const url = new URL(request.url);
    return redirect(paths.signIn.href(url.pathname + url.search));
  }
  // The language chosen on the profile wins over this browser's, on every device; without one,
  // this device's language (never the one of whoever used this browser before).
  await showMemberLocale(me.user.locale);
  return null;
}

export function Component() {
  const { t } = useTranslation();
  const { data } = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  // One realtime connection per signed-in member, closed when they sign out.
  useRealtimeSession(data?.user?.id);
  useSessionEndedElsewhere();
  // Signed out: to sign-in. A session that ended elsewhere (another tab, a suspension) comes back
  // here after; one ended with this layout's own Sign out starts afresh. One place decides, as
  // the cleared member and the mutation's own callback raced (the layout unmounted first).
  const signedOut = data !== undefined && data.user === null;
  const signedOutHere = !signOut.isIdle;
  useEffect(() => {
    if (!signedOut) return;
    const next = signedOutHere ? undefined : location.pathname + location.search;
    void navigate(paths.signIn.href(next), { replace: true });
  }, [signedOut, signedOutHere, navigate, location.pathname, location.search]);
  if (!data?.user) return <PageLoader />;
  return (
    // Confirmation dialogs (`modals.openConfirmModal`) of every signed-in page.
    <ModalsProvider labels={{ confirm: t('dialog.confirm'), cancel: t('dialog.cancel') }}>
      <AppLayout
        user={data.user}
        signingOut={signOut.isPending}
        navBadges={{ friends: <ChatUnreadBadge /> }}
        headerActions={
          <NotificationsBell
            canAnnounce={data.user.role === 'admin'}
            onNotification={(notification) => {
              if (notification.kind === 'workout_shared') refreshSharedWorkouts(queryClient);
              if (notification.kind === 'diet_shared') refreshSharedDiets(queryClient);
              if (notification.kind === 'program_shared') refreshSharedPrograms(queryClient);
              if (notification.kind === 'trainer_thread_shared') {
                refreshSharedTrainerThreads(queryClient);
              }
              if (
                notification.kind === 'friend_request' ||
                notification.kind === 'friend_accepted'
              ) {
                refreshFriends(queryClient);
              }
              if (
                notification.kind === 'coach_invitation' ||
                notification.kind === 'coach_accepted' ||
                notification.kind === 'log_comment'
              ) {
                refreshCoaching(queryClient);
              }
              if (notification.kind === 'coach_program_assigned')
                refreshCoaching(queryClient, true);
              if (notification.kind === 'team_added') refreshTeams(queryClient);
              if (notification.kind === 'feed_kudos' || notification.kind === 'feed_comment') {
                refreshFeed(queryClient);
              }
            }}
          />
        }
        onSignOut={() => signOut.mutate()}
      >
        <Outlet />
      </AppLayout>
    </ModalsProvider>
  );
}
