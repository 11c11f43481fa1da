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
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EnhancedSelect } from '../../../components/enhanced-select/enhanced-select';
import { apiFieldErrors, errorMessage, zodErrors } from '../../../lib/form-errors';
import { useCreateChallenge } from '../api/create-challenge';
import { useChallengeTeams, type ChallengeTeam } from '../api/get-challenge-teams';
import { challengeKeys } from '../api/keys';
import { challengeWorkoutScope, searchChallengeWorkouts } from '../api/search-workouts';
import { useUpdateChallenge } from '../api/update-challenge';

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
  /** The team of a team challenge, as the team select holds it (its id as text). */
  team_id: string | null;
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

/**
 * Members make friends-only challenges, and team ones for a team they own or coach; coaches and
 * admins also public ones.
 */
export const visibilitiesFor = (role: Role): readonly ChallengeVisibility[] =>
  role === 'member' ? ['friends', 'team'] : challengeVisibilities;

export function initialChallengeValues(role: Role): ChallengeFormValues {
  return {
    title: '',
    description: '',
    prize: '',
    duration: 7,
    start_date: localToday(),
    visibility: role === 'member' ? 'friends' : 'public',
    team_id: null,
    prize_winners: '',
    draft: false,
    requirements: [newRow()],
  };
}

/** A challenge's values in the form, to edit it. */
export function challengeFormValuesOf(c: ChallengeDetail): ChallengeFormValues {
  return {
    title: c.title,
    description: c.description,
    prize: c.prize,
    duration: c.duration,
    start_date: c.start_date,
    visibility: c.visibility,
    team_id: c.team_id === null ? null : String(c.team_id),
    prize_winners: c.prize_winners ?? '',
    draft: c.status === 'draft',
    requirements: c.requirements.map((r) => ({
      ...newRow(),
      workout: r.workout_id === null ? null : { id: r.workout_id, title: r.workout_title },
      uploadRequired: r.uploadRequired,
      description: r.description,
    })),
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
    // Only a team challenge names a team (a team picked, then another visibility, is dropped).
    team_id: values.visibility === 'team' && values.team_id ? Number(values.team_id) : null,
    prize_winners: typeof values.prize_winners === 'number' ? values.prize_winners : null,
    draft: values.draft,
    requirements: values.requirements.map((r) => ({
      workout_id: r.workout?.id ?? 0,
      uploadRequired: r.uploadRequired,
      description: r.description,
    })),
  };
}

/**
 * The same rules as the server, worded in the shown language; a workout is picked once, and a
 * team challenge has its team (said at once, not only once every other field is right).
 */
export function validateChallenge(
  values: ChallengeFormValues,
  messages: { chooseWorkout: string; workoutTwice: string; chooseTeam: string },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.visibility === 'team' && !values.team_id) errors.team_id = messages.chooseTeam;
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
  /** The challenge to edit; without it the form creates one. */
  challenge?: ChallengeDetail | undefined;
  onClose: () => void;
  onSaved: (challenge: ChallengeDetail) => void;
}

/** Creating or editing a challenge: its details, who sees it, the prize, and the workouts to log. */
export function ChallengeFormModal({
  opened,
  role,
  challenge,
  onClose,
  onSaved,
}: ChallengeFormModalProps) {
  const { t } = useTranslation('challenges');
  const phone = useMediaQuery('(max-width: 36em)');
  const title = challenge ? t('form.editTitle') : t('form.title');
  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={phone} size="xl">
      {opened && (
        <ChallengeForm
          key={challenge?.id ?? 'new'}
          role={role}
          challenge={challenge}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

/**
 * The teams a team challenge may name: those the member owns or coaches, and the challenge's
 * own when edited (an admin's challenge for a team they are not on).
 */
function teamOptions(
  teams: ChallengeTeam[] | undefined,
  challenge: ChallengeDetail | undefined,
): ChallengeTeam[] {
  const options = [...(teams ?? [])];
  if (
    challenge?.team_id &&
    challenge.team_name &&
    !options.some((o) => o.id === challenge.team_id)
  ) {
    options.push({ id: challenge.team_id, name: challenge.team_name });
  }
  return options;
}

function ChallengeForm({
  role,
  challenge,
  onCancel,
  onSaved,
}: {
  role: Role;
  challenge: ChallengeDetail | undefined;
  onCancel: () => void;
  onSaved: (challenge: ChallengeDetail) => void;
}) {
  const { t } = useTranslation('challenges');
  const create = useCreateChallenge();
  const update = useUpdateChallenge(challenge?.id ?? 0);
  const save = challenge ? update : create;
  const teams = useChallengeTeams();
  const form = useForm<ChallengeFormValues>({
    mode: 'controlled',
    initialValues: challenge ? challengeFormValuesOf(challenge) : initialChallengeValues(role),
    validate: (values) =>
      validateChallenge(values, {
        chooseWorkout: t('form.chooseWorkout'),
        workoutTwice: t('form.workoutTwice'),
        chooseTeam: t('chooseChallengeTeam', { ns: 'validation' }),
      }),
  });
  const options = teamOptions(teams.data, challenge);
  const teamAllowed = options.length > 0;
  // Who can see it: 'team' is offered only with a team to name (while the teams load, not yet).
  const visibilities = visibilitiesFor(role);
  const visibilityData = visibilities.map((v) => ({
    value: v,
    label: t(`visibility.${v}`),
    disabled: v === 'team' && !teamAllowed,
  }));
  const choosable = visibilityData.filter((v) => !v.disabled).length;
  const teamNote = teams.isError
    ? t('form.teamsError')
    : teams.isSuccess && !teamAllowed
      ? t('form.noTeams')
      : null;
  const visibilityHint = [role === 'member' ? t('form.memberVisibility') : null, teamNote]
    .filter(Boolean)
    .join(' ');
  // Members log a requirement's workout: the library's, or a team challenge's team's too.
  const workoutScope = challengeWorkoutScope(form.values.visibility === 'team');
  const searchWorkouts = useMemo(() => searchChallengeWorkouts(workoutScope), [workoutScope]);
  // Once members have joined, the server keeps the requirements as they are.
  const requirementsLocked = challenge !== undefined && challenge.participant_count > 0;

  const chooseVisibility = (value: string | null) => {
    const visibility = visibilities.find((v) => v === value);
    if (!visibility) return;
    form.setFieldValue('visibility', visibility);
    form.clearFieldError('visibility');
    // With one team to choose from, it is chosen.
    if (visibility === 'team' && !form.values.team_id && options.length === 1) {
      form.setFieldValue('team_id', String(options[0]!.id));
    }
  };

  const submit = form.onSubmit((values) => {
    save.mutate(toChallengeInput(values), {
      onSuccess: (saved) => {
        notifications.show({
          color: 'teal',
          icon: <IconCheck size={18} />,
          title: challenge ? t('form.savedTitle') : t('form.createdTitle'),
          message: challenge
            ? t('form.saved', { title: saved.title })
            : t('form.created', { title: saved.title }),
        });
        onSaved(saved);
      },
      onError: (error) => form.setErrors(apiFieldErrors(error)),
    });
  });
  const hasFieldErrors = save.isError && Object.keys(apiFieldErrors(save.error)).length > 0;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={challenge ? t('form.editTitle') : t('form.title')}
    >
      <Stack gap="md">
        {save.isError && !hasFieldErrors && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(save.error)}
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
            data={visibilityData}
            allowDeselect={false}
            disabled={choosable <= 1 && form.values.visibility !== 'team'}
            description={visibilityHint || undefined}
            {...form.getInputProps('visibility')}
            onChange={chooseVisibility}
          />
          {form.values.visibility === 'team' ? (
            <Select
              label={t('form.team')}
              placeholder={t('form.teamPlaceholder')}
              description={t('form.teamHint')}
              data={options.map((o) => ({ value: String(o.id), label: o.name }))}
              required
              allowDeselect={false}
              {...form.getInputProps('team_id')}
            />
          ) : null}
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
        <Fieldset legend={t('form.requirements')} variant="unstyled" disabled={requirementsLocked}>
          <Stack gap="sm">
            {requirementsLocked && (
              <Text size="sm" c="dimmed">
                {t('form.requirementsLocked')}
              </Text>
            )}
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
                        queryKey={challengeKeys.workoutSearch(workoutScope)}
                        fetcher={searchWorkouts}
                        getValue={(w) => String(w.id)}
                        getLabel={(w) => w.title}
                        value={r.workout ? [r.workout] : []}
                        onChange={([w]) => {
                          form.setFieldValue(rowField(k, 'workout'), w ?? null);
                          form.clearFieldError(rowField(k, 'workout_id'));
                        }}
                        required
                        disabled={requirementsLocked}
                        leftSection={<IconBarbell size={16} aria-hidden />}
                        error={form.errors[rowField(k, 'workout_id')]}
                      />
                    </div>
                    {form.values.requirements.length > 1 && !requirementsLocked && (
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
            {form.values.requirements.length < CHALLENGE_MAX_REQUIREMENTS &&
              !requirementsLocked && (
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
        {(!challenge || challenge.status === 'draft') && (
          <Checkbox
            label={t('form.draft')}
            {...form.getInputProps('draft', { type: 'checkbox' })}
          />
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {challenge ? t('form.save') : t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
