import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { AVATAR_PNG } from '../support/avatar-png';
import { apiCall, closeBrowser, newPage, screenshot, uniqueEmail } from '../support/browser';

const filesDir = mkdtempSync(path.join(tmpdir(), 'fitcoach-uploads-'));

afterAll(async () => {
  await closeBrowser();
  rmSync(filesDir, { recursive: true, force: true });
});

/** Writes a file to choose in the browser's file picker; returns its path. */
function testFile(name: string, bytes: Buffer): string {
  const file = path.join(filesDir, name);
  writeFileSync(file, bytes);
  return file;
}

/** The real PNG followed by zeros up to `size` bytes: still a PNG (decoders stop at IEND). */
function paddedPng(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  AVATAR_PNG.copy(bytes);
  return bytes;
}

function md5Base64(bytes: Buffer): string {
  return createHash('md5').update(bytes).digest('base64');
}

const UPLOAD_ERROR_TITLE = 'Your photo was not changed';

/** A fresh member (so every run starts without a photo), signed in on the profile page. */
async function profilePageOfNewMember(
  options: Parameters<typeof newPage>[0] & { name: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(options);
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await apiCall(page, 'POST', '/api/auth/sign_up', {
    name: options.name,
    email: uniqueEmail('uploads'),
    password: 'a sturdy passphrase',
    gender: 'female',
    birth_date: '1991-06-21',
    measurement_type: 'metric',
    weight: 62,
    height: 169,
    workout_goal: 'hiit',
    meal_preference: 'vegetarian',
  });
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Photo' }).waitFor();
  return { context, page };
}

/** Chooses a file the way a person does: the button (clicked, or Enter on it) opens the picker. */
async function chooseFile(
  page: Page,
  file: string,
  via: 'pointer' | 'keyboard' = 'pointer',
): Promise<void> {
  // Playwright turns on the browser's file-chooser interception asynchronously; a key press sent
  // at once could beat it. Waiting for the button first gives it the round trips it needs.
  const chooser = page.waitForEvent('filechooser');
  const button = page.getByRole('button', { name: /^(Upload|Change) photo$/ });
  if (via === 'keyboard') {
    await button.waitFor();
    await button.focus();
    await page.keyboard.press('Enter');
  } else {
    await button.click();
  }
  await (await chooser).setFiles(file);
}

function uploadError(page: Page) {
  return page.getByRole('alert').filter({ hasText: UPLOAD_ERROR_TITLE });
}

/** The alert's lines: the title, the spec's text, then the server's reason when it gave one. */
async function uploadErrorLines(page: Page): Promise<string[]> {
  const alert = uploadError(page);
  await alert.waitFor();
  return (await alert.innerText())
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && line !== 'Dismiss');
}

/** Waits until the uploader is idle again (its button is back and enabled). */
async function waitUntilIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const button = Array.from(document.querySelectorAll('button')).find((b) =>
      /^(Upload|Change) photo$/.test(b.innerText.trim()),
    );
    return button !== undefined && !button.disabled && !button.hasAttribute('data-loading');
  });
}

/** True once the avatar image has really been decoded (Mantine falls back to initials otherwise). */
async function avatarLoaded(page: Page, name: string): Promise<boolean> {
  const image = page.getByRole('img', { name: `Photo of ${name}` });
  await image.waitFor();
  return image.evaluate((img: HTMLImageElement) =>
    img.decode().then(
      () => img.naturalWidth > 0,
      () => false,
    ),
  );
}

interface ProfileAnswer {
  id: number;
  avatar_url: string | null;
}

describe('direct uploads: profile photo', () => {
  it('uploads a photo with DirectUpload, keeps it after a reload and removes it', async () => {
    const { context, page } = await profilePageOfNewMember({
      viewport: 'phone',
      name: 'Una Upload',
    });
    // No photo yet: the initials stand in.
    await page.getByRole('main').getByText('UU', { exact: true }).waitFor();
    const input = page.locator('input[type="file"]');
    expect(await input.getAttribute('data-direct-upload-url')).toBe(
      '/rails/active_storage/direct_uploads?purpose=avatar',
    );
    expect(await input.getAttribute('aria-label')).toBe('Profile photo');

    const blobRequest = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().includes('/rails/active_storage/direct_uploads'),
    );
    const storeRequest = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().includes('/rails/active_storage/'),
    );
    await chooseFile(page, testFile('una.png', AVATAR_PNG), 'keyboard');

    // What the real DirectUpload declared: the spec's blob fields with the MD5 it computed.
    const declared = (await blobRequest).postDataJSON() as { blob: Record<string, unknown> };
    expect(declared.blob).toMatchObject({
      filename: 'una.png',
      content_type: 'image/png',
      byte_size: AVATAR_PNG.length,
      checksum: md5Base64(AVATAR_PNG),
    });
    expect((await blobRequest).headers()['x-csrf-token']).toBeTruthy();
    const put: Request = await storeRequest;
    expect(put.headers()['content-md5']).toBe(md5Base64(AVATAR_PNG));
    expect(put.headers()['content-type']).toBe('image/png');

    await page.getByText('Your new photo is saved.').waitFor();
    expect(await avatarLoaded(page, 'Una Upload')).toBe(true);
    await page.getByRole('button', { name: 'Change photo' }).waitFor();

    // The profile names the photo, and the photo's url answers with the very bytes sent.
    const profile = await apiCall<ProfileAnswer>(page, 'GET', '/api/profile');
    expect(profile.avatar_url).toMatch(/^\/api\/users\/\d+\/avatar\?v=\d+$/);
    const served = await page.request.get(profile.avatar_url ?? '');
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await served.body()).equals(AVATAR_PNG)).toBe(true);
    // The header's account button shows the photo too.
    await expect
      .poll(() => page.locator('header img').getAttribute('src'))
      .toBe(profile.avatar_url);

    await page.reload();
    await page.getByRole('heading', { name: 'Photo' }).waitFor();
    expect(await avatarLoaded(page, 'Una Upload')).toBe(true);
    await screenshot(page, 'avatar-uploader-phone-light');

    await page.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove your photo?' });
    await dialog.getByRole('button', { name: 'Remove photo' }).click();
    await page.getByText('Your initials are shown instead.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Upload photo' }).waitFor();
    await page.getByRole('main').getByText('UU', { exact: true }).waitFor();
    expect(await page.getByRole('img', { name: 'Photo of Una Upload' }).count()).toBe(0);
    await expect.poll(() => page.locator('header img').count()).toBe(0);
    expect((await apiCall<ProfileAnswer>(page, 'GET', '/api/profile')).avatar_url).toBeNull();
    await context.close();
  });

  it('shows the upload progress while the bytes are sent', async () => {
    const { context, page } = await profilePageOfNewMember({
      viewport: 'desktop',
      colorScheme: 'dark',
      name: 'Pia Progress',
    });
    // A slow uplink, so the PUT takes a few seconds and reports progress on the way.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });
    await chooseFile(page, testFile('pia.png', paddedPng(2 * 1024 * 1024)));

    const bar = page.getByRole('progressbar', { name: 'Upload of pia.png' });
    await page.waitForFunction(() => {
      const value = Number(
        document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? 0,
      );
      return value >= 20 && value <= 80;
    });
    await page.getByText('Uploading pia.png…').waitFor();
    await screenshot(page, 'avatar-upload-progress-desktop-dark');
    const midway = Number(await bar.getAttribute('aria-valuenow'));
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(100);

    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.getByText('Your new photo is saved.').waitFor();
    await page.getByRole('button', { name: 'Change photo' }).waitFor();
    expect(await avatarLoaded(page, 'Pia Progress')).toBe(true);
    expect(await bar.count()).toBe(0);
    // Without the toast, as the member sees the page next time.
    await page.reload();
    expect(await avatarLoaded(page, 'Pia Progress')).toBe(true);
    await screenshot(page, 'avatar-uploader-desktop-dark');
    await context.close();
  });

  it('refuses bytes that do not match the declared checksum', async () => {
    const { context, page } = await profilePageOfNewMember({ name: 'Chet Checksum' });
    // Same length, one byte changed on the way: the MD5 the browser declared no longer matches.
    const altered = Buffer.from(AVATAR_PNG);
    altered[altered.length - 20] = (altered[altered.length - 20] ?? 0) ^ 0xff;
    let sentMd5: string | undefined;
    await page.route('**/rails/active_storage/**', async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      sentMd5 = route.request().headers()['content-md5'];
      await route.continue({ postData: altered });
    });
    const stored = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/rails/active_storage/'),
    );
    await chooseFile(page, testFile('chet.png', AVATAR_PNG));
    expect((await stored).status()).toBe(422);
    // The spec's text, and beside it why the server refused the bytes.
    await expect
      .poll(() => uploadErrorLines(page))
      .toEqual([
        UPLOAD_ERROR_TITLE,
        'Error storing "chet.png". Status: 422',
        'The file’s checksum does not match. Start the upload again.',
      ]);
    expect(sentMd5).toBe(md5Base64(AVATAR_PNG));
    await waitUntilIdle(page);
    expect((await apiCall<ProfileAnswer>(page, 'GET', '/api/profile')).avatar_url).toBeNull();
    await page.getByRole('main').getByText('CC', { exact: true }).waitFor();
    await context.close();
  });

  it('refuses a photo over 10 MB before any byte is sent', async () => {
    const { context, page } = await profilePageOfNewMember({
      viewport: 'phone',
      name: 'Otto Oversize',
    });
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT') puts.push(r.url());
    });
    await chooseFile(page, testFile('huge.png', paddedPng(11 * 1024 * 1024)));
    await expect
      .poll(() => uploadErrorLines(page), { timeout: 30_000 })
      .toEqual([
        UPLOAD_ERROR_TITLE,
        'Error creating Blob for "huge.png". Status: 413',
        'The file is too large: an image may be up to 10 MB.',
      ]);
    await waitUntilIdle(page);
    expect(puts).toEqual([]);
    await screenshot(page, 'avatar-upload-error-phone-light');
    // The alert can be dismissed.
    await uploadError(page).getByRole('button', { name: 'Dismiss' }).click();
    expect(await uploadError(page).count()).toBe(0);
    await context.close();
  });

  it('refuses a file that is not an image, and leaves the message to a listener that cancels the error event', async () => {
    const { context, page } = await profilePageOfNewMember({ name: 'Tara Text' });
    const notes = testFile('notes.txt', Buffer.from('Leg day: squats 5×5, lunges 3×12.\n'));
    await chooseFile(page, notes);
    await expect
      .poll(() => uploadErrorLines(page))
      .toEqual([
        UPLOAD_ERROR_TITLE,
        'Error creating Blob for "notes.txt". Status: 415',
        'Choose an image (JPEG, PNG, WebP or GIF).',
      ]);
    await waitUntilIdle(page);

    // A page that handles `direct-upload:error` itself cancels it: then no alert is shown.
    await uploadError(page).getByRole('button', { name: 'Dismiss' }).click();
    await page.evaluate(() => {
      const seen: { error: string; file: string; reason: string | null }[] = [];
      (window as unknown as { uploadErrors: typeof seen }).uploadErrors = seen;
      document
        .querySelector('input[type="file"]')
        ?.addEventListener('direct-upload:error', (event) => {
          const { error, file, reason } = (
            event as CustomEvent<{ error: string; file: File; reason: string | null }>
          ).detail;
          seen.push({ error, file: file.name, reason });
          event.preventDefault();
        });
    });
    await chooseFile(page, notes);
    await page.waitForFunction(
      () => (window as unknown as { uploadErrors: unknown[] }).uploadErrors.length > 0,
    );
    await waitUntilIdle(page);
    expect(
      await page.evaluate(() => (window as unknown as { uploadErrors: unknown[] }).uploadErrors),
    ).toEqual([
      {
        error: 'Error creating Blob for "notes.txt". Status: 415',
        file: 'notes.txt',
        reason: 'Choose an image (JPEG, PNG, WebP or GIF).',
      },
    ]);
    expect(await uploadError(page).count()).toBe(0);
    await context.close();
  });

  it('clears the last upload’s success toast when the next one fails', async () => {
    const { context, page } = await profilePageOfNewMember({
      viewport: 'phone',
      name: 'Sue Success',
    });
    await chooseFile(page, testFile('sue.png', AVATAR_PNG));
    const saved = page.getByText('Your new photo is saved.');
    await saved.waitFor();
    await waitUntilIdle(page);

    // The pointer rests on the toast, which keeps it open (Mantine pauses its auto-close), and
    // the next file is chosen from the keyboard.
    await saved.hover();
    await chooseFile(page, testFile('sue.txt', Buffer.from('not a photo\n')), 'keyboard');
    await uploadError(page).waitFor();
    expect(await uploadError(page).innerText()).toContain('Choose an image');
    await saved.waitFor({ state: 'detached' });
    await screenshot(page, 'avatar-upload-error-after-success-phone-light');
    await context.close();
  });

  it('shows the API’s refusal when the signed_id is tampered with', async () => {
    const { context, page } = await profilePageOfNewMember({ name: 'Tom Tamper' });
    let original = '';
    await page.route('**/api/profile/avatar', async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      const body = route.request().postDataJSON() as { signed_id: string };
      original = body.signed_id;
      // One character in the middle changed (the ends of a base64 signature may be padding).
      const middle = Math.floor(original.length / 2);
      const swapped = original[middle] === 'x' ? 'y' : 'x';
      const tampered = original.slice(0, middle) + swapped + original.slice(middle + 1);
      await route.continue({ postData: JSON.stringify({ signed_id: tampered }) });
    });
    const attach = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/profile/avatar'),
    );
    await chooseFile(page, testFile('tom.png', AVATAR_PNG));
    const answer = await attach;
    expect(answer.status()).toBe(422);
    const { error, message } = (await answer.json()) as { error: string; message: string };
    expect(error).toBe('unprocessable');
    expect(message.length).toBeGreaterThan(0);
    await expect.poll(() => uploadError(page).textContent()).toContain(message);
    expect(original.length).toBeGreaterThan(0);
    await waitUntilIdle(page);
    expect((await apiCall<ProfileAnswer>(page, 'GET', '/api/profile')).avatar_url).toBeNull();
    await context.close();
  });

  it('refuses an upload once the session is gone', async () => {
    const { context, page } = await profilePageOfNewMember({ name: 'Sid Signedout' });
    const declarations: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/rails/active_storage/direct_uploads')) declarations.push(r.status());
    });
    await context.clearCookies({ name: 'fitcoach_session' });
    await chooseFile(page, testFile('sid.png', AVATAR_PNG));
    await expect
      .poll(() => uploadError(page).textContent())
      .toContain('Error creating Blob for "sid.png". Status: 401');
    // The page's CSRF token belonged to the lost session: like any other mutation, the upload
    // fetched a fresh token and tried again, and then the server said who is missing.
    expect(declarations).toEqual([403, 401]);
    await context.close();
  });
});
