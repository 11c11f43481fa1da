import {
  Alert,
  Button,
  Group,
  NumberInput,
  Progress,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  genders,
  goalNeedsSport,
  mealPreferences,
  sportTypes,
  workoutGoals,
} from '@fitcoach/shared/profile';
import {
  QUESTION_MAX,
  requiredFieldsByAction,
  trainerActions,
  virtualTrainerRequestSchema,
  WORKOUT_FREQUENCY,
  WORKOUT_LENGTH,
  WORKOUT_PLAN_LENGTH,
  type VirtualTrainerResult,
} from '@fitcoach/shared/virtual-trainer';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, errorMessage, zodErrors } from '../../../lib/form-errors';
import { useRequestTrainer } from '../api/request-trainer';
import { fieldsByAction, toTrainerRequest, type TrainerFormValues } from './trainer-form-values';

const selectProps = { searchable: true, openOnFocus: false } as const;

/**
 * The virtual trainer request form: the action decides which fields show and which are required
 * (the spec's rule, checked here and again on the server); a missing field is marked and the
 * request is not sent.
 */
export function TrainerRequestForm({
  initialValues,
  onResult,
}: {
  initialValues: TrainerFormValues;
  onResult: (result: VirtualTrainerResult) => void;
}) {
  const { t } = useTranslation('virtual-trainer');
  const { t: tc } = useTranslation();
  const request = useRequestTrainer();
  const idBase = useId();
  const form = useForm<TrainerFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      const parsed = virtualTrainerRequestSchema.safeParse(toTrainerRequest(values));
      return parsed.success ? {} : zodErrors(parsed.error);
    },
  });
  const values = form.getValues();
  const action = values.trainer_action;
  const fields = new Set<string>(fieldsByAction[action]);
  const shown = {
    age: fields.has('age'),
    workout_frequency: fields.has('workout_frequency'),
    workout_plan_length: fields.has('workout_plan_length'),
    workout_length: fields.has('workout_length'),
    workout_goal: fields.has('workout_goal'),
    meal_preference: fields.has('meal_preference'),
    question: fields.has('question'),
    exercise_name: fields.has('exercise_name'),
  };
  const required = new Set<string>(requiredFieldsByAction[action]);
  const sportShown = fields.has('sport_type') && goalNeedsSport(values.workout_goal || null);

  const submit = form.onSubmit(
    (formValues) => {
      request.mutate(virtualTrainerRequestSchema.parse(toTrainerRequest(formValues)), {
        onSuccess: onResult,
        onError: (error) => form.setErrors(apiFieldErrors(error)),
      });
    },
    // The first field in error takes the focus, so a keyboard or screen-reader user lands on it.
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    },
  );

  const fieldErrors = request.isError ? apiFieldErrors(request.error) : {};
  const numberProps = (
    field: 'age' | 'workout_frequency' | 'workout_plan_length' | 'workout_length',
  ) => ({
    name: field,
    required: required.has(field),
    allowDecimal: false,
    clampBehavior: 'none' as const,
    ...form.getInputProps(field),
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('form.label')}>
      <Stack gap="lg">
        <Radio.Group
          label={t('form.action')}
          description={t('form.actionHint')}
          {...form.getInputProps('trainer_action')}
          onChange={(value) => {
            form.setFieldValue('trainer_action', value as TrainerFormValues['trainer_action']);
            form.clearErrors();
          }}
        >
          <SimpleGrid cols={{ base: 2, md: 3 }} spacing="xs" mt="xs">
            {trainerActions.map((value) => (
              <Radio.Card
                key={value}
                value={value}
                p="sm"
                radius="md"
                // One Tab stop for the group (the chosen action); the arrow keys move between
                // actions (Mantine's Radio.Card), as in any radio group.
                tabIndex={value === action ? 0 : -1}
                // Named by its label alone, its hint read as its description.
                aria-labelledby={`${idBase}-${value}-label`}
                aria-describedby={`${idBase}-${value}-hint`}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <div>
                    <Text fw={600} size="sm" id={`${idBase}-${value}-label`}>
                      {t(`actions.${value}.label`)}
                    </Text>
                    <Text size="xs" c="dimmed" id={`${idBase}-${value}-hint`}>
                      {t(`actions.${value}.hint`)}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            name="gender"
            label={tc('profileFields.gender')}
            required
            {...selectProps}
            data={genders.map((value) => ({ value, label: tc(`options.gender.${value}`) }))}
            {...form.getInputProps('gender')}
          />
          {shown.age && (
            <NumberInput label={t('form.age')} min={13} max={120} {...numberProps('age')} />
          )}
          {shown.workout_frequency && (
            <NumberInput
              label={t('form.frequency')}
              description={t('form.frequencyHint')}
              min={WORKOUT_FREQUENCY.min}
              max={WORKOUT_FREQUENCY.max}
              {...numberProps('workout_frequency')}
            />
          )}
          {shown.workout_plan_length && (
            <NumberInput
              label={t('form.planLength')}
              description={t('form.planLengthHint')}
              min={WORKOUT_PLAN_LENGTH.min}
              max={WORKOUT_PLAN_LENGTH.max}
              {...numberProps('workout_plan_length')}
            />
          )}
          {shown.workout_length && (
            <NumberInput
              label={t('form.length')}
              description={t('form.lengthHint')}
              min={WORKOUT_LENGTH.min}
              max={WORKOUT_LENGTH.max}
              step={5}
              {...numberProps('workout_length')}
            />
          )}
          {shown.workout_goal && (
            <Select
              name="workout_goal"
              label={tc('profileFields.workoutGoal')}
              placeholder={tc('profileFields.workoutGoalPlaceholder')}
              required={required.has('workout_goal')}
              {...selectProps}
              nothingFoundMessage={tc('profileFields.noResults')}
              data={workoutGoals.map((value) => ({
                value,
                label: tc(`options.workoutGoal.${value}`),
              }))}
              {...form.getInputProps('workout_goal')}
            />
          )}
          {sportShown && (
            <Select
              name="sport_type"
              label={tc('profileFields.sport')}
              placeholder={tc('profileFields.sportPlaceholder')}
              required
              {...selectProps}
              nothingFoundMessage={tc('profileFields.noResults')}
              data={sportTypes.map((value) => ({ value, label: tc(`options.sportType.${value}`) }))}
              {...form.getInputProps('sport_type')}
            />
          )}
          {shown.meal_preference && (
            <Select
              name="meal_preference"
              label={tc('profileFields.mealPreference')}
              placeholder={tc('profileFields.mealPreferencePlaceholder')}
              required={required.has('meal_preference')}
              {...selectProps}
              nothingFoundMessage={tc('profileFields.noResults')}
              data={mealPreferences.map((value) => ({
                value,
                label: tc(`options.mealPreference.${value}`),
              }))}
              {...form.getInputProps('meal_preference')}
            />
          )}
        </SimpleGrid>

        {shown.question && (
          <Textarea
            name="question"
            label={t('form.question')}
            placeholder={t('form.questionPlaceholder')}
            required
            autosize
            minRows={3}
            maxLength={QUESTION_MAX}
            {...form.getInputProps('question')}
          />
        )}
        {shown.exercise_name && (
          <TextInput
            name="exercise_name"
            label={t('form.exerciseName')}
            placeholder={t('form.exerciseNamePlaceholder')}
            required
            maxLength={120}
            {...form.getInputProps('exercise_name')}
          />
        )}

        {request.isError && Object.keys(fieldErrors).length === 0 && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title={t('form.failed')}
          >
            {errorMessage(request.error)}
          </Alert>
        )}

        {request.isPending && (
          <Stack gap={4} role="status" aria-live="polite">
            <Text size="sm">{t(`progress.${action}`)}</Text>
            <Progress value={100} striped animated aria-label={t(`progress.${action}`)} />
          </Stack>
        )}

        <Group justify="flex-end">
          <Button type="submit" loading={request.isPending}>
            {t(`submit.${action}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
