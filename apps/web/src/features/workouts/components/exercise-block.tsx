import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCircleCheckFilled,
  IconInfoCircle,
  IconMessage,
  IconPlayerPlay,
} from '@tabler/icons-react';
import type { WorkoutExercise } from '@fitcoach/shared/workouts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExerciseTimer } from '../../../components/exercise-timer';
import { HowToModal } from '../../../components/exercise-media/how-to-modal';
import { VideoDemoModal } from '../../../components/exercise-media/video-demo-modal';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { useExerciseDetails } from '../api/exercise-library';
import { loadableWeight, type WeightUnit } from '../lib/loadable-weight';
import { secondsText, weightText } from '../lib/workout-units';
import type { WorkoutsT } from '../lib/workouts-t';
import { isExerciseComplete, type ExerciseProgress, type SetEntry } from '../workout-progress';
import { SetRow } from './set-row';
import classes from './exercise-block.module.css';

/** "3 × 8 @ 60 kg", "3 × 45 s": the targets at a glance, the load as it goes on the bar. */
export function targetText(
  t: WorkoutsT,
  locale: string,
  e: WorkoutExercise,
  unit: WeightUnit,
): string {
  if (e.kind === 'timed') {
    return t('block.targetTimed', {
      sets: e.sets,
      duration: secondsText(t, locale, e.duration_seconds ?? 0),
    });
  }
  const load =
    e.weight === null
      ? t('block.bodyweight')
      : weightText(locale, loadableWeight(e.weight, unit), unit);
  return t('block.targetReps', { sets: e.sets, reps: e.reps ?? 0, load });
}

export function ExerciseBlock({
  exercise,
  unit,
  progress,
  onChange,
  actions,
}: {
  exercise: WorkoutExercise;
  unit: 'kg' | 'lb';
  progress: ExerciseProgress;
  onChange: (progress: ExerciseProgress) => void;
  /** Buttons from other features for this exercise (composed in app/). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation('workouts');
  const format = useFormat();
  const target = targetText(t, format.locale, exercise, unit);
  const [videoOpen, video] = useDisclosure(false);
  const [howToOpen, howTo] = useDisclosure(false);
  const [noteOpen, note] = useDisclosure(progress.note !== '');
  const complete = isExerciseComplete(progress);
  const details = useExerciseDetails(exercise.exercise_id, howToOpen);

  function setEntry(index: number, entry: SetEntry) {
    onChange({ ...progress, sets: progress.sets.map((s, i) => (i === index ? entry : s)) });
  }

  return (
    <Box className={classes.block} data-complete={complete || undefined} p="sm">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              {complete && (
                <ThemeIcon color="teal" variant="transparent" size="sm" aria-hidden>
                  <IconCircleCheckFilled size={18} />
                </ThemeIcon>
              )}
              <Anchor
                component="button"
                type="button"
                fw={700}
                c="var(--mantine-color-text)"
                onClick={howTo.open}
              >
                {exercise.name}
              </Anchor>
            </Group>
            <Text size="sm" c="dimmed">
              {exercise.rest_seconds > 0
                ? t('block.targetWithRest', {
                    target,
                    duration: secondsText(t, format.locale, exercise.rest_seconds),
                  })
                : target}
            </Text>
          </Stack>
          {complete && (
            <Badge
              color="teal"
              variant="light"
              aria-label={t('block.completeLabel', { name: exercise.name })}
              style={{ flexShrink: 0 }}
            >
              {t('block.complete')}
            </Badge>
          )}
        </Group>

        {exercise.kind === 'timed' && exercise.duration_seconds !== null && (
          <ExerciseTimer seconds={exercise.duration_seconds} label={exercise.name} />
        )}

        <Stack gap={6}>
          {progress.sets.map((entry, i) => (
            <SetRow
              key={i}
              index={i}
              exercise={exercise}
              unit={unit}
              entry={entry}
              onChange={(e) => setEntry(i, e)}
            />
          ))}
        </Stack>

        {noteOpen && (
          <TextInput
            aria-label={t('block.noteLabel', { name: exercise.name })}
            placeholder={t('block.notePlaceholder')}
            value={progress.note}
            maxLength={500}
            onChange={(event) => onChange({ ...progress, note: event.currentTarget.value })}
          />
        )}

        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPlayerPlay size={14} />}
            onClick={video.open}
          >
            {t('block.videoDemo')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconInfoCircle size={14} />}
            onClick={howTo.open}
          >
            {t('block.howTo')}
          </Button>
          {!noteOpen && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconMessage size={14} />}
              onClick={note.open}
            >
              {t('block.addNote')}
            </Button>
          )}
          {actions}
        </Group>
      </Stack>
      <VideoDemoModal
        opened={videoOpen}
        onClose={video.close}
        name={exercise.name}
        videoUrl={exercise.video_url}
      />
      <HowToModal
        opened={howToOpen}
        onClose={howTo.close}
        name={exercise.name}
        howTo={details.data}
        error={details.isError ? errorMessage(details.error) : null}
      />
    </Box>
  );
}
