import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBarbell, IconCheck } from '@tabler/icons-react';
import type { AdminWorkout } from '@fitcoach/shared/content';
import type { WorkoutSummary } from '@fitcoach/shared/workouts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EnhancedSelect } from '../../../components/enhanced-select/enhanced-select';
import { paths } from '../../../config/paths';
import { apiFieldErrors } from '../../../lib/form-errors';
import { useCopyToLibrary } from '../api/content-actions';
import { contentKeys } from '../api/keys';
import { searchMyWorkouts } from '../api/pickers';
import { FormShell } from './form-shell';

/**
 * A library workout is written with the builder: the admin builds one of their own there, then
 * copies it in here (FitCoach's, public, for every member).
 */
export function CopyToLibraryForm({
  onDone,
  onCancel,
}: {
  onDone: (saved: AdminWorkout) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('content');
  const copy = useCopyToLibrary();
  const [chosen, setChosen] = useState<WorkoutSummary | null>(null);
  const [error, setError] = useState<string | null>(null);

  function submit(event?: React.FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (!chosen) {
      setError(t('workouts.chooseOne'));
      return;
    }
    copy.mutate(chosen.id, {
      onSuccess: (saved) => {
        notifications.show({
          color: 'teal',
          icon: <IconCheck size={18} />,
          message: t('workouts.copied', { title: saved.title }),
        });
        onDone(saved);
      },
      onError: (failure) => setError(apiFieldErrors(failure).workout_id ?? null),
    });
  }

  return (
    <FormShell
      label={t('workouts.new')}
      error={copy.error}
      saving={copy.isPending}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <Text size="sm">
        {t('workouts.howTo')}{' '}
        <Anchor component={Link} to={paths.builder.href({ action: 'create' })}>
          {t('workouts.openBuilder')}
        </Anchor>
      </Text>
      <EnhancedSelect<WorkoutSummary>
        label={t('workouts.yours')}
        placeholder={t('workouts.search')}
        queryKey={contentKeys.myWorkouts()}
        fetcher={searchMyWorkouts}
        getValue={(w) => String(w.id)}
        getLabel={(w) => w.title}
        value={chosen ? [chosen] : []}
        onChange={([w]) => {
          setChosen(w ?? null);
          setError(null);
        }}
        required
        leftSection={<IconBarbell size={16} aria-hidden />}
        error={error ?? undefined}
      />
    </FormShell>
  );
}
