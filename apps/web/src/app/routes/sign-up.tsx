import { Alert, Loader } from '@mantine/core';
import { IconAlertCircle, IconUserHeart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { redirect, useNavigate, useSearchParams } from 'react-router';
import { AuthPageLayout } from '../../components/auth-page-layout';
import { paths } from '../../config/paths';
import { meQueryOptions } from '../../features/auth/api/get-me';
import { useInvitation } from '../../features/auth/api/get-invitation';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { queryClient } from '../query-client';

export async function loader() {
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (me.user) return redirect(paths.home.href());
  return null;
}

export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('invite');
  const invitation = useInvitation(token);
  const info = invitation.data;
  const valid = token && info?.status === 'valid';
  const problem = invitation.isError
    ? 'unknown'
    : info && info.status !== 'valid'
      ? info.status
      : null;
  return (
    <AuthPageLayout title={t('signUp.title')} subtitle={t('signUp.subtitle')} width={680}>
      {token && invitation.isPending && <Loader size="sm" aria-label={t('invite.checking')} />}
      {valid && (
        <Alert color="teal" icon={<IconUserHeart size={18} />} mb="md">
          {t('invite.invitedBy', { name: info.inviter_name })}
        </Alert>
      )}
      {token && problem && (
        <Alert color="orange" icon={<IconAlertCircle size={18} />} mb="md" role="alert">
          {t(`invite.${problem}`, { name: info?.inviter_name ?? '' })}
        </Alert>
      )}
      {/* Keyed on the invitation so the prefill applies once it has loaded. */}
      {(!token || !invitation.isPending) && (
        <SignUpForm
          key={valid ? 'invited' : 'plain'}
          invitation={valid && token ? { token, name: info.name, email: info.email } : undefined}
          onSignedUp={() => void navigate(paths.home.href(), { replace: true })}
        />
      )}
    </AuthPageLayout>
  );
}
