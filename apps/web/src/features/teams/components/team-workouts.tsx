import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import type { TeamDetail } from '@fitcoach/shared/teams';
import type { WorkoutSummary } from '@fitcoach/shared/workouts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EnhancedSelect } from '../../../components/enhanced-select/enhanced-select';
import { paths } from '../../../config/paths';
import { apiFieldErrors, errorMessage } from '../../../lib/form-errors';
import { teamKeys } from '../api/keys';
import { searchWorkouts } from '../api/search';
import { useChangeTeamWorkouts } from '../api/team-actions';
import { WorkoutLoggers } from './workout-loggers';

/**
 * The team's workouts: every member sees them (and whether they logged each); managers add
 * them with the select box, take them off, and see who has logged each since it was given.
 */
export function TeamWorkouts({ team }: { team: TeamDetail }) {
  const { t } = useTranslation(['teams', 'common']);
  const change = useChangeTeamWorkouts(team.id);
  const [chosen, setChosen] = useState<WorkoutSummary[]>([]);
  const fieldError = apiFieldErrors(change.error).workout_ids;

  function add() {
    if (chosen.length === 0) return;
    change.mutate({ workout_ids: chosen.map((w) => w.id) }, { onSuccess: () => setChosen([]) });
  }

  function remove(id: number, title: string) {
    modals.openConfirmModal({
      title: t('workouts.removeTitle'),
      centered: true,
      children: <Text size="sm">{t('workouts.removeBody', { title })}</Text>,
      labels: { confirm: t('workouts.remove'), cancel: t('common:dialog.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        change.mutate(
          { workout_id: id },
          {
            onSuccess: () =>
              notifications.show({
                color: 'teal',
                icon: <IconCheck size={18} />,
                message: t('workouts.removed', { title }),
              }),
            onError: (err) =>
              notifications.show({
                color: 'red',
                icon: <IconAlertCircle size={18} />,
                title: t('workouts.removeFailed'),
                message: errorMessage(err),
              }),
          },
        ),
    });
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="team-workouts-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="team-workouts-title">
          {t('workouts.title')}
        </Title>
        {team.can_manage && (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <div style={{ flex: '1 1 260px', minWidth: 0 }}>
              <EnhancedSelect<WorkoutSummary>
                label={t('workouts.add')}
                placeholder={t('workouts.addPlaceholder')}
                multiple
                queryKey={teamKeys.workoutSearch()}
                fetcher={searchWorkouts}
                getValue={(w) => String(w.id)}
                getLabel={(w) => w.title}
                value={chosen}
                error={fieldError}
                onChange={(items) => {
                  setChosen(items);
                  change.reset();
                }}
              />
            </div>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={add}
              disabled={chosen.length === 0}
              loading={change.isPending && chosen.length > 0}
            >
              {t('workouts.addButton')}
            </Button>
          </Group>
        )}
        {change.isError && !fieldError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(change.error)}
          </Alert>
        )}
        {team.workouts.length === 0 ? (
          <Text c="dimmed">
            {team.can_manage ? t('workouts.emptyManager') : t('workouts.empty')}
          </Text>
        ) : (
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {team.workouts.map((w) => (
              <Group
                key={w.id}
                component="li"
                justify="space-between"
                wrap="wrap"
                gap="sm"
                py="xs"
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              >
                <Stack gap={4} miw={0} style={{ flex: '1 1 200px' }}>
                  <Anchor component={Link} to={paths.workout.href(w.id)} fw={600}>
                    {w.title}
                  </Anchor>
                  {w.logged_by_me && (
                    <Badge variant="light" color="teal" w="fit-content">
                      {t('workouts.loggedByMe')}
                    </Badge>
                  )}
                  {w.logged_by !== null && (
                    <WorkoutLoggers workout={w} loggers={w.logged_by} members={team.members} />
                  )}
                </Stack>
                {team.can_manage && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    onClick={() => remove(w.id, w.title)}
                    aria-label={t('workouts.removeLabel', { title: w.title })}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
