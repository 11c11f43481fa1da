import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, screenshot } from '../support/browser';
import { createShortWorkout, signUpFresh } from '../support/workouts';

/*
 * The exercise video analysis modal, with the real MediaPipe Pose model in the page's worker.
 * No footage of a person can be had on this machine (nothing may be downloaded, and a drawn
 * figure is no person to the model), so the run on a video made here ends, as it should, in
 * the no-person message; its timings are printed. Results, saving and a coach's review need
 * a person in the video and are covered by the component and API tests.
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
    await dialog.getByRole('progressbar', { name: 'Analysis progress' }).waitFor();
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
});
