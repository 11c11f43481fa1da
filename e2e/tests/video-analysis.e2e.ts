import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, closeBrowser, newPage, screenshot, signInByApi } from '../support/browser';
import { createShortWorkout, signUpFresh } from '../support/workouts';

/*
 * The exercise video analysis modal, with the real MediaPipe Pose model in the page's worker.
 * No footage of a person can be had on this machine (nothing may be downloaded, and a drawn
 * figure is no person to the model), so the run on a video made here ends, as it should, in
 * the no-person message; its timings are printed. Results, saving and a coach's review need
 * a person in the video: the review test below keeps a known summary through the API and
 * uploads the video as the modal's "Send to a coach" does, then a coach comments in the app.
 */

afterAll(async () => {
  await closeBrowser();
});

/**
 * A `seconds`-long WebM made in the page: a canvas animation (a ball swinging over a dark
 * floor) recorded with MediaRecorder, as a phone's clip would arrive.
 */
async function recordVideo(page: Page, seconds: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (duration) => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 360;
    const ctx = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(100);
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const draw = () => {
        const t = (performance.now() - started) / 1000;
        ctx.fillStyle = '#1b2a3a';
        ctx.fillRect(0, 0, 640, 360);
        ctx.fillStyle = '#f0b400';
        ctx.beginPath();
        ctx.arc(320 + Math.sin(t * 4) * 200, 180, 40, 0, Math.PI * 2);
        ctx.fill();
        if (t < duration) requestAnimationFrame(draw);
        else resolve();
      };
      draw();
    });
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  }, seconds);
  return Buffer.from(base64, 'base64');
}

describe('exercise video analysis', () => {
  it('asks for an exercise and a video, then runs the pose model on a video made here', async () => {
    const { page } = await newPage();
    const timings: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('video-analysis timings')) timings.push(message.text());
    });
    await signUpFresh(page);
    const workout = await createShortWorkout(page);
    await page.goto(`/workouts/${workout.id}`);
    // The first exercise's button; the modal comes with the exercise's name filled in.
    await page.getByRole('button', { name: 'Analyse my form' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Exercise video analysis' });
    const exercise = dialog.getByRole('combobox', { name: 'Exercise' });
    await expect.poll(() => exercise.inputValue()).toMatch(/bench press/i);

    // No video: the spec's alert, and nothing runs.
    await dialog.getByRole('button', { name: 'Analyse' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('Please enter an exercise name and select a video.');
    expect(await dialog.getByRole('progressbar').count()).toBe(0);

    const video = await recordVideo(page, 1);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'set.webm', mimeType: 'video/webm', buffer: video });
    // A video but a blank name: the same alert.
    await exercise.fill('   ');
    // Tab away, as a member would, so the suggestions close.
    await exercise.press('Tab');
    await dialog.getByRole('button', { name: 'Analyse' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('Please enter an exercise name and select a video.');

    await exercise.fill('Squat');
    await exercise.press('Tab');
    await dialog.getByRole('button', { name: 'Analyse' }).click();
    // Attached, not visible: at 0 % its bar has no width.
    await dialog
      .getByRole('progressbar', { name: 'Analysis progress' })
      .waitFor({ state: 'attached' });
    await screenshot(page, 'video-analysis-progress');
    // The real model, frame by frame in its worker: slow on a machine without a GPU.
    const verdict = dialog.getByRole('alert');
    await verdict.filter({ hasText: 'No person was found' }).waitFor({ timeout: 240_000 });
    expect(await verdict.textContent()).toContain('No person was found in the video.');
    expect(await dialog.getByTestId('analysis-timings').textContent()).toMatch(
      /^\d+ frames in [\d.]+ s \([\d.]+ frames per second\)\.$/,
    );
    expect(timings).toHaveLength(1);
    const figures = JSON.parse(timings[0]!.replace('video-analysis timings ', '')) as {
      frames: number;
      modelMs: number;
      decodeMs: number;
      inferMs: number;
      totalMs: number;
      framesPerSecond: number;
    };
    console.log('video analysis of a 1 s WebM in headless Chromium:', figures);
    expect(figures.frames).toBeGreaterThanOrEqual(14);
    await screenshot(page, 'video-analysis-no-person');
  }, 300_000);

  it('a coach comments on an uploaded video at a moment, and the member sees it live', async () => {
    const member = await newPage();
    await signUpFresh(member.page);
    const saved = await apiCall<{ id: number }>(member.page, 'POST', '/api/video_analysis', {
      exercise_name: 'Squat',
      summary: knownSummary,
      set: null,
    });
    // The video as "Send to a coach" sends it: a direct upload (purpose exercise_video), attached,
    // then a review asked of any coach.
    const video = await recordVideo(member.page, 2);
    const signedId = await member.page.evaluate(
      async ({ base64, checksum }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const me = (await (await fetch('/api/auth/me')).json()) as { csrf_token: string };
        const declared = await fetch(
          '/rails/active_storage/direct_uploads?purpose=exercise_video',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf_token },
            body: JSON.stringify({
              blob: {
                filename: 'squat.webm',
                content_type: 'video/webm',
                byte_size: bytes.length,
                checksum,
              },
            }),
          },
        );
        const blob = (await declared.json()) as {
          signed_id: string;
          direct_upload: { url: string; headers: Record<string, string> };
        };
        const stored = await fetch(blob.direct_upload.url, {
          method: 'PUT',
          headers: blob.direct_upload.headers,
          body: bytes,
        });
        if (!stored.ok) throw new Error(`upload: ${stored.status}`);
        return blob.signed_id;
      },
      {
        base64: video.toString('base64'),
        checksum: createHash('md5').update(video).digest('base64'),
      },
    );
    await apiCall(member.page, 'PUT', `/api/video_analysis/${saved.id}/video`, {
      signed_id: signedId,
    });
    await apiCall(member.page, 'POST', `/api/video_analysis/${saved.id}/review`, {
      coach_id: null,
    });
    await member.page.goto(`/video-analysis/${saved.id}`);
    await member.page.getByText('No comments yet.').waitFor();

    const coach = await newPage({ viewport: 'phone' });
    await signInByApi(coach.page, 'coach@example.com');
    await coach.page.goto('/coach');
    await coach.page.getByRole('link', { name: 'Video reviews' }).click();
    await coach.page.locator(`a[href="/video-analysis/${saved.id}"]`).click();
    await coach.page.locator('video').waitFor();
    // The comment is pinned where the video is: one second in.
    await coach.page.locator('video').evaluate(async (v: HTMLVideoElement) => {
      // A seek before the metadata is read would be lost (a loaded machine is slow to read it).
      if (v.readyState < 1) {
        await new Promise((resolve) =>
          v.addEventListener('loadedmetadata', resolve, { once: true }),
        );
      }
      const sought = new Promise((resolve) =>
        v.addEventListener('seeked', resolve, { once: true }),
      );
      v.currentTime = 1;
      await sought;
    });
    await coach.page.getByLabel('Comment at 0:01.0').fill('Push the knees out here.');
    await coach.page.getByRole('button', { name: 'Add comment' }).click();
    await coach.page
      .getByRole('listitem')
      .filter({ hasText: 'Push the knees out here.' })
      .waitFor();
    expect(await coach.page.getByLabel('Comment at 0:01.0').inputValue()).toBe('');
    await screenshot(coach.page, 'video-analysis-coach-review');

    // The member's open page, never reloaded, shows it with its moment.
    await member.page
      .getByRole('listitem')
      .filter({ hasText: 'Push the knees out here.' })
      .waitFor();
    expect(
      await member.page.getByRole('listitem').filter({ hasText: 'Push the knees' }).textContent(),
    ).toContain('0:01.0');
    await screenshot(member.page, 'video-analysis-member-review');
  }, 120_000);
});

/** A summary as the analysis makes it, for the review test (the model finds no person here). */
const knownSummary = {
  exercise_key: 'squat',
  joint: 'knee',
  duration_s: 2,
  fps: 15,
  frames_analysed: 30,
  frames_with_person: 30,
  reps_detected: 1,
  partial_reps: 0,
  reps: [
    {
      number: 1,
      start_s: 0.2,
      turn_s: 1,
      end_s: 1.8,
      rom_deg: 90,
      turn_angle_deg: 85,
      down_s: 0.7,
      pause_s: 0.1,
      up_s: 0.8,
      asymmetry_deg: 2,
      partial: false,
    },
  ],
  avg_rom_deg: 90,
  avg_down_s: 0.7,
  avg_pause_s: 0.1,
  avg_up_s: 0.8,
  asymmetry_deg: 2,
  faults: [{ code: 'knee_cave', rep: 1, at_s: 1 }],
  angle_series: [
    [0, 175],
    [1, 85],
    [2, 175],
  ],
};
