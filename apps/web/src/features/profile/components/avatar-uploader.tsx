import { Avatar, Button, FileButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconTrash, IconUpload } from '@tabler/icons-react';
import { uploadLimits } from '@fitcoach/shared/uploads';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import {
  announceDirectUploadError,
  directUpload,
  DirectUploadError,
} from '../../../lib/direct-upload';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { initials } from '../../../lib/initials';
import { AVATAR_DIRECT_UPLOAD_URL, useAttachAvatar } from '../api/attach-avatar';
import { useProfile } from '../api/get-profile';
import { useRemoveAvatar } from '../api/remove-avatar';
import { UploadProblemAlert, type UploadProblem } from '../../../components/upload-problem-alert';

const limits = uploadLimits.avatar;
const typeNames: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
};
const typeList = limits.contentTypes.map((type) => typeNames[type] ?? type);

/** The alert's text: the spec's message and, beside it, the server's reason when it gave one. */

/** One toast per outcome: a new upload clears the last one's, so it never sits beside an error. */
const SAVED_TOAST = 'avatar-saved';
const REMOVED_TOAST = 'avatar-removed';

type Upload =
  | { phase: 'idle' }
  /** Reading the checksum and declaring the blob: no byte sent yet. */
  | { phase: 'preparing'; fileName: string }
  | { phase: 'sending'; fileName: string; percent: number }
  | { phase: 'saving'; fileName: string };

function statusText(upload: Upload, t: TFunction<'profile'>): string {
  switch (upload.phase) {
    case 'idle':
      return '';
    case 'preparing':
      return t('avatar.preparing', { file: upload.fileName });
    case 'sending':
      return t('avatar.uploading', { file: upload.fileName });
    case 'saving':
      return t('avatar.saving');
  }
}

/**
 * The member's photo: shown with initials as the fallback, changed through a direct upload
 * (the bytes go straight to storage, then the signed blob is attached) and removable.
 */
export function AvatarUploader() {
  const { t } = useTranslation('profile');
  const format = useFormat();
  const { data: profile } = useProfile();
  const attach = useAttachAvatar();
  const remove = useRemoveAvatar();
  const inputRef = useRef<HTMLInputElement>(null);
  const resetRef = useRef<() => void>(null);
  const [upload, setUpload] = useState<Upload>({ phase: 'idle' });
  const [error, setError] = useState<UploadProblem | null>(null);
  const hintId = useId();
  // The spec: the file input names where its blob is declared.
  const inputProps: ComponentProps<'input'> & { 'data-direct-upload-url': string } = {
    'aria-label': t('avatar.input'),
    'data-direct-upload-url': AVATAR_DIRECT_UPLOAD_URL,
  };

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
        title: t('avatar.savedTitle'),
        message: t('avatar.savedMessage'),
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
      title: t('avatar.confirmTitle'),
      centered: true,
      children: <Text size="sm">{t('avatar.confirmBody')}</Text>,
      labels: { confirm: t('avatar.confirmRemove'), cancel: t('avatar.confirmKeep') },
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
              title: t('avatar.removedTitle'),
              message: t('avatar.removedMessage'),
            }),
          onError: (failure) => setError({ message: errorMessage(failure), reason: null }),
        });
      },
    });
  }

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('avatar.title')}
      </Title>
      {error && (
        <UploadProblemAlert
          problem={error}
          title={t('avatar.failed')}
          closeLabel={t('avatar.dismiss')}
          onClose={() => setError(null)}
        />
      )}
      <Group gap="lg" wrap="nowrap" align="center">
        <Avatar
          src={profile.avatar_url}
          alt={t('avatar.alt', { name: profile.name })}
          size={88}
          radius="50%"
          color="brand"
          style={{ flexShrink: 0 }}
        >
          {initials(profile.name)}
        </Avatar>
        <Stack gap="xs">
          <Text size="sm" c="dimmed" id={hintId}>
            {t('avatar.hint', {
              types: typeList.slice(0, -1).join(', '),
              last: typeList.at(-1) ?? '',
              size: format.number(limits.maxBytes / (1024 * 1024)),
            })}
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
                  {profile.avatar_url ? t('avatar.change') : t('avatar.upload')}
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
                {t('avatar.remove')}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
      {upload.phase !== 'idle' && (
        <Stack gap={6}>
          <Text size="sm" aria-live="polite">
            {statusText(upload, t)}
          </Text>
          <Progress
            value={
              upload.phase === 'preparing' ? 0 : upload.phase === 'saving' ? 100 : upload.percent
            }
            aria-label={t('avatar.progress', { file: upload.fileName })}
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
