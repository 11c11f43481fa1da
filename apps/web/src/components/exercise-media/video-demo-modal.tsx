import { Center, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconVideoOff } from '@tabler/icons-react';

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
  return (
    <Modal opened={opened} onClose={onClose} title={`${name}: video demo`} size="lg" centered>
      {videoUrl ? (
        <video
          src={videoUrl}
          controls
          playsInline
          preload="metadata"
          style={{ width: '100%', borderRadius: 8, background: 'black' }}
          aria-label={`${name} demo video`}
        >
          <track kind="captions" />
        </video>
      ) : (
        <Center py="xl">
          <Stack align="center" gap="xs" ta="center" maw={320}>
            <ThemeIcon size={48} radius="xl" variant="light" color="gray">
              <IconVideoOff size={26} />
            </ThemeIcon>
            <Text fw={600}>No demo video for this exercise yet</Text>
            <Text size="sm" c="dimmed">
              The how-to steps walk you through it one cue at a time.
            </Text>
          </Stack>
        </Center>
      )}
    </Modal>
  );
}
