import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, closeBrowser, newPage, screenshot, signInByApi } from '../support/browser';

afterAll(async () => {
  await closeBrowser();
});

/** Screenshots show the page, not the toasts over it. */
async function closeToasts(page: Page) {
  for (const close of await page.locator('.mantine-Notification-closeButton').all()) {
    await close.click().catch(() => undefined);
  }
}

/** Picks options of a Mantine MultiSelect, then closes its list. */
async function pick(page: Page, scope: Locator, label: RegExp, options: string[]) {
  await scope.getByRole('combobox', { name: label }).click();
  for (const option of options) await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
}

/**
 * A real, tiny WebM video made in the browser: a canvas of changing colours recorded by
 * MediaRecorder for about a second (no file on disk, nothing downloaded).
 */
async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const ctx = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(15), {
      mimeType: 'video/webm;codecs=vp8',
    });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(100);
    let frame = 0;
    const timer = setInterval(() => {
      ctx.fillStyle = `hsl(${(frame * 25) % 360}, 70%, 50%)`;
      ctx.fillRect(0, 0, 160, 120);
      frame += 1;
    }, 66);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    recorder.stop();
    clearInterval(timer);
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

async function axeViolations(page: Page, scope: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include(scope)
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
}

describe('the admin area’s Content tab', () => {
  it('creates an exercise, gives it a demo video the workout page plays, and retires it', async () => {
    const { page } = await newPage();
    await signInByApi(page, 'admin@example.com');
    await page.goto('/admin#content');
    await page.getByRole('heading', { name: 'Content' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Content' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.getByRole('table', { name: 'Exercises' }).waitFor();

    // A new exercise, checked as everywhere: nothing is sent until the form is right.
    const name = `Demo lunge ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'New exercise' }).click();
    const form = page.getByRole('dialog', { name: 'New exercise' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter a name.').waitFor();
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Description' }).fill('A lunge to film.');
    await form
      .getByRole('textbox', { name: 'How-to steps' })
      .fill('Step forward.\nLower the back knee.\nPush back up.');
    await pick(page, form, /^Main muscles/, ['Quadriceps', 'Glutes']);
    await pick(page, form, /^Equipment/, ['Bodyweight']);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`${name} is saved.`).waitFor();
    await form.waitFor({ state: 'hidden' });

    // Its demo video: recorded here, uploaded directly, checked by the server to be a video.
    await page.getByRole('searchbox', { name: 'Search Exercises' }).fill(name);
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const editor = page.getByRole('dialog', { name: `Edit ${name}` });
    await editor.getByText('No demo video yet.').waitFor();
    const video = await recordWebm(page);
    expect(video.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    const chooser = page.waitForEvent('filechooser');
    await editor.getByRole('button', { name: 'Upload a demo video' }).click();
    await (await chooser).setFiles({ name: 'lunge.webm', mimeType: 'video/webm', buffer: video });
    await page.getByText('Demo video saved').waitFor();
    await editor.getByLabel(`Demo video of ${name}`).waitFor();
    await closeToasts(page);
    await screenshot(page, 'admin-content-exercise-editor');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });

    // A workout with it: the workout page's video demo plays the upload.
    const exercises = await apiCall<{ items: { id: number; name: string }[] }>(
      page,
      'GET',
      `/api/exercise?q=${encodeURIComponent(name)}`,
    );
    const exerciseId = exercises.items[0]!.id;
    const workout = await apiCall<{ id: number }>(page, 'POST', '/api/workout', {
      title: `Lunge day ${Date.now().toString(36)}`,
      goal: 'hiit',
      groups: [{ kind: 'single', exercises: [{ exercise_id: exerciseId, sets: 2, reps: 10 }] }],
    });
    await page.goto(`/workouts/${workout.id}`);
    await page.getByRole('button', { name: 'Video demo' }).first().click();
    const modal = page.getByRole('dialog', { name: `${name}: video demo` });
    const player = modal.getByLabel(`${name} demo video`);
    await player.waitFor();
    // The browser read the video (its frames are 160 × 120) and plays it.
    await page.waitForFunction((label) => {
      const v = document.querySelector<HTMLVideoElement>(`video[aria-label="${label}"]`);
      return v !== null && v.readyState >= 1 && v.videoWidth === 160;
    }, `${name} demo video`);
    const played = await player.evaluate(async (element) => {
      const v = element as HTMLVideoElement;
      v.muted = true;
      await v.play();
      await new Promise((resolve) => setTimeout(resolve, 400));
      return v.currentTime;
    });
    expect(played).toBeGreaterThan(0);
    await screenshot(page, 'admin-content-workout-video');
    await page.keyboard.press('Escape');

    // Retire it: something uses it (the workout), so deleting it retires it instead.
    await page.goto('/admin#content');
    await page.getByRole('searchbox', { name: 'Search Exercises' }).fill(name);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await confirm.getByText(/used in 1 place, so it cannot be deleted/).waitFor();
    await confirm.getByRole('button', { name: 'Retire' }).click();
    await page.getByText(`${name} is in use, so it was retired instead of deleted.`).waitFor();
    // Gone from members' lists and pickers …
    const after = await apiCall<{ items: unknown[] }>(
      page,
      'GET',
      `/api/exercise?q=${encodeURIComponent(name)}`,
    );
    expect(after.items).toEqual([]);
    // … still on the workout that has it, video and all.
    const kept = await apiCall<{ groups: { exercises: { name: string; video_url: string }[] }[] }>(
      page,
      'GET',
      `/api/workout/${workout.id}`,
    );
    expect(kept.groups[0]!.exercises[0]).toMatchObject({ name, video_url: expect.any(String) });
    // The retired list shows it, with a way back.
    await page.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: 'Retired' }).click();
    await page.getByRole('button', { name: `Restore ${name}` }).waitFor();
    // The audit log has each step, with who did it.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.getByRole('cell', { name: 'Demo video uploaded' }).first().waitFor();
    await page.getByRole('cell', { name: 'Content retired' }).first().waitFor();
  });

  it('lets a coach upload a demo video from the exercise page, and no member', async () => {
    const coach = await newPage({ viewport: 'phone' });
    await signInByApi(coach.page, 'coach@example.com');
    const { items } = await apiCall<{ items: { id: number; name: string }[] }>(
      coach.page,
      'GET',
      '/api/exercise?limit=1',
    );
    await coach.page.goto(`/exercises/${items[0]!.id}`);
    await coach.page.getByRole('heading', { name: items[0]!.name }).waitFor();
    await coach.page.getByRole('button', { name: /demo video$/ }).waitFor();
    await screenshot(coach.page, 'admin-content-coach-exercise-phone');
    await coach.context.close();

    const member = await newPage();
    await signInByApi(member.page, 'maya@example.com');
    await member.page.goto(`/exercises/${items[0]!.id}`);
    await member.page.getByRole('heading', { name: items[0]!.name }).waitFor();
    expect(await member.page.getByRole('button', { name: /demo video$/ }).count()).toBe(0);
    await member.context.close();
  });

  it('looks right on a phone and a desktop, light and dark', async () => {
    for (const [viewport, colorScheme] of [
      ['phone', 'light'],
      ['desktop', 'dark'],
    ] as const) {
      const { page, context } = await newPage({ viewport, colorScheme });
      await signInByApi(page, 'admin@example.com');
      await page.goto('/admin#content');
      // A chip's radio is drawn by its label: that is what a person clicks.
      await page.locator('label', { hasText: /^Foods$/ }).click();
      // A table on a desktop; on a phone, a list of cards (nothing off the side of the screen).
      await page.getByRole(viewport === 'phone' ? 'list' : 'table', { name: 'Foods' }).waitFor();
      expect(await axeViolations(page, 'main')).toEqual([]);
      await screenshot(page, `admin-content-foods-${viewport}-${colorScheme}`);
      await page.getByRole('button', { name: 'New food' }).click();
      await page.getByRole('dialog', { name: 'New food' }).waitFor();
      await screenshot(page, `admin-content-food-form-${viewport}-${colorScheme}`);
      await context.close();
    }
  });
});
