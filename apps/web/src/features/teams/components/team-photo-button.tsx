import { Button, FileButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPhotoUp } from '@tabler/icons-react';
import { uploadLimits } from '@fitcoach/shared/uploads';
import { useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadProblemAlert, type UploadProblem } from '../../../components/upload-problem-alert';
import {
  announceDirectUploadError,
  directUpload,
  DirectUploadError,
} from '../../../lib/direct-upload';
import { errorMessage } from '../../../lib/form-errors';
import { TEAM_PHOTO_DIRECT_UPLOAD_URL, useAttachTeamPhoto } from '../api/team-actions';

/** Managers change the team's photo: a direct upload (purpose `team_photo`), then attached. */
export function TeamPhotoButton({ teamId }: { teamId: number }) {
  const { t } = useTranslation('teams');
  const attach = useAttachTeamPhoto(teamId);
  const inputRef = useRef<HTMLInputElement>(null);
  const resetRef = useRef<() => void>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const inputProps: ComponentProps<'input'> & { 'data-direct-upload-url': string } = {
    'aria-label': t('photo.input'),
    'data-direct-upload-url': TEAM_PHOTO_DIRECT_UPLOAD_URL,
  };

  async function choose(file: File | null) {
    resetRef.current?.();
    if (!file) return;
    setProblem(null);
    setBusy(true);
    try {
      const blob = await directUpload(file, TEAM_PHOTO_DIRECT_UPLOAD_URL);
      await attach.mutateAsync(blob.signed_id);
      notifications.show({
        color: 'teal',
        icon: <IconCheck size={18} />,
        title: t('photo.savedTitle'),
        message: t('photo.saved'),
      });
    } catch (failure) {
      if (failure instanceof DirectUploadError) {
        if (announceDirectUploadError(inputRef.current, failure, file)) {
          setProblem({ message: failure.message, reason: failure.reason });
        }
      } else {
        setProblem({ message: errorMessage(failure), reason: null });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <FileButton
        onChange={(file) => void choose(file)}
        accept={uploadLimits.team_photo.contentTypes.join(',')}
        inputProps={inputProps}
        resetRef={resetRef}
        ref={inputRef}
      >
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="compact-sm"
            loading={busy}
            leftSection={<IconPhotoUp size={16} aria-hidden />}
          >
            {t('photo.change')}
          </Button>
        )}
      </FileButton>
      {problem && (
        <UploadProblemAlert
          problem={problem}
          title={t('photo.failed')}
          closeLabel={t('photo.dismiss')}
          onClose={() => setProblem(null)}
        />
      )}
    </>
  );
}
