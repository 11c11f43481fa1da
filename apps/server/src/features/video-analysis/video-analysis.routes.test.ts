import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPage } from '@fitcoach/shared/notifications';
import {
  videoAnalysisSchema,
  type VideoAnalysis,
  type VideoAnalysisList,
} from '@fitcoach/shared/video-analysis';
import { notifications } from '../../db/schema/notifications';
import { storageBlobs } from '../../db/schema/storage';
import type { Change } from '../../lib/changes';
import { notificationsIdentifier, openCable } from '../../plugins/cable/cable-test-client';
import { createTestApp, libraryWorkoutId, member, type TestClient } from '../../test/test-app';
import {
  createDiskTestApp,
  storedFiles,
  testVideo,
  uploadFile,
  type DiskTestApp,
} from '../../test/uploads';
import { squatSummary } from '../../test/video-analysis';
import { limitPosterJobs, postersSettled } from './video-analysis.service';

let d: DiskTestApp;
/** Every change announced, for the tests that check what a write announced. */
const announced: Change[] = [];
let mp4: Buffer;

beforeAll(async () => {
  d = await createDiskTestApp();
  await d.t.app.listen({ port: 0, host: '127.0.0.1' });
  d.t.app.ctx.changes.onOrigin((change) => void announced.push(change));
  mp4 = await testVideo('mp4');
}, 60_000);
afterAll(() => d.close());

const t = () => d.t;

async function withRole(role: 'coach' | 'admin', name?: string) {
  const m = await member(t(), name ? { name } : {});
  await t().database.db.execute(sql`update users set role = ${role} where id = ${m.user.id}`);
  // Roles are read from the cached session.
  t().app.ctx.changes.emit({ kind: 'member', id: m.user.id });
  return m;
}

async function keep(client: TestClient, body: Record<string, unknown> = {}) {
  const res = await client.post('/api/video_analysis', {
    exercise_name: '  Back squat ',
    summary: squatSummary(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return videoAnalysisSchema.parse(res.json());
}

async function upload(client: TestClient, bytes: Buffer = mp4, contentType = 'video/mp4') {
  return uploadFile(t(), client, bytes, {
    purpose: 'exercise_video',
    contentType,
    filename: 'set.mp4',
  });
}

/** An analysis with its video attached and its poster made. */
async function withVideo(client: TestClient) {
  const analysis = await keep(client);
  const blob = await upload(client);
  const res = await client.put(`/api/video_analysis/${analysis.id}/video`, {
    signed_id: blob.signed_id,
  });
  expect(res.statusCode, res.body).toBe(200);
  await postersSettled();
  return { analysis: res.json<VideoAnalysis>(), blob };
}

/** A log of a library workout with two sets of its first exercise (8 and 6 reps). */
async function logSets(client: TestClient) {
  const workoutId = await libraryWorkoutId(client);
  const workout = (await client.get(`/api/workout/${workoutId}`)).json<{
    groups: { exercises: { exercise_id: number }[] }[];
  }>();
  const exerciseId = workout.groups[0]!.exercises[0]!.exercise_id;
  const res = await client.post(`/api/workout/${workoutId}/log`, {
    completedExercises: [{ exercise_id: exerciseId, reps: [8, 6], weights: [60, 60] }],
    energy_level: 4,
    sleep_quality: 3,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { logId: res.json<{ log_id: number }>().log_id, exerciseId };
}

describe('keeping analyses', () => {
  it('keeps, lists, reads and deletes the member’s own', async () => {
    const { client } = await member(t());
    const kept = await keep(client);
    expect(kept).toMatchObject({
      exercise_name: 'Back squat',
      set: null,
      video: null,
      review: { status: 'none', coach: null, requested_at: null },
      comments: [],
    });
    expect(kept.summary).toEqual(squatSummary());
    const curl = await keep(client, {
      exercise_name: 'Bicep curl',
      summary: squatSummary({ exercise_key: 'bicep_curl', joint: 'elbow' }),
    });

    const all = (await client.get('/api/video_analysis')).json<VideoAnalysisList>();
    expect(all.items.map((a) => a.id)).toEqual([curl.id, kept.id]);
    const squats = (
      await client.get('/api/video_analysis?exercise=back%20SQUAT')
    ).json<VideoAnalysisList>();
    expect(squats.items.map((a) => a.id)).toEqual([kept.id]);
    expect((await client.get(`/api/video_analysis/${kept.id}`)).json()).toEqual(kept);

    expect((await client.delete(`/api/video_analysis/${kept.id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/video_analysis/${kept.id}`)).statusCode).toBe(404);
    expect(
      (await client.get('/api/video_analysis')).json<VideoAnalysisList>().items.map((a) => a.id),
    ).toEqual([curl.id]);
  });

  it('ties an analysis to a set of the member’s log, reps logged beside reps detected', async () => {
    const { client } = await member(t());
    const { logId, exerciseId } = await logSets(client);
    const kept = await keep(client, {
      set: { workout_log_id: logId, exercise_id: exerciseId, set_number: 2 },
    });
    expect(kept.set).toMatchObject({
      workout_log_id: logId,
      exercise_id: exerciseId,
      set_number: 2,
      reps_logged: 6,
    });
    expect(kept.summary.reps_detected).toBe(2);
    const byLog = (
      await client.get(`/api/video_analysis?workout_log_id=${logId}`)
    ).json<VideoAnalysisList>();
    expect(byLog.items.map((a) => a.id)).toEqual([kept.id]);

    // A set the log does not have: 400; another exercise: 400.
    const noSet = await client.post('/api/video_analysis', {
      exercise_name: 'Squat',
      summary: squatSummary(),
      set: { workout_log_id: logId, exercise_id: exerciseId, set_number: 3 },
    });
    expect(noSet.statusCode).toBe(400);
    expect(noSet.json()).toMatchObject({
      error: 'validation_failed',
      issues: [{ path: 'set', message: 'That workout log has no set 3 of this exercise.' }],
    });
    const otherExercise = await client.post('/api/video_analysis', {
      exercise_name: 'Squat',
      summary: squatSummary(),
      set: { workout_log_id: logId, exercise_id: exerciseId + 100_000, set_number: 1 },
    });
    expect(otherExercise.statusCode).toBe(400);

    // Someone else's log, or none: 404, and nothing is kept.
    const stranger = await member(t());
    for (const workout_log_id of [logId, 2_000_000_000]) {
      const res = await stranger.client.post('/api/video_analysis', {
        exercise_name: 'Squat',
        summary: squatSummary(),
        set: { workout_log_id, exercise_id: exerciseId, set_number: 1 },
      });
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(
      (await stranger.client.get('/api/video_analysis')).json<VideoAnalysisList>().items,
    ).toEqual([]);

    // The log deleted: the analysis stays, without its set.
    expect((await client.delete(`/api/workout_log/${logId}`)).statusCode).toBe(204);
    const after = (await client.get(`/api/video_analysis/${kept.id}`)).json<VideoAnalysis>();
    expect(after.set).toBeNull();
  });

  it('refuses bad input with a 4xx, never a 500', async () => {
    const { client } = await member(t());
    const bad: unknown[] = [
      {},
      { exercise_name: '   ', summary: squatSummary() },
      { exercise_name: 'Squat\u0000', summary: squatSummary() },
      { exercise_name: 'x'.repeat(101), summary: squatSummary() },
      { exercise_name: 'Squat\nDeadlift', summary: squatSummary() },
      { exercise_name: 'Squat', summary: { ...squatSummary(), exercise_key: 'dance' } },
      { exercise_name: 'Squat', summary: { ...squatSummary(), duration_s: 1e9 } },
      {
        exercise_name: 'Squat',
        summary: { ...squatSummary(), angle_series: Array.from({ length: 601 }, () => [1, 1]) },
      },
      {
        exercise_name: 'Squat',
        summary: { ...squatSummary(), faults: [{ code: 'x\u0000y', rep: 1, at_s: 1 }] },
      },
      {
        exercise_name: 'Squat',
        summary: squatSummary(),
        set: { workout_log_id: 0, exercise_id: 1, set_number: 1 },
      },
      // Past PostgreSQL's integers: a 400, not the database's error as a 500.
      ...[
        { workout_log_id: 2_147_483_648, exercise_id: 1, set_number: 1 },
        { workout_log_id: 1, exercise_id: 2_147_483_648, set_number: 1 },
        { workout_log_id: 1, exercise_id: 1, set_number: 2_147_483_648 },
      ].map((set) => ({ exercise_name: 'Squat', summary: squatSummary(), set })),
      // Blank to the eye, or reading as another name.
      { exercise_name: '\u200b', summary: squatSummary() },
      { exercise_name: 'squat\u202Etxt.exe', summary: squatSummary() },
      // Parts that do not agree: reps counted twice, a fault of a rep there is not, a rep
      // after the video's end.
      { exercise_name: 'Squat', summary: squatSummary({ reps_detected: 1000 }) },
      {
        exercise_name: 'Squat',
        summary: squatSummary({ faults: [{ code: 'shallow_depth', rep: 1_000_000, at_s: 1 }] }),
      },
      { exercise_name: 'Squat', summary: squatSummary({ duration_s: 2 }) },
    ];
    for (const body of bad) {
      const res = await client.post('/api/video_analysis', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toHaveProperty('error', 'validation_failed');
    }
    const huge = await client.post('/api/video_analysis', {
      exercise_name: 'Squat',
      summary: squatSummary({ reps: [] }),
      padding: 'x'.repeat(3_000_000),
    });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    for (const url of ['/api/video_analysis/0x10', '/api/video_analysis/99999999999']) {
      expect((await client.get(url)).statusCode).toBe(400);
    }
    expect((await client.get('/api/video_analysis?limit=1000')).statusCode).toBe(400);
    expect((await client.get('/api/video_analysis?workout_log_id=2147483648')).statusCode).toBe(
      400,
    );
    const kept = await keep(client);
    for (const body of [
      { at_s: -1, body: 'x' },
      { at_s: 1, body: '  ' },
      { at_s: 1, body: '\u200b' },
      { at_s: 1, body: 'x'.repeat(2001) },
      { at_s: 'soon', body: 'x' },
    ]) {
      const res = await client.post(`/api/video_analysis/${kept.id}/comments`, body);
      expect(res.statusCode).toBe(400);
    }
    // A moment after the video's end.
    const late = await client.post(`/api/video_analysis/${kept.id}/comments`, {
      at_s: 60,
      body: 'Here',
    });
    expect(late.statusCode).toBe(400);
    const nul = await client.post(`/api/video_analysis/${kept.id}/comments`, {
      at_s: 1,
      body: 'a\u0000b',
    });
    expect(nul.statusCode).toBe(400);
  });

  it('keeps a budget of analyses per member, answered 429 in the error shape past it', async () => {
    const limited = await createTestApp(
      { VIDEO_ANALYSIS_RATE_LIMIT: '2' },
      { database: t().database },
    );
    try {
      const first = await member(limited);
      const other = await member(limited);
      // A refused body uses none of the budget.
      expect((await first.client.post('/api/video_analysis', {})).statusCode).toBe(400);
      const body = { exercise_name: 'Squat', summary: squatSummary() };
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await first.client.post('/api/video_analysis', body);
        codes.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          expect(res.json()).toEqual({
            error: 'rate_limited',
            message: expect.stringMatching(/video analyses.*wait \d+ minutes/) as unknown,
          });
        }
      }
      expect(codes).toEqual([201, 201, 429]);
      // Per member: another one still has theirs.
      expect((await other.client.post('/api/video_analysis', body)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('who sees what', () => {
  it('hides an analysis from other members, coaches not asked and forged ids; admins read', async () => {
    const owner = await member(t());
    const other = await member(t());
    const coach = await withRole('coach');
    const admin = await withRole('admin');
    const { analysis } = await withVideo(owner.client);
    const paths = [
      `/api/video_analysis/${analysis.id}`,
      `/api/video_analysis/${analysis.id}/video`,
      `/api/video_analysis/${analysis.id}/poster`,
    ];
    for (const who of [other, coach]) {
      for (const path of paths) {
        const res = await who.client.get(path);
        expect(res.statusCode, path).toBe(404);
        expect(res.json()).toHaveProperty('error', 'not_found');
      }
      expect((await who.client.delete(`/api/video_analysis/${analysis.id}`)).statusCode).toBe(404);
      expect(
        (
          await who.client.post(`/api/video_analysis/${analysis.id}/comments`, {
            at_s: 1,
            body: 'Hi',
          })
        ).statusCode,
      ).toBe(404);
    }
    for (const path of paths) {
      expect((await admin.client.get(path)).statusCode, path).toBe(200);
    }
    // Admins read but do not act for the member.
    expect((await admin.client.delete(`/api/video_analysis/${analysis.id}`)).statusCode).toBe(403);
    expect(
      (await admin.client.post(`/api/video_analysis/${analysis.id}/review`, { coach_id: null }))
        .statusCode,
    ).toBe(403);
    expect((await owner.client.get('/api/video_analysis/2000000000')).statusCode).toBe(404);
    // The member's list is theirs alone.
    expect((await other.client.get('/api/video_analysis')).json<VideoAnalysisList>().items).toEqual(
      [],
    );
  });

  it('needs a session, and the CSRF token on every write', async () => {
    const { client } = await member(t());
    const kept = await keep(client);
    const anon = await t().app.inject({ method: 'GET', url: '/api/video_analysis' });
    expect(anon.statusCode).toBe(401);
    const noCsrf = await client.post(
      '/api/video_analysis',
      { exercise_name: 'Squat', summary: squatSummary() },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(
      (await client.delete(`/api/video_analysis/${kept.id}`, { csrf: false })).statusCode,
    ).toBe(403);
    expect(
      (
        await client.post(
          `/api/video_analysis/${kept.id}/comments`,
          { at_s: 1, body: 'x' },
          {
            csrf: false,
          },
        )
      ).statusCode,
    ).toBe(403);
    expect((await client.get(`/api/video_analysis/${kept.id}`)).statusCode).toBe(200);
  });

  it('keeps the review queue for coaches and admins', async () => {
    const { client } = await member(t());
    expect((await client.get('/api/video_analysis/reviews')).statusCode).toBe(403);
  });
});

describe('the video', () => {
  it('attaches a real video, makes its poster, serves both with ranges, and deletes them', async () => {
    const { client } = await member(t());
    const { analysis, blob } = await withVideo(client);
    expect(analysis.video).toMatchObject({ content_type: 'video/mp4' });
    const poster = (await client.get(`/api/video_analysis/${analysis.id}`)).json<VideoAnalysis>();
    expect(poster.video?.poster_url).toMatch(
      new RegExp(`^/api/video_analysis/${analysis.id}/poster\\?v=\\d+$`),
    );

    const whole = await client.get(analysis.video!.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['cache-control']).toBe('private, no-cache');
    expect(whole.rawPayload.equals(mp4)).toBe(true);
    const part = await client.request('GET', analysis.video!.url, undefined, {
      headers: { range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(mp4.subarray(0, 10))).toBe(true);
    const past = await client.request('GET', analysis.video!.url, undefined, {
      headers: { range: `bytes=${mp4.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${mp4.length}`);
    expect(past.json()).toMatchObject({
      error: 'range_not_satisfiable',
      message: expect.any(String),
    });

    // A strong ETag: the browser revalidates (304, no body) and a player resumes a range only
    // of this very file.
    const etag = String(whole.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(part.headers.etag).toBe(etag);
    const current = await client.request('GET', analysis.video!.url, undefined, {
      headers: { 'if-none-match': etag },
    });
    expect(current.statusCode).toBe(304);
    expect(current.rawPayload.length).toBe(0);
    expect(current.headers.etag).toBe(etag);
    expect(current.headers['cache-control']).toBe('private, no-cache');
    const resumed = await client.request('GET', analysis.video!.url, undefined, {
      headers: { range: 'bytes=10-19', 'if-range': etag },
    });
    expect(resumed.statusCode).toBe(206);
    expect(resumed.rawPayload.equals(mp4.subarray(10, 20))).toBe(true);
    const stale = await client.request('GET', analysis.video!.url, undefined, {
      headers: { range: 'bytes=10-19', 'if-range': '"an-older-video"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(mp4)).toBe(true);

    const jpeg = await client.get(poster.video!.poster_url!);
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect([...jpeg.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(jpeg.headers.etag).toMatch(/^"[^"]+"$/);
    expect(jpeg.headers.etag).not.toBe(etag);
    const posterAgain = await client.request('GET', poster.video!.poster_url!, undefined, {
      headers: { 'if-none-match': String(jpeg.headers.etag) },
    });
    expect(posterAgain.statusCode).toBe(304);
    expect(posterAgain.headers['cache-control']).toBe('private, no-cache');

    // One blob, one analysis.
    const second = await keep(client);
    const again = await client.put(`/api/video_analysis/${second.id}/video`, {
      signed_id: blob.signed_id,
    });
    expect(again.statusCode).toBe(422);

    const files = storedFiles(d.dataDir).length;
    const removed = await client.delete(`/api/video_analysis/${analysis.id}/video`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<VideoAnalysis>().video).toBeNull();
    expect(storedFiles(d.dataDir).length).toBe(files - 2);
    expect((await client.get(analysis.video!.url)).statusCode).toBe(404);
    const [row] = await t()
      .database.db.select({ id: storageBlobs.id })
      .from(storageBlobs)
      .where(eq(storageBlobs.id, blob.id));
    expect(row).toBeUndefined();
  });

  it('makes posters one at a time, a bounded few waiting; past that the poster is skipped, never the attach', async () => {
    const turns = limitPosterJobs(1, 1);
    try {
      // Another poster holds the only turn.
      let release!: () => void;
      const held = turns.run(() => new Promise<void>((resolve) => (release = resolve)));
      const { client } = await member(t());
      const attach = async (id: number) => {
        const res = await client.put(`/api/video_analysis/${id}/video`, {
          signed_id: (await upload(client)).signed_id,
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      const [queued, skipped] = [await keep(client), await keep(client)];
      await attach(queued.id);
      // The queue's one place is taken: this poster is skipped, the attach is not refused.
      await attach(skipped.id);
      expect(turns.active).toBe(1);
      release();
      await held;
      await postersSettled();
      const posterOf = async (id: number) =>
        (await client.get(`/api/video_analysis/${id}`)).json<VideoAnalysis>().video?.poster_url;
      expect(await posterOf(queued.id)).toMatch(/\/poster\?v=\d+$/);
      expect(await posterOf(skipped.id)).toBeNull();

      // Attaches at the same moment: their ffmpegs take turns, one at a time.
      const roomy = limitPosterJobs(1, 4);
      const both = [await keep(client), await keep(client)];
      const blobs = [await upload(client), await upload(client)];
      const answers = await Promise.all(
        both.map((a, i) =>
          client.put(`/api/video_analysis/${a.id}/video`, { signed_id: blobs[i]!.signed_id }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      await postersSettled();
      for (const a of both) expect(await posterOf(a.id)).toMatch(/\/poster\?v=\d+$/);
      expect(roomy.peak).toBe(1);
    } finally {
      limitPosterJobs();
    }
  });

  it('accepts a WebM, and refuses a file that is not a video whatever its declared type', async () => {
    const { client } = await member(t());
    const webm = await testVideo('webm', 1);
    const kept = await keep(client);
    const good = await upload(client, webm, 'video/webm');
    const res = await client.put(`/api/video_analysis/${kept.id}/video`, {
      signed_id: good.signed_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<VideoAnalysis>().video?.content_type).toBe('video/webm');

    const other = await keep(client);
    const text = Buffer.from('This is a plain text file, not a video at all.\n'.repeat(20));
    const fake = await upload(client, text, 'video/mp4');
    const refused = await client.put(`/api/video_analysis/${other.id}/video`, {
      signed_id: fake.signed_id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: 'unprocessable',
      message: 'This file is not a video: upload an MP4, WebM or MOV file.',
    });
    expect(
      (await client.get(`/api/video_analysis/${other.id}`)).json<VideoAnalysis>().video,
    ).toBeNull();
    // Only exercise_video uploads, and only the member's own, with a real signed id.
    const stranger = await member(t());
    const theirs = await upload(stranger.client);
    for (const signed_id of [theirs.signed_id, 'forged--signature']) {
      const r = await client.put(`/api/video_analysis/${other.id}/video`, { signed_id });
      expect(r.statusCode).toBe(422);
    }
    // Nor may another member attach to this analysis.
    expect(
      (
        await stranger.client.put(`/api/video_analysis/${other.id}/video`, {
          signed_id: theirs.signed_id,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses, before any byte is sent, a video over 200 MB or of another type', async () => {
    const { client } = await member(t());
    const declare = (content_type: string, byte_size: number) =>
      client.post('/rails/active_storage/direct_uploads?purpose=exercise_video', {
        blob: {
          filename: 'set.mp4',
          content_type,
          byte_size,
          checksum: 'AAAAAAAAAAAAAAAAAAAAAA==',
        },
      });
    const big = await declare('video/mp4', 200 * 1024 * 1024 + 1);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      error: 'payload_too_large',
      message: 'The file is too large: a video may be up to 200 MB.',
    });
    const image = await declare('image/png', 1024);
    expect(image.statusCode).toBe(415);
    expect((await declare('video/quicktime', 1024)).statusCode).toBe(200);
  });

  it('attaches one video to one analysis only, even sent to two at the same moment', async () => {
    const { client } = await member(t());
    const [a, b] = [await keep(client), await keep(client)];
    const blob = await upload(client);
    const answers = await Promise.all(
      [a, b].map((analysis) =>
        client.put(`/api/video_analysis/${analysis.id}/video`, { signed_id: blob.signed_id }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    await postersSettled();
    // Deleting the one that has it leaves the other as it was: without a video.
    const holder = answers[0]!.statusCode === 200 ? a : b;
    const other = holder === a ? b : a;
    expect((await client.delete(`/api/video_analysis/${holder.id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/video_analysis/${other.id}`)).json()).toMatchObject({
      video: null,
    });
  });

  it('deleting the analysis deletes its video and poster', async () => {
    const { client } = await member(t());
    const before = storedFiles(d.dataDir).length;
    const { analysis } = await withVideo(client);
    expect(storedFiles(d.dataDir).length).toBe(before + 2);
    expect((await client.delete(`/api/video_analysis/${analysis.id}`)).statusCode).toBe(204);
    expect(storedFiles(d.dataDir).length).toBe(before);
    expect((await client.get(analysis.video!.url)).statusCode).toBe(404);
  });
});

describe('coach review', () => {
  it('asks a coach, who sees it in their queue, comments, and the member hears it live', async () => {
    const owner = await member(t(), { name: 'Maya Member' });
    const coach = await withRole('coach', 'Carla Coach');
    const otherCoach = await withRole('coach');
    const kept = await keep(owner.client);

    // No video yet: 409.
    const early = await owner.client.post(`/api/video_analysis/${kept.id}/review`, {
      coach_id: coach.user.id,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toHaveProperty('error', 'conflict');

    const { analysis } = await withVideo(owner.client);
    // Not a coach, or oneself: 400.
    const plain = await member(t());
    for (const coach_id of [plain.user.id, owner.user.id, 2_000_000_000, 2_147_483_648]) {
      const res = await owner.client.post(`/api/video_analysis/${analysis.id}/review`, {
        coach_id,
      });
      expect(res.statusCode).toBe(400);
    }
    const asked = await owner.client.post(`/api/video_analysis/${analysis.id}/review`, {
      coach_id: coach.user.id,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<VideoAnalysis>().review).toMatchObject({
      status: 'requested',
      coach: { id: coach.user.id, name: 'Carla Coach' },
    });
    const told = (await coach.client.get('/api/notifications')).json<NotificationPage>();
    expect(told.items[0]).toMatchObject({
      kind: 'video_review_requested',
      title: 'Maya Member asked you to review an exercise video',
      link: `/video-analysis/${analysis.id}`,
    });

    const queue = (await coach.client.get('/api/video_analysis/reviews')).json<VideoAnalysisList>();
    expect(queue.items.map((a) => a.id)).toContain(analysis.id);
    const elsewhere = (
      await otherCoach.client.get('/api/video_analysis/reviews')
    ).json<VideoAnalysisList>();
    expect(elsewhere.items.map((a) => a.id)).not.toContain(analysis.id);
    expect((await otherCoach.client.get(`/api/video_analysis/${analysis.id}`)).statusCode).toBe(
      404,
    );
    expect((await coach.client.get(analysis.video!.url)).statusCode).toBe(200);
    // The coach reviews; only the member acts on the analysis itself.
    expect((await coach.client.delete(`/api/video_analysis/${analysis.id}`)).statusCode).toBe(403);
    expect((await coach.client.delete(`/api/video_analysis/${analysis.id}/video`)).statusCode).toBe(
      403,
    );

    const cable = await openCable(t().app, owner.client);
    await cable.ofType('welcome');
    cable.send({ command: 'subscribe', identifier: notificationsIdentifier });
    await cable.next(
      (f) => f.identifier === notificationsIdentifier && f.type === 'confirm_subscription',
    );
    announced.length = 0;
    const commented = await coach.client.post(`/api/video_analysis/${analysis.id}/comments`, {
      at_s: 2.5,
      body: 'Push the knees out at the bottom.',
    });
    expect(commented.statusCode, commented.body).toBe(201);
    const reviewed = commented.json<VideoAnalysis>();
    expect(reviewed.review.status).toBe('reviewed');
    expect(reviewed.comments).toMatchObject([
      { author: { id: coach.user.id, name: 'Carla Coach' }, at_s: 2.5 },
    ]);

    const live = await cable.next(
      (f) => (f.message as { type?: string } | undefined)?.type === 'notification.created',
    );
    expect(live.message).toMatchObject({
      notification: {
        kind: 'video_review_comment',
        title: 'Carla Coach commented on an exercise video',
        body: 'Back squat: Push the knees out at the bottom.',
        link: `/video-analysis/${analysis.id}`,
      },
    });
    const changed = await cable.next(
      (f) => (f.message as { type?: string } | undefined)?.type === 'video_analysis.changed',
    );
    expect(changed.message).toEqual({ type: 'video_analysis.changed', id: analysis.id });
    cable.close();
    const rows = await t()
      .database.db.select({ kind: notifications.kind })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, owner.user.id),
          eq(notifications.kind, 'video_review_comment'),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(announced).toContainEqual({
      kind: 'video-analysis',
      id: analysis.id,
      userIds: [owner.user.id, coach.user.id],
    });

    // Reviewed ones are in the coach's other list.
    const done = (
      await coach.client.get('/api/video_analysis/reviews?status=reviewed')
    ).json<VideoAnalysisList>();
    expect(done.items.map((a) => a.id)).toContain(analysis.id);

    // The member answers; the coach is told. A comment is deleted by its author only.
    const answer = await owner.client.post(`/api/video_analysis/${analysis.id}/comments`, {
      at_s: 3,
      body: 'Like this?',
    });
    expect(answer.statusCode).toBe(201);
    const coachTold = (await coach.client.get('/api/notifications')).json<NotificationPage>();
    expect(coachTold.items[0]).toMatchObject({ kind: 'video_review_comment' });
    const coachComment = reviewed.comments[0]!.id;
    expect(
      (await owner.client.delete(`/api/video_analysis/${analysis.id}/comments/${coachComment}`))
        .statusCode,
    ).toBe(403);
    const gone = await coach.client.delete(
      `/api/video_analysis/${analysis.id}/comments/${coachComment}`,
    );
    expect(gone.statusCode).toBe(200);
    expect(gone.json<VideoAnalysis>().comments.map((c) => c.body)).toEqual(['Like this?']);
    expect(
      (await coach.client.delete(`/api/video_analysis/${analysis.id}/comments/2000000000`))
        .statusCode,
    ).toBe(404);
  });

  it('an "any coach" request is in every coach’s queue until one comments and takes it', async () => {
    const owner = await member(t());
    const first = await withRole('coach');
    const second = await withRole('coach');
    const { analysis } = await withVideo(owner.client);
    announced.length = 0;
    const asked = await owner.client.post(`/api/video_analysis/${analysis.id}/review`, {});
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<VideoAnalysis>().review).toMatchObject({ status: 'requested', coach: null });
    // Every coach's open queue hears of it (nobody is notified: it is not theirs yet).
    const audienceOf = () =>
      announced.filter((c) => c.kind === 'video-analysis').flatMap((c) => c.userIds);
    expect(audienceOf()).toEqual(
      expect.arrayContaining([owner.user.id, first.user.id, second.user.id]),
    );
    for (const coach of [first, second]) {
      const queue = (
        await coach.client.get('/api/video_analysis/reviews')
      ).json<VideoAnalysisList>();
      expect(queue.items.map((a) => a.id)).toContain(analysis.id);
      expect((await coach.client.get(`/api/video_analysis/${analysis.id}`)).statusCode).toBe(200);
    }
    announced.length = 0;
    const taken = await second.client.post(`/api/video_analysis/${analysis.id}/comments`, {
      at_s: 0.5,
      body: 'Good depth.',
    });
    expect(taken.statusCode).toBe(201);
    expect(taken.json<VideoAnalysis>().review).toMatchObject({
      status: 'reviewed',
      coach: { id: second.user.id },
    });
    // The other coaches' queues hear that it was taken.
    expect(audienceOf()).toEqual(
      expect.arrayContaining([owner.user.id, first.user.id, second.user.id]),
    );
    // Now it is the second coach's alone; later changes go to the member and that coach only.
    announced.length = 0;
    expect(
      (
        await second.client.post(`/api/video_analysis/${analysis.id}/comments`, {
          at_s: 1,
          body: 'Keep the chest up.',
        })
      ).statusCode,
    ).toBe(201);
    expect(audienceOf()).not.toContain(first.user.id);
    expect((await first.client.get(`/api/video_analysis/${analysis.id}`)).statusCode).toBe(404);
    const firstQueue = (
      await first.client.get('/api/video_analysis/reviews')
    ).json<VideoAnalysisList>();
    expect(firstQueue.items.map((a) => a.id)).not.toContain(analysis.id);
    // A coach's own "any coach" request is not in their queue.
    const { analysis: own } = await withVideo(first.client);
    expect((await first.client.post(`/api/video_analysis/${own.id}/review`, {})).statusCode).toBe(
      200,
    );
    const ownQueue = (
      await first.client.get('/api/video_analysis/reviews')
    ).json<VideoAnalysisList>();
    expect(ownQueue.items.map((a) => a.id)).not.toContain(own.id);
    expect(
      (await second.client.get('/api/video_analysis/reviews')).json<VideoAnalysisList>().items,
    ).toEqual(expect.arrayContaining([expect.objectContaining({ id: own.id })]));
    // An admin sees every request.
    const admin = await withRole('admin');
    const all = (
      await admin.client.get('/api/video_analysis/reviews?status=reviewed')
    ).json<VideoAnalysisList>();
    expect(all.items.map((a) => a.id)).toContain(analysis.id);
  });
});
