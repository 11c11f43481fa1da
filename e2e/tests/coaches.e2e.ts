import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  closeBrowser,
  newPage,
  screenshot,
  signInByApi,
  uniqueEmail,
} from '../support/browser';

const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await closeBrowser();
});

async function open(viewport: 'phone' | 'desktop') {
  const opened = await newPage({ viewport });
  contexts.push(opened.context);
  return opened.page;
}

/** A fresh member with a name nobody else has, signed up from the page. */
async function signUpNamed(page: Page, name: string) {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.evaluate(
    async ({ name, email }) => {
      const me = (await (await fetch('/api/auth/me')).json()) as { csrf_token: string };
      const res = await fetch('/api/auth/sign_up', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf_token },
        body: JSON.stringify({
          name,
          email,
          password: 'a sturdy passphrase',
          gender: 'female',
          birth_date: '1993-04-04',
          measurement_type: 'metric',
          weight: 64,
          height: 168,
          workout_goal: 'weight_lifting',
          meal_preference: 'omnivore',
        }),
      });
      if (res.status !== 201) throw new Error(`sign-up failed: ${res.status}`);
    },
    { name, email: uniqueEmail('coached') },
  );
}

describe('coaches', () => {
  it('a coach invites a member, who accepts; the coach assigns a program, the member logs today’s session and sees the coach’s comment arrive live', async () => {
    const suffix = Date.now().toString(36);
    const name = `Riley Client ${suffix}`;

    // The coach, on a wide screen, makes a one-week program of a library workout every day.
    const coach = await open('desktop');
    await signInByApi(coach, 'coach@example.com');
    const library = await apiCall<{ items: { id: number; title: string }[] }>(
      coach,
      'GET',
      '/api/workout?scope=library&limit=1',
    );
    const workout = library.items[0]!;
    const programTitle = `Coach week ${suffix}`;
    await apiCall(coach, 'POST', '/api/program', {
      title: programTitle,
      goal: 'weight_lifting',
      weeks: 1,
      visibility: 'private',
      days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        week: 1,
        weekday,
        workout_ids: String(workout.id),
      })),
    });

    // A member on a phone.
    const member = await open('phone');
    await signUpNamed(member, name);
    await member.goto('/profile');
    const coaching = member.getByRole('region', { name: 'Coaching' });
    await coaching.getByText(/No coach yet/).waitFor();

    // The coach invites them with the select box.
    await coach.goto('/coach');
    await coach.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    await coach.getByRole('button', { name: 'Invite a member' }).first().click();
    const invite = coach.getByRole('dialog', { name: 'Invite a member' });
    const picker = invite.getByRole('combobox', { name: 'Member' });
    await picker.fill(name);
    await coach.getByRole('option', { name: new RegExp(name) }).click();
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await coach.getByText('Invitation sent').first().waitFor();
    const invited = coach.getByRole('region', { name: /Invitations waiting/ });
    await invited.getByText(name).waitFor();

    // The invitation reaches the member's open profile live; they accept it.
    await coaching.getByRole('button', { name: 'Accept the invitation from Casey Coach' }).click();
    await coaching.getByRole('button', { name: 'End coaching with Casey Coach' }).waitFor();
    await screenshot(member, 'coaches-member-phone');

    // The coach's list shows them active (live, from the acceptance) and opens their page.
    const card = coach.getByRole('article', { name });
    await card.waitFor();
    await card.getByRole('link', { name: `Open ${name}’s progress` }).click();
    await coach.getByRole('heading', { name, level: 1 }).waitFor();
    await coach.getByText('No program is running. Assign one below.').waitFor();

    // The coach assigns the program, picked from their own and the library's.
    const assign = coach.getByRole('region', { name: 'Assign a program' });
    const programs = assign.getByRole('combobox', { name: 'Program' });
    await programs.click();
    await programs.fill(programTitle);
    await coach.getByRole('option', { name: new RegExp(programTitle) }).click();
    await assign.getByRole('button', { name: 'Assign program' }).click();
    await coach.getByText('Program assigned').first().waitFor();
    const program = coach.getByRole('region', { name: 'Current program' });
    await program.getByText(programTitle).waitFor();
    await program.getByText('Assigned by you').waitFor();

    // The member sees today's session and logs it.
    await member.goto('/');
    const today = member.getByRole('region', { name: "Today's session" });
    await today.getByText(programTitle).waitFor();
    await today.getByRole('link', { name: 'Start workout' }).click();
    await member.waitForURL(/\/workouts\/\d+$/);
    await member.getByRole('button', { name: 'Log workout' }).first().click();
    await member
      .getByRole('dialog', { name: 'Log workout' })
      .getByRole('button', { name: 'Save log' })
      .click();
    await member.getByRole('dialog', { name: 'Log workout' }).waitFor({ state: 'detached' });
    const achievement = member.getByRole('button', { name: 'Nice!' });
    if (await achievement.isVisible().catch(() => false)) await achievement.click();

    // The member waits on their history; the coach reads the log and comments.
    await member.goto('/history');
    await member.getByRole('heading', { name: 'Completed workouts', level: 1 }).waitFor();
    await member.getByRole('heading', { name: workout.title }).first().waitFor();

    await coach.reload();
    await coach
      .getByRole('button', { name: `Add a comment on ${workout.title}` })
      .first()
      .click();
    const thread = coach.getByRole('region', { name: `Comments on ${workout.title}` }).first();
    const comment = `Strong start, ${suffix}: keep the rests short.`;
    await thread.getByRole('textbox', { name: 'Your comment' }).fill(comment);
    await thread.getByRole('button', { name: 'Send comment' }).click();
    await thread.getByText('1 comment', { exact: true }).waitFor();
    await thread.getByText(comment).waitFor();
    expect(await thread.getByRole('textbox', { name: 'Your comment' }).inputValue()).toBe('');
    await screenshot(coach, 'coaches-client-desktop');

    // It arrives on the member's open history without a reload, with a reply form.
    const theirs = member.getByRole('region', { name: `Comments on ${workout.title}` }).first();
    await theirs.getByText(comment).waitFor();
    expect(await theirs.getByText('Coach', { exact: true }).count()).toBe(1);
    await theirs.getByRole('textbox', { name: 'Your comment' }).fill('Thanks, will do!');
    await theirs.getByRole('button', { name: 'Send comment' }).click();
    await theirs.getByText('2 comments', { exact: true }).waitFor();
    await theirs.getByText('Thanks, will do!').waitFor();
    await screenshot(member, 'coaches-history-phone');
  });
});
