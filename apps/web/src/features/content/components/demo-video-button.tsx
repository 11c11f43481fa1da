import { Button, FileButton, Progress, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconVideoPlus } from '@tabler/icons-react';
import type { ExerciseDetail } from '@fitcoach/shared/exercises';
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
import { DEMO_VIDEO_DIRECT_UPLOAD_URL, useAttachDemoVideo } from '../api/content-actions';

/**
 * Coaches and admins give an exercise its demo video: a direct upload (purpose
 * `exercise_demo`), then attached; the server checks the bytes are a video. Every workout page's
 * video demo then plays it.
 */
export function DemoVideoButton({
  exerciseId,
  hasVideo,
  onAttached,
}: {
  exerciseId: number;
  hasVideo: boolean;
  onAttached?: (exercise: ExerciseDetail) => void;
}) {
  const { t } = useTranslation('content');
  const attach = useAttachDemoVideo(exerciseId);
  const inputRef = useRef<HTMLInputElement>(null);
  const resetRef = useRef<() => void>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const inputProps: ComponentProps<'input'> & { 'data-direct-upload-url': string } = {
    'aria-label': t('video.input'),
    'data-direct-upload-url': DEMO_VIDEO_DIRECT_UPLOAD_URL,
  };

  async function choose(file: File | null) {
    resetRef.current?.();
    if (!file) return;
    setProblem(null);
    setProgress(0);
    try {
      const blob = await directUpload(file, DEMO_VIDEO_DIRECT_UPLOAD_URL, {
        onProgress: setProgress,
      });
      const exercise = await attach.mutateAsync(blob.signed_id);
      notifications.show({
        color: 'teal',
        icon: <IconCheck size={18} />,
        title: t('video.savedTitle'),
        message: t('video.saved', { name: exercise.name }),
      });
      onAttached?.(exercise);
    } catch (failure) {
      if (failure instanceof DirectUploadError) {
        if (announceDirectUploadError(inputRef.current, failure, file)) {
          setProblem({ message: failure.message, reason: failure.reason });
        }
      } else {
        setProblem({ message: errorMessage(failure), reason: null });
      }
    } finally {
      setProgress(null);
    }
  }

  return (
    <Stack gap="xs">
      <FileButton
        onChange={(file) => void choose(file)}
        accept={uploadLimits.exercise_demo.contentTypes.join(',')}
        inputProps={inputProps}
        resetRef={resetRef}
        ref={inputRef}
      >
        {(props) => (
          <Button
            {...props}
            variant="light"
            loading={progress !== null}
            leftSection={<IconVideoPlus size={18} aria-hidden />}
          >
            {hasVideo ? t('video.replace') : t('video.upload')}
          </Button>
        )}
      </FileButton>
      {progress !== null && (
        <Progress value={progress * 100} size="sm" aria-label={t('video.progress')} animated />
      )}
      {problem && (
        <UploadProblemAlert
          problem={problem}
          title={t('video.failed')}
          closeLabel={t('video.dismiss')}
          onClose={() => setProblem(null)}
        />
      )}
    </Stack>
  );
}
