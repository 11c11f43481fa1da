import { Badge, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  equipmentLabels,
  muscleGroupLabels,
  type Equipment,
  type MuscleGroup,
} from '@fitcoach/shared/exercises';

/** An exercise's how-to: what it trains, with what, and its steps in order. */
export function HowToModal({
  opened,
  onClose,
  exercise,
}: {
  opened: boolean;
  onClose: () => void;
  exercise: {
    name: string;
    description: string;
    steps: string[];
    primary_muscles: MuscleGroup[];
    equipment: Equipment[];
  };
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`How to: ${exercise.name}`} size="lg" centered>
      <Stack gap="md">
        <Text>{exercise.description}</Text>
        <Group gap={6}>
          {exercise.primary_muscles.map((m) => (
            <Badge key={m} variant="light">
              {muscleGroupLabels[m]}
            </Badge>
          ))}
          {exercise.equipment.map((e) => (
            <Badge key={e} variant="outline" color="gray">
              {equipmentLabels[e]}
            </Badge>
          ))}
        </Group>
        <List
          type="ordered"
          spacing="sm"
          icon={undefined}
          center={false}
          styles={{ itemWrapper: { alignItems: 'flex-start' } }}
        >
          {exercise.steps.map((step, i) => (
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
    </Modal>
  );
}
