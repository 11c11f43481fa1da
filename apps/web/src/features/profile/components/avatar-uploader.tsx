import {
  Alert,
  Avatar,
  Button,
  FileButton,
  Group,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconTrash, IconUpload } from '@tabler/icons-react';
import { uploadLimits } from '@fitcoach/shared/uploads';
import { useEffect, useId, useRef, useState, type ComponentProps } from 'react';
import {
  announceDirectUploadError,
  directUpload,
  DirectUploadError,
} from '../../../lib/direct-upload';
import { errorMessage } from '../../../lib/form-errors';
import { initials } from '../../../lib/initials';
import { AVATAR_DIRECT_UPLOAD_URL, useAttachAvatar } from '../api/attach-avatar';
import { useProfile } from '../api/get-profile';
import { useRemoveAvatar } from '../api/remove-avatar';

const limits = uploadLimits.avatar;
const typeNames: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
};
const typeList = limits.contentTypes.map((type) => typeNames[type] ?? type);
const hint = `${typeList.slice(0, -1).join(', ')} or ${typeList.at(-1) ?? ''}, up to ${
  limits.maxBytes / (1024 * 1024)
} MB.`;

const inputProps: ComponentProps<'input'> & { 'data-direct-upload-url': string } = {
  'aria-label': 'Profile photo',
  'data-direct-upload-url': AVATAR_DIRECT_UPLOAD_URL,
};

/** The alert's text: the spec's message and, beside it, the server's reason when it gave one. */
type UploadProblem = { message: string; reason: string | null };

/** One toast per outcome: a new upload clears the last one's, so it never sits beside an error. */
const SAVED_TOAST = 'avatar-saved';
const REMOVED_TOAST = 'avatar-removed';

type Upload =
  | { phase: 'idle' }
  /** Reading the checksum and declaring the blob: no byte sent yet. */
  | { phase: 'preparing'; fileName: string }
  | { phase: 'sending'; fileName: string; percent: number }
  | { phase: 'saving'; fileName: string };

function statusText(upload: Upload): string {
  switch (upload.phase) {
    case 'idle':
      return '';
    case 'preparing':
      return `Preparing ${upload.fileName}…`;
    case 'sending':
      return `Uploading ${upload.fileName}…`;
    case 'saving':
      return 'Saving your photo…';
  }
}

/**
 * The member's photo: shown with initials as the fallback, changed through a direct upload
 * (the bytes go straight to storage, then the signed blob is attached) and removable.
 */
export function AvatarUploader() {
  const { data: profile } = useProfile();
  const attach = useAttachAvatar();
  const remove = useRemoveAvatar();
  const inputRef = useRef<HTMLInputElement>(null);
  const resetRef = useRef<() => void>(null);
  const [upload, setUpload] = useState<Upload>({ phase: 'idle' });
  const [error, setError] = useState<UploadProblem | null>(null);
  const hintId = useId();

  const busy = upload.phase !== 'idle' || remove.isPending;
  // Upload and Remove disable themselves while they work, which drops the keyboard focus (and
  // Remove is gone afterwards): when nothing has it then, the upload button takes it back.
  const uploadButton = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy && document.activeElement === document.body)
      uploadButton.current?.focus();
    wasBusy.current = busy;
  }, [busy]);

  async function choose(file: File | null) {
    // Cleared so that choosing the same file again (after fixing a problem) fires again.
    resetRef.current?.();
    if (!file) return;
    setError(null);
    notifications.hide(SAVED_TOAST);
    notifications.hide(REMOVED_TOAST);
    setUpload({ phase: 'preparing', fileName: file.name });
    // The spec: the blob is declared at the url in the file input's data attribute.
    const url = inputRef.current?.dataset.directUploadUrl ?? AVATAR_DIRECT_UPLOAD_URL;
    try {
      const blob = await directUpload(file, url, {
        onProgress: (fraction) =>
          setUpload({ phase: 'sending', fileName: file.name, percent: Math.round(fraction * 100) }),
      });
      setUpload({ phase: 'saving', fileName: file.name });
      await attach.mutateAsync(blob.signed_id);
      notifications.show({
        id: SAVED_TOAST,
        color: 'teal',
        icon: <IconCheck size={18} />,
        title: 'Photo updated',
        message: 'Your new photo is saved.',
      });
    } catch (failure) {
      if (failure instanceof DirectUploadError) {
        if (announceDirectUploadError(inputRef.current, failure, file)) {
          setError({ message: failure.message, reason: failure.reason });
        }
      } else {
        setError({ message: errorMessage(failure), reason: null });
      }
    } finally {
      setUpload({ phase: 'idle' });
    }
  }

  function confirmRemove() {
    modals.openConfirmModal({
      title: 'Remove your photo?',
      centered: true,
      children: (
        <Text size="sm">Your initials are shown instead until you upload a new photo.</Text>
      ),
      labels: { confirm: 'Remove photo', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setError(null);
        notifications.hide(SAVED_TOAST);
        remove.mutate(undefined, {
          onSuccess: () =>
            notifications.show({
              id: REMOVED_TOAST,
              color: 'teal',
              icon: <IconCheck size={18} />,
              title: 'Photo removed',
              message: 'Your initials are shown instead.',
            }),
          onError: (failure) => setError({ message: errorMessage(failure), reason: null }),
        });
      },
    });
  }

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Photo
      </Title>
      {error && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          title="Your photo was not changed"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setError(null)}
        >
          <Text size="sm">{error.message}</Text>
          {error.reason && (
            <Text size="sm" fw={600} mt={4}>
              {error.reason}
            </Text>
          )}
        </Alert>
      )}
      <Group gap="lg" wrap="nowrap" align="center">
        <Avatar
          src={profile.avatar_url}
          alt={`Photo of ${profile.name}`}
          size={88}
          radius="50%"
          color="brand"
          style={{ flexShrink: 0 }}
        >
          {initials(profile.name)}
        </Avatar>
        <Stack gap="xs">
          <Text size="sm" c="dimmed" id={hintId}>
            {hint} Your friends and coaches see it.
          </Text>
          <Group gap="xs">
            <FileButton
              ref={inputRef}
              resetRef={resetRef}
              onChange={(file) => void choose(file)}
              accept={limits.contentTypes.join(',')}
              disabled={busy}
              inputProps={inputProps}
            >
              {(props) => (
                <Button
                  {...props}
                  ref={uploadButton}
                  variant="light"
                  leftSection={<IconUpload size={16} />}
                  loading={upload.phase !== 'idle'}
                  disabled={busy}
                  aria-describedby={hintId}
                >
                  {profile.avatar_url ? 'Change photo' : 'Upload photo'}
                </Button>
              )}
            </FileButton>
            {profile.avatar_url && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={confirmRemove}
                loading={remove.isPending}
                disabled={busy}
              >
                Remove
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
      {upload.phase !== 'idle' && (
        <Stack gap={6}>
          <Text size="sm" aria-live="polite">
            {statusText(upload)}
          </Text>
          <Progress
            value={
              upload.phase === 'preparing' ? 0 : upload.phase === 'saving' ? 100 : upload.percent
            }
            aria-label={`Upload of ${upload.fileName}`}
            size="lg"
            radius="xl"
            striped
            animated={upload.phase !== 'saving'}
            transitionDuration={150}
          />
        </Stack>
      )}
    </Stack>
  );
}
