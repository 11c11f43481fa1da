import { existsSync } from 'node:fs';

/**
 * A real Chromium without downloading one: CHROMIUM_PATH, else Debian's /usr/bin/chromium,
 * else the binary shipped inside the @sparticuz/chromium npm package (Linux x64).
 */
export async function resolveChromium(): Promise<{ executablePath: string; args: string[] }> {
  const baseArgs = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return { executablePath: fromEnv, args: baseArgs };
  }
  if (existsSync('/usr/bin/chromium'))
    return { executablePath: '/usr/bin/chromium', args: baseArgs };
  const sparticuz = (await import('@sparticuz/chromium')).default;
  const executablePath = await sparticuz.executablePath();
  // Its own launch flags suit a serverless sandbox (single process); ours suit a test machine.
  return { executablePath, args: baseArgs };
}
