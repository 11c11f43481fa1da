import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconBarbell, IconCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CHALLENGE_DESCRIPTION_MAX,
  CHALLENGE_MAX_DAYS,
  CHALLENGE_MAX_REQUIREMENTS,
  CHALLENGE_PRIZE_MAX,
  CHALLENGE_TITLE_MAX,
  REQUIREMENT_DESCRIPTION_MAX,
  challengeInputSchema,
  challengeVisibilities,
  type ChallengeDetail,
  type ChallengeInput,
  type ChallengeVisibility,
} from '@fitcoach/shared/challenges';
import type { Role } from '@fitcoach/shared/profile';
import type { WorkoutSummary } from '@fitcoach/shared/workouts';
import { useTranslation } from 'react-i18next';
import { EnhancedSelect } from '../../../components/enhanced-select/enhanced-select';
import { apiFieldErrors, errorMessage, zodErrors } from '../../../lib/form-errors';
import { useCreateChallenge } from '../api/create-challenge';
import { challengeKeys } from '../api/keys';
import { searchChallengeWorkouts } from '../api/search-workouts';

type WorkoutOption = Pick<WorkoutSummary, 'id' | 'title'>;

interface RequirementValues {
  /** A stable key for the row while rows are added and removed. */
  key: string;
  workout: WorkoutOption | null;
  uploadRequired: boolean;
  description: string;
}

export interface ChallengeFormValues {
  title: string;
  description: string;
  prize: string;
  duration: number | string;
  start_date: string;
  visibility: ChallengeVisibility;
  prize_winners: number | string;
  draft: boolean;
  requirements: RequirementValues[];
}

/** A requirement field's path in the form (and in the API's issues). */
const rowField = (k: number, name: 'workout' | 'workout_id' | 'description' | 'uploadRequired') =>
  `requirements.${k}.${name}` as const;

let rowCount = 0;
const newRow = (): RequirementValues => ({
  key: `requirement-${(rowCount += 1)}`,
  workout: null,
  uploadRequired: false,
  description: '',
});

/** Today in the member's own time zone, as the date field shows it. */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Members make friends-only challenges; coaches and admins choose. */
export const visibilitiesFor = (role: Role): readonly ChallengeVisibility[] =>
  role === 'member' ? ['friends'] : challengeVisibilities;

export function initialChallengeValues(role: Role): ChallengeFormValues {
  return {
    title: '',
    description: '',
    prize: '',
    duration: 7,
    start_date: localToday(),
    visibility: role === 'member' ? 'friends' : 'public',
    prize_winners: '',
    draft: false,
    requirements: [newRow()],
  };
}

/** The form's values as the API takes them (numbers left empty become what the API means). */
export function toChallengeInput(values: ChallengeFormValues): ChallengeInput {
  return {
    title: values.title,
    description: values.description,
    prize: values.prize,
    duration: typeof values.duration === 'number' ? values.duration : Number.NaN,
    start_date: values.start_date,
    visibility: values.visibility,
    prize_winners: typeof values.prize_winners === 'number' ? values.prize_winners : null,
    draft: values.draft,
    requirements: values.requirements.map((r) => ({
      workout_id: r.workout?.id ?? 0,
      uploadRequired: r.uploadRequired,
      description: r.description,
    })),
  };
}

/** The same rules as the server, worded in the shown language; a workout is picked once. */
export function validateChallenge(
  values: ChallengeFormValues,
  messages: { chooseWorkout: string; workoutTwice: string },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<number>();
  values.requirements.forEach((r, k) => {
    const path = `requirements.${k}.workout_id`;
    if (!r.workout) errors[path] = messages.chooseWorkout;
    else if (seen.has(r.workout.id)) errors[path] = messages.workoutTwice;
    else seen.add(r.workout.id);
  });
  const parsed = challengeInputSchema.safeParse(toChallengeInput(values));
  if (!parsed.success) {
    for (const [path, message] of Object.entries(zodErrors(parsed.error))) errors[path] ??= message;
  }
  return errors;
}

export interface ChallengeFormModalProps {
  opened: boolean;
  role: Role;
  onClose: () => void;
  onCreated: (challenge: ChallengeDetail) => void;
}

/** Creating a challenge: its details, who sees it, the prize, and the workouts to log. */
export function ChallengeFormModal({ opened, role, onClose, onCreated }: ChallengeFormModalProps) {
  const { t } = useTranslation('challenges');
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={t('form.title')} fullScreen={phone} size="xl">
      {opened && <ChallengeForm role={role} onCancel={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function ChallengeForm({
  role,
  onCancel,
  onCreated,
}: {
  role: Role;
  onCancel: () => void;
  onCreated: (challenge: ChallengeDetail) => void;
}) {
  const { t } = useTranslation('challenges');
  const create = useCreateChallenge();
  const form = useForm<ChallengeFormValues>({
    mode: 'controlled',
    initialValues: initialChallengeValues(role),
    validate: (values) =>
      validateChallenge(values, {
        chooseWorkout: t('form.chooseWorkout'),
        workoutTwice: t('form.workoutTwice'),
      }),
  });
  const visibilities = visibilitiesFor(role);

  const submit = form.onSubmit((values) => {
    create.mutate(toChallengeInput(values), {
      onSuccess: (created) => {
        notifications.show({
          color: 'teal',
          icon: <IconCheck size={18} />,
          title: t('form.createdTitle'),
          message: t('form.created', { title: created.title }),
        });
        onCreated(created);
      },
      onError: (error) => form.setErrors(apiFieldErrors(error)),
    });
  });
  const hasFieldErrors = create.isError && Object.keys(apiFieldErrors(create.error)).length > 0;

  return (
    <form onSubmit={submit} noValidate aria-label={t('form.title')}>
      <Stack gap="md">
        {create.isError && !hasFieldErrors && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(create.error)}
          </Alert>
        )}
        <TextInput
          label={t('form.name')}
          required
          maxLength={CHALLENGE_TITLE_MAX}
          data-autofocus
          {...form.getInputProps('title')}
        />
        <Textarea
          label={t('form.description')}
          autosize
          minRows={2}
          maxLength={CHALLENGE_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="date"
            label={t('form.startDate')}
            required
            min={localToday()}
            {...form.getInputProps('start_date')}
          />
          <NumberInput
            label={t('form.duration')}
            required
            min={1}
            max={CHALLENGE_MAX_DAYS}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('duration')}
          />
          <Select
            label={t('form.visibility')}
            data={visibilities.map((v) => ({ value: v, label: t(`visibility.${v}`) }))}
            allowDeselect={false}
            disabled={visibilities.length === 1}
            description={role === 'member' ? t('form.memberVisibility') : undefined}
            {...form.getInputProps('visibility')}
          />
          <NumberInput
            label={t('form.winners')}
            description={t('form.winnersHint')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('prize_winners')}
          />
        </SimpleGrid>
        <TextInput
          label={t('form.prize')}
          description={t('form.prizeHint')}
          maxLength={CHALLENGE_PRIZE_MAX}
          {...form.getInputProps('prize')}
        />
        <Fieldset legend={t('form.requirements')} variant="unstyled">
          <Stack gap="sm">
            {typeof form.errors.requirements === 'string' && (
              <Text size="sm" c="red" role="alert">
                {form.errors.requirements}
              </Text>
            )}
            {form.values.requirements.map((r, k) => (
              <Fieldset key={r.key} legend={t('form.requirement', { n: k + 1 })}>
                <Stack gap="xs">
                  <Group align="flex-end" gap="xs" wrap="nowrap">
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <EnhancedSelect<WorkoutOption>
                        label={t('form.workout')}
                        placeholder={t('form.workoutSearch')}
                        queryKey={challengeKeys.workoutSearch()}
                        fetcher={searchChallengeWorkouts}
                        getValue={(w) => String(w.id)}
                        getLabel={(w) => w.title}
                        value={r.workout ? [r.workout] : []}
                        onChange={([w]) => {
                          form.setFieldValue(rowField(k, 'workout'), w ?? null);
                          form.clearFieldError(rowField(k, 'workout_id'));
                        }}
                        required
                        leftSection={<IconBarbell size={16} aria-hidden />}
                        error={form.errors[rowField(k, 'workout_id')]}
                      />
                    </div>
                    {form.values.requirements.length > 1 && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={t('form.removeRequirement', { n: k + 1 })}
                        onClick={() => form.removeListItem('requirements', k)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    )}
                  </Group>
                  <TextInput
                    label={t('form.requirementDescription')}
                    maxLength={REQUIREMENT_DESCRIPTION_MAX}
                    {...form.getInputProps(rowField(k, 'description'))}
                  />
                  <Checkbox
                    label={t('form.uploadRequired')}
                    {...form.getInputProps(rowField(k, 'uploadRequired'), {
                      type: 'checkbox',
                    })}
                  />
                </Stack>
              </Fieldset>
            ))}
            {form.values.requirements.length < CHALLENGE_MAX_REQUIREMENTS && (
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => form.insertListItem('requirements', newRow())}
                >
                  {t('form.addRequirement')}
                </Button>
              </Group>
            )}
          </Stack>
        </Fieldset>
        <Checkbox label={t('form.draft')} {...form.getInputProps('draft', { type: 'checkbox' })} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
