import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The form's shape while a workout loads, so the page does not jump when it arrives. */
export function WorkoutFormSkeleton() {
  const { t } = useTranslation('workouts');
  return (
    <Stack gap="lg" role="status" aria-label={t('builder.loadingWorkout')}>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Skeleton height={22} width={90} />
          <Skeleton height={56} />
          <Skeleton height={80} />
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Skeleton height={56} />
            <Skeleton height={56} />
            <Skeleton height={56} />
          </SimpleGrid>
        </Stack>
      </Card>
      {[0, 1].map((i) => (
        <Card key={i} withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Skeleton height={24} width={120} />
            <Skeleton height={36} />
            <Skeleton height={56} />
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Skeleton height={56} />
              <Skeleton height={56} />
              <Skeleton height={56} />
              <Skeleton height={56} />
            </SimpleGrid>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
