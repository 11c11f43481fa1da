import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CoachClientDetail,
  CoachClientList,
  LogCommentList,
  MyCoaching,
} from '@fitcoach/shared/coaching';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { DEMO_COACH_COMMENT, seedDemoCoaching } from './demo-coaching';
import { DEMO_PASSWORD } from './demo-users';
import { seedDatabase } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.database.db, { demo: true, force: true });
});
afterAll(async () => {
  await t.close();
});

async function signIn(email: string): Promise<TestClient> {
  const client = await new TestClient(t.app).begin();
  const res = await client.post('/api/auth/sign_in', { email, password: DEMO_PASSWORD });
  expect(res.statusCode).toBe(200);
  return client;
}

describe('the demo coaching', () => {
  it('has Casey coaching Jordan with a comment, and Sam invited; seeded once', async () => {
    // The seed ran it already; running it (or the whole seed) again writes nothing more.
    expect(await seedDemoCoaching(t.app.db)).toBe(false);
    await seedDatabase(t.database.db, { demo: true, force: true });

    const coach = await signIn('coach@example.com');
    const list = (await coach.get('/api/coach/clients')).json<CoachClientList>();
    expect(list.items.map((c) => [c.member.name, c.status])).toEqual([
      ['Jordan Lee', 'active'],
      ['Sam Okafor', 'invited'],
    ]);
    const detail = (
      await coach.get(`/api/coach/clients/${list.items[0]!.id}`)
    ).json<CoachClientDetail>();
    const commented = detail.recent_logs.filter((l) => l.comments.length > 0);
    expect(commented.map((l) => l.comments.map((c) => c.body))).toEqual([[DEMO_COACH_COMMENT]]);

    const jordan = await signIn('jordan@example.com');
    // Jordan trains in pounds: his coach's advice names a load he can put on his bar.
    const me = (await jordan.get('/api/profile')).json<{ measurement_type: string }>();
    expect(me.measurement_type).toBe('imperial');
    expect(DEMO_COACH_COMMENT).not.toMatch(/\bkg\b/);
    expect(DEMO_COACH_COMMENT).toMatch(/\blb\b/);
    const mine = (await jordan.get('/api/coach/mine')).json<MyCoaching>();
    expect(mine.coaches.map((c) => c.coach.name)).toEqual(['Casey Coach']);
    const thread = (
      await jordan.get(`/api/workout_log/${commented[0]!.id}/comments`)
    ).json<LogCommentList>();
    expect(thread.items).toHaveLength(1);

    const sam = await signIn('sam@example.com');
    const samMine = (await sam.get('/api/coach/mine')).json<MyCoaching>();
    expect(samMine.invitations.map((i) => i.coach.name)).toEqual(['Casey Coach']);
  });
});
