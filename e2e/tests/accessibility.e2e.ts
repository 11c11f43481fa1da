import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, closeBrowser, newPage, viewports } from '../support/browser';

/**
 * Every page of the web app, scanned by axe-core for WCAG 2.1 A and AA in both colour schemes
 * at phone and desktop widths, with each dialog and menu the page has opened in turn.
 * A new page is covered by adding it here.
 */
const pages: PageScan[] = [
  {
    name: 'sign-in',
    member: false,
    url: () => '/sign-in',
    views: [
      {
        name: 'with errors',
        open: async (page) => {
          await page.getByRole('button', { name: 'Sign in' }).click();
          await page.getByText('Enter your email address.').waitFor();
          return null;
        },
      },
    ],
  },
  {
    name: 'sign-up',
    member: false,
    url: () => '/sign-up',
    // Each step of the stepper after the one before, as a person walks them.
    views: [
      {
        name: 'step 1 with errors',
        open: async (page) => {
          await page.getByRole('button', { name: 'Next', exact: true }).click();
          await page.getByText('Enter your name.').waitFor();
          return null;
        },
      },
      {
        name: 'step 2',
        open: async (page) => {
          await page.getByRole('textbox', { name: 'Name' }).fill('Ada Access');
          await page.getByRole('textbox', { name: 'Email' }).fill('ada-access@example.org');
          await page
            .getByRole('textbox', { name: 'Password', exact: true })
            .fill('a sturdy passphrase');
          await page.getByRole('button', { name: 'Next', exact: true }).click();
          await page.getByRole('radio', { name: 'Female' }).waitFor();
          return null;
        },
      },
      {
        name: 'step 3',
        open: async (page) => {
          await page.getByRole('radio', { name: 'Female' }).check();
          await page.getByLabel('Birth date').fill('1994-03-09');
          await page.getByRole('textbox', { name: 'Weight (kg)' }).fill('61');
          await page.getByRole('textbox', { name: 'Height (cm)' }).fill('168');
          await page.getByRole('button', { name: 'Next', exact: true }).click();
          await page.getByRole('combobox', { name: 'Workout goal' }).waitFor();
          return null;
        },
      },
      {
        name: 'goal options',
        open: async (page) => {
          await page.getByRole('combobox', { name: 'Workout goal' }).click();
          return page.getByRole('listbox');
        },
      },
    ],
  },
  { name: 'not found, signed out', member: false, url: () => '/no-such-page' },
  {
    name: 'home',
    member: true,
    url: () => '/',
    views: [
      { name: 'theme menu', open: (page) => openMenu(page, 'Color theme') },
      { name: 'account menu', open: (page) => openMenu(page, /^Account menu for/) },
      {
        name: 'notifications',
        open: async (page) => {
          await page.getByRole('button', { name: /^Notifications/ }).click();
          return page.getByRole('dialog');
        },
      },
      {
        name: 'navigation drawer',
        phoneOnly: true,
        scope: 'nav',
        open: async (page) => {
          await page.getByRole('button', { name: 'Open navigation' }).click();
          await page.getByRole('button', { name: 'Close navigation' }).waitFor();
          return null;
        },
        // The drawer slides off screen rather than leaving the page: its button tells.
        close: async (page) => {
          await page.getByRole('button', { name: 'Close navigation' }).click();
          await page.getByRole('button', { name: 'Open navigation' }).waitFor();
        },
      },
    ],
  },
  {
    name: 'workouts',
    member: true,
    url: () => '/workouts',
    ready: (page) => page.getByRole('link', { name: /./ }).last().waitFor(),
  },
  {
    name: 'workout',
    member: true,
    url: (data) => `/workouts/${data.workoutId}`,
    views: [
      { name: 'more actions', open: (page) => openMenu(page, 'More actions') },
      {
        name: 'delete confirmation',
        open: async (page) => {
          await openMenu(page, 'More actions');
          await page.getByRole('menuitem', { name: 'Delete workout' }).click();
          return dialog(page, 'Delete this workout?');
        },
      },
      {
        name: 'share',
        open: async (page) => {
          await page.getByRole('button', { name: 'Share', exact: true }).click();
          return dialog(page, /^Share/);
        },
      },
      {
        name: 'how-to',
        open: async (page) => {
          await page.getByRole('button', { name: 'How-to' }).first().click();
          return dialog(page, /^How to:/);
        },
      },
      {
        name: 'video demo',
        open: async (page) => {
          await page.getByRole('button', { name: 'Video demo' }).first().click();
          return dialog(page, /video demo$/);
        },
      },
      {
        name: 'log',
        open: async (page) => {
          await page.getByRole('button', { name: 'Log workout' }).click();
          return dialog(page, 'Log workout');
        },
      },
    ],
  },
  {
    name: 'guided workout',
    member: true,
    url: (data) => `/workouts/${data.workoutId}/guided`,
    ready: (page) => page.getByRole('button', { name: 'Leave guided mode' }).waitFor(),
  },
  {
    name: 'exercises',
    member: true,
    url: () => '/exercises',
    ready: (page) => page.getByRole('link', { name: /./ }).last().waitFor(),
  },
  {
    name: 'exercise',
    member: true,
    url: (data) => `/exercises/${data.exerciseId}`,
    views: [
      {
        name: 'video demo',
        open: async (page) => {
          await page.getByRole('button', { name: 'Video demo' }).click();
          return dialog(page, /video demo$/);
        },
      },
    ],
  },
  {
    name: 'builder, new workout',
    member: true,
    url: () => '/builder',
    views: [
      {
        name: 'exercise options',
        open: async (page) => {
          const picker = page.getByRole('combobox', { name: 'Exercise' }).first();
          await picker.click();
          await picker.fill('press');
          await page.getByRole('option').first().waitFor();
          return page.getByRole('listbox');
        },
      },
      {
        name: 'with errors',
        open: async (page) => {
          await page.getByRole('button', { name: 'Create workout' }).click();
          await page.getByRole('alert').first().waitFor();
          return null;
        },
      },
    ],
  },
  {
    name: 'builder, editing',
    member: true,
    url: (data) => `/builder?tab=workout&action=update&workout_id=${data.workoutId}`,
    ready: (page) => page.getByRole('button', { name: 'Update workout' }).waitFor(),
    views: [
      {
        name: 'workout options',
        open: async (page) => {
          await page.getByRole('combobox', { name: 'Workout to edit' }).click();
          await page.getByRole('option').first().waitFor();
          return page.getByRole('listbox');
        },
      },
      {
        name: 'remove group confirmation',
        open: async (page) => {
          await page.getByRole('button', { name: 'Remove group 1' }).click();
          return dialog(page, 'Remove group 1?');
        },
      },
      {
        name: 'delete confirmation',
        open: async (page) => {
          await page.getByRole('button', { name: 'Delete workout' }).click();
          return dialog(page, 'Delete this workout?');
        },
      },
      {
        name: 'leaving unsaved',
        open: async (page) => {
          await page.getByRole('textbox', { name: /^Title/ }).fill('Accessibility check, edited');
          await page.getByRole('link', { name: 'FitCoach home' }).click();
          return dialog(page, 'Leave without saving?');
        },
      },
    ],
  },
  {
    name: 'history',
    member: true,
    url: () => '/history',
    ready: (page) => page.getByRole('article').first().waitFor(),
    views: [
      {
        name: 'record a workout',
        open: async (page) => {
          await page.getByRole('button', { name: 'Record a workout' }).click();
          return dialog(page, 'Record a workout');
        },
      },
      {
        name: 'personal stats',
        open: async (page) => {
          await page.getByRole('button', { name: 'Personal stats' }).click();
          const stats = await dialog(page, 'Personal stats');
          await stats.getByRole('heading', { name: 'Personal records' }).waitFor();
          return stats;
        },
      },
      {
        name: 'delete confirmation',
        open: async (page) => {
          await page
            .getByRole('button', { name: /^Delete / })
            .first()
            .click();
          return dialog(page, 'Delete this workout?');
        },
      },
      {
        name: 'record a game',
        open: async (page) => {
          await page
            .getByRole('region', { name: 'Games' })
            .getByRole('button', { name: /^Record (a|your first) game$/ })
            .click();
          return dialog(page, 'Record a game');
        },
      },
    ],
  },
  {
    name: 'profile',
    member: true,
    url: () => '/profile',
    views: [
      {
        name: 'upload refused',
        open: async (page) => {
          // A file the server refuses shows the upload's error alert.
          await page.locator('input[type="file"]').setInputFiles({
            name: 'notes.txt',
            mimeType: 'text/plain',
            buffer: Buffer.from('not a photo'),
          });
          await page.getByRole('alert').filter({ hasText: 'Your photo was not changed' }).waitFor();
          return null;
        },
      },
      {
        name: 'goal options',
        open: async (page) => {
          await page.getByRole('combobox', { name: 'Workout goal' }).click();
          return page.getByRole('listbox');
        },
      },
    ],
  },
  {
    name: 'friends',
    member: true,
    url: () => '/friends',
    views: [
      {
        name: 'add friend with results',
        open: async (page) => {
          await page.getByRole('button', { name: 'Add friend' }).click();
          const add = await dialog(page, 'Add a friend');
          await add.getByRole('combobox', { name: 'Member' }).fill('a');
          await page.getByRole('option').first().waitFor();
          return add;
        },
        // The first Escape closes the list of results, the second the dialog.
        close: async (page) => {
          await page.keyboard.press('Escape');
          await page.getByRole('listbox').waitFor({ state: 'hidden' });
          await page.keyboard.press('Escape');
          await page.getByRole('dialog', { name: 'Add a friend' }).waitFor({ state: 'hidden' });
        },
      },
      {
        name: 'friend menu',
        open: async (page) => {
          await page
            .getByRole('button', { name: /^More actions for/ })
            .first()
            .click();
          const menu = page.getByRole('menu');
          await menu.waitFor();
          return menu;
        },
      },
      {
        name: 'block confirmation',
        open: async (page) => {
          await page
            .getByRole('button', { name: /^More actions for/ })
            .first()
            .click();
          await page.getByRole('menuitem', { name: 'Block' }).click();
          return dialog(page, /^Block .*\?$/);
        },
      },
    ],
  },
  {
    name: 'shared with me',
    member: true,
    url: () => '/shared',
    ready: (page) => page.getByRole('heading', { name: 'Shared with me' }).waitFor(),
  },
  {
    name: 'challenges',
    member: true,
    url: () => '/challenges',
    ready: (page) =>
      page
        .getByRole('button', { name: /^Details of / })
        .first()
        .waitFor(),
    views: [
      {
        name: 'create form',
        open: async (page) => {
          await page.getByRole('button', { name: 'New challenge' }).click();
          return dialog(page, 'New challenge');
        },
      },
      {
        name: 'challenge details',
        open: async (page) => {
          await page.getByRole('button', { name: 'Details of Two-week strength kickoff' }).click();
          return dialog(page, 'Two-week strength kickoff');
        },
      },
    ],
  },
  {
    name: 'trainer chat',
    member: true,
    url: () => '/trainer',
    ready: (page) => page.getByText('Try asking').waitFor(),
    views: [
      {
        name: 'trainer details',
        open: async (page) => {
          await page.getByRole('button', { name: 'About this trainer' }).click();
          return dialog(page, 'About the trainer');
        },
      },
    ],
  },
  {
    name: 'chat',
    member: true,
    url: (data) => `/chat/${data.friendId}`,
    ready: (page) => page.getByText(CHAT_MESSAGE).first().waitFor(),
    views: [
      {
        name: 'report a message',
        open: async (page) => {
          await page.getByRole('button', { name: 'Message options' }).first().click();
          await page.getByRole('menuitem', { name: 'Report' }).click();
          return dialog(page, /^Report .*’s message$/);
        },
      },
    ],
  },
  { name: 'not found, signed in', member: true, url: () => '/no-such-page' },
  {
    name: 'sign-up through an invitation',
    member: false,
    url: (data) => `/sign-up?invite=${data.inviteToken}`,
    ready: (page) => page.getByText(/invited you to FitCoach/).waitFor(),
  },
  {
    name: 'coach clients',
    member: true,
    admin: true,
    url: () => '/coach',
    ready: (page) => page.getByRole('article').first().waitFor(),
    views: [
      {
        name: 'invite a member with results',
        open: async (page) => {
          await page.getByRole('button', { name: 'Invite a member' }).first().click();
          const invite = await dialog(page, 'Invite a member');
          await invite.getByRole('combobox', { name: 'Member' }).fill('Maya');
          await page.getByRole('option').first().waitFor();
          return invite;
        },
        // The first Escape closes the list of results, the second the dialog.
        close: async (page) => {
          await page.keyboard.press('Escape');
          await page.getByRole('listbox').waitFor({ state: 'hidden' });
          await page.keyboard.press('Escape');
          await page.getByRole('dialog', { name: 'Invite a member' }).waitFor({ state: 'hidden' });
        },
      },
    ],
  },
  {
    name: 'coach client detail',
    member: true,
    admin: true,
    url: (data) => `/coach/clients/${data.coachLinkId}`,
    ready: (page) => page.getByRole('region', { name: 'Assign a program' }).waitFor(),
    views: [
      {
        name: 'end coaching',
        open: async (page) => {
          await page.getByRole('button', { name: 'End coaching' }).click();
          return dialog(page, 'End coaching?');
        },
      },
    ],
  },
  {
    name: 'teams list',
    member: true,
    url: () => '/teams',
    ready: (page) => page.getByRole('article', { name: 'Accessibility Hawks' }).waitFor(),
    views: [
      {
        name: 'create team with errors',
        open: async (page) => {
          await page.getByRole('button', { name: 'Create team' }).first().click();
          const found = await dialog(page, 'Create a team');
          await found.getByRole('button', { name: 'Create team' }).click();
          await found.getByText("Enter the team's name.").waitFor();
          return found;
        },
      },
    ],
  },
  {
    name: 'teams team page',
    member: true,
    url: (data) => `/teams/${data.teamId}`,
    ready: (page) => page.getByRole('region', { name: 'Team workouts' }).waitFor(),
    views: [
      {
        name: 'add user with errors',
        open: async (page) => {
          await page.getByRole('button', { name: 'Add user' }).click();
          const found = await dialog(page, 'Add user');
          await found.getByRole('button', { name: 'Add to team' }).click();
          await found.getByText("Enter the player's alias name.").waitFor();
          return found;
        },
      },
      {
        name: 'remove a member',
        open: async (page) => {
          await page
            .getByRole('button', { name: /^Remove .* from the team$/ })
            .first()
            .click();
          return dialog(page, 'Remove from the team?');
        },
      },
      {
        name: 'edit a roster row with errors',
        open: async (page) => {
          // The last row: the admin, a player (the roster lists players last).
          await page
            .getByRole('button', { name: /^Edit .*'s roster details$/ })
            .last()
            .click();
          const found = await dialog(page, /^Edit /);
          await found.getByRole('textbox', { name: 'Alias name' }).fill('');
          await found.getByRole('button', { name: 'Save changes' }).click();
          await found.getByText("Enter the player's alias name.").waitFor();
          return found;
        },
      },
      { name: 'team options', open: (page) => openMenu(page, 'Team options') },
      {
        name: 'edit team',
        open: async (page) => {
          await openMenu(page, 'Team options');
          await page.getByRole('menuitem', { name: 'Edit team' }).click();
          return dialog(page, 'Edit team');
        },
      },
      {
        name: 'delete team',
        open: async (page) => {
          await openMenu(page, 'Team options');
          await page.getByRole('menuitem', { name: 'Delete team' }).click();
          return dialog(page, 'Delete Accessibility Hawks?');
        },
      },
      {
        name: 'who logged a workout',
        open: async (page) => {
          await page
            .getByRole('button', { name: /^Show who logged / })
            .first()
            .click();
          await page.getByText('Not logged yet:').first().waitFor();
          return null;
        },
      },
      {
        name: "a game's box score",
        open: async (page) => {
          await page
            .getByRole('article', { name: 'vs Axe Eagles' })
            .getByRole('button', { name: /^Box score/ })
            .click();
          const found = await dialog(page, /^Box score/);
          await found.getByRole('table').waitFor();
          return found;
        },
      },
      {
        name: "a final game's read-only sheet",
        open: async (page) => {
          await page
            .getByRole('article', { name: 'vs Axe Eagles' })
            .getByRole('button', { name: /^Details/ })
            .click();
          const found = await dialog(page, 'Game details');
          await found.getByText('This game is final: its sheet is read-only.').waitFor();
          return found;
        },
      },
      {
        name: 'new game sheet with made above attempted',
        open: async (page) => {
          await page.getByRole('button', { name: 'New game' }).click();
          const found = await dialog(page, 'New game');
          // Not saved (made above attempted), so no game is started by the scan.
          await found
            .getByRole('textbox', { name: /: Free throws made$/ })
            .first()
            .fill('2');
          await found.getByText('Made (2) cannot be more than attempted (0).').waitFor();
          return found;
        },
      },
    ],
  },
  {
    name: 'admin users tab',
    member: true,
    admin: true,
    url: () => '/admin#users',
    ready: (page) =>
      page
        .getByRole('button', { name: /^View / })
        .first()
        .waitFor(),
    views: [
      {
        name: 'a member opened',
        open: async (page) => {
          await page
            .getByRole('button', { name: /^View Maya/ })
            .first()
            .click();
          const opened = page.getByRole('dialog');
          await opened.getByRole('button', { name: 'Change role' }).waitFor();
          return opened;
        },
      },
    ],
  },
  {
    name: 'admin moderation tab',
    member: true,
    admin: true,
    url: () => '/admin#moderation',
    ready: (page) => page.getByRole('button', { name: 'Dismiss' }).first().waitFor(),
    views: [
      {
        name: 'suspend the author',
        open: async (page) => {
          await page.getByRole('button', { name: 'Suspend author' }).first().click();
          return dialog(page, /^Suspend /);
        },
      },
    ],
  },
  {
    name: 'admin system tab',
    member: true,
    admin: true,
    url: () => '/admin#system',
    ready: (page) => page.getByRole('region', { name: 'Database' }).waitFor(),
  },
  {
    name: 'admin announcements tab',
    member: true,
    admin: true,
    url: () => '/admin#announcements',
    ready: (page) => page.getByRole('button', { name: 'Write an announcement' }).waitFor(),
  },
  {
    name: 'admin audit log tab',
    member: true,
    admin: true,
    url: () => '/admin#audit',
    ready: (page) => page.getByRole('heading', { name: 'Audit log' }).waitFor(),
  },
  {
    name: 'admin mail outbox tab',
    member: true,
    admin: true,
    // The outbox's old address, kept for links: it opens the admin area's tab.
    url: () => '/admin/mail',
    ready: (page) => page.getByRole('heading', { name: 'Mail outbox' }).waitFor(),
    views: [
      {
        name: 'a mail opened',
        open: async (page) => {
          await page
            .getByRole('button', { name: /^Show the mail to/ })
            .first()
            .click();
          await page.locator('pre').first().waitFor();
          return null;
        },
      },
    ],
  },
];

/** A message of the member's own in the chat scanned (a link in it, as links show). */
const CHAT_MESSAGE = 'Accessibility check: see https://example.org/plan';

interface TestData {
  workoutId: number;
  exerciseId: number;
  /** A live invitation's token (from the outbox, where mail is kept without SMTP). */
  inviteToken: string;
  /** A friend of the member's (the demo seed makes Jordan and Maya friends). */
  friendId: number;
  /** The admin coaching the member (invited and accepted here, ended afterwards). */
  coachLinkId: number;
  /** A team the member owns, with the admin as a player and a workout (deleted afterwards). */
  teamId: number;
}

interface PageScan {
  name: string;
  /** Signed in as the demo member, or signed out. */
  member: boolean;
  /** Signed in as the demo admin instead (admin-only pages). */
  admin?: true;
  url: (data: TestData) => string;
  /** Waits until the page shows its content; by default, until its main heading shows. */
  ready?: (page: Page) => Promise<void>;
  /** Dialogs, menus and further steps, scanned one after another on the same page load. */
  views?: View[];
}

interface View {
  name: string;
  phoneOnly?: boolean;
  /**
   * Opens the dialog or menu and answers it (closed again with Escape before the next view),
   * or answers null for a state the page stays in (a stepper's next step, a form's errors).
   */
  open: (page: Page) => Promise<Locator | null>;
  /** Closes what `open` opened when Escape does not. */
  close?: (page: Page) => Promise<void>;
  /**
   * What to scan (CSS): by default Mantine's portals for a dialog or menu (the page behind it
   * was scanned already and has not changed), the whole page for a state the page stays in.
   */
  scope?: string;
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * The rules among those tags whose outcome depends on colours (axe's "cat.color"). The dark
 * scheme changes only colours: at a width scanned in full in the light scheme, the dark one
 * runs just these, a third of the time of a full scan.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function openMenu(page: Page, name: string | RegExp): Promise<Locator> {
  await page.getByRole('button', { name }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

async function dialog(page: Page, name: string | RegExp): Promise<Locator> {
  const found = page.getByRole('dialog', { name });
  await found.waitFor();
  return found;
}

function describeNode(rule: Result, node: Result['nodes'][number]): string {
  const target = node.target.map(String).join(' ');
  const data = node.any.find((check) => check.id === 'color-contrast')?.data as
    | {
        fgColor: string;
        bgColor: string;
        contrastRatio: number;
        expectedContrastRatio: string;
        fontSize: string;
        fontWeight: string;
      }
    | undefined;
  const contrast = data
    ? ` — ${data.fgColor} on ${data.bgColor} is ${data.contrastRatio}:1, needs ${data.expectedContrastRatio} (${data.fontSize}, ${data.fontWeight})`
    : '';
  const text = rule.id === 'color-contrast' ? ` “${node.html.slice(0, 80)}”` : '';
  // Rules other than contrast say what would fix them (e.g. "Element has children which are
  // not allowed: div[tabindex]").
  const why =
    data || !node.failureSummary ? '' : `\n      ${node.failureSummary.replace(/\n\s*/g, ' ')}`;
  return `    ${target}${contrast}${text}${why}`;
}

function report(where: string, violations: Result[]): string {
  return violations
    .map(
      (rule) =>
        `${where}: ${rule.id} (${rule.impact ?? 'no impact'}) ${rule.help}, ${rule.nodes.length} node(s)\n` +
        // The first few elements say enough to find the cause; the count says how widespread.
        rule.nodes
          .slice(0, 8)
          .map((node) => describeNode(rule, node))
          .join('\n'),
    )
    .join('\n');
}

/** Scans what is on screen now; answers a readable list of the violations, empty when none. */
async function scan(
  page: Page,
  where: string,
  options: { scope?: string; coloursOnly: boolean },
): Promise<string> {
  const axe = new AxeBuilder({ page });
  if (options.coloursOnly) axe.withRules(COLOUR_RULES);
  else axe.withTags(WCAG_TAGS);
  if (options.scope) axe.include(options.scope);
  const results = await axe.analyze();
  return report(where, results.violations);
}

/** Waits until no loader, skeleton or route progress bar is on screen. */
async function settled(page: Page) {
  await page
    .locator('.mantine-Skeleton-root, .mantine-Loader-root, .mantine-Progress-root[data-mounted]')
    .first()
    .waitFor({ state: 'hidden', timeout: 5_000 })
    // A spinner that stays (a button busy for longer) is scanned as it is.
    .catch(() => undefined);
}

// Light before dark at each width: the dark pass checks colours only (see COLOUR_RULES).
const modes = (['phone', 'desktop'] as const).flatMap((width) =>
  (['light', 'dark'] as const).map((scheme) => ({ width, scheme })),
);

let guest: { context: BrowserContext; page: Page };
let member: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page };
let data: TestData;
const cleanups: string[] = [];
let reportId: number | null = null;

beforeAll(async () => {
  guest = await newPage();
  member = await newPage();
  const page = member.page;
  await page.goto('/sign-in');
  await page.getByRole('textbox', { name: 'Email' }).fill('jordan@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('fitcoach-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /Jordan/ }).waitFor();

  // A workout of the member's own (so it can be edited and deleted) with a timed exercise,
  // and a log of it, so that history shows cards and charts.
  const find = async (q: string, kind: string) => {
    const found = await apiCall<{ items: { id: number; kind: string }[] }>(
      page,
      'GET',
      `/api/exercise?q=${encodeURIComponent(q)}&limit=10`,
    );
    const exercise = found.items.find((e) => e.kind === kind);
    if (!exercise) throw new Error(`no ${kind} exercise for “${q}”`);
    return exercise.id;
  };
  const bench = await find('bench press', 'reps');
  const plank = await find('plank', 'timed');
  const workout = await apiCall<{ id: number }>(page, 'POST', '/api/workout', {
    title: 'Accessibility check session',
    goal: 'weight_lifting',
    groups: [
      {
        kind: 'single',
        rest_seconds: 60,
        exercises: [{ exercise_id: bench, sets: 2, reps: 5, weight: 95, rest_seconds: 60 }],
      },
      {
        kind: 'single',
        rest_seconds: 0,
        exercises: [{ exercise_id: plank, sets: 1, duration_seconds: 30, rest_seconds: 0 }],
      },
    ],
  });
  cleanups.push(`/api/workout/${workout.id}`);
  const log = await apiCall<{ log_id: number }>(page, 'POST', `/api/workout/${workout.id}/log`, {
    energy_level: 4,
    sleep_quality: 3,
    completedExercises: [{ exercise_id: bench, reps: [5, 5], weights: [95, 95] }],
  });
  cleanups.unshift(`/api/workout_log/${log.log_id}`);

  // An invitation kept in the outbox: the admin's page lists it, its link opens sign-up.
  const inviteeEmail = `axe-invitee-${Date.now().toString(36)}@example.org`;
  await apiCall(page, 'POST', '/api/profile/invite_friend', {
    name: 'Axe Invitee',
    email: inviteeEmail,
  });
  admin = await newPage();
  await admin.page.goto('/sign-in');
  await admin.page.getByRole('button', { name: 'Sign in' }).waitFor();
  await apiCall(admin.page, 'POST', '/api/auth/sign_in', {
    email: 'admin@example.com',
    password: 'fitcoach-demo',
  });
  const outbox = await apiCall<{ items: { to_address: string; text_body: string }[] }>(
    admin.page,
    'GET',
    '/api/admin/mail?limit=100',
  );
  const mail = outbox.items.find((m) => m.to_address === inviteeEmail);
  const inviteToken = /invite=([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1];
  if (!inviteToken) throw new Error('no invitation in the outbox');
  const friends = await apiCall<{ friends: { id: number; name: string }[] }>(
    page,
    'GET',
    '/api/friends',
  );
  const friend = friends.friends.find((f) => f.name.startsWith('Maya'));
  if (!friend) throw new Error('the demo member has no friend Maya');
  await apiCall(page, 'POST', `/api/chat/${friend.id}/messages`, { body: CHAT_MESSAGE });
  // A report in the admins' moderation queue (dismissed afterwards).
  const filed = await apiCall<{ id: number }>(page, 'POST', '/api/reports', {
    kind: 'profile',
    target_id: friend.id,
    reason: 'other',
    details: 'Accessibility check',
  });
  reportId = filed.id;
  // The admin coaches the member for the scan: the client list and a client's detail.
  const link = await apiCall<{ id: number }>(admin.page, 'POST', '/api/coach/clients', {
    user_id: (await apiCall<{ user: { id: number } }>(page, 'GET', '/api/auth/me')).user.id,
  });
  await apiCall(page, 'POST', `/api/coach/invitations/${link.id}/accept`, {});
  // A team of the member's: the admin on its roster, the member's workout given to it.
  const team = await apiCall<{ id: number }>(page, 'POST', '/api/team', {
    name: 'Accessibility Hawks',
    sport: 'basketball',
    season: '2025–26',
  });
  await apiCall(page, 'POST', '/api/team/users', {
    team_id: team.id,
    user_id: (await apiCall<{ user: { id: number } }>(admin.page, 'GET', '/api/auth/me')).user.id,
    jersey_number: 7,
    alias_name: 'Axe',
    alias_depedent_name: 'Little Axe',
  });
  await apiCall(page, 'POST', '/api/team/workouts', {
    team_id: team.id,
    workout_ids: [workout.id],
  });
  // A final game with the admin's row: its box score and read-only sheet are scanned too.
  await apiCall(page, 'POST', '/api/team/stats', {
    team_id: team.id,
    stats: [
      {
        vs_name: 'Axe Eagles',
        game_date: new Date().toISOString().slice(0, 10),
        player_id: (await apiCall<{ user: { id: number } }>(admin.page, 'GET', '/api/auth/me')).user
          .id,
        two_point_fg_attempted: 6,
        two_point_fg_made: 3,
        three_point_fg_attempted: 2,
        three_point_fg_made: 1,
        free_throws_attempted: 2,
        free_throws_made: 2,
        assists: 4,
      },
    ],
  });
  data = {
    workoutId: workout.id,
    exerciseId: bench,
    inviteToken,
    friendId: friend.id,
    coachLinkId: link.id,
    teamId: team.id,
  };
});

afterAll(async () => {
  // The demo member's workout and log go again: other browser tests use the same member.
  for (const url of cleanups) await apiCall(member.page, 'DELETE', url).catch(() => undefined);
  if (data) {
    await apiCall(member.page, 'DELETE', `/api/team/${data.teamId}`).catch(() => undefined);
    await apiCall(admin.page, 'DELETE', `/api/coach/clients/${data.coachLinkId}`).catch(
      () => undefined,
    );
  }
  if (reportId !== null) {
    await apiCall(admin.page, 'POST', `/api/admin/reports/${reportId}/resolve`, {
      action: 'dismiss',
    }).catch(() => undefined);
  }
  await guest.context.close();
  await member.context.close();
  await admin.context.close();
  await closeBrowser();
});

describe.each(modes)('WCAG 2.1 AA at $width width, $scheme theme', ({ width, scheme }) => {
  beforeAll(async () => {
    for (const { page } of [guest, member, admin]) {
      await page.setViewportSize(viewports[width]);
      // The app follows the device's scheme until a member picks one in the theme menu.
      await page.emulateMedia({ colorScheme: scheme });
    }
  });

  it.each(pages)('$name', async (entry) => {
    const { page } = entry.admin ? admin : entry.member ? member : guest;
    await page.goto(entry.url(data));
    await (entry.ready ?? ((p: Page) => p.locator('h1').first().waitFor()))(page);
    await settled(page);
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);

    const coloursOnly = scheme === 'dark';
    const found: string[] = [await scan(page, entry.name, { coloursOnly })];
    for (const view of entry.views ?? []) {
      if (view.phoneOnly && width !== 'phone') continue;
      const opened = await view.open(page);
      await settled(page);
      const scope = view.scope ?? (opened ? '[data-portal]' : undefined);
      found.push(await scan(page, `${entry.name}, ${view.name}`, { scope, coloursOnly }));
      if (view.close) {
        await view.close(page);
      } else if (opened) {
        await page.keyboard.press('Escape');
        await opened.waitFor({ state: 'hidden' });
      }
    }
    const violations = found.filter(Boolean).join('\n');
    // The whole list, not a truncated diff: each line names the rule, the element and why.
    if (violations) throw new Error(`axe found WCAG 2.1 AA violations:\n${violations}`);
  });
});
