import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { AVATAR_PNG } from '../support/avatar-png';
import { apiCall, closeBrowser, newPage, screenshot, signInByApi } from '../support/browser';
import { signUpFresh } from '../support/workouts';

const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await closeBrowser();
});

async function open(viewport: 'phone' | 'desktop', colorScheme: 'light' | 'dark' = 'light') {
  const opened = await newPage({ viewport, colorScheme });
  contexts.push(opened.context);
  return opened.page;
}

/** WCAG 2.1 A and AA violations on screen now, as rule ids (empty when none). */
async function violations(page: Page): Promise<string[]> {
  // A toast fading in or out is scanned at part opacity, its colours blended with the page
  // behind: not what anyone reads once it has settled. Wait for toasts to stop moving.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      const isToast = target instanceof Element && target.closest('.mantine-Notifications-root');
      return !isToast || animation.playState !== 'running';
    }),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

interface Workout {
  id: number;
  title: string;
}

describe('challenges', () => {
  it('a coach creates a challenge, a member joins and sends a proof, the coach approves it, and both boards update live', async () => {
    // The coach, on a wide screen.
    const coach = await open('desktop');
    await signInByApi(coach, 'coach@example.com');
    const library = await apiCall<{ items: Workout[] }>(
      coach,
      'GET',
      '/api/workout?scope=library&q=strength&limit=5',
    );
    const workout = library.items[0]!;
    const title = `Proof week ${Date.now().toString(36)}`;

    await coach.goto('/challenges');
    await coach.getByRole('heading', { name: 'Challenges', level: 1 }).waitFor();
    await coach.getByRole('button', { name: 'New challenge' }).click();
    const form = coach.getByRole('dialog', { name: 'New challenge' });
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('textbox', { name: 'Prize' }).fill('A FitCoach water bottle');
    await form.getByRole('textbox', { name: 'Number of winners' }).fill('3');
    const picker = form.getByRole('combobox', { name: 'Workout to log' });
    await picker.click();
    await picker.fill(workout.title.slice(0, 12));
    await coach.getByRole('option', { name: workout.title }).first().click();
    await form.getByRole('checkbox', { name: 'Needs a proof photo or video' }).check();
    await screenshot(coach, 'challenges-create-desktop');
    expect(await violations(coach)).toEqual([]);
    await form.getByRole('button', { name: 'Create challenge' }).click();

    // The new challenge opens in the details modal, at its own address.
    const details = coach.getByRole('dialog', { name: title });
    await details.getByText('Proof needed').waitFor();
    const id = Number(new URL(coach.url()).searchParams.get('challenge'));
    expect(id).toBeGreaterThan(0);
    await details.getByRole('tab', { name: 'Leaderboard' }).click();
    await details.getByText('Nobody has joined yet.').waitFor();

    // A member on a phone joins, logs the workout and sends a proof photo.
    const member = await open('phone');
    await signUpFresh(member);
    await member.goto(`/challenges?challenge=${id}`);
    const theirs = member.getByRole('dialog', { name: title });
    await theirs.getByRole('button', { name: 'Join challenge' }).click();
    await theirs.getByText('You have joined: 0 of 1 requirements done.').waitFor();

    // The coach's open board hears the join without a reload.
    await details.getByRole('cell', { name: 'Tess Tester' }).waitFor();

    const exercise = await apiCall<{ items: { id: number; kind: string }[] }>(
      member,
      'GET',
      '/api/exercise?q=squat&limit=10',
    );
    await apiCall(member, 'POST', `/api/workout/${workout.id}/log`, {
      note: '',
      liked_or_disliked: 'liked',
      completedExercises: [
        {
          exercise_id: exercise.items.find((e) => e.kind === 'reps')!.id,
          reps: [5],
          weights: [60],
        },
      ],
      energy_level: 4,
      sleep_quality: 4,
    });
    await theirs.getByRole('button', { name: 'Submit', exact: true }).click();
    const submission = member.getByRole('dialog', { name: 'Submit requirement' });
    await submission.getByLabel('Proof file').setInputFiles({
      name: 'last-set.png',
      mimeType: 'image/png',
      buffer: AVATAR_PNG,
    });
    await submission.getByText('Ready to send: “last-set.png”').waitFor();
    await submission.getByRole('textbox', { name: 'Note (optional)' }).fill('Five clean reps.');
    await screenshot(member, 'challenges-submit-phone');
    expect(await violations(member)).toEqual([]);
    await submission.getByRole('button', { name: 'Submit', exact: true }).click();
    await member.getByText('Your proof is waiting for review.').waitFor();
    await theirs.getByText('Waiting for review').waitFor();
    await theirs.getByRole('tab', { name: 'Leaderboard' }).click();
    await theirs.getByRole('cell', { name: 'Tess Tester (you)' }).waitFor();
    await theirs.getByRole('cell', { name: '0 of 1' }).waitFor();

    // The coach reviews the proof (the photo is shown) and approves it.
    await details.getByRole('tab', { name: 'Review' }).click();
    const item = details.getByRole('listitem', { name: `Tess Tester · ${workout.title}` });
    const photo = item.getByRole('img', { name: `Proof from Tess Tester for ${workout.title}` });
    await photo.waitFor();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await item.getByText('Their note: Five clean reps.').waitFor();
    await screenshot(coach, 'challenges-review-desktop');
    expect(await violations(coach)).toEqual([]);
    await item.getByRole('button', { name: 'Approve' }).click();
    await details.getByText('No proofs are waiting.').waitFor();

    // The member's board moves on live, and they are told at once (the notification's toast).
    await theirs.getByRole('cell', { name: /^1 of 1/ }).waitFor();
    await member.getByText('Casey Coach approved your challenge proof').first().waitFor();
    await theirs.getByRole('tab', { name: 'Requirements' }).click();
    await theirs.getByText('Completed', { exact: true }).waitFor();
    await theirs.getByText('You have joined: 1 of 1 requirements done.').waitFor();
  });

  it('lays the list out on a phone and a desktop, light and dark', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const page = await open(viewport, scheme);
        await signInByApi(page, 'maya@example.com');
        await page.goto('/challenges?tab=active');
        await page.getByRole('tab', { name: 'Active', selected: true }).waitFor();
        await page
          .getByRole('button', { name: /^Details of / })
          .first()
          .or(page.getByText('No challenges are running right now.'))
          .waitFor();
        await screenshot(page, `challenges-${viewport}-${scheme}`);
        // The page fits the phone: nothing wider than the screen.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        expect(await violations(page)).toEqual([]);
      }
    }
  });
});
