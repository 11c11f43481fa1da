// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisSummary } from '@fitcoach/shared/video-analysis';
import { loadNamespace } from '../../../i18n/i18n';
import { mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { between, setOf, standing, steady } from '../analysis/test-support';
import type { PoseFrame } from '../pose/pose-protocol';
import type { TrackedVideo, TrackOptions } from '../pose/track-video';
import { AnalysisResults } from './analysis-results';
import { ExerciseAnalysisModal, type TrackPose } from './exercise-analysis-modal';

const MISSING = 'Please enter an exercise name and select a video.';

beforeAll(() => loadNamespace('video-analysis'));

beforeEach(() => {
  // jsdom has no object URLs; the modal makes one for the chosen video's player.
  URL.createObjectURL = () => 'blob:test-video';
  URL.revokeObjectURL = () => {};
});

function tracked(frames: PoseFrame[]): TrackedVideo {
  return {
    frames,
    fps: 15,
    durationS: frames.length / 15,
    width: 640,
    height: 360,
    timings: {
      modelMs: 10,
      decodeMs: 20,
      inferMs: 30,
      totalMs: 1000,
      frames: frames.length,
      framesPerSecond: frames.length,
    },
  };
}

async function openModal(trackPose: TrackPose, exerciseName = '', logs: object[] = []) {
  // The member's recent logs, whose sets the analysis may be tied to.
  const api = mockApi().on('GET /api/workout_log', { items: logs, next_cursor: null });
  const view = renderWithApp(
    <ExerciseAnalysisModal
      opened
      onClose={vi.fn()}
      trackPose={trackPose}
      exerciseName={exerciseName}
    />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Exercise video analysis' });
  const fileInput = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
  const video = new File([new Uint8Array([0, 0, 0, 24])], 'squat.webm', { type: 'video/webm' });
  return { ...view, api, dialog, fileInput, video };
}

describe('the exercise analysis modal', () => {
  it('asks for both an exercise and a video, in the spec’s words, and runs nothing without them', async () => {
    const trackPose = vi.fn<TrackPose>();
    const { user, dialog, fileInput, video } = await openModal(trackPose);
    expect(fileInput).toHaveAttribute('accept', 'video/*');
    // A phone offers its camera and its files for it.
    expect(fileInput).not.toHaveAttribute('capture');

    await user.click(within(dialog).getByRole('button', { name: 'Analyse' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MISSING);

    // A name of spaces is no name.
    await user.upload(fileInput, video);
    await user.type(within(dialog).getByRole('combobox', { name: 'Exercise' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Analyse' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MISSING);
    expect(trackPose).not.toHaveBeenCalled();
  });

  it('shows the progress, and cancelling stops the run', async () => {
    let options: TrackOptions | null = null;
    const trackPose = vi.fn<TrackPose>(
      (_file, given) =>
        new Promise((_, reject) => {
          options = given;
          given.signal?.addEventListener('abort', () =>
            reject(new DOMException('The analysis was stopped', 'AbortError')),
          );
        }),
    );
    const { user, dialog, fileInput, video } = await openModal(trackPose, 'Squat');
    await user.upload(fileInput, video);
    await user.click(within(dialog).getByRole('button', { name: 'Analyse' }));
    expect(within(dialog).getByText('Loading the pose model…')).toBeVisible();

    act(() => options?.onProgress?.({ phase: 'frames', percent: 40 }));
    expect(within(dialog).getByText('Tracking the pose… 40%')).toBeVisible();
    expect(within(dialog).getByRole('progressbar', { name: 'Analysis progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(trackPose.mock.calls[0]?.[0].name).toBe('squat.webm');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The analysis was cancelled.',
    );
    expect(options!.signal?.aborted).toBe(true);
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
  });

  it('says so when no person is in the video, with the run’s figures', async () => {
    const empty = Array.from({ length: 30 }, (_, i) => ({ t: i / 15, landmarks: null }));
    const { user, dialog, fileInput, video } = await openModal(
      () => Promise.resolve(tracked(empty)),
      'Squat',
    );
    await user.upload(fileInput, video);
    await user.click(within(dialog).getByRole('button', { name: 'Analyse' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No person was found in the video.');
    expect(alert).toHaveTextContent('30 frames in 1 s (30 frames per second).');
  });
});

describe('a video with a person in it', () => {
  it('measures the reps, shows them, and keeps the analysis tied to a logged set', async () => {
    // Three squats of a synthetic side-on figure, as the pose model would report them.
    const squat = between(standing, { ...standing, shinLean: 25, knee: 85, hip: 75, shoulder: 40 });
    const frames = setOf(squat, steady(3), { fps: 15 });
    const { user, api, dialog, fileInput, video } = await openModal(
      () => Promise.resolve(tracked(frames)),
      'Back squat',
      [
        {
          id: 7,
          performed_on: '2026-11-20',
          exercises: [
            {
              exercise_id: 3,
              name: 'Barbell squat',
              sets: [{ set_number: 2, reps: 3, weight: 60, duration_seconds: null }],
            },
          ],
        },
      ],
    );
    api.on('POST /api/video_analysis', (request) => ({ id: 41, ...(request.body as object) }));
    await user.upload(fileInput, video);
    await user.click(within(dialog).getByRole('button', { name: 'Analyse' }));

    expect(await within(dialog).findByText('Reps detected')).toBeVisible();
    expect(within(dialog).getByText('Reps detected').nextSibling).toHaveTextContent('3');
    expect(within(dialog).getByRole('button', { name: 'Go to rep 3' })).toBeVisible();
    expect(
      within(dialog).getByLabelText('The video with the tracked skeleton drawn over it'),
    ).toBeVisible();

    await user.click(within(dialog).getByRole('combobox', { name: 'Logged set' }));
    await user.click(
      await screen.findByRole('option', { name: /Barbell squat · set 2 \(3 reps\)/ }),
    );
    expect(within(dialog).getByText('Reps logged').nextSibling).toHaveTextContent('3');
    await user.click(within(dialog).getByRole('button', { name: 'Save analysis' }));
    expect(await screen.findByText('Analysis saved.')).toBeVisible();
    const sent = api.sent('POST /api/video_analysis')[0]?.body as {
      exercise_name: string;
      summary: AnalysisSummary;
      set: unknown;
    };
    expect(sent.exercise_name).toBe('Back squat');
    expect(sent.summary.exercise_key).toBe('squat');
    expect(sent.summary.reps_detected).toBe(3);
    expect(sent.set).toEqual({ workout_log_id: 7, exercise_id: 3, set_number: 2 });
  });
});

const summary: AnalysisSummary = {
  exercise_key: 'squat',
  joint: 'knee',
  duration_s: 8,
  fps: 15,
  frames_analysed: 120,
  frames_with_person: 118,
  reps_detected: 2,
  partial_reps: 1,
  reps: [
    {
      number: 1,
      start_s: 0.5,
      turn_s: 1.5,
      end_s: 2.6,
      rom_deg: 95,
      turn_angle_deg: 80,
      down_s: 1,
      pause_s: 0.2,
      up_s: 0.9,
      asymmetry_deg: 3,
      partial: false,
    },
    {
      number: 2,
      start_s: 3,
      turn_s: 4,
      end_s: 5.1,
      rom_deg: 92,
      turn_angle_deg: 84,
      down_s: 1,
      pause_s: 0.1,
      up_s: 1,
      asymmetry_deg: -2,
      partial: false,
    },
    {
      number: 3,
      start_s: 5.5,
      turn_s: 6.2,
      end_s: 7,
      rom_deg: 40,
      turn_angle_deg: 130,
      down_s: 0.7,
      pause_s: 0,
      up_s: 0.8,
      asymmetry_deg: null,
      partial: true,
    },
  ],
  avg_rom_deg: 93.5,
  avg_down_s: 1,
  avg_pause_s: 0.15,
  avg_up_s: 0.95,
  asymmetry_deg: 2.5,
  faults: [{ code: 'knee_cave', rep: 2, at_s: 4.1 }],
  angle_series: [
    [0, 170],
    [1.5, 80],
    [3, 170],
    [4, 84],
    [5.5, 170],
  ],
};

describe('the analysis results', () => {
  it('show the reps, range, tempo, symmetry and faults, and seek to a fault or a rep', async () => {
    mockApi();
    const onSeek = vi.fn();
    const { user } = renderWithApp(
      <AnalysisResults summary={summary} onSeek={onSeek} repsLogged={3} />,
    );
    expect(await screen.findByText('Reps detected')).toBeVisible();
    expect(screen.getByText('+ 1 partial')).toBeVisible();
    expect(screen.getByText('Reps logged').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('93.5°')).toBeVisible();
    expect(screen.getByText('1 / 0.2 / 1 s')).toBeVisible();
    expect(screen.getByText('2.5°')).toBeVisible();

    await user.click(screen.getByRole('button', { name: /Knees cave in/ }));
    expect(onSeek).toHaveBeenLastCalledWith(4.1);
    expect(screen.getByText('Rep 2 at 0:04.1')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Go to rep 3' }));
    expect(onSeek).toHaveBeenLastCalledWith(5.5);
  });
});
