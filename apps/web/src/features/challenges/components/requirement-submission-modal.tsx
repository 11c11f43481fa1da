import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Modal,
  Progress,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconUpload } from '@tabler/icons-react';
import { SUBMISSION_NOTE_MAX, type Requirement } from '@fitcoach/shared/challenges';
import { uploadLimits } from '@fitcoach/shared/uploads';
import { useId, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import {
  announceDirectUploadError,
  directUpload,
  DirectUploadError,
} from '../../../lib/direct-upload';
import { errorMessage } from '../../../lib/form-errors';
import { PROOF_DIRECT_UPLOAD_URL, useSubmitRequirement } from '../api/submit-requirement';
import { UploadProblemAlert, type UploadProblem } from '../../../components/upload-problem-alert';

const limits = uploadLimits.challenge_proof;
const typeNames: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'video/mp4': 'MP4',
  'video/webm': 'WebM',
  'video/quicktime': 'MOV',
};
const typeList = limits.contentTypes.map((type) => typeNames[type] ?? type);

type Upload =
  | { phase: 'idle' }
  | { phase: 'preparing'; fileName: string }
  | { phase: 'sending'; fileName: string; percent: number }
  | { phase: 'done'; fileName: string; signedId: string };

export interface RequirementSubmissionModalProps {
  challengeId: number;
  /** The requirement to submit; null keeps the modal closed. */
  requirement: Requirement | null;
  onClose: () => void;
}

/**
 * The spec's requirement-submission modal: a note and, when the requirement asks for one, a
 * proof photo or video sent by direct upload before the submission itself.
 */
export function RequirementSubmissionModal({
  challengeId,
  requirement,
  onClose,
}: RequirementSubmissionModalProps) {
  const { t } = useTranslation('challenges');
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={requirement !== null}
      onClose={onClose}
      title={t('submission.title')}
      fullScreen={phone}
      size="lg"
    >
      {requirement && (
        <SubmissionForm challengeId={challengeId} requirement={requirement} onDone={onClose} />
      )}
    </Modal>
  );
}

function SubmissionForm({
  challengeId,
  requirement,
  onDone,
}: {
  challengeId: number;
  requirement: Requirement;
  onDone: () => void;
}) {
  const { t } = useTranslation('challenges');
  const format = useFormat();
  const submit = useSubmitRequirement(challengeId);
  const [note, setNote] = useState('');
  const [upload, setUpload] = useState<Upload>({ phase: 'idle' });
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const resetRef = useRef<() => void>(null);
  const hintId = useId();
  const inputProps: ComponentProps<'input'> & { 'data-direct-upload-url': string } = {
    'aria-label': t('submission.proofInput'),
    'data-direct-upload-url': PROOF_DIRECT_UPLOAD_URL,
  };
  const uploading = upload.phase === 'preparing' || upload.phase === 'sending';

  async function choose(file: File | null) {
    resetRef.current?.();
    if (!file) return;
    setProblem(null);
    setProofError(null);
    setUpload({ phase: 'preparing', fileName: file.name });
    const url = inputRef.current?.dataset.directUploadUrl ?? PROOF_DIRECT_UPLOAD_URL;
    try {
      const blob = await directUpload(file, url, {
        onProgress: (fraction) =>
          setUpload({ phase: 'sending', fileName: file.name, percent: Math.round(fraction * 100) }),
      });
      setUpload({ phase: 'done', fileName: file.name, signedId: blob.signed_id });
    } catch (failure) {
      setUpload({ phase: 'idle' });
      if (failure instanceof DirectUploadError) {
        if (announceDirectUploadError(inputRef.current, failure, file)) {
          setProblem({ message: failure.message, reason: failure.reason });
        }
      } else {
        setProblem({ message: errorMessage(failure), reason: null });
      }
    }
  }

  function send(event: React.FormEvent) {
    event.preventDefault();
    if (requirement.uploadRequired && upload.phase !== 'done') {
      setProofError(t('submission.proofRequired'));
      return;
    }
    submit.mutate(
      {
        requirementId: requirement.id,
        input: {
          note: note.trim(),
          ...(upload.phase === 'done' ? { signed_id: upload.signedId } : {}),
        },
      },
      {
        onSuccess: (sent) => {
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            title: t('submission.sentTitle'),
            message:
              sent.status === 'pending'
                ? t('submission.sentPending')
                : t('submission.sentApproved'),
          });
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={send} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={700}>{requirement.workout_title}</Text>
            {requirement.uploadRequired && (
              <Badge variant="light" color="orange">
                {t('details.proofNeeded')}
              </Badge>
            )}
          </Group>
          {requirement.description && <Text size="sm">{requirement.description}</Text>}
          <Text size="sm" c="dimmed">
            {t('submission.intro', { workout: requirement.workout_title })}
          </Text>
        </Stack>
        {submit.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(submit.error)}
          </Alert>
        )}
        {problem && (
          <UploadProblemAlert
            problem={problem}
            title={t('submission.failed')}
            closeLabel={t('submission.dismiss')}
            onClose={() => setProblem(null)}
          />
        )}
        {requirement.uploadRequired && (
          <Stack gap={6}>
            <Text fw={600} size="sm">
              {t('submission.proof')}
            </Text>
            <Text size="sm" c="dimmed" id={hintId}>
              {t('submission.proofHint', {
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
                disabled={uploading || submit.isPending}
                inputProps={inputProps}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconUpload size={16} />}
                    loading={uploading}
                    aria-describedby={hintId}
                    data-autofocus
                  >
                    {upload.phase === 'done' ? t('submission.change') : t('submission.choose')}
                  </Button>
                )}
              </FileButton>
            </Group>
            {proofError && (
              <Text size="sm" c="red" role="alert">
                {proofError}
              </Text>
            )}
            {uploading && (
              <Stack gap={4}>
                <Text size="sm" aria-live="polite">
                  {upload.phase === 'preparing'
                    ? t('submission.preparing', { file: upload.fileName })
                    : t('submission.uploading', { file: upload.fileName })}
                </Text>
                <Progress
                  value={upload.phase === 'sending' ? upload.percent : 0}
                  aria-label={t('submission.progress', { file: upload.fileName })}
                  size="lg"
                  radius="xl"
                  striped
                  animated
                />
              </Stack>
            )}
            {upload.phase === 'done' && (
              <Text size="sm" c="teal" aria-live="polite">
                {t('submission.uploaded', { file: upload.fileName })}
              </Text>
            )}
          </Stack>
        )}
        <Textarea
          label={t('submission.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={SUBMISSION_NOTE_MAX}
          autosize
          minRows={2}
          {...(requirement.uploadRequired ? {} : { 'data-autofocus': true })}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone} disabled={submit.isPending}>
            {t('submission.cancel')}
          </Button>
          <Button type="submit" loading={submit.isPending} disabled={uploading}>
            {t('submission.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
