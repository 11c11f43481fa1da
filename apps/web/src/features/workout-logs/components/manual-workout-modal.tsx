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
import { useTranslation } from 'react-i18next';
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

/** The scores 1–5, whose words are `manual.energyWords.<score>` in the catalogue. */
const SCORES = ['1', '2', '3', '4', '5'] as const;

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
  /** A word for each score (1 first), shown beside the stars so "3" means something. */
  words: readonly string[];
  value: number;
  error?: React.ReactNode;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const { t } = useTranslation('workout-logs');
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
          getSymbolLabel={(score) => t('manual.star', { label, count: score, max: RATING_MAX })}
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
  const { t } = useTranslation(['workout-logs', 'common']);
  const today = localIsoDate();
  const log = useLogManualWorkout();
  const form = useForm<ManualWorkoutFormValues>({
    mode: 'controlled',
    initialValues: initialManualWorkoutValues(today),
    validate: (values) => validateManualWorkout(t, values, today),
  });

  const submit = form.onSubmit((values) => {
    log.mutate(toManualWorkoutInput(values), {
      onSuccess: (result) => onLogged(result),
      onError: (error) => form.setErrors(apiFieldErrors(error)),
    });
  });

  const hasFieldErrors = log.isError && Object.keys(apiFieldErrors(log.error)).length > 0;

  return (
    <form onSubmit={submit} noValidate aria-label={t('manual.title')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('manual.intro')}
        </Text>
        {log.isError && !hasFieldErrors && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(log.error)}
          </Alert>
        )}
        <TextInput
          label={t('manual.what')}
          placeholder={t('manual.whatPlaceholder')}
          required
          maxLength={120}
          data-autofocus
          {...form.getInputProps('title')}
        />
        <SimpleGrid cols={2} spacing="md">
          <TextInput
            label={t('manual.date')}
            type="date"
            required
            max={today}
            {...form.getInputProps('performed_on')}
          />
          <NumberInput
            label={t('manual.duration')}
            placeholder={t('manual.optional')}
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
          label={t('manual.notes')}
          placeholder={t('manual.notesPlaceholder')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={2000}
          {...form.getInputProps('note')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <RatingField
            label={t('manual.energy')}
            description={t('manual.energyDescription')}
            words={SCORES.map((score) => t(`manual.energyWords.${score}`))}
            value={form.getValues().energy_level}
            error={form.errors.energy_level}
            onChange={(v) => form.setFieldValue('energy_level', v)}
          />
          <RatingField
            label={t('manual.sleep')}
            description={t('manual.sleepDescription')}
            words={SCORES.map((score) => t(`manual.sleepWords.${score}`))}
            value={form.getValues().sleep_quality}
            error={form.errors.sleep_quality}
            onChange={(v) => form.setFieldValue('sleep_quality', v)}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={log.isPending}>
            {t('common:dialog.cancel')}
          </Button>
          <Button type="submit" loading={log.isPending}>
            {t('manual.save')}
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
  const { t } = useTranslation(['workout-logs', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('manual.title')}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common:dialog.close') }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
      radius={phone ? 0 : 'md'}
    >
      {/* Mounted only while open, so every opening starts from a fresh form dated today. */}
      {opened && <ManualWorkoutForm onClose={onClose} onLogged={onLogged} />}
    </Modal>
  );
}
