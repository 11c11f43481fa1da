import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle, IconEdit, IconInfoCircle, IconTrophy } from '@tabler/icons-react';
import type { ChallengeDetail, Requirement, SubmissionStatus } from '@fitcoach/shared/challenges';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { useChallengeChannel } from '../api/challenge-channel';
import { challengeQueryOptions } from '../api/get-challenge';
import { useJoinChallenge } from '../api/join-challenge';
import { calendarDay, DAY_FORMAT } from './challenge-dates';
import { ChallengeStatusBadge } from './challenge-status-badge';
import classes from './challenges.module.css';
import { LeaderboardTable } from './leaderboard-table';
import { RequirementSubmissionModal } from './requirement-submission-modal';
import { ReviewQueue } from './review-queue';
import { VisibilityBadge } from './visibility-badge';

const submissionColors: Record<SubmissionStatus, string> = {
  pending: 'yellow',
  approved: 'teal',
  rejected: 'red',
};

export interface ChallengeDetailsModalProps {
  /** The challenge shown; null keeps the modal closed. */
  challengeId: number | null;
  viewerId: number;
  onClose: () => void;
  /** Its creator edits it (before it starts). */
  onEdit: (challenge: ChallengeDetail) => void;
}

/** The spec's challenge-details modal: what to do, your progress, the board, the review queue. */
export function ChallengeDetailsModal({
  challengeId,
  viewerId,
  onClose,
  onEdit,
}: ChallengeDetailsModalProps) {
  const { t } = useTranslation('challenges');
  const phone = useMediaQuery('(max-width: 36em)');
  const challenge = useQuery({
    ...challengeQueryOptions(challengeId ?? 0),
    enabled: challengeId !== null,
  });
  return (
    <Modal
      opened={challengeId !== null}
      onClose={onClose}
      title={challenge.data?.title ?? t('details.loading')}
      fullScreen={phone}
      size="xl"
      closeButtonProps={{ 'aria-label': t('details.close') }}
    >
      {challengeId === null ? null : challenge.isPending ? (
        <Stack aria-busy="true" aria-label={t('details.loading')}>
          <Skeleton h={24} w="60%" />
          <Skeleton h={80} />
          <Skeleton h={120} />
        </Stack>
      ) : challenge.isError ? (
        <LoadErrorAlert
          title={t('details.loadError')}
          error={challenge.error}
          onRetry={() => void challenge.refetch()}
        />
      ) : (
        <Details challenge={challenge.data} viewerId={viewerId} onEdit={onEdit} />
      )}
    </Modal>
  );
}

function Details({
  challenge: c,
  viewerId,
  onEdit,
}: {
  challenge: ChallengeDetail;
  viewerId: number;
  onEdit: (challenge: ChallengeDetail) => void;
}) {
  const { t } = useTranslation('challenges');
  const format = useFormat();
  const join = useJoinChallenge(c.id);
  // The board, progress and queue stay current while the details are open.
  useChallengeChannel(c.id);
  const [submitting, setSubmitting] = useState<Requirement | null>(null);
  const day = (date: string) => format.date(calendarDay(date), DAY_FORMAT);
  const mayJoin = c.may_join;
  const maySubmit = c.joined && c.status === 'active';

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Group gap="xs" wrap="wrap">
          <ChallengeStatusBadge status={c.status} />
          <VisibilityBadge challenge={c} />
          <Text size="sm" c="dimmed">
            {t('details.by', { name: c.creator.name })}
          </Text>
        </Group>
        {c.may_edit && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={16} aria-hidden />}
            aria-label={t('details.editLabel', { title: c.title })}
            onClick={() => onEdit(c)}
          >
            {t('details.edit')}
          </Button>
        )}
      </Group>
      <Text size="sm">
        {t('details.dates', {
          start: day(c.start_date),
          end: day(c.end_date),
          days: t('card.days', { count: c.duration }),
        })}
      </Text>
      {c.description && <Text style={{ whiteSpace: 'pre-line' }}>{c.description}</Text>}
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconTrophy size={18} aria-hidden />
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {c.prize ? t('details.prize', { prize: c.prize }) : t('details.noPrize')}
          </Text>
          <Text size="sm" c="dimmed">
            {c.prize_winners === null
              ? t('details.allWinners')
              : t('details.firstWinners', { count: c.prize_winners })}
          </Text>
        </Stack>
      </Group>

      {c.visibility === 'team' && c.team_id === null && (
        <Alert color="gray" icon={<IconInfoCircle size={18} />}>
          {t('details.teamGoneNote')}
        </Alert>
      )}
      {c.status === 'draft' && (
        <Alert color="gray" icon={<IconInfoCircle size={18} />}>
          {t('details.draftNote')}
        </Alert>
      )}
      {c.prize_awarded && (
        <Alert color="yellow" icon={<IconTrophy size={18} />}>
          {t('details.won')}
        </Alert>
      )}
      {c.status === 'finished' && !c.prize_awarded && (
        <Text size="sm" c="dimmed">
          {c.awarded ? t('details.awarded') : t('details.awaitingReviews')}
        </Text>
      )}
      {join.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(join.error)}
        </Alert>
      )}
      {mayJoin ? (
        <Group>
          <Button onClick={() => join.mutate()} loading={join.isPending}>
            {t('details.join')}
          </Button>
        </Group>
      ) : c.joined ? (
        <Text size="sm" fw={600}>
          {t('details.joinedNote', { done: c.completed_count, total: c.requirement_count })}
        </Text>
      ) : (
        c.visibility === 'team' &&
        (c.status === 'upcoming' || c.status === 'active') && (
          // Its creator who left the team, or anyone once the team is deleted (the server's rule).
          <Text size="sm" c="dimmed">
            {t('details.teamOnly')}
          </Text>
        )
      )}
      {c.joined && c.status === 'upcoming' && (
        <Text size="sm" c="dimmed">
          {t('details.notStarted', { date: day(c.start_date) })}
        </Text>
      )}
      {c.joined && c.status === 'finished' && (
        <Text size="sm" c="dimmed">
          {t('details.closed')}
        </Text>
      )}

      <Tabs defaultValue="requirements" keepMounted={false}>
        <Tabs.List aria-label={t('details.sectionsLabel')}>
          <Tabs.Tab value="requirements">{t('details.sections.requirements')}</Tabs.Tab>
          <Tabs.Tab value="leaderboard">{t('details.sections.leaderboard')}</Tabs.Tab>
          {c.may_review && <Tabs.Tab value="review">{t('details.sections.review')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="requirements" pt="md">
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {c.requirements.map((r, k) => (
              <li key={r.id} className={classes.requirementRow}>
                <Stack gap={6}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Group gap="xs" wrap="wrap">
                      <Title order={3} size="h6">
                        {t('form.requirement', { n: k + 1 })}
                        {': '}
                        {r.workout_title}
                      </Title>
                      {r.uploadRequired && (
                        <Badge variant="light" color="orange">
                          {t('details.proofNeeded')}
                        </Badge>
                      )}
                    </Group>
                    {r.submission && (
                      <Badge variant="light" color={submissionColors[r.submission.status]}>
                        {t(`details.submissionStatus.${r.submission.status}`)}
                      </Badge>
                    )}
                  </Group>
                  {r.description && <Text size="sm">{r.description}</Text>}
                  {r.submission?.status === 'rejected' && r.submission.reason && (
                    <Text size="sm" c="red">
                      {t('details.rejectedReason', { reason: r.submission.reason })}
                    </Text>
                  )}
                  {maySubmit && (r.submission === null || r.submission.status === 'rejected') && (
                    <Group>
                      <Button size="xs" variant="light" onClick={() => setSubmitting(r)}>
                        {r.submission ? t('details.submitAgain') : t('details.submit')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </li>
            ))}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="leaderboard" pt="md">
          <LeaderboardTable challengeId={c.id} viewerId={viewerId} />
        </Tabs.Panel>
        {c.may_review && (
          <Tabs.Panel value="review" pt="md">
            <ReviewQueue challengeId={c.id} />
          </Tabs.Panel>
        )}
      </Tabs>
      <RequirementSubmissionModal
        challengeId={c.id}
        requirement={submitting}
        onClose={() => setSubmitting(null)}
      />
    </Stack>
  );
}
