import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DietChangeResult,
  DietDetail,
  DietList,
  DietVersionList,
} from '@fitcoach/shared/diets';
import { virtualTrainerRequestSchema } from '@fitcoach/shared/virtual-trainer';
import { sharedDiets } from '../../db/schema/coach';
import { findUserById } from '../users/users.service';
import { toViewer } from '../../lib/viewer';
import {
  befriend,
  createTestApp,
  member,
  type TestApp,
  type TestClient,
} from '../../test/test-app';
import { generateDiet } from './diets.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function dietFor(userId: number, extra: Record<string, unknown> = {}) {
  const user = (await findUserById(t.database.db, userId))!;
  const request = virtualTrainerRequestSchema.parse({
    trainer_action: 'diet',
    gender: 'female',
    age: 30,
    meal_preference: 'omnivore',
    seed: 11,
    ...extra,
    ...(extra.age === null ? { age: 30 } : {}),
  });
  // The schema requires age for `diet`; the service still falls back to the birth date when a
  // caller (the lead's trainer route for other actions) has none.
  if (extra.age === null) delete request.age;
  return generateDiet(t.app.ctx, toViewer(user), request);
}

const put = (client: TestClient, id: number, change_request: unknown) =>
  client.put(`/api/diet/${id}`, { change_request });

describe('generateDiet', () => {
  it('saves a diet meeting its targets, with profile fallbacks named in the notes', async () => {
    const a = await member(t);
    const { diet_id, notes } = await dietFor(a.user.id, {
      age: null,
      meal_preference: 'vegan',
    });
    expect(notes.join(' ')).toMatch(/birth date/);
    expect(notes.join(' ')).toMatch(
      /Weight \(64.5 kg\) and height \(170 cm\) come from your profile/,
    );
    expect(notes.join(' ')).toMatch(/planned for 3 sessions a week of 45 minutes/);
    expect(notes.join(' ')).toMatch(/Workout goal from your profile: /);
    const res = await a.client.get(`/api/diet/${diet_id}`);
    expect(res.statusCode).toBe(200);
    const diet = res.json<DietDetail>();
    expect(diet.meal_preference).toBe('vegan');
    expect(diet.is_owner).toBe(true);
    expect(Math.abs(diet.totals.kcal - diet.targets.kcal)).toBeLessThanOrEqual(
      diet.targets.kcal * 0.05,
    );
    expect(diet.meals.map((m) => m.meal)).toEqual(['breakfast', 'lunch', 'dinner', 'snack']);
    for (const item of diet.meals.flatMap((m) => m.items)) {
      expect(item.serving_label).not.toBe('');
      expect(item.servings).toBeGreaterThan(0);
    }
    const versions = (await a.client.get(`/api/diet/${diet_id}/versions`)).json<DietVersionList>();
    expect(versions.items).toHaveLength(1);
  });

  it('is deterministic for the same inputs and seed', async () => {
    const a = await member(t);
    const one = (
      await a.client.get(`/api/diet/${(await dietFor(a.user.id)).diet_id}`)
    ).json<DietDetail>();
    const two = (
      await a.client.get(`/api/diet/${(await dietFor(a.user.id)).diet_id}`)
    ).json<DietDetail>();
    expect(two.meals).toEqual(one.meals);
  });
});

describe('GET /api/diet and /api/diet/:id', () => {
  it('lists mine and those shared with me; hides others’ (404)', async () => {
    const a = await member(t);
    const b = await member(t);
    const c = await member(t);
    await befriend(t, a.user.id, b.user.id);
    const { diet_id } = await dietFor(a.user.id);
    expect((await b.client.get(`/api/diet/${diet_id}`)).statusCode).toBe(404);
    expect((await b.client.get('/api/diet')).json<DietList>().items).toEqual([]);
    const share = await a.client.post('/api/diet/share_diet', { friend_id: b.user.id, diet_id });
    expect(share.statusCode).toBe(200);
    expect(share.json()).toMatchObject({ status: 'shared' });
    const listed = (await b.client.get('/api/diet')).json<DietList>().items;
    expect(listed.map((d) => d.id)).toEqual([diet_id]);
    expect(listed[0]!.shared_with_me).toBe(true);
    const seen = await b.client.get(`/api/diet/${diet_id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<DietDetail>().is_owner).toBe(false);
    expect((await c.client.get(`/api/diet/${diet_id}`)).statusCode).toBe(404);
    expect((await a.client.get('/api/diet')).json<DietList>().items[0]!.shared_with_me).toBe(false);
  });

  it('rejects a bad id (400) and a signed-out reader (401)', async () => {
    const a = await member(t);
    expect((await a.client.get('/api/diet/abc')).statusCode).toBe(400);
    expect((await a.client.get('/api/diet/999999')).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: '/api/diet' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/diet/:id', () => {
  it('applies "no dairy and 1800 kcal", keeps a version and answers a diff', async () => {
    const a = await member(t);
    const { diet_id } = await dietFor(a.user.id);
    const res = await put(a.client, diet_id, 'no dairy and 1800 kcal');
    expect(res.statusCode).toBe(200);
    const body = res.json<DietChangeResult>();
    expect(body.diet.targets.kcal).toBe(1800);
    expect(body.diet.version).toBe(2);
    expect(body.diet.exclusions).toEqual(['dairy']);
    expect(body.diet.meals.flatMap((m) => m.items).some((i) => i.category === 'dairy')).toBe(false);
    expect(body.diff.targets_after.kcal).toBe(1800);
    expect(body.diff.targets_before.kcal).not.toBe(1800);
    expect(body.diff.items.length).toBeGreaterThan(0);
    expect(body.summary).toMatch(/no dairy/);
    const versions = (await a.client.get(`/api/diet/${diet_id}/versions`)).json<DietVersionList>();
    expect(versions.items.map((v) => v.version)).toEqual([2, 1]);
    expect(versions.items[0]).toMatchObject({
      change_request: 'no dairy and 1800 kcal',
      current: true,
    });
  });

  it('answers 422 naming what it understood when it cannot apply a request', async () => {
    const a = await member(t);
    const { diet_id } = await dietFor(a.user.id);
    const res = await put(a.client, diet_id, 'no dairy and fly me to the moon');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'unprocessable' });
    expect(res.json<{ message: string }>().message).toMatch(/no dairy.*fly me to the moon/);
    const already = await put(a.client, diet_id, 'omnivore');
    expect(already.statusCode).toBe(422);
    expect(already.json<{ message: string }>().message).toMatch(/already omnivore/);
    const spanish = await a.client.request(
      'PUT',
      `/api/diet/${diet_id}`,
      { change_request: '300 kcal' },
      {
        headers: { 'accept-language': 'es' },
      },
    );
    expect(spanish.statusCode).toBe(422);
    expect(spanish.json<{ message: string }>().message).toMatch(/Entendí: un día de 300 kcal/);
    // Nothing was stored for a refused request.
    expect((await a.client.get(`/api/diet/${diet_id}`)).json<DietDetail>().version).toBe(1);
  });

  it('applies Spanish requests in Spanish; a Spanish refusal suggests Spanish that works', async () => {
    const a = await member(t);
    const { diet_id } = await dietFor(a.user.id);
    const es = { headers: { 'accept-language': 'es-ES' } };
    const before = (await a.client.get(`/api/diet/${diet_id}`)).json<DietDetail>();
    expect(before.kcal_override).toBeNull();
    const res = await a.client.request(
      'PUT',
      `/api/diet/${diet_id}`,
      { change_request: 'sin lácteos y 1800 kcal' },
      es,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<DietChangeResult>();
    expect(body.summary).toBe('Cambios: sin lácteos; un día de 1800 kcal.');
    expect(body.diet.exclusions).toEqual(['dairy']);
    expect(body.diet.kcal_override).toBe(1800);
    const refused = await a.client.request(
      'PUT',
      `/api/diet/${diet_id}`,
      { change_request: 'vuela a la luna' },
      es,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(
      /No entendí «vuela a la luna».*«sin lácteos», «más proteína en el desayuno»/,
    );
  });

  it('names every problem of a refused request, one issue each', async () => {
    const a = await member(t);
    const { diet_id } = await dietFor(a.user.id);
    expect((await put(a.client, diet_id, 'no dairy')).statusCode).toBe(200);
    const res = await put(
      a.client,
      diet_id,
      'no dairy and more protein at breakfast and 100000 kcal',
    );
    expect(res.statusCode).toBe(422);
    const body = res.json<{
      error: string;
      message: string;
      issues: { path: string; message: string }[];
    }>();
    expect(body.error).toBe('unprocessable');
    // Numbers as the reader's language writes them (English groups thousands).
    expect(body.message).toMatch(/already has no dairy.*100,000 kcal is outside/);
    expect(body.issues).toEqual([
      { path: 'change_request', message: 'The diet already has no dairy.' },
      {
        path: 'change_request',
        message: '100,000 kcal is outside the 1,200 to 4,500 kcal a day this planner serves.',
      },
    ]);
  });

  it('swap lunch changes lunch only, and the diff and summary say so', async () => {
    const a = await member(t);
    const { diet_id } = await dietFor(a.user.id);
    const res = await put(a.client, diet_id, 'swap lunch');
    expect(res.statusCode).toBe(200);
    const body = res.json<DietChangeResult>();
    const meals = new Set(body.diff.items.map((i) => i.meal));
    expect(meals.has('lunch')).toBe(true);
    if (meals.size === 1) expect(body.summary).toBe('Changed to a different lunch.');
    else expect(body.summary).toMatch(/^Changed to a different lunch\. Amounts at .* changed too/);
    expect(
      body.diff.items.filter((i) => i.meal !== 'lunch').every((i) => i.change === 'changed'),
    ).toBe(true);
  });

  it('validates the body (400), needs CSRF (403) and the owner (403 friend, 404 stranger)', async () => {
    const a = await member(t);
    const b = await member(t);
    const c = await member(t);
    await befriend(t, a.user.id, b.user.id);
    const { diet_id } = await dietFor(a.user.id);
    expect((await put(a.client, diet_id, '')).statusCode).toBe(400);
    expect((await put(a.client, diet_id, 'x'.repeat(501))).statusCode).toBe(400);
    expect((await a.client.put(`/api/diet/${diet_id}`, {})).statusCode).toBe(400);
    expect(
      (await a.client.put(`/api/diet/${diet_id}`, { change_request: 'vegan' }, { csrf: false }))
        .statusCode,
    ).toBe(403);
    await a.client.post('/api/diet/share_diet', { friend_id: b.user.id, diet_id });
    expect((await put(b.client, diet_id, 'vegan')).statusCode).toBe(403);
    expect((await put(c.client, diet_id, 'vegan')).statusCode).toBe(404);
  });
});

describe('PUT /api/diet/:id budget', () => {
  it('answers 429 in the error shape after AI_RATE_LIMIT change requests; others are not held back', async () => {
    const limited = await createTestApp({ AI_RATE_LIMIT: '3' });
    try {
      const owner = async () => {
        const m = await member(limited);
        const user = (await findUserById(limited.database.db, m.user.id))!;
        const request = virtualTrainerRequestSchema.parse({
          trainer_action: 'diet',
          gender: 'female',
          age: 30,
          meal_preference: 'omnivore',
          seed: 3,
        });
        const { diet_id } = await generateDiet(limited.app.ctx, toViewer(user), request);
        return { ...m, dietId: diet_id };
      };
      const a = await owner();
      // A 400 uses none of the budget; a refused (422) request does, as the model read it.
      expect((await put(a.client, a.dietId, '')).statusCode).toBe(400);
      const statuses: number[] = [];
      for (const request of ['1800 kcal', 'more protein at breakfast', 'fly to the moon']) {
        statuses.push((await put(a.client, a.dietId, request)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 422]);
      const refused = await put(a.client, a.dietId, '1700 kcal');
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ error: string }>().error).toBe('rate_limited');
      expect(refused.headers['retry-after']).toBeDefined();
      const b = await owner();
      expect((await put(b.client, b.dietId, '1800 kcal')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/diet/:id/restore', () => {
  it('restores an earlier version as a new one', async () => {
    const a = await member(t);
    const { diet_id } = await dietFor(a.user.id);
    const first = (await a.client.get(`/api/diet/${diet_id}`)).json<DietDetail>();
    expect((await put(a.client, diet_id, 'vegetarian')).statusCode).toBe(200);
    const res = await a.client.post(`/api/diet/${diet_id}/restore`, { version: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json<DietChangeResult>();
    expect(body.diet.version).toBe(3);
    expect(body.diet.meals).toEqual(first.meals);
    expect(body.diet.meal_preference).toBe('omnivore');
    const versions = (await a.client.get(`/api/diet/${diet_id}/versions`)).json<DietVersionList>();
    expect(versions.items[0]).toMatchObject({ version: 3, summary: 'Restored version 1.' });
  });

  it('refuses an unknown (404) or current (422) version, a bad body (400) and a non-owner (403)', async () => {
    const a = await member(t);
    const b = await member(t);
    await befriend(t, a.user.id, b.user.id);
    const { diet_id } = await dietFor(a.user.id);
    expect((await a.client.post(`/api/diet/${diet_id}/restore`, { version: 9 })).statusCode).toBe(
      404,
    );
    expect((await a.client.post(`/api/diet/${diet_id}/restore`, { version: 1 })).statusCode).toBe(
      422,
    );
    // The largest version the column holds is only unknown; one past it was once a 500 (the
    // database refused the value) instead of a 400.
    expect(
      (await a.client.post(`/api/diet/${diet_id}/restore`, { version: 2 ** 31 - 1 })).statusCode,
    ).toBe(404);
    // Only a JSON number names a version: `[1]`, `true` and "1" were once read as version 1.
    for (const version of ['x', [1], true, '1', 1.5, 0, 2 ** 31, 2 ** 53]) {
      const refused = await a.client.post(`/api/diet/${diet_id}/restore`, { version });
      expect(refused.statusCode, JSON.stringify(version)).toBe(400);
      expect(refused.json<{ issues: { message: string }[] }>().issues).toEqual([
        { path: 'version', message: 'Choose a version to restore.' },
      ]);
    }
    await a.client.post('/api/diet/share_diet', { friend_id: b.user.id, diet_id });
    expect((await b.client.post(`/api/diet/${diet_id}/restore`, { version: 1 })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /api/diet/share_diet', () => {
  it('shares once (idempotent) and notifies the friend once', async () => {
    const a = await member(t, { name: 'Diet Sharer' });
    const b = await member(t);
    await befriend(t, a.user.id, b.user.id);
    const { diet_id } = await dietFor(a.user.id);
    for (let i = 0; i < 2; i++) {
      const res = await a.client.post('/api/diet/share_diet', { friend_id: b.user.id, diet_id });
      expect(res.statusCode).toBe(200);
    }
    const rows = await t.database.db
      .select()
      .from(sharedDiets)
      .where(eq(sharedDiets.dietId, diet_id));
    expect(rows).toHaveLength(1);
    const page = (await b.client.get('/api/notifications')).json<{
      items: { kind: string; title: string; link: string }[];
    }>();
    const shared = page.items.filter((n) => n.kind === 'diet_shared');
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatchObject({
      title: 'Diet Sharer shared a diet with you',
      link: `/diets/${diet_id}`,
    });
  });

  it('only to friends, never to blocked members, never yourself, only by the owner', async () => {
    const a = await member(t);
    const b = await member(t);
    const stranger = await member(t);
    await befriend(t, a.user.id, b.user.id);
    const { diet_id } = await dietFor(a.user.id);
    const share = (client: TestClient, friend_id: unknown, id: unknown = diet_id) =>
      client.post('/api/diet/share_diet', { friend_id, diet_id: id });
    const notAFriend = await share(a.client, stranger.user.id);
    expect(notAFriend.statusCode).toBe(403);
    expect((await share(a.client, a.user.id)).statusCode).toBe(422);
    // A missing member is answered as a non-friend, so the answer does not tell who exists.
    const missing = await share(a.client, 99999999);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual(notAFriend.json());
    expect((await share(a.client, 'x')).statusCode).toBe(400);
    expect((await share(a.client, b.user.id, 99999999)).statusCode).toBe(404);
    expect((await share(b.client, a.user.id)).statusCode).toBe(404);
    expect(
      (
        await a.client.post(
          '/api/diet/share_diet',
          { friend_id: b.user.id, diet_id },
          { csrf: false },
        )
      ).statusCode,
    ).toBe(403);
    // Shared, then blocked: the friend no longer sees it and cannot be shared with.
    expect((await share(a.client, b.user.id)).statusCode).toBe(200);
    expect((await a.client.post(`/api/friends/${b.user.id}/block`)).statusCode).toBe(200);
    expect((await b.client.get(`/api/diet/${diet_id}`)).statusCode).toBe(404);
    expect((await share(a.client, b.user.id)).statusCode).toBe(403);
  });
});

describe('POST /api/diet/:id/copy', () => {
  it('gives a friend it was shared with their own diet at version 1 of the current plan, independent of the original', async () => {
    const a = await member(t);
    const b = await member(t);
    await befriend(t, a.user.id, b.user.id);
    const { diet_id } = await dietFor(a.user.id);
    expect((await put(a.client, diet_id, 'no dairy')).statusCode).toBe(200);
    const current = (await a.client.get(`/api/diet/${diet_id}`)).json<DietDetail>();
    expect(current.version).toBe(2);
    // Not shared yet: a 404, as if it did not exist.
    expect((await b.client.post(`/api/diet/${diet_id}/copy`)).statusCode).toBe(404);
    await a.client.post('/api/diet/share_diet', { friend_id: b.user.id, diet_id });

    const res = await b.client.post(`/api/diet/${diet_id}/copy`);
    expect(res.statusCode).toBe(201);
    const copy = res.json<DietDetail>();
    expect(copy.id).not.toBe(diet_id);
    expect(copy).toMatchObject({
      is_owner: true,
      shared_with_me: false,
      version: 1,
      owner: { id: b.user.id },
      title: `${current.title} (copy)`,
      targets: current.targets,
      meals: current.meals,
    });
    const versions = (await b.client.get(`/api/diet/${copy.id}/versions`)).json<DietVersionList>();
    expect(versions.items).toHaveLength(1);
    expect(versions.items[0]!.summary).toBe(`Copied from “${current.title}” (version 2).`);

    // Independent both ways: the copy changes alone, and the original's owner never sees it.
    expect((await put(b.client, copy.id, '1800 kcal')).statusCode).toBe(200);
    const original = (await a.client.get(`/api/diet/${diet_id}`)).json<DietDetail>();
    expect(original.version).toBe(2);
    expect(original.targets).toEqual(current.targets);
    expect((await a.client.get(`/api/diet/${copy.id}`)).statusCode).toBe(404);
    const bList = (await b.client.get('/api/diet')).json<DietList>();
    expect(bList.items.find((d) => d.id === copy.id)).toMatchObject({ shared_with_me: false });
  });

  it("names the copy in the copier's language, as copied workouts, programs and threads are", async () => {
    const a = await member(t);
    const { diet_id } = await dietFor(a.user.id);
    const source = (await a.client.get(`/api/diet/${diet_id}`)).json<DietDetail>();
    const res = await a.client.request('POST', `/api/diet/${diet_id}/copy`, undefined, {
      headers: { 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(201);
    const copy = res.json<DietDetail>();
    expect(copy.title).toBe(`${source.title} (copia)`);
    const versions = (await a.client.get(`/api/diet/${copy.id}/versions`)).json<DietVersionList>();
    expect(versions.items[0]!.summary).toBe(`Copiada de «${source.title}» (versión 1).`);
    // A copy of the copy is named after it, each copy one more step from the source.
    const again = (await a.client.post(`/api/diet/${copy.id}/copy`)).json<DietDetail>();
    expect(again.title).toBe(`${source.title} (copia) (copy)`);
  });

  it('lets the owner copy their own; 404 for a stranger or a missing diet, 400 for a bad id, 403 without CSRF or after a block', async () => {
    const a = await member(t);
    const b = await member(t);
    const stranger = await member(t);
    await befriend(t, a.user.id, b.user.id);
    const { diet_id } = await dietFor(a.user.id);
    const own = await a.client.post(`/api/diet/${diet_id}/copy`);
    expect(own.statusCode).toBe(201);
    expect(own.json<DietDetail>()).toMatchObject({ is_owner: true, version: 1 });
    expect((await stranger.client.post(`/api/diet/${diet_id}/copy`)).statusCode).toBe(404);
    expect((await a.client.post('/api/diet/99999999/copy')).statusCode).toBe(404);
    expect((await a.client.post('/api/diet/x/copy')).statusCode).toBe(400);
    expect((await a.client.post(`/api/diet/${diet_id}/copy`, {}, { csrf: false })).statusCode).toBe(
      403,
    );
    await a.client.post('/api/diet/share_diet', { friend_id: b.user.id, diet_id });
    expect((await b.client.post(`/api/friends/${a.user.id}/block`)).statusCode).toBe(200);
    expect((await b.client.post(`/api/diet/${diet_id}/copy`)).statusCode).toBe(404);
  });
});
