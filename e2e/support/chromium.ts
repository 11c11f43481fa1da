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
  // Its own flags suit a serverless sandbox; ours are the ones that matter on a closed network.
  return {
    executablePath,
    args: [...baseArgs, '--no-zygote', '--single-process'].filter(
      (a, i, all) => all.indexOf(a) === i,
    ),
  };
}
