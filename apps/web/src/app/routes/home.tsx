import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { bmi, bmiCategory } from '@fitcoach/shared/body-metrics';
import {
  ageOn,
  mealPreferenceLabels,
  sportTypeLabels,
  workoutGoalLabels,
} from '@fitcoach/shared/profile';
import { heightUnit, weightUnit } from '@fitcoach/shared/units';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { profileQueryOptions, useProfile } from '../../features/profile/api/get-profile';
import { queryClient } from '../query-client';

export async function loader() {
  await queryClient.ensureQueryData(profileQueryOptions);
  return null;
}

function greeting(now = new Date()): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

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
  const { data: profile } = useProfile();
  const firstName = profile.name.split(/\s+/)[0] ?? profile.name;
  const index = bmi(profile.weight, profile.height, profile.measurement_type);
  const category = bmiCategory(index);

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {greeting()}, {firstName}
        </Title>
        <Text c="dimmed">Here is where you stand today.</Text>
      </Stack>

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Stat label="Age" value={String(ageOn(profile.birth_date))} hint="years" />
        <Stat
          label="Weight"
          value={String(profile.weight)}
          hint={weightUnit(profile.measurement_type)}
        />
        <Stat
          label="Height"
          value={String(profile.height)}
          hint={heightUnit(profile.measurement_type)}
        />
        <Card withBorder padding="md">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            BMI
          </Text>
          <Text fz={28} fw={800} lh={1.2}>
            {index.toFixed(1)}
          </Text>
          <Badge color={bmiColors[category]} variant="light" mt={4}>
            {category}
          </Badge>
        </Card>
      </SimpleGrid>

      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Your goals
          </Title>
          <Group gap="xs">
            <Badge size="lg" variant="light">
              {workoutGoalLabels[profile.workout_goal]}
            </Badge>
            {profile.sport_type && (
              <Badge size="lg" variant="light" color="grape">
                {sportTypeLabels[profile.sport_type]}
              </Badge>
            )}
            <Badge size="lg" variant="light" color="orange">
              {mealPreferenceLabels[profile.meal_preference]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            FitCoach plans training and meals around these. Change them whenever your focus shifts.
          </Text>
          <Group>
            <Button
              component={Link}
              to={paths.profile.href()}
              variant="light"
              rightSection={<IconArrowRight size={16} />}
            >
              Edit profile
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
