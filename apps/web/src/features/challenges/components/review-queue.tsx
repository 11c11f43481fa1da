import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconFlag, IconX } from '@tabler/icons-react';
import { REVIEW_REASON_MAX, type Submission } from '@fitcoach/shared/challenges';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ReportModal } from '../../../components/report-modal';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { useSubmissions } from '../api/get-submissions';
import { useReviewSubmission } from '../api/review-submission';
import classes from './challenges.module.css';

const SENT_FORMAT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
};

/** A proof as it was uploaded: a photo, or a video with its controls. */
function ProofPreview({ submission: s }: { submission: Submission }) {
  const { t } = useTranslation('challenges');
  if (!s.proof) return <Text size="sm">{t('review.noProof')}</Text>;
  const alt = t('review.proofAlt', { name: s.member.name, workout: s.workout_title });
  return (
    <Stack gap={4} align="flex-start">
      {s.proof.content_type.startsWith('video/') ? (
        <video
          src={s.proof.url}
          controls
          preload="metadata"
          className={classes.proof}
          aria-label={alt}
        />
      ) : (
        <img src={s.proof.url} alt={alt} className={classes.proof} loading="lazy" />
      )}
      <Anchor href={s.proof.url} target="_blank" rel="noopener" size="sm">
        {t('review.openProof')}
      </Anchor>
    </Stack>
  );
}

function ReviewItem({
  challengeId,
  submission: s,
}: {
  challengeId: number;
  submission: Submission;
}) {
  const { t } = useTranslation(['challenges', 'common']);
  const format = useFormat();
  const review = useReviewSubmission(challengeId);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);

  function decide(decision: 'approve' | 'reject') {
    if (decision === 'reject' && reason.trim() === '') {
      setReasonError(t('rejectionReason', { ns: 'validation' }));
      return;
    }
    review.mutate(
      { id: s.id, input: { decision, reason: decision === 'reject' ? reason.trim() : '' } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            message: decision === 'approve' ? t('review.approvedToast') : t('review.rejectedToast'),
          }),
      },
    );
  }

  const heading = t('review.item', { name: s.member.name, workout: s.workout_title });
  return (
    <Card component="li" withBorder padding="md" aria-label={heading}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Text fw={700}>{heading}</Text>
          <Text size="sm" c="dimmed">
            {t('review.sent', { date: format.date(new Date(s.submitted_at), SENT_FORMAT) })}
          </Text>
          {s.note && <Text size="sm">{t('review.note', { note: s.note })}</Text>}
        </Stack>
        <ProofPreview submission={s} />
        {review.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(review.error)}
          </Alert>
        )}
        {rejecting ? (
          <Stack gap="xs">
            <Textarea
              label={t('review.reason')}
              description={t('review.reasonHint')}
              value={reason}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setReasonError(null);
              }}
              error={reasonError}
              maxLength={REVIEW_REASON_MAX}
              autosize
              minRows={2}
              data-autofocus
              autoFocus
            />
            <Group gap="xs">
              <Button color="red" onClick={() => decide('reject')} loading={review.isPending}>
                {t('review.confirmReject')}
              </Button>
              <Button
                variant="default"
                onClick={() => setRejecting(false)}
                disabled={review.isPending}
              >
                {t('review.cancel')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group gap="xs">
            <Button
              leftSection={<IconCheck size={16} />}
              onClick={() => decide('approve')}
              loading={review.isPending}
            >
              {t('review.approve')}
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconX size={16} />}
              onClick={() => setRejecting(true)}
              disabled={review.isPending}
            >
              {t('review.reject')}
            </Button>
            {/* Beyond this challenge's rules: something no member should be sent (the admins). */}
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconFlag size={16} />}
              onClick={() => setReporting(true)}
            >
              {t('common:report.action')}
            </Button>
          </Group>
        )}
      </Stack>
      {reporting && (
        <ReportModal
          opened
          onClose={() => setReporting(false)}
          kind="proof"
          targetId={s.id}
          authorName={s.member.name}
        />
      )}
    </Card>
  );
}

/** The reviewer's queue of a challenge: pending proofs, oldest first. */
export function ReviewQueue({ challengeId }: { challengeId: number }) {
  const { t } = useTranslation('challenges');
  const queue = useSubmissions(challengeId, true);
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('review.title')}
      </Title>
      {queue.isPending ? (
        <Stack aria-busy="true" aria-label={t('review.loading')}>
          <Skeleton h={120} />
        </Stack>
      ) : queue.isError ? (
        <LoadErrorAlert
          title={t('review.loadError')}
          error={queue.error}
          onRetry={() => void queue.refetch()}
        />
      ) : queue.data.items.length === 0 ? (
        <Text c="dimmed">{t('review.empty')}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {queue.data.items.map((s) => (
            <ReviewItem key={s.id} challengeId={challengeId} submission={s} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
