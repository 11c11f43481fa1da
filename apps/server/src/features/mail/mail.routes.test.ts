import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMailPageSchema } from '@fitcoach/shared/invitations';
import { adminMember, createTestApp, member, TestClient, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const unique = () => `${Math.random().toString(36).slice(2, 10)}@example.net`;

describe('GET /api/admin/outbox', () => {
  it('answers the outbox a page at a time, newest first, as /api/admin/mail still does', async () => {
    const inviter = await member(t);
    const emails = [unique(), unique(), unique()];
    for (const email of emails) {
      const res = await inviter.client.post('/api/profile/invite_friend', { name: 'Zed', email });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await inviter.client.get('/api/admin/outbox')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/admin/outbox')).statusCode).toBe(401);

    const boss = await adminMember(t);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/outbox?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await boss.client.get(url);
      expect(res.statusCode, res.body).toBe(200);
      const page = adminMailPageSchema.strict().parse(res.json());
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((m) => m.to_address));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.slice(0, 3)).toEqual([...emails].reverse());

    // The former address answers the same page.
    const old = await boss.client.get('/api/admin/mail?limit=3');
    const now = await boss.client.get('/api/admin/outbox?limit=3');
    expect(old.json()).toEqual(now.json());
    for (const bad of ['?limit=0', '?limit=101', '?cursor=garbage']) {
      expect((await boss.client.get(`/api/admin/outbox${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe('the admin lists', () => {
  it('each answers a page of items: users, audit log, reports, outbox', async () => {
    const boss = await adminMember(t);
    for (const url of [
      '/api/admin/users?limit=1',
      '/api/admin/audit?limit=1',
      '/api/admin/reports?limit=1',
      '/api/admin/outbox?limit=1',
    ]) {
      const res = await boss.client.get(url);
      expect(res.statusCode, url).toBe(200);
      const body = res.json<Record<string, unknown>>();
      expect(Object.keys(body).sort(), url).toEqual(['items', 'next_cursor']);
      expect(Array.isArray(body.items), url).toBe(true);
    }
  });
});
