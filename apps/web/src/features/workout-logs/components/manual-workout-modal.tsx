import {
  Alert,
  Button,
  Group,
  Input,
  Modal,
  NumberInput,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useId } from 'react';
import { RATING_MAX, type LogResult } from '@fitcoach/shared/workout-logs';
import { apiFieldErrors, errorMessage } from '../../../lib/form-errors';
import { useLogManualWorkout } from '../api/log-manual-workout';
import { localIsoDate } from '../utils/format-log';
import {
  initialManualWorkoutValues,
  toManualWorkoutInput,
  validateManualWorkout,
  type ManualWorkoutFormValues,
} from '../utils/manual-workout-form';

const energyWords = ['Drained', 'Low', 'Okay', 'Good', 'Great'] as const;
const sleepWords = ['Very poor', 'Poor', 'Okay', 'Good', 'Great'] as const;

const starLabel = (value: number) => `${value} ${value === 1 ? 'star' : 'stars'} of ${RATING_MAX}`;

/** A 1–5 star score with a label screen readers announce for the whole group of stars. */
function RatingField({
  label,
  description,
  words,
  value,
  error,
  onChange,
}: {
  label: string;
  description: string;
  /** A word for each score, shown beside the stars so "3" means something. */
  words: readonly string[];
  value: number;
  error?: React.ReactNode;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      labelElement="div"
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Group gap="sm" mt={6} wrap="nowrap">
        <Rating
          size="xl"
          count={RATING_MAX}
          fractions={1}
          value={value}
          onChange={onChange}
          // Each star says which rating it belongs to: the two groups' stars are otherwise alike.
          getSymbolLabel={(score) => `${label}: ${starLabel(score)}`}
          role="radiogroup"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-description`}
        />
        <Text size="sm" fw={600} c="dimmed" aria-hidden>
          {words[value - 1] ?? ''}
        </Text>
      </Group>
    </Input.Wrapper>
  );
}

function ManualWorkoutForm({
  onClose,
  onLogged,
}: {
  onClose: () => void;
  onLogged: (result: LogResult) => void;
}) {
  const today = localIsoDate();
  const log = useLogManualWorkout();
  const form = useForm<ManualWorkoutFormValues>({
    mode: 'controlled',
    initialValues: initialManualWorkoutValues(today),
    validate: (values) => validateManualWorkout(values, today),
  });

  const submit = form.onSubmit((values) => {
    log.mutate(toManualWorkoutInput(values), {
      onSuccess: (result) => onLogged(result),
      onError: (error) => form.setErrors(apiFieldErrors(error)),
    });
  });

  const hasFieldErrors = log.isError && Object.keys(apiFieldErrors(log.error)).length > 0;

  return (
    <form onSubmit={submit} noValidate aria-label="Record a workout">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A run, a class, a game: anything you did outside FitCoach counts toward your streaks and
          totals.
        </Text>
        {log.isError && !hasFieldErrors && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(log.error)}
          </Alert>
        )}
        <TextInput
          label="What did you do?"
          placeholder="Trail run, yoga class, pickup basketball…"
          required
          maxLength={120}
          data-autofocus
          {...form.getInputProps('title')}
        />
        <SimpleGrid cols={2} spacing="md">
          <TextInput
            label="Date"
            type="date"
            required
            max={today}
            {...form.getInputProps('performed_on')}
          />
          <NumberInput
            label="Duration (minutes)"
            placeholder="Optional"
            min={1}
            max={1440}
            allowDecimal={false}
            allowNegative={false}
            inputMode="numeric"
            hideControls
            {...form.getInputProps('duration_minutes')}
          />
        </SimpleGrid>
        <Textarea
          label="Notes"
          placeholder="How it went, distances, what to change next time"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={2000}
          {...form.getInputProps('note')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <RatingField
            label="Energy level"
            description="How energetic did you feel?"
            words={energyWords}
            value={form.getValues().energy_level}
            error={form.errors.energy_level}
            onChange={(v) => form.setFieldValue('energy_level', v)}
          />
          <RatingField
            label="Sleep quality"
            description="How well did you sleep the night before?"
            words={sleepWords}
            value={form.getValues().sleep_quality}
            error={form.errors.sleep_quality}
            onChange={(v) => form.setFieldValue('sleep_quality', v)}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={log.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={log.isPending}>
            Save workout
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Records a session done outside the app, with how the member felt. */
export function ManualWorkoutModal({
  opened,
  onClose,
  onLogged,
}: {
  opened: boolean;
  onClose: () => void;
  onLogged: (result: LogResult) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Record a workout"
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
      radius={phone ? 0 : 'md'}
    >
      {/* Mounted only while open, so every opening starts from a fresh form dated today. */}
      {opened && <ManualWorkoutForm onClose={onClose} onLogged={onLogged} />}
    </Modal>
  );
}
