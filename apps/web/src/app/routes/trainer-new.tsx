import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  presetTrainerActions,
  type TrainerAction,
  type VirtualTrainerResult,
} from '@fitcoach/shared/virtual-trainer';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { profileQueryOptions, useProfile } from '../../features/profile/api/get-profile';
import { TrainerAnswer } from '../../features/virtual-trainer/components/trainer-answer';
import { initialTrainerValues } from '../../features/virtual-trainer/components/trainer-form-values';
import { TrainerRequestForm } from '../../features/virtual-trainer/components/trainer-request-form';
import { workoutKeys } from '../../features/workouts/api/keys';
import { queryClient } from '../query-client';

export async function loader() {
  await queryClient.ensureQueryData(profileQueryOptions);
  return null;
}

/** `?action=quick_workout`, `diet` or `workout` presets the action (the spec's query values). */
function presetAction(value: string | null): TrainerAction {
  return (presetTrainerActions as readonly string[]).includes(value ?? '')
    ? (value as TrainerAction)
    : 'quick_workout';
}

/**
 * The virtual trainer request form. What it makes is saved and opened on its own page (a
 * workout, a program, a diet); answers and exercise steps show here.
 */
export function Component() {
  const { t } = useTranslation('virtual-trainer');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const action = presetAction(searchParams.get('action'));
  const [answer, setAnswer] = useState<VirtualTrainerResult | null>(null);

  const opened = (result: VirtualTrainerResult) => {
    const kind = result.trainer_action;
    if (kind === 'quick_workout' || kind === 'workout' || kind === 'diet') {
      notifications.show({ color: 'teal', message: t(`made.${kind}`) });
    }
    if (result.workout_id !== null) {
      void queryClient.invalidateQueries({ queryKey: workoutKeys.lists() });
      void navigate(paths.workout.href(result.workout_id));
    } else if (result.program_id !== null) {
      void queryClient.invalidateQueries({ queryKey: workoutKeys.lists() });
      void navigate(paths.program.href(result.program_id));
    } else if (result.diet_id !== null) {
      void navigate(paths.diet.href(result.diet_id));
    } else {
      setAnswer(result);
    }
  };

  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('page.title')}
        </Title>
        <Text c="dimmed">{t('page.intro')}</Text>
      </Stack>
      {/* A new preset (a link to another action) starts a fresh form. */}
      <TrainerRequestForm
        key={action}
        initialValues={initialTrainerValues(profile, action)}
        onResult={opened}
      />
      {answer && <TrainerAnswer result={answer} threadHref={paths.trainer.href} />}
    </Stack>
  );
}
