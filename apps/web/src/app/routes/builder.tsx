import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBarbell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { tagsQueryOptions } from '../../features/exercises/api/get-tags';
import { myWorkoutsQueryOptions } from '../../features/workouts/api/get-my-workouts';
import { workoutQueryOptions } from '../../features/workouts/api/get-workout';
import { WorkoutBuilder } from '../../features/workouts/components/builder/workout-builder';
import { readWorkoutBuilderParams } from '../../features/workouts/lib/builder-params';
import { queryClient } from '../query-client';

/**
 * The builder's tabs, chosen by `?tab=`. Programs and diets join this list when they are built;
 * until then a tab that does nothing is not shown.
 */
const builderTabs = [
  { value: 'workout', label: 'pages.builder.workoutTab', icon: IconBarbell },
] as const;
type BuilderTab = (typeof builderTabs)[number]['value'];
const defaultTab: BuilderTab = 'workout';

function readTab(params: URLSearchParams): BuilderTab {
  return builderTabs.find((t) => t.value === params.get('tab'))?.value ?? defaultTab;
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

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const tab = readTab(params);
  switch (tab) {
    case 'workout':
      await prefetchWorkoutTab(params);
      break;
  }
  return null;
}

export function Component() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = readTab(searchParams);
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
          <WorkoutBuilder units={units} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
