import { Badge, type BadgeProps } from '@mantine/core';
import { IconClock, IconRepeat } from '@tabler/icons-react';
import type { ExerciseKind } from '@fitcoach/shared/exercises';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { exerciseKindLabel } from '../exercise-format';

/** Whether an exercise is counted in reps or timed (with its default duration). */
export function ExerciseKindBadge({
  exercise,
  size = 'sm',
}: {
  exercise: { kind: ExerciseKind; default_duration_seconds: number | null };
  size?: BadgeProps['size'];
}) {
  const { t } = useTranslation('exercises');
  const { locale } = useFormat();
  const timed = exercise.kind === 'timed';
  const Icon = timed ? IconClock : IconRepeat;
  return (
    <Badge
      size={size}
      variant="light"
      color={timed ? 'orange' : 'blue'}
      leftSection={<Icon size={12} stroke={2} aria-hidden />}
      tt="none"
      style={{ flexShrink: 0 }}
    >
      {exerciseKindLabel(t, locale, exercise)}
    </Badge>
  );
}
