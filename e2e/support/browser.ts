import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';
import { resolveChromium } from './chromium';
import { repoRoot } from './server';

let browser: Browser | undefined;

export async function launchBrowser(): Promise<Browser> {
  if (browser) return browser;
  const { executablePath, args } = await resolveChromium();
  browser = await chromium.launch({ executablePath, args, headless: true });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export async function newPage(
  options: {
    viewport?: keyof typeof viewports;
    colorScheme?: 'light' | 'dark';
    /** A test's own server instead of the run's shared one. */
    baseURL?: string;
    /** The browser's language (navigator.languages, Accept-Language), e.g. 'es-ES'. */
    locale?: string;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const b = await launchBrowser();
  const context = await b.newContext({
    baseURL: options.baseURL ?? inject('baseUrl'),
    viewport: viewports[options.viewport ?? 'desktop'],
    colorScheme: options.colorScheme ?? 'light',
    deviceScaleFactor: 1,
    // English unless a test asks: the others read English texts, whatever the machine speaks.
    locale: options.locale ?? 'en-US',
    // Screenshots show settled screens, not transitions halfway through.
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  reportOnFailure(page);
  return { context, page };
}

/**
 * What a failed test's pages went through, printed with its failure: uncaught errors, console
 * errors, API answers of 400 and over and requests that never got one. A run on a loaded CI
 * machine that fails once then says why, where a screenshot alone would not.
 */
function reportOnFailure(page: Page): void {
  const started = Date.now();
  const events: string[] = [];
  const note = (line: string) => {
    events.push(`+${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
    if (events.length > 200) events.shift();
  };
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console error: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/api/')) {
      note(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  page.on('requestfailed', (request) =>
    note(`no answer: ${request.method()} ${request.url()} (${request.failure()?.errorText})`),
  );
  try {
    onTestFailed(() => {
      if (events.length === 0) return;
      console.log(`What the page at ${page.url()} went through:\n  ${events.join('\n  ')}`);
    });
  } catch {
    // Opened outside a test (a beforeAll): nothing to attach the report to.
  }
}

/**
 * Screenshots of every run land in e2e/.artifacts/screenshots to look at; with
 * UPDATE_SCREENSHOTS=1 they refresh the committed ones in docs/screenshots (the README's).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.UPDATE_SCREENSHOTS
    ? path.join(repoRoot, 'docs', 'screenshots')
    : path.join(repoRoot, 'e2e', '.artifacts', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

let counter = 0;
/** A unique email per test run, so tests never collide on one database. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.org`;
}

/**
 * Calls the API from the page, as the web app would: the page's cookies and its session's
 * CSRF token. A failed call throws with the status and body.
 */
export async function apiCall<T>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const send = async () => {
        const me = (await (await fetch('/api/auth/me')).json()) as { csrf_token: string };
        return fetch(url, {
          method,
          headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf_token },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      };
      // The page's own first /api/auth/me may land after ours and set another CSRF secret:
      // like the web app's client, ask for a fresh token once.
      let res = await send();
      if (res.status === 403 && (await res.clone().text()).includes('invalid_csrf_token')) {
        res = await send();
      }
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
    { method, url, body },
  );
}

/** The password every demo account shares. */
export const DEMO_PASSWORD = 'fitcoach-demo';

/** Signs a demo member in from the sign-in page through the API; answers who they are. */
export async function signInByApi(
  page: Page,
  email: string,
): Promise<{ id: number; name: string }> {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  const me = await apiCall<{ user: { id: number; name: string } }>(
    page,
    'POST',
    '/api/auth/sign_in',
    { email, password: DEMO_PASSWORD },
  );
  return me.user;
}
