import { Alert, Button, Group, List, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconMessageQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAskExercise } from '../api/ask-exercise';

/**
 * "Ask the trainer" for one exercise of a workout: the steps, cues and common mistakes
 * (`POST /api/trainer/ask`) in a modal.
 */
export function AskTrainerButton({
  exerciseName,
  workoutId,
}: {
  exerciseName: string;
  workoutId: number;
}) {
  const { t } = useTranslation('trainer');
  const [opened, modal] = useDisclosure(false);
  const ask = useAskExercise();

  const run = () => ask.mutate({ exercise_name: exerciseName, workout_id: workoutId });

  return (
    <>
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconMessageQuestion size={16} />}
        aria-label={t('ask.buttonLabel', { name: exerciseName })}
        onClick={() => {
          modal.open();
          run();
        }}
      >
        {t('ask.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={modal.close}
        title={t('ask.title', { name: exerciseName })}
        centered
        size="lg"
      >
        <div aria-live="polite">
          {ask.isPending ? (
            <Group gap="xs" p="md">
              <Loader size="sm" />
              <Text size="sm">{t('ask.loading')}</Text>
            </Group>
          ) : ask.isError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('ask.error')}</Text>
                <Button size="xs" variant="light" color="red" onClick={run}>
                  {t('ask.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : ask.data ? (
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={3} size="h5">
                  {t('ask.steps')}
                </Title>
                <List type="ordered" size="sm" spacing={4}>
                  {ask.data.steps.map((s) => (
                    <List.Item key={s}>{s}</List.Item>
                  ))}
                </List>
              </Stack>
              <Stack gap={4}>
                <Title order={3} size="h5">
                  {t('ask.cues')}
                </Title>
                <List size="sm" spacing={4}>
                  {ask.data.cues.map((s) => (
                    <List.Item key={s}>{s}</List.Item>
                  ))}
                </List>
              </Stack>
              <Stack gap={4}>
                <Title order={3} size="h5">
                  {t('ask.mistakes')}
                </Title>
                <List size="sm" spacing={4}>
                  {ask.data.mistakes.map((s) => (
                    <List.Item key={s}>{s}</List.Item>
                  ))}
                </List>
              </Stack>
            </Stack>
          ) : null}
        </div>
      </Modal>
    </>
  );
}
