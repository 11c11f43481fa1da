import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, closeBrowser, newPage, screenshot, uniqueEmail } from '../support/browser';

const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await closeBrowser();
});

async function open(viewport: 'phone' | 'desktop' = 'desktop'): Promise<Page> {
  const opened = await newPage({ viewport });
  contexts.push(opened.context);
  return opened.page;
}

/** Signs a new member up from the page (and so in), named as asked. */
async function signUp(page: Page, name: string): Promise<{ id: number; name: string }> {
  if (!page.url().includes('/sign-in')) {
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  }
  const answer = await apiCall<{ user: { id: number; name: string } }>(
    page,
    'POST',
    '/api/auth/sign_up',
    {
      name,
      email: uniqueEmail('friends'),
      password: 'a sturdy passphrase',
      gender: 'female',
      birth_date: '1991-02-03',
      measurement_type: 'metric',
      weight: 60,
      height: 165,
      workout_goal: 'hiit',
      meal_preference: 'omnivore',
    },
  );
  return answer.user;
}

/** A name part no other test's member has, so searches find only this test's members. */
const uniqueTag = () => `Zx${Date.now().toString(36)}`;

describe('friends', () => {
  it('A finds B and asks; B sees it arrive live and accepts; A removes B after confirming', async () => {
    const tag = uniqueTag();
    const a = await open();
    const b = await open();
    await signUp(a, `Avery ${tag}`);
    const bob = await signUp(b, `Blake ${tag}`);
    await b.goto('/friends');
    await b.getByRole('heading', { name: 'Requests received' }).waitFor();
    await b.getByText('No requests waiting for you.').waitFor();

    await a.goto('/friends');
    await a.getByRole('button', { name: 'Add friend' }).click();
    const add = a.getByRole('dialog', { name: 'Add a friend' });
    await add.getByRole('combobox', { name: 'Member' }).fill(`blake ${tag.toLowerCase()}`);
    await a.getByRole('option', { name: new RegExp(`Blake ${tag}`) }).click();
    await add.getByRole('button', { name: 'Send request' }).click();
    await a.getByText(`Friend request sent to ${bob.name}.`).waitFor();
    const sent = a.getByRole('region', { name: 'Requests sent' });
    await sent.getByText(bob.name).waitFor();

    // B, on the Friends page all along: the bell and the list, without a reload.
    await b.getByRole('button', { name: /^Notifications, 1 unread/ }).waitFor({ timeout: 10_000 });
    const received = b.getByRole('region', { name: 'Requests received' });
    await received.getByText(`Avery ${tag}`).waitFor({ timeout: 10_000 });
    await received.getByRole('button', { name: 'Accept' }).click();
    await b.getByRole('region', { name: 'Friends' }).getByText(`Avery ${tag}`).waitFor();
    // A is told live too, and sees B among friends.
    await a.getByRole('button', { name: /^Notifications, 1 unread/ }).waitFor({ timeout: 10_000 });
    const friendsOfA = a.getByRole('region', { name: 'Friends' });
    await friendsOfA.getByText(bob.name).waitFor();
    await screenshot(a, 'friends-desktop-light');

    await friendsOfA.getByRole('button', { name: `More actions for ${bob.name}` }).click();
    await a.getByRole('menuitem', { name: 'Remove friend' }).click();
    const confirm = a.getByRole('dialog', { name: `Remove ${bob.name} from your friends?` });
    await confirm.getByRole('button', { name: 'Remove friend' }).click();
    await a.getByText(`${bob.name} was removed from your friends.`).waitFor();
    await friendsOfA
      .getByText('No friends yet. Use “Add friend” to find members you know.')
      .waitFor();
    const left = await apiCall<{ friends: unknown[] }>(b, 'GET', '/api/friends');
    expect(left.friends).toEqual([]);
  });

  it('the select box says what it is doing, finds nothing, and loads more as it scrolls', async () => {
    const tag = uniqueTag();
    const page = await open();
    // 30 members share a name part: more than one page of 20.
    for (let i = 0; i < 30; i += 1) {
      await signUp(page, `Scroll ${tag} ${String(i).padStart(2, '0')}`);
      await apiCall(page, 'DELETE', '/api/auth/sign_out').catch(() => {});
    }
    await signUp(page, `Searcher ${tag}`);
    await page.goto('/friends');
    await page.getByRole('button', { name: 'Add friend' }).click();
    const add = page.getByRole('dialog', { name: 'Add a friend' });
    const input = add.getByRole('combobox', { name: 'Member' });
    const listbox = page.getByRole('listbox');

    await input.click();
    await listbox.getByText('Please enter 1 or more characters').waitFor();
    // Slow the search down, so its message can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const isSearch = (url: URL) => url.pathname === '/api/members/search';
    await page.route(isSearch, async (route) => {
      await held;
      await route.continue();
    });
    await input.fill(`nobody ${tag}`);
    await listbox.getByText('Searching…').waitFor();
    release();
    await listbox.getByText('No results found').waitFor();
    await page.unroute(isSearch);

    await input.fill(`scroll ${tag.toLowerCase()}`);
    await page.getByRole('option', { name: `Scroll ${tag} 00` }).waitFor();
    expect(await page.getByRole('option').count()).toBe(20);
    let releaseMore: () => void = () => {};
    const heldMore = new Promise<void>((resolve) => (releaseMore = resolve));
    const isNextPage = (url: URL) => isSearch(url) && url.searchParams.has('cursor');
    await page.route(isNextPage, async (route) => {
      await heldMore;
      await route.continue();
    });
    await listbox.evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
    await listbox.getByText('Loading more results…').waitFor();
    releaseMore();
    await page.getByRole('option', { name: `Scroll ${tag} 29` }).waitFor();
    expect(await page.getByRole('option').count()).toBe(30);
  });

  it('fits the import preview on a phone: every row’s status shows without scrolling sideways', async () => {
    const a = await open('phone');
    await signUp(a, `Phone Importer ${uniqueTag()}`);
    const csv =
      'Name;Email\n' +
      `Alexandra Longname;${uniqueEmail('a-rather-long-address')}\n` +
      'No Address;not-an-email\n' +
      `Robin Twice;${uniqueEmail('twice')}\n`;
    await a.goto('/friends');
    await a.getByRole('button', { name: 'Import contacts' }).click();
    const dialog = a.getByRole('dialog', { name: 'Import contacts' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'contacts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    const status = dialog.getByText('Invalid: malformed email');
    await status.waitFor();
    // The table's own scroll area does not scroll sideways, and the status ends inside the dialog.
    const viewport = dialog.locator('.mantine-ScrollArea-viewport').first();
    const overflow = await viewport.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    const dialogBox = (await dialog.boundingBox())!;
    const statusBox = (await status.boundingBox())!;
    expect(statusBox.x + statusBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
    await screenshot(a, 'friends-import-preview-phone');
  });

  it('previews an imported contacts file row by row, then asks the member and invites the rest', async () => {
    const a = await open();
    const me = await signUp(a, `Importer ${uniqueTag()}`);
    const b = await open();
    const member = await signUp(b, `Imported Member ${uniqueTag()}`);
    const memberEmail = await apiCall<{ user: { email: string } }>(b, 'GET', '/api/auth/me').then(
      (r) => r.user.email,
    );
    const myEmail = await apiCall<{ user: { email: string } }>(a, 'GET', '/api/auth/me').then(
      (r) => r.user.email,
    );
    const stranger = uniqueEmail('imported');
    // A spreadsheet's export: a byte-order mark, semicolons, a column the import ignores.
    const csv =
      '\uFEFFFull name;E-mail;Phone\n' +
      `${member.name};${memberEmail};555-0100\n` +
      `Robin Stranger;${stranger};\n` +
      `Me Again;${myEmail};\n` +
      'No Address;not-an-email;\n' +
      `Robin Twice;${stranger.toUpperCase()};\n`;

    await a.goto('/friends');
    await a.getByRole('button', { name: 'Import contacts' }).click();
    const dialog = a.getByRole('dialog', { name: 'Import contacts' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'contacts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    const rowOf = (text: string) => dialog.getByRole('row').filter({ hasText: text });
    await rowOf(memberEmail).getByText('Member: send request').waitFor();
    await rowOf('Robin Stranger').getByText('Not a member: invite').waitFor();
    await rowOf('Me Again').getByText('Invalid: this is you').waitFor();
    await rowOf('No Address').getByText('Invalid: malformed email').waitFor();
    await rowOf('Robin Twice')
      .getByText(/Invalid: duplicate of line/)
      .waitFor();
    await screenshot(a, 'friends-import-preview-desktop');

    await dialog.getByRole('button', { name: 'Send to 2 contacts' }).click();
    await dialog.getByText('What was sent').waitFor();
    await rowOf(memberEmail).getByText('Friend request sent').waitFor();
    await rowOf(stranger).getByText('Invitation sent').waitFor();
    // The member got a request from the importer.
    const theirs = await apiCall<{ incoming: { id: number }[] }>(b, 'GET', '/api/friends');
    expect(theirs.incoming.map((m) => m.id)).toContain(me.id);
  });
});
