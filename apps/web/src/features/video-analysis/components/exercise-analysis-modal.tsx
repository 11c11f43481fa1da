// The charts' styles load with the modal only, like the charts library itself.
import '@mantine/charts/styles.css';
import {
  Alert,
  Autocomplete,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSend, IconVideo } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { analysisExercises, type AnalysisSummary } from '@fitcoach/shared/video-analysis';
import { ApiError } from '../../../lib/api-client';
import { DirectUploadError } from '../../../lib/direct-upload';
import { useFormat } from '../../../i18n/format';
import { analyse, personCoverage } from '../analysis/analyse';
import { useRecentSets, type LoggedSetChoice } from '../api/get-recent-sets';
import { useSaveVideoAnalysis } from '../api/save-video-analysis';
import { useSendToCoach } from '../api/request-review';
import { PoseEngineError, startPoseEngine, type PoseEngine } from '../pose/pose-engine';
import {
  trackVideo,
  VideoDecodeError,
  type TrackedVideo,
  type TrackOptions,
} from '../pose/track-video';
import { AnalysisResults } from './analysis-results';
import { SkeletonVideo } from './skeleton-video';

/** Below this share of frames with a person, there is nothing to measure. */
const MIN_PERSON_COVERAGE = 0.3;

/** Tracks the pose in a video's frames: the app's MediaPipe worker, or what a test gives. */
export type TrackPose = (file: File, options: TrackOptions) => Promise<TrackedVideo>;

export interface ExerciseAnalysisModalProps {
  opened: boolean;
  onClose: () => void;
  /**
   * The exercise to start with (the workout's or the set's); the member may change it. Read
   * when the modal mounts: callers mount it as it opens.
   */
  exerciseName?: string;
  /**
   * The logged sets the video may be of (a history entry's exercise); the first is chosen.
   * Without them, the sets of the member's recent logs are offered.
   */
  sets?: LoggedSetChoice[] | null;
  /** Replaces the MediaPipe worker (component tests). */
  trackPose?: TrackPose;
}

type Run =
  | { state: 'idle' }
  | { state: 'running'; phase: 'model' | 'frames'; percent: number }
  | { state: 'failed'; message: string; timings?: string }
  | { state: 'done'; tracked: TrackedVideo; summary: AnalysisSummary; exercise: string };

const setKey = (s: Pick<LoggedSetChoice, 'workout_log_id' | 'exercise_id' | 'set_number'>) =>
  `${s.workout_log_id}:${s.exercise_id}:${s.set_number}`;

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The exercise video analysis modal: an exercise and a video in, reps, range, tempo, symmetry
 * and faults out, measured in the browser (the video stays on the device unless sent to a
 * coach). The pose model loads when the modal opens, never with a page.
 */
export function ExerciseAnalysisModal({
  opened,
  onClose,
  exerciseName = '',
  sets = null,
  trackPose,
}: ExerciseAnalysisModalProps) {
  const { t } = useTranslation('video-analysis');
  const { number, date } = useFormat();
  const phone = useMediaQuery('(max-width: 48em)');
  const [exercise, setExercise] = useState(exerciseName);
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const [chosenSet, setChosenSet] = useState<string | null>(sets?.[0] ? setKey(sets[0]) : null);
  const [savedId, setSavedId] = useState<number | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const engine = useRef<PoseEngine | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);
  const recentSets = useRecentSets(opened && !sets);
  const exerciseSuggestions = useMemo(
    () => analysisExercises.map((key) => t(`exercises.${key}`)),
    [t],
  );
  const save = useSaveVideoAnalysis();
  const sendToCoach = useSendToCoach();

  // The model starts loading as the modal opens, so it is ready when a video is chosen.
  useEffect(() => {
    if (!opened || trackPose) return;
    engine.current = startPoseEngine();
    return () => {
      abort.current?.abort();
      engine.current?.close();
      engine.current = null;
    };
  }, [opened, trackPose]);

  const fileUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (fileUrl ? URL.revokeObjectURL(fileUrl) : undefined), [fileUrl]);

  const setChoices = useMemo(() => sets ?? recentSets.data ?? [], [sets, recentSets.data]);
  const selectedSet = setChoices.find((s) => setKey(s) === chosenSet) ?? null;

  const track: TrackPose =
    trackPose ??
    ((video, options) => {
      engine.current ??= startPoseEngine();
      return trackVideo(video, engine.current, options);
    });

  async function start() {
    const name = exercise.trim();
    if (!name || !file) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setSavedId(null);
    const controller = new AbortController();
    abort.current = controller;
    setRun({ state: 'running', phase: 'model', percent: 0 });
    try {
      const tracked = await track(file, {
        signal: controller.signal,
        onProgress: (p) => setRun({ state: 'running', ...p }),
      });
      const timings = t('timings', {
        frames: tracked.timings.frames,
        seconds: number(tracked.timings.totalMs / 1000, { maximumFractionDigits: 1 }),
        fps: number(tracked.timings.framesPerSecond, { maximumFractionDigits: 1 }),
      });
      // Read by the browser test: the pipeline's figures on this machine.
      console.info('video-analysis timings', JSON.stringify(tracked.timings));
      if (personCoverage(tracked.frames) < MIN_PERSON_COVERAGE) {
        setRun({ state: 'failed', message: t('errors.noPerson'), timings });
        return;
      }
      const summary = analyse(tracked.frames, name, tracked.fps, {
        aspect: tracked.width / tracked.height,
      });
      setRun({ state: 'done', tracked, summary, exercise: name });
    } catch (error) {
      if (isAbort(error)) {
        setRun({ state: 'failed', message: t('cancelled') });
      } else if (error instanceof VideoDecodeError) {
        setRun({
          state: 'failed',
          message: error.reason === 'too_long' ? t('errors.tooLong') : t('errors.decode'),
        });
      } else {
        const reason = error instanceof Error ? error.message : String(error);
        setRun({ state: 'failed', message: t('errors.model', { reason }) });
        if (!(error instanceof PoseEngineError)) console.error(error);
      }
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }

  async function keep(): Promise<number | null> {
    if (run.state !== 'done') return null;
    if (savedId !== null) return savedId;
    const saved = await save.mutateAsync({
      exercise_name: run.exercise,
      summary: run.summary,
      set: selectedSet
        ? {
            workout_log_id: selectedSet.workout_log_id,
            exercise_id: selectedSet.exercise_id,
            set_number: selectedSet.set_number,
          }
        : null,
    });
    setSavedId(saved.id);
    return saved.id;
  }

  function failure(error: unknown): string {
    if (error instanceof DirectUploadError) return error.reason ?? error.message;
    if (error instanceof ApiError) return error.message;
    return error instanceof Error ? error.message : String(error);
  }

  async function onSave() {
    try {
      await keep();
      notifications.show({ color: 'green', message: t('save.saved') });
    } catch (error) {
      notifications.show({ color: 'red', message: failure(error) });
    }
  }

  async function onSend() {
    if (!file) return;
    try {
      const id = await keep();
      if (id === null) return;
      setUploadPercent(0);
      await sendToCoach.mutateAsync({
        id,
        file,
        coachId: null,
        onProgress: (f) => setUploadPercent(Math.round(f * 100)),
      });
      notifications.show({ color: 'green', message: t('save.sent') });
    } catch (error) {
      notifications.show({ color: 'red', message: failure(error) });
    } finally {
      setUploadPercent(null);
    }
  }

  function close() {
    abort.current?.abort();
    setRun({ state: 'idle' });
    setFile(null);
    setMissing(false);
    setSavedId(null);
    onClose();
  }

  const running = run.state === 'running';
  const seek = (seconds: number) => {
    if (!video.current) return;
    video.current.currentTime = seconds;
    video.current.scrollIntoView({ block: 'nearest' });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('title')}
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={!running}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('privacy')}
        </Text>
        <Autocomplete
          label={t('exercise')}
          placeholder={t('exercisePlaceholder')}
          // Suggestions once something is typed: open on focus, they would cover the form.
          data={exercise.trim() ? exerciseSuggestions : []}
          value={exercise}
          onChange={setExercise}
          disabled={running}
          maxLength={100}
          data-autofocus
        />
        <FileInput
          label={t('video')}
          placeholder={t('videoPlaceholder')}
          accept="video/*"
          leftSection={<IconVideo size={16} />}
          value={file}
          onChange={(next) => {
            setFile(next);
            setRun({ state: 'idle' });
            setSavedId(null);
          }}
          disabled={running}
          clearable
          // No `capture`: on a phone, accept="video/*" alone offers both the camera and the
          // files already there; `capture` would open the camera only.
        />
        {missing ? (
          <Alert color="red" variant="light" role="alert">
            {t('missingInput')}
          </Alert>
        ) : null}

        {running ? (
          <Stack gap={6}>
            <Text size="sm">
              {run.phase === 'model' ? t('loadingModel') : t('tracking', { percent: run.percent })}
            </Text>
            <Progress
              value={run.percent}
              animated={run.phase === 'model'}
              aria-label={t('progressLabel')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => abort.current?.abort()}>
                {t('cancel')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group justify="flex-end">
            <Button onClick={() => void start()}>{t('analyse')}</Button>
          </Group>
        )}

        {run.state === 'failed' ? (
          <Alert color="orange" variant="light" title={t('errors.title')} role="alert">
            <Text size="sm">{run.message}</Text>
            {run.timings ? (
              <Text size="xs" c="dimmed" mt={4} data-testid="analysis-timings">
                {run.timings}
              </Text>
            ) : null}
          </Alert>
        ) : null}

        {run.state === 'done' && fileUrl ? (
          <>
            <SkeletonVideo
              src={fileUrl}
              frames={run.tracked.frames}
              label={t('results.skeleton')}
              videoRef={video}
            />
            <AnalysisResults
              summary={run.summary}
              onSeek={seek}
              repsLogged={selectedSet?.reps ?? null}
            />
            <Select
              label={t('save.set')}
              placeholder={t('save.setPlaceholder')}
              data={setChoices.map((s) => ({
                value: setKey(s),
                label: t('save.setOption', {
                  date: date(s.performed_on, { dateStyle: 'medium' }),
                  exercise: s.exercise_name,
                  set: s.set_number,
                  reps: s.reps,
                }),
              }))}
              value={chosenSet}
              onChange={setChosenSet}
              clearable
              disabled={savedId !== null}
            />
            {uploadPercent !== null ? (
              <Text size="sm">{t('save.uploading', { percent: uploadPercent })}</Text>
            ) : null}
            <Group justify="flex-end">
              <Button
                variant="default"
                leftSection={<IconSend size={16} />}
                loading={sendToCoach.isPending}
                disabled={save.isPending}
                onClick={() => void onSend()}
              >
                {t('save.sendToCoach')}
              </Button>
              <Button
                loading={save.isPending}
                disabled={savedId !== null}
                onClick={() => void onSave()}
              >
                {t('save.save')}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
