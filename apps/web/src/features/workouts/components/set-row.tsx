import { ActionIcon, Group, NumberInput, Text, Tooltip } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { WorkoutExercise } from '@fitcoach/shared/workouts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { decimalSeparator } from '../lib/workout-units';
import type { SetEntry } from '../workout-progress';

const toValue = (v: string | number): number | '' =>
  typeof v === 'number' ? v : v === '' ? '' : Number(v);

/**
 * One set: reps and weight for rep exercises, seconds for timed ones. The check button fills
 * in the target, so a set done as written is one tap between sets.
 */
export function SetRow({
  index,
  exercise,
  unit,
  entry,
  onChange,
}: {
  index: number;
  exercise: WorkoutExercise;
  unit: 'kg' | 'lb';
  entry: SetEntry;
  onChange: (entry: SetEntry) => void;
}) {
  const { t } = useTranslation('workouts');
  const format = useFormat();
  const timed = exercise.kind === 'timed';
  const number = index + 1;
  const label = t('setRow.label', { name: exercise.name, number });
  const done = timed
    ? typeof entry.reps === 'number' && entry.reps > 0
    : typeof entry.reps === 'number' && entry.reps > 0;

  function fillTarget() {
    if (timed) {
      onChange(
        done
          ? { ...entry, reps: '', duration: '' }
          : { ...entry, reps: 1, duration: entry.duration || (exercise.duration_seconds ?? 30) },
      );
    } else {
      onChange({ ...entry, reps: done ? '' : (exercise.reps ?? 1) });
    }
  }

  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <Text size="sm" fw={600} c="dimmed" w={44} pb={8} aria-hidden>
        {t('setRow.set', { number })}
      </Text>
      {timed ? (
        <NumberInput
          aria-label={t('setRow.secondsLabel', { label })}
          label={index === 0 ? t('setRow.seconds') : undefined}
          placeholder={String(exercise.duration_seconds ?? '')}
          value={entry.duration}
          onChange={(v) =>
            onChange({ ...entry, duration: toValue(v), reps: toValue(v) === '' ? entry.reps : 1 })
          }
          min={0}
          max={36000}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          inputMode="numeric"
          style={{ flex: 1 }}
        />
      ) : (
        <>
          <NumberInput
            aria-label={t('setRow.repsLabel', { label })}
            label={index === 0 ? t('setRow.reps') : undefined}
            placeholder={exercise.reps ? String(exercise.reps) : ''}
            value={entry.reps}
            onChange={(v) => onChange({ ...entry, reps: toValue(v) })}
            min={0}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            inputMode="numeric"
            style={{ flex: 1 }}
          />
          <NumberInput
            aria-label={t('setRow.weightLabel', { label, unit })}
            label={index === 0 ? t('setRow.weight', { unit }) : undefined}
            placeholder={t('setRow.bodyweight')}
            value={entry.weight}
            onChange={(v) => onChange({ ...entry, weight: toValue(v) })}
            min={0}
            max={2000}
            decimalScale={2}
            decimalSeparator={decimalSeparator(format.locale)}
            allowNegative={false}
            hideControls
            inputMode="decimal"
            style={{ flex: 1.2 }}
          />
        </>
      )}
      <Tooltip label={done ? t('setRow.clearTip') : t('setRow.doneTip')} withArrow>
        <ActionIcon
          size={36}
          variant={done ? 'filled' : 'default'}
          color={done ? 'teal' : undefined}
          aria-label={done ? t('setRow.clear', { label }) : t('setRow.markDone', { label })}
          aria-pressed={done}
          onClick={fillTarget}
        >
          <IconCheck size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
