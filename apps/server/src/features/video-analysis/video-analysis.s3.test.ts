import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectUploadAnswer } from '@fitcoach/shared/uploads';
import type { VideoAnalysis } from '@fitcoach/shared/video-analysis';
import { S3Storage } from '../../plugins/storage';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { createTestApp, member, type TestApp } from '../../test/test-app';
import { declareFile, testVideo } from '../../test/uploads';
import { squatSummary } from '../../test/video-analysis';
import { postersSettled } from './video-analysis.service';

let s3: TestS3Server;
let t: TestApp;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp(s3.env);
  if (!(t.app.storage instanceof S3Storage)) throw new Error('expected S3 storage');
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

/** The browser's PUT to the presigned url, with the headers the declaration answered. */
function putToBucket(answer: DirectUploadAnswer, body: Buffer) {
  return fetch(answer.direct_upload.url, {
    method: 'PUT',
    headers: answer.direct_upload.headers,
    body,
  });
}

describe('an analysis video in a bucket', () => {
  it('checks the bytes in the bucket, makes the poster from a presigned url and stores it there', async () => {
    const { client } = await member(t);
    const kept = await client.post('/api/video_analysis', {
      exercise_name: 'Squat',
      summary: squatSummary(),
    });
    expect(kept.statusCode).toBe(201);
    const id = kept.json<VideoAnalysis>().id;

    const video = await testVideo('mp4', 2);
    const answer = await declareFile(client, video, {
      purpose: 'exercise_video',
      contentType: 'video/mp4',
      filename: 'squat.mp4',
    });
    expect((await putToBucket(answer, video)).status).toBe(200);
    const attached = await client.put(`/api/video_analysis/${id}/video`, {
      signed_id: answer.signed_id,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    await postersSettled();

    const read = (await client.get(`/api/video_analysis/${id}`)).json<VideoAnalysis>();
    expect(read.video?.poster_url).toMatch(/^\/api\/video_analysis\/\d+\/poster\?v=\d+$/);
    const poster = await client.get(read.video!.poster_url!);
    expect(poster.statusCode).toBe(302);
    const jpeg = Buffer.from(await (await fetch(String(poster.headers.location))).arrayBuffer());
    expect([...jpeg.subarray(0, 2)]).toEqual([0xff, 0xd8]);

    const played = await client.get(read.video!.url);
    expect(played.statusCode).toBe(302);
    const bytes = Buffer.from(await (await fetch(String(played.headers.location))).arrayBuffer());
    expect(bytes.equals(video)).toBe(true);

    // Deleting the analysis deletes both objects.
    expect((await client.delete(`/api/video_analysis/${id}`)).statusCode).toBe(204);
    expect((await fetch(String(poster.headers.location))).status).toBe(404);
    expect((await fetch(String(played.headers.location))).status).toBe(404);
  });
});
