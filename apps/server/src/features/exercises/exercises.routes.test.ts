import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/test-app';
import { createTestApp, member, type TestApp } from '../../test/test-app';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  ({ client } = await member(t));
});
afterAll(async () => {
  await t.close();
});

interface ExercisePage {
  items: {
    id: number;
    name: string;
    description: string;
    tags: { id: number; slug: string }[];
    kind: string;
  }[];
  next_cursor: string | null;
  tag_id?: number | null;
}

describe('GET /api/exercise', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/exercise' });
    expect(res.statusCode).toBe(401);
  });

  it('pages through the whole library by name', async () => {
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await client.get(`/api/exercise?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json<ExercisePage>();
      names.push(...page.items.map((i) => i.name));
      cursor = page.next_cursor;
    } while (cursor);
    expect(names.length).toBeGreaterThanOrEqual(150);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
  });

  it('searches by text and filters by tag', async () => {
    const squat = (await client.get('/api/exercise?q=squat')).json<ExercisePage>();
    expect(squat.items.length).toBeGreaterThan(0);
    expect(squat.items.every((i) => /squat/i.test(`${i.name} ${i.description}`))).toBe(true);
    const tags = (await client.get('/api/tags')).json<{ items: { id: number; slug: string }[] }>();
    const core = tags.items.find((tg) => tg.slug === 'core')!;
    const page = (
      await client.get(`/api/exercise?tag_id=${core.id}&limit=100`)
    ).json<ExercisePage>();
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((i) => i.tags.some((tg) => tg.id === core.id))).toBe(true);
    // Wildcards in the search are taken literally.
    expect((await client.get('/api/exercise?q=%25%25%25')).json<ExercisePage>().items).toEqual([]);
  });

  it('answers 400 for a bad cursor or limit', async () => {
    expect((await client.get('/api/exercise?cursor=garbage')).statusCode).toBe(400);
    expect((await client.get('/api/exercise?limit=1000')).statusCode).toBe(400);
    expect((await client.get('/api/exercise?tag_id=abc')).statusCode).toBe(400);
  });
});

describe('POST /api/exercise/filter', () => {
  it('filters by tag_id, and an empty tag_id clears the filter', async () => {
    const tags = (await client.get('/api/tags')).json<{ items: { id: number; slug: string }[] }>();
    const boxing = tags.items.find((tg) => tg.slug === 'boxing')!;
    const filtered = await client.post('/api/exercise/filter', { tag_id: boxing.id });
    expect(filtered.statusCode).toBe(200);
    const body = filtered.json<ExercisePage>();
    expect(body.tag_id).toBe(boxing.id);
    expect(body.items.every((i) => i.tags.some((tg) => tg.id === boxing.id))).toBe(true);

    const cleared = (
      await client.post('/api/exercise/filter', { tag_id: '' })
    ).json<ExercisePage>();
    expect(cleared.tag_id).toBeNull();
    expect(cleared.items.some((i) => !i.tags.some((tg) => tg.id === boxing.id))).toBe(true);
    expect((await client.post('/api/exercise/filter', { tag_id: null })).statusCode).toBe(200);
  });

  it('needs the CSRF token and a valid tag_id', async () => {
    expect(
      (await client.post('/api/exercise/filter', { tag_id: '' }, { csrf: false })).statusCode,
    ).toBe(403);
    expect((await client.post('/api/exercise/filter', { tag_id: 'x' })).statusCode).toBe(400);
    expect((await client.post('/api/exercise/filter', {})).statusCode).toBe(400);
  });
});

describe('GET /api/exercise/:id', () => {
  it('answers the how-to steps, muscles and video field', async () => {
    const first = (await client.get('/api/exercise?limit=1')).json<ExercisePage>().items[0]!;
    const res = await client.get(`/api/exercise/${first.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<{
      steps: string[];
      secondary_muscles: string[];
      video_url: string | null;
    }>();
    expect(detail.steps.length).toBeGreaterThanOrEqual(3);
    expect(detail).toHaveProperty('video_url');
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    expect((await client.get('/api/exercise/999999')).statusCode).toBe(404);
    expect((await client.get('/api/exercise/abc')).statusCode).toBe(400);
  });
});
