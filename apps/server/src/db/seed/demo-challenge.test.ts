import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChallengeDetail,
  ChallengeList,
  Leaderboard,
  SubmissionList,
} from '@fitcoach/shared/challenges';
import { DiskStorage } from '../../plugins/storage';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { tempDataDir } from '../../test/uploads';
import { seedDemoChallenge } from './demo-challenge';
import { DEMO_PASSWORD } from './demo-users';
import { seedDatabase } from './seed';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = tempDataDir();
  t = await createTestApp({ DATA_DIR: dataDir });
  await seedDatabase(t.database.db, { demo: true, force: true });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(email: string): Promise<TestClient> {
  const client = await new TestClient(t.app).begin();
  const res = await client.post('/api/auth/sign_in', { email, password: DEMO_PASSWORD });
  expect(res.statusCode).toBe(200);
  return client;
}

describe('the demo challenge', () => {
  it('is active, with an approved proof and one waiting in the coach’s queue; seeded once', async () => {
    if (!(t.app.storage instanceof DiskStorage)) throw new Error('expected disk storage');
    expect(await seedDemoChallenge(t.app.db, t.app.storage)).toBe(true);
    expect(await seedDemoChallenge(t.app.db, t.app.storage)).toBe(false);

    const maya = await signIn('maya@example.com');
    const active = (await maya.get('/api/challenge?tab=active')).json<ChallengeList>();
    expect(active.items.map((c) => c.title)).toEqual(['Two-week strength kickoff']);
    const id = active.items[0]!.id;
    const detail = (await maya.get(`/api/challenge/${id}`)).json<ChallengeDetail>();
    expect(detail).toMatchObject({ status: 'active', joined: true, completed_count: 1 });
    expect(detail.requirements.map((r) => r.submission?.status)).toEqual(['pending', 'approved']);

    const coach = await signIn('coach@example.com');
    const queue = (
      await coach.get(`/api/challenge/${id}/submissions?status=pending`)
    ).json<SubmissionList>();
    expect(queue.items.map((s) => s.member.name)).toEqual(['Maya Rivera']);
    const proof = await coach.get(queue.items[0]!.proof!.url);
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('image/png');
    expect(proof.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const board = (await coach.get(`/api/challenge/${id}/leaderboard`)).json<Leaderboard>();
    expect(board.entries.map((e) => [e.member.name, e.completed])).toEqual([
      ['Jordan Lee', 1],
      ['Maya Rivera', 1],
      ['Sam Okafor', 0],
    ]);

    // The pending proof can be reviewed like any other: Maya then has both done.
    const approved = await coach.post(`/api/challenge/submissions/${queue.items[0]!.id}/review`, {
      decision: 'approve',
    });
    expect(approved.statusCode).toBe(200);
    const after = (await maya.get(`/api/challenge/${id}`)).json<ChallengeDetail>();
    expect(after.completed_count).toBe(2);
  });
});
