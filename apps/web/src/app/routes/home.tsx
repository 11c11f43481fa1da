import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { bmi, bmiCategory } from '@fitcoach/shared/body-metrics';
import { ageOn } from '@fitcoach/shared/profile';
import { heightUnit, weightUnit } from '@fitcoach/shared/units';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { ActivityFeed } from '../../features/feed/components/activity-feed';
import { profileQueryOptions, useProfile } from '../../features/profile/api/get-profile';
import { programTodayQueryOptions } from '../../features/programs/api/get-program-today';
import { TodaysSessionCard } from '../../features/programs/components/todays-session-card';
import { useFormat } from '../../i18n/format';
import { queryClient } from '../query-client';

export async function loader() {
  // Today's session starts loading beside the profile; its card shows its own states.
  void queryClient.prefetchQuery(programTodayQueryOptions());
  await queryClient.ensureQueryData(profileQueryOptions);
  return null;
}

/** The greeting's key for the time of day. */
function greeting(now = new Date()) {
  const hour = now.getHours();
  if (hour < 12) return 'home.greeting.morning' as const;
  if (hour < 18) return 'home.greeting.afternoon' as const;
  return 'home.greeting.evening' as const;
}

/** Body values as the profile stores them (up to 2 decimals), in the shown language. */
const bodyValue = { maximumFractionDigits: 2 } as const;

const bmiColors = {
  underweight: 'yellow',
  healthy: 'teal',
  overweight: 'orange',
  obese: 'red',
} as const;

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={800} lh={1.2}>
        {value}
      </Text>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

export function Component() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data: profile } = useProfile();
  const firstName = profile.name.split(/\s+/)[0] ?? profile.name;
  const index = bmi(profile.weight, profile.height, profile.measurement_type);
  const category = bmiCategory(index);

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t(greeting(), { name: firstName })}
        </Title>
        <Text c="dimmed">{t('home.intro')}</Text>
      </Stack>

      <TodaysSessionCard workoutHref={paths.workout.href} programHref={paths.program.href} />

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Stat
          label={t('home.age')}
          value={format.number(ageOn(profile.birth_date))}
          hint={t('home.years')}
        />
        <Stat
          label={t('home.weight')}
          value={format.number(profile.weight, bodyValue)}
          hint={weightUnit(profile.measurement_type)}
        />
        <Stat
          label={t('home.height')}
          value={format.number(profile.height, bodyValue)}
          hint={heightUnit(profile.measurement_type)}
        />
        <Card withBorder padding="md">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {t('home.bmi')}
          </Text>
          <Text fz={28} fw={800} lh={1.2}>
            {format.number(index, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
          </Text>
          <Badge color={bmiColors[category]} variant="light" mt={4}>
            {t(`home.bmiCategory.${category}`)}
          </Badge>
        </Card>
      </SimpleGrid>

      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('home.goals')}
          </Title>
          <Group gap="xs">
            <Badge size="lg" variant="light">
              {t(`options.workoutGoal.${profile.workout_goal}`)}
            </Badge>
            {profile.sport_type && (
              <Badge size="lg" variant="light" color="grape">
                {t(`options.sportType.${profile.sport_type}`)}
              </Badge>
            )}
            <Badge size="lg" variant="light" color="orange">
              {t(`options.mealPreference.${profile.meal_preference}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('home.goalsHint')}
          </Text>
          <Group>
            <Button
              component={Link}
              to={paths.profile.href()}
              variant="light"
              rightSection={<IconArrowRight size={16} />}
            >
              {t('home.editProfile')}
            </Button>
          </Group>
        </Stack>
      </Card>

      <ActivityFeed friendsHref={paths.friends.href()} />
    </Stack>
  );
}
