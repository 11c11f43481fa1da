import { Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ProgramDetail } from '@fitcoach/shared/programs';
import { notifications } from '@mantine/notifications';
import { IconBarbell, IconCalendarWeek } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { paths } from '../../config/paths';
import { useMe } from '../../features/auth/api/get-me';
import { programQueryOptions, useProgram } from '../../features/programs/api/get-program';
import { ProgramBuilder, type ItemKind } from '../../features/programs/components/program-builder';
import { tagsQueryOptions } from '../../features/exercises/api/get-tags';
import { myWorkoutsQueryOptions } from '../../features/workouts/api/get-my-workouts';
import { workoutQueryOptions } from '../../features/workouts/api/get-workout';
import { WorkoutBuilder } from '../../features/workouts/components/builder/workout-builder';
import { readWorkoutBuilderParams } from '../../features/workouts/lib/builder-params';
import { programItemPickers } from '../program-item-pickers';
import { queryClient } from '../query-client';
import { loadFailed } from '../../lib/query-state';

/**
 * The builder's tabs, chosen by `?tab=` (docs/decisions/0030): `workout` is the workout builder,
 * `program` the program builder. The spec's other value, `diets`, opens the program builder too,
 * its day modal on the Diet side (diets join a program there; they are made by the trainer, so
 * there is no diet builder). `?tab=program&program_id=` edits a program.
 */
const builderTabs = [
  { value: 'workout', label: 'pages.builder.workoutTab', icon: IconBarbell },
  { value: 'program', label: 'pages.builder.programTab', icon: IconCalendarWeek },
] as const;
type BuilderTab = (typeof builderTabs)[number]['value'];
const defaultTab: BuilderTab = 'workout';

/** The tab `?tab=` shows, and what the program builder's day modal picks first. */
export function readBuilderTab(params: URLSearchParams): { tab: BuilderTab; dayKind: ItemKind } {
  const value = params.get('tab');
  if (value === 'diets') return { tab: 'program', dayKind: 'diets' };
  const tab = builderTabs.find((t) => t.value === value)?.value ?? defaultTab;
  return { tab, dayKind: 'workout' };
}

async function prefetchWorkoutTab(params: URLSearchParams): Promise<void> {
  const { action, workoutId } = readWorkoutBuilderParams(params);
  // Prefetch, not ensure: the tab shows its own message if any of these fail.
  await Promise.all([
    queryClient.prefetchQuery(tagsQueryOptions),
    action === 'update' ? queryClient.prefetchInfiniteQuery(myWorkoutsQueryOptions) : null,
    workoutId !== null ? queryClient.prefetchQuery(workoutQueryOptions(workoutId)) : null,
  ]);
}

function programIdOf(params: URLSearchParams): number | null {
  const id = Number(params.get('program_id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The program builder tab: a new program, or the one `program_id` names (its owner's). */
function ProgramTab({
  id,
  canPublish,
  dayKind,
}: {
  id: number | null;
  canPublish: boolean;
  dayKind: ItemKind;
}) {
  const { t } = useTranslation('programs');
  const navigate = useNavigate();
  const onSaved = (saved: ProgramDetail) => {
    notifications.show({
      color: 'teal',
      title: t('builder.saved'),
      message: t('builder.savedMessage', { title: saved.title }),
    });
    void navigate(paths.program.href(saved.id));
  };
  return id === null ? (
    <ProgramBuilder
      pickers={programItemPickers}
      canPublish={canPublish}
      dayKind={dayKind}
      onSaved={onSaved}
    />
  ) : (
    <EditProgram id={id} canPublish={canPublish} dayKind={dayKind} onSaved={onSaved} />
  );
}

function EditProgram(props: {
  id: number;
  canPublish: boolean;
  dayKind: ItemKind;
  onSaved: (saved: ProgramDetail) => void;
}) {
  const { t } = useTranslation('programs');
  const program = useProgram(props.id);
  if (program.isPending) return <Skeleton h={320} aria-label={t('detail.loading')} />;
  if (loadFailed(program)) {
    return (
      <LoadErrorAlert
        title={t('detail.loadError')}
        error={program.error}
        onRetry={() => void program.refetch()}
      />
    );
  }
  return (
    <ProgramBuilder
      key={props.id}
      pickers={programItemPickers}
      canPublish={props.canPublish}
      dayKind={props.dayKind}
      program={program.data}
      onSaved={props.onSaved}
    />
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const { tab } = readBuilderTab(params);
  switch (tab) {
    case 'workout':
      await prefetchWorkoutTab(params);
      break;
    case 'program': {
      const id = programIdOf(params);
      if (id !== null) await queryClient.prefetchQuery(programQueryOptions(id));
      break;
    }
  }
  return null;
}

export function Component() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { tab, dayKind } = readBuilderTab(searchParams);
  const { data: me } = useMe();
  const units = me?.user?.measurement_type ?? 'metric';

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('pages.builder.title')}
        </Title>
        <Text c="dimmed">{t('pages.builder.intro')}</Text>
      </Stack>
      <Tabs value={tab} onChange={(next) => next && setSearchParams({ tab: next })}>
        <Tabs.List>
          {builderTabs.map(({ value, label, icon: Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
              {t(label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="workout" pt="lg">
          {tab === 'workout' && <WorkoutBuilder units={units} />}
        </Tabs.Panel>
        <Tabs.Panel value="program" pt="lg">
          {tab === 'program' && (
            <ProgramTab
              id={programIdOf(searchParams)}
              canPublish={me?.user?.role === 'coach' || me?.user?.role === 'admin'}
              dayKind={dayKind}
            />
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
