import { Alert, Badge, Group, List, Modal, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Equipment, MuscleGroup } from '@fitcoach/shared/exercises';
import { useTranslation } from 'react-i18next';

export interface HowTo {
  description: string;
  steps: string[];
  primary_muscles: MuscleGroup[];
  equipment: Equipment[];
}

/** An exercise's how-to: what it trains, with what, and its steps in order. */
export function HowToModal({
  opened,
  onClose,
  name,
  howTo,
  error,
}: {
  opened: boolean;
  onClose: () => void;
  name: string;
  /** Undefined while it loads. */
  howTo: HowTo | undefined;
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('howTo.title', { name })} size="lg" centered>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : !howTo ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('howTo.loading')}>
          <Skeleton h={16} />
          <Skeleton h={16} w="80%" />
          <Skeleton h={56} mt="sm" />
          <Skeleton h={56} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>{howTo.description}</Text>
          <Group gap={6}>
            {howTo.primary_muscles.map((m) => (
              <Badge key={m} variant="light">
                {t(`options.muscleGroup.${m}`)}
              </Badge>
            ))}
            {howTo.equipment.map((e) => (
              <Badge key={e} variant="outline" color="gray">
                {t(`options.equipment.${e}`)}
              </Badge>
            ))}
          </Group>
          <List
            type="ordered"
            spacing="sm"
            center={false}
            styles={{ itemWrapper: { alignItems: 'flex-start' } }}
          >
            {howTo.steps.map((step, i) => (
              <List.Item
                key={step}
                icon={
                  <ThemeIcon size={24} radius="xl" variant="light">
                    <Text size="xs" fw={700}>
                      {i + 1}
                    </Text>
                  </ThemeIcon>
                }
              >
                {step}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Modal>
  );
}
