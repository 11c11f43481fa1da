import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { VideoContainer } from '../uploads/video-sniff';

/**
 * A video's poster: one frame about a second in, as a JPEG, made with ffmpeg (docs/decisions/
 * 0037). The binary comes from the `@ffmpeg-installer/ffmpeg` npm package, whose platform
 * package carries it inside its tarball (nothing is fetched at install time); `ffmpeg` on the
 * PATH is used where the package has no build for the platform. With neither, there is no
 * poster (`poster_url` null) and nothing else changes.
 */

/** The poster's width at most, pixels (the page shows it as a thumbnail and a video's poster). */
const POSTER_MAX_WIDTH = 640;
/** A poster that takes longer than this is given up: it is a nicety, never worth a stuck process. */
const FFMPEG_TIMEOUT_MS = 30_000;
/** A JPEG of a 640-pixel frame is tens of KB; more means something is wrong. */
const POSTER_MAX_BYTES = 4 * 1024 * 1024;

let found: Promise<string | null> | null = null;

/** Runs `binary -version`: whether it exists and runs here. */
function runs(binary: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(binary, ['-hide_banner', '-version'], { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

/** The ffmpeg to run, or null when none can be had here (looked up once). */
export function findFfmpeg(): Promise<string | null> {
  found ??= (async () => {
    try {
      const require = createRequire(import.meta.url);
      // The package throws (a string) on a platform it has no binary for.
      const packaged = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
      if (await runs(packaged)) return packaged;
    } catch {
      // Not installed for this platform: try the PATH.
    }
    return (await runs('ffmpeg')) ? 'ffmpeg' : null;
  })();
  return found;
}

/**
 * Runs ffmpeg on `input` (a file path, or a short-lived https url of the bucket), read as the
 * container its bytes were sniffed as, and answers the
 * frame at `atSeconds` as a JPEG, or null when there is none (a shorter video, a file ffmpeg
 * cannot decode, a time-out).
 */
function grabFrame(
  ffmpeg: string,
  input: string,
  container: VideoContainer,
  atSeconds: number,
): Promise<Buffer | null> {
  const remote = /^https?:\/\//.test(input);
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    // Only the input itself is ever opened: a crafted file cannot make ffmpeg read another.
    '-protocol_whitelist',
    remote ? 'https,http,tls,tcp' : 'file',
    // The demuxer the sniffed bytes named: ffmpeg never guesses another (a playlist, a concat
    // list) from a file's contents.
    '-f',
    container === 'video/webm' ? 'matroska' : 'mov',
    '-ss',
    String(atSeconds),
    '-i',
    input,
    '-frames:v',
    '1',
    '-an',
    '-vf',
    `scale='min(${POSTER_MAX_WIDTH},iw)':-2`,
    '-f',
    'image2pipe',
    '-vcodec',
    'mjpeg',
    '-q:v',
    '5',
    'pipe:1',
  ];
  return new Promise((resolve) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > POSTER_MAX_BYTES) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const jpeg = Buffer.concat(chunks);
      const isJpeg = jpeg.length > 3 && jpeg[0] === 0xff && jpeg[1] === 0xd8;
      resolve(code === 0 && size <= POSTER_MAX_BYTES && isJpeg ? jpeg : null);
    });
  });
}

/**
 * The poster of the video at `input`: the frame at 1 s, or the first one for a video shorter
 * than that; null when no ffmpeg is available or no frame could be decoded.
 */
export async function makePoster(input: string, container: VideoContainer): Promise<Buffer | null> {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) return null;
  return (await grabFrame(ffmpeg, input, container, 1)) ?? grabFrame(ffmpeg, input, container, 0);
}
