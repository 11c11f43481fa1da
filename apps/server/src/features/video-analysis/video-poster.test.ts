import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testVideo } from '../../test/uploads';
import { findFfmpeg, makePoster } from './video-poster';

const dir = mkdtempSync(path.join(tmpdir(), 'fitcoach-poster-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function saved(name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

/** A JPEG's width and height, from its first start-of-frame marker. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  let at = 2;
  while (at < jpeg.length) {
    const marker = jpeg[at + 1]!;
    const length = jpeg.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3) {
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  throw new Error('no frame header');
}

describe('video posters', () => {
  it('finds the ffmpeg the npm package ships', async () => {
    const ffmpeg = await findFfmpeg();
    expect(ffmpeg).toMatch(/@ffmpeg-installer[/\\][a-z0-9-]+[/\\]ffmpeg(\.exe)?$/);
  });

  it('makes a JPEG of an MP4 and of a WebM, no wider than the video', async () => {
    for (const format of ['mp4', 'webm'] as const) {
      const jpeg = await makePoster(
        saved(`clip.${format}`, await testVideo(format, 2)),
        format === 'mp4' ? 'video/mp4' : 'video/webm',
      );
      expect(jpeg, format).not.toBeNull();
      expect([...jpeg!.subarray(0, 2)]).toEqual([0xff, 0xd8]);
      expect(jpegSize(jpeg!)).toEqual({ width: 160, height: 120 });
    }
  });

  it('takes the first frame of a video shorter than a second', async () => {
    const jpeg = await makePoster(saved('short.mp4', await testVideo('mp4', 0.5)), 'video/mp4');
    expect(jpeg).not.toBeNull();
  });

  it('answers null for bytes ffmpeg cannot decode', async () => {
    const fake = Buffer.concat([
      Buffer.from('0000001c667479706d703432', 'hex'),
      Buffer.from('not really a video '.repeat(50)),
    ]);
    expect(await makePoster(saved('fake.mp4', fake), 'video/mp4')).toBeNull();
    expect(await makePoster(path.join(dir, 'missing.mp4'), 'video/mp4')).toBeNull();
  });

  it('reads the file as the container it was sniffed as, never as a playlist of other files', async () => {
    // A playlist naming another file on the server's disk: read as a playlist (what ffmpeg
    // guesses from its contents, seeking aside), it would turn that file into the poster.
    const other = path.join(dir, 'other.ts');
    const made = spawnSync((await findFfmpeg())!, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=10:duration=2',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-f',
      'mpegts',
      other,
    ]);
    expect(made.status).toBe(0);
    const playlist = saved(
      'list.mp4',
      Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n${other}\n#EXT-X-ENDLIST\n`),
    );
    expect(await makePoster(playlist, 'video/mp4')).toBeNull();
    expect(await makePoster(playlist, 'video/webm')).toBeNull();
  });
});
