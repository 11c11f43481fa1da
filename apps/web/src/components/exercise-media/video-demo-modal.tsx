import { Center, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconVideoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Plays an exercise's demo video; says so plainly when there is none yet. */
export function VideoDemoModal({
  opened,
  onClose,
  name,
  videoUrl,
}: {
  opened: boolean;
  onClose: () => void;
  name: string;
  videoUrl: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('video.title', { name })} size="lg" centered>
      {videoUrl ? (
        <video
          src={videoUrl}
          controls
          playsInline
          preload="metadata"
          style={{ width: '100%', borderRadius: 8, background: 'black' }}
          aria-label={t('video.label', { name })}
        >
          <track kind="captions" />
        </video>
      ) : (
        <Center py="xl">
          <Stack align="center" gap="xs" ta="center" maw={320}>
            <ThemeIcon size={48} radius="xl" variant="light" color="gray">
              <IconVideoOff size={26} />
            </ThemeIcon>
            <Text fw={600}>{t('video.none')}</Text>
            <Text size="sm" c="dimmed">
              {t('video.noneHint')}
            </Text>
          </Stack>
        </Center>
      )}
    </Modal>
  );
}
