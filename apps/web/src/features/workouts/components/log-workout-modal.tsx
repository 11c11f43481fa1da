import {
  Alert,
  Button,
  Group,
  Modal,
  Rating,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconAlertCircle, IconInfoCircle, IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import {
  RATING_INITIAL,
  RATING_MAX,
  type CompletedExercise,
  type LikedOrDisliked,
  type LogResult,
} from '@fitcoach/shared/workout-logs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-errors';
import { useLogWorkout } from '../api/log-workout';
import { localDate } from '../workout-progress';

function RatingField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (v: number) => void;
}) {
  const { t } = useTranslation('workouts');
  // A generated id: a label's words (with spaces) would name several ids.
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      {/* The spec's rating widget: 5 stars, whole steps, starting at 3. */}
      <Rating
        value={value}
        onChange={onChange}
        count={RATING_MAX}
        fractions={1}
        size="lg"
        aria-labelledby={labelId}
        getSymbolLabel={(i) => t('logModal.star', { label, value: i, max: RATING_MAX })}
      />
    </Stack>
  );
}

/**
 * Logs the workout: note, liked or not, energy and sleep ratings, with the sets done. The
 * answer may carry an achievement for the caller to celebrate.
 */
export function LogWorkoutModal({
  opened,
  onClose,
  workoutId,
  completed,
  startedAt,
  guidedSessionId,
  onLogged,
}: {
  opened: boolean;
  onClose: () => void;
  workoutId: number;
  completed: CompletedExercise[];
  startedAt: number | null;
  guidedSessionId?: number;
  onLogged: (result: LogResult) => void;
}) {
  const { t } = useTranslation(['workouts', 'common']);
  const likedLabelId = useId();
  const log = useLogWorkout(workoutId);
  const [note, setNote] = useState('');
  const [liked, setLiked] = useState<LikedOrDisliked | 'none'>('none');
  const [energy, setEnergy] = useState(RATING_INITIAL);
  const [sleep, setSleep] = useState(RATING_INITIAL);
  const sets = completed.reduce(
    (n, e) => n + e.reps.filter((r, i) => r > 0 || (e.durations?.[i] ?? 0) > 0).length,
    0,
  );

  function submit() {
    log.mutate(
      {
        note,
        liked_or_disliked: liked === 'none' ? null : liked,
        completedExercises: completed,
        energy_level: energy,
        sleep_quality: sleep,
        performed_on: localDate(),
        ...(startedAt
          ? { duration_seconds: Math.min(86_400, Math.round((Date.now() - startedAt) / 1000)) }
          : {}),
        ...(guidedSessionId === undefined ? {} : { guided_session_id: guidedSessionId }),
      },
      { onSuccess: onLogged },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('logModal.title')} centered size="md">
      <Stack gap="md">
        {completed.length > 0 ? (
          <Text size="sm" c="dimmed">
            {t('logModal.summary', {
              count: sets,
              exercises: t('count.exercises', { count: completed.length }),
            })}
          </Text>
        ) : (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
            {t('logModal.noSets')}
          </Alert>
        )}
        {log.isError && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title={t('logModal.error')}
          >
            {errorMessage(log.error)}
          </Alert>
        )}
        <Textarea
          label={t('logModal.note')}
          placeholder={t('logModal.notePlaceholder')}
          autosize
          minRows={2}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={likedLabelId}>
            {t('logModal.liked')}
          </Text>
          <SegmentedControl
            aria-labelledby={likedLabelId}
            value={liked}
            onChange={setLiked}
            data={[
              {
                value: 'liked',
                label: (
                  <Group gap={4} justify="center" wrap="nowrap">
                    <IconThumbUp size={16} aria-hidden />
                    {t('logModal.likedIt')}
                  </Group>
                ),
              },
              { value: 'none', label: t('logModal.noOpinion') },
              {
                value: 'disliked',
                label: (
                  <Group gap={4} justify="center" wrap="nowrap">
                    <IconThumbDown size={16} aria-hidden />
                    {t('logModal.notForMe')}
                  </Group>
                ),
              },
            ]}
          />
        </Stack>
        <Group grow align="flex-start">
          <RatingField label={t('logModal.energy')} value={energy} onChange={setEnergy} />
          <RatingField label={t('logModal.sleep')} value={sleep} onChange={setSleep} />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:dialog.cancel')}
          </Button>
          <Button onClick={submit} loading={log.isPending}>
            {t('logModal.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
