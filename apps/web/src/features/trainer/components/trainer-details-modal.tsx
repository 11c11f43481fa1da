import { Alert, Button, Group, List, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePersona } from '../api/get-personas';

/** The trainer-details modal (`GET /api/trainer_persona/:id`). */
export function TrainerDetailsModal({
  personaId,
  opened,
  onClose,
}: {
  personaId: number | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('trainer');
  const persona = usePersona(opened ? personaId : null);

  return (
    <Modal opened={opened} onClose={onClose} title={t('details.title')} centered size="lg">
      {persona.isPending ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label={t('details.title')} />
        </Group>
      ) : persona.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {t('details.error')}
        </Alert>
      ) : (
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={3} size="h4">
              {persona.data.name}
            </Title>
            <Text size="sm">{persona.data.description}</Text>
          </Stack>
          <Stack gap={2}>
            <Text fw={600} size="sm">
              {t('details.specialty')}
            </Text>
            <Text size="sm">{persona.data.specialty}</Text>
          </Stack>
          <Stack gap={2}>
            <Text fw={600} size="sm">
              {t('details.tone')}
            </Text>
            <Text size="sm">{persona.data.tone}</Text>
          </Stack>
          <Text size="sm" fs="italic">
            “{persona.data.greeting}”
          </Text>
          {persona.data.example_questions.length > 0 && (
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {t('details.examples')}
              </Text>
              <List size="sm" spacing={4}>
                {persona.data.example_questions.map((q) => (
                  <List.Item key={q}>{q}</List.Item>
                ))}
              </List>
            </Stack>
          )}
        </Stack>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('details.close')}
        </Button>
      </Group>
    </Modal>
  );
}
