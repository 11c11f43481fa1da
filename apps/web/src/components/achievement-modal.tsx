import { Button, Image, Modal, Stack, Text, Title } from '@mantine/core';
import type { Achievement } from '@fitcoach/shared/workout-logs';
import { useTranslation } from 'react-i18next';

/** The spec's achievement modal: the image, the header and the details of what was earned. */
export function AchievementModal({
  achievement,
  more = 0,
  onClose,
}: {
  achievement: Achievement | null;
  /** How many other achievements the same log earned (listed in the stats). */
  more?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    // The compound form puts aria-labelledby on the dialog itself, so it is announced by name.
    <Modal.Root opened={achievement !== null} onClose={onClose} centered radius="lg">
      <Modal.Overlay />
      <Modal.Content aria-labelledby="achievement-title">
        <Modal.Body>
          {achievement && (
            <Stack align="center" ta="center" gap="sm" py="md">
              <Image src={achievement.img} alt="" w={140} h={140} fit="contain" />
              <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                {t('achievement.unlocked')}
              </Text>
              <Title order={2} size="h3" id="achievement-title">
                {achievement.header}
              </Title>
              <Text c="dimmed">{achievement.details}</Text>
              {more > 0 && (
                <Text size="sm" c="dimmed">
                  {t('achievement.more', { count: more })}
                </Text>
              )}
              <Button onClick={onClose} mt="sm" size="md" data-autofocus>
                {t('achievement.close')}
              </Button>
            </Stack>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
