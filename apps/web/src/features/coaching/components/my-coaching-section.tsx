import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import type { MyCoach } from '@fitcoach/shared/coaching';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { useEndCoaching } from '../api/coach-actions';
import { useAnswerInvitation, useMyCoaching } from '../api/get-my-coaching';
import { MemberAvatar } from '../../../components/member-avatar';

function CoachRow({ link, children }: { link: MyCoach; children: React.ReactNode }) {
  const { t } = useTranslation('coaching');
  const { date } = useFormat();
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="sm" py={6}>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <MemberAvatar name={link.coach.name} avatarUrl={link.coach.avatar_url} />
        <Stack gap={0} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {link.coach.name}
          </Text>
          <Text size="xs" c="dimmed">
            {link.status === 'active' && link.started_at
              ? t('mine.since', { date: date(link.started_at, { dateStyle: 'medium' }) })
              : t('mine.invitedOn', { date: date(link.invited_at, { dateStyle: 'medium' }) })}
          </Text>
        </Stack>
      </Group>
      <Group gap="xs">{children}</Group>
    </Group>
  );
}

/**
 * The member's coaching (on the profile page, `#coaching`): who coaches them (end it, after a
 * confirmation) and invitations waiting for an answer (accept or decline).
 */
export function MyCoachingSection() {
  const { t } = useTranslation(['coaching', 'common']);
  const mine = useMyCoaching();
  const answer = useAnswerInvitation();
  const end = useEndCoaching();

  const answerInvitation = (link: MyCoach, choice: 'accept' | 'decline') =>
    answer.mutate(
      { id: link.id, answer: choice },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            title: t(choice === 'accept' ? 'mine.acceptedTitle' : 'mine.declinedTitle'),
            message: t(choice === 'accept' ? 'mine.accepted' : 'mine.declined', {
              name: link.coach.name,
            }),
          }),
      },
    );

  const confirmEnd = (link: MyCoach) =>
    modals.openConfirmModal({
      title: t('end.title'),
      centered: true,
      children: <Text size="sm">{t('end.memberBody', { name: link.coach.name })}</Text>,
      labels: { confirm: t('end.confirm'), cancel: t('common:dialog.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        end.mutate(link.id, {
          onSuccess: () =>
            notifications.show({
              color: 'teal',
              icon: <IconCheck size={18} />,
              title: t('end.doneTitle'),
              message: t('end.memberDone', { name: link.coach.name }),
            }),
          onError: (err) =>
            notifications.show({
              color: 'red',
              icon: <IconAlertCircle size={18} />,
              title: t('end.failed'),
              message: errorMessage(err),
            }),
        }),
    });

  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="coaching-title"
      id="coaching"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="coaching-title">
          {t('mine.title')}
        </Title>
        {mine.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t('mine.loading')}>
            <Skeleton h={40} />
          </Stack>
        ) : mine.isError ? (
          <LoadErrorAlert
            title={t('mine.loadError')}
            error={mine.error}
            onRetry={() => void mine.refetch()}
          />
        ) : (
          <>
            {mine.data.invitations.length > 0 && (
              <Stack gap={4}>
                <Text fw={700} size="sm">
                  {t('mine.invitations')}
                </Text>
                <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                  {mine.data.invitations.map((link) => (
                    <CoachRow key={link.id} link={link}>
                      <Button
                        size="sm"
                        onClick={() => answerInvitation(link, 'accept')}
                        loading={
                          answer.isPending &&
                          answer.variables.id === link.id &&
                          answer.variables.answer === 'accept'
                        }
                        aria-label={t('mine.acceptLabel', { name: link.coach.name })}
                      >
                        {t('mine.accept')}
                      </Button>
                      <Button
                        size="sm"
                        variant="default"
                        onClick={() => answerInvitation(link, 'decline')}
                        loading={
                          answer.isPending &&
                          answer.variables.id === link.id &&
                          answer.variables.answer === 'decline'
                        }
                        aria-label={t('mine.declineLabel', { name: link.coach.name })}
                      >
                        {t('mine.decline')}
                      </Button>
                    </CoachRow>
                  ))}
                </Stack>
              </Stack>
            )}
            {answer.isError && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {errorMessage(answer.error)}
              </Alert>
            )}
            {mine.data.coaches.length > 0 ? (
              <Stack gap={4}>
                <Text fw={700} size="sm">
                  {t('mine.coaches')}
                </Text>
                <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                  {mine.data.coaches.map((link) => (
                    <CoachRow key={link.id} link={link}>
                      <Button
                        size="sm"
                        variant="default"
                        color="red"
                        onClick={() => confirmEnd(link)}
                        aria-label={t('mine.endLabel', { name: link.coach.name })}
                      >
                        {t('end.action')}
                      </Button>
                    </CoachRow>
                  ))}
                </Stack>
              </Stack>
            ) : (
              mine.data.invitations.length === 0 && <Text c="dimmed">{t('mine.empty')}</Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
