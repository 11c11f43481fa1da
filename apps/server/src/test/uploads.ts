import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { directUploadAnswerSchema, type DirectUploadAnswer } from '@fitcoach/shared/uploads';
import { DiskStorage } from '../plugins/storage';
import { createTestApp, type TestApp, type TestClient } from './test-app';

/** A throwaway DATA_DIR, so that uploads of a test file land in a folder of their own. */
export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'fitcoach-test-data-'));
}

export interface DiskTestApp {
  t: TestApp;
  dataDir: string;
  disk: DiskStorage;
  /** Closes the app and removes its DATA_DIR. */
  close: () => Promise<void>;
}

/** The app on disk storage in a throwaway DATA_DIR, for a test file's uploads. */
export async function createDiskTestApp(env: Record<string, string> = {}): Promise<DiskTestApp> {
  const dataDir = tempDataDir();
  const t = await createTestApp({ ...env, DATA_DIR: dataDir });
  if (!(t.app.storage instanceof DiskStorage)) throw new Error('expected disk storage');
  return {
    t,
    dataDir,
    disk: t.app.storage,
    close: async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const md5Base64 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');

/** Random bytes standing in for an image (the server does not decode images). */
export function imageBytes(size = 4096): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return bytes;
}

/** Declares a file as the web app's DirectUpload does; throws unless the server accepts it. */
export async function declareFile(
  client: TestClient,
  bytes: Buffer,
  options: { purpose?: string; contentType?: string; filename?: string } = {},
): Promise<DirectUploadAnswer> {
  const res = await client.post(
    `/rails/active_storage/direct_uploads?purpose=${options.purpose ?? 'avatar'}`,
    {
      blob: {
        filename: options.filename ?? 'photo.png',
        content_type: options.contentType ?? 'image/png',
        byte_size: bytes.length,
        checksum: md5Base64(bytes),
      },
    },
  );
  if (res.statusCode !== 200) throw new Error(`declare failed: ${res.statusCode} ${res.body}`);
  return directUploadAnswerSchema.parse(res.json());
}

/** Declares and PUTs a file to the answered url (disk storage); answers the declaration. */
export async function uploadFile(
  t: TestApp,
  client: TestClient,
  bytes: Buffer,
  options: { purpose?: string; contentType?: string; filename?: string } = {},
): Promise<DirectUploadAnswer> {
  const answer = await declareFile(client, bytes, options);
  const res = await t.app.inject({
    method: 'PUT',
    url: answer.direct_upload.url,
    headers: answer.direct_upload.headers,
    payload: bytes,
  });
  if (res.statusCode !== 204) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return answer;
}

/** Every file under DATA_DIR/storage (finished and partial), relative to it. */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'storage');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((p) =>
    statSync(path.join(root, p)).isFile(),
  );
}

/**
 * A real, tiny video (a test pattern, 160×120 at 10 fps) made with the ffmpeg the server uses
 * for posters: bytes that sniff as a video and that ffmpeg can decode.
 */
export async function testVideo(format: 'mp4' | 'webm', seconds = 2): Promise<Buffer> {
  const { findFfmpeg } = await import('../features/video-analysis/video-poster');
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) throw new Error('no ffmpeg: @ffmpeg-installer/ffmpeg should ship one');
  const dir = mkdtempSync(path.join(tmpdir(), 'fitcoach-test-video-'));
  const file = path.join(dir, `clip.${format}`);
  try {
    const codec =
      format === 'mp4' ? ['-c:v', 'libx264', '-pix_fmt', 'yuv420p'] : ['-c:v', 'libvpx'];
    const made = spawnSync(
      ffmpeg,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `testsrc=size=160x120:rate=10:duration=${seconds}`,
        ...codec,
        file,
      ],
      { timeout: 30_000 },
    );
    if (made.status !== 0) throw new Error(`ffmpeg failed: ${String(made.stderr)}`);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
