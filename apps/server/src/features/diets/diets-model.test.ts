import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DietChangeResult, DietDetail, DietFood } from '@fitcoach/shared/diets';
import { virtualTrainerRequestSchema } from '@fitcoach/shared/virtual-trainer';
import { say } from '../../coach/coach-text';
import { parseChangeRequest } from '../../coach/providers/local/diet-changes';
import { localFoodPicker } from '../../coach/providers/local/diet-planner';
import { toViewer } from '../../lib/viewer';
import {
  startOpenAiTestServer,
  type OpenAiTestServer,
  type ReceivedRequest,
  type ScriptedReply,
} from '../../test/openai-test-server';
import { createTestApp, member, type TestApp, type TestClient } from '../../test/test-app';
import { findUserById } from '../users/users.service';
import { listFoods } from './diets.repository';
import { generateDiet } from './diets.service';

/** `PUT /api/diet/:id` with AI_PROVIDER=openai, against the in-process OpenAI-compatible server. */
let t: TestApp;
let model: OpenAiTestServer;
let foods: DietFood[];

beforeAll(async () => {
  model = await startOpenAiTestServer();
  t = await createTestApp({
    AI_PROVIDER: 'openai',
    OPENAI_BASE_URL: model.baseURL,
    OPENAI_MODEL: 'test-model',
    OPENAI_TIMEOUT_MS: '1500',
    OPENAI_MAX_RETRIES: '0',
  });
  foods = await listFoods(t.database.db);
});
afterAll(async () => {
  await Promise.all([t.close(), model.close()]);
});
beforeEach(() => {
  model.reset();
});

/** An omnivore day made by the local picker (no model call), owned by a new member. */
async function memberWithDiet(): Promise<{ client: TestClient; dietId: number }> {
  const { client, user } = await member(t);
  const found = (await findUserById(t.database.db, user.id))!;
  const request = virtualTrainerRequestSchema.parse({
    trainer_action: 'diet',
    gender: 'female',
    age: 30,
    meal_preference: 'omnivore',
    seed: 11,
  });
  const { diet_id } = await generateDiet(t.app.ctx, toViewer(found), request, localFoodPicker);
  return { client, dietId: diet_id };
}

const put = (client: TestClient, id: number, change_request: string) =>
  client.put(`/api/diet/${id}`, { change_request });

const answer = (value: unknown): ScriptedReply => ({
  kind: 'text',
  content: JSON.stringify(value),
});

const isDairy = (foodId: number) => foods.find((f) => f.id === foodId)?.category === 'dairy';

/** The day's totals from the food table, whatever any answer claimed. */
function tableTotals(diet: DietDetail) {
  const byId = new Map(foods.map((f) => [f.id, f]));
  let kcal = 0;
  let protein = 0;
  for (const item of diet.meals.flatMap((m) => m.items)) {
    const food = byId.get(item.food_id)!;
    kcal += (food.kcal * item.grams) / 100;
    protein += (food.protein_g * item.grams) / 100;
  }
  return { kcal, protein };
}

const userPrompt = (request: ReceivedRequest) => {
  const content = request.body.messages.find((m) => m.role === 'user')?.content;
  return typeof content === 'string' ? content : '';
};

describe('diet change requests read by the model', () => {
  it('applies a phrasing the local parser does not understand, in any language', async () => {
    const { client, dietId } = await memberWithDiet();
    const before = (await client.get(`/api/diet/${dietId}`)).json<DietDetail>();
    expect(before.meals.flatMap((m) => m.items).some((i) => isDairy(i.food_id))).toBe(true);

    const english = 'Could you take out anything that comes from a cow’s udder?';
    expect(parseChangeRequest(english, foods).unknown).not.toEqual([]);
    model.reply(answer({ changes: [{ type: 'exclude', exclusion: 'dairy' }] }));
    const res = await put(client, dietId, english);
    expect(res.statusCode).toBe(200);
    const body = res.json<DietChangeResult>();
    expect(body.diet.exclusions).toEqual(['dairy']);
    expect(body.diet.meals.flatMap((m) => m.items).some((i) => isDairy(i.food_id))).toBe(false);
    expect(body.summary).toBe('Changed to no dairy.');
    expect(body.notes).toEqual([
      'Request read by the AI model (test-model); foods, grams and totals computed by FitCoach.',
    ]);
    // The model got the member's words, the day and the food table to choose ids from.
    expect(model.requests).toHaveLength(1);
    const prompt = userPrompt(model.requests[0]!);
    expect(prompt).toContain(JSON.stringify(english));
    expect(prompt).toContain('The current day: omnivore');
    expect(prompt).toContain(`${foods[0]!.id}: ${foods[0]!.name}`);

    const german = 'Bitte nur 1900 Kalorien am Tag und mehr Eiweiß zum Frühstück';
    expect(parseChangeRequest(german, foods).unknown).not.toEqual([]);
    model.reply(
      answer({
        changes: [
          { type: 'kcal', kcal: 1900 },
          { type: 'protein', direction: 'more', meal: 'breakfast' },
        ],
        not_applicable: [],
      }),
    );
    const second = await put(client, dietId, german);
    expect(second.statusCode).toBe(200);
    const changed = second.json<DietChangeResult>();
    expect(changed.diet.targets.kcal).toBe(1900);
    expect(changed.diet.protein_focus).toEqual(['breakfast']);
    expect(changed.diet.version).toBe(3);
  });

  it('ignores the numbers a model claims: the day is what the local engine makes of the operations', async () => {
    const one = await memberWithDiet();
    const two = await memberWithDiet();
    // The same operations, once with invented totals and grams around them, once bare.
    model.reply(
      answer({
        changes: [{ type: 'kcal', kcal: 2100, total_kcal: 2100, protein_g: 400 }],
        totals: { kcal: 2100, protein_g: 400, carbs_g: 1, fat_g: 1 },
        meals: [{ meal: 'breakfast', items: [{ food_id: foods[0]!.id, grams: 5000 }] }],
      }),
      answer({ changes: [{ type: 'kcal', kcal: 2100 }] }),
    );
    const claimed = (
      await put(one.client, one.dietId, 'twenty-one hundred a day')
    ).json<DietChangeResult>();
    const bare = (
      await put(two.client, two.dietId, 'twenty-one hundred a day')
    ).json<DietChangeResult>();
    expect(claimed.diet.meals).toEqual(bare.diet.meals);
    expect(claimed.diet.targets).toEqual(bare.diet.targets);
    const totals = tableTotals(claimed.diet);
    expect(claimed.diet.totals.kcal).toBeCloseTo(totals.kcal, 0);
    expect(claimed.diet.totals.protein_g).toBeCloseTo(totals.protein, 0);
    expect(claimed.diet.totals.protein_g).toBeLessThan(300);
    expect(Math.abs(claimed.diet.totals.kcal - 2100)).toBeLessThanOrEqual(2100 * 0.05);
    expect(claimed.diet.meals.flatMap((m) => m.items).every((i) => i.grams < 5000)).toBe(true);
  });

  it('repairs malformed JSON and unknown food ids once, and uses the repaired answer', async () => {
    const { client, dietId } = await memberWithDiet();
    model.reply(
      { kind: 'text', content: '{"changes": [' },
      answer({ changes: [{ type: 'swap', meal: 'lunch' }] }),
    );
    const swapped = await put(client, dietId, 'lunch is boring, give me something else');
    expect(swapped.statusCode).toBe(200);
    expect(model.requests).toHaveLength(2);
    expect(JSON.stringify(model.requests[1]!.body.messages)).toContain('not valid JSON');
    expect(swapped.json<DietChangeResult>().summary).toBe('Changed to a different lunch.');
    expect(swapped.json<DietChangeResult>().notes[0]).toMatch(/read by the AI model/);

    model.reset();
    const diet = (await client.get(`/api/diet/${dietId}`)).json<DietDetail>();
    const eaten = diet.meals[0]!.items[0]!;
    model.reply(
      answer({ changes: [{ type: 'exclude_food', word: 'that one', food_ids: [987654] }] }),
      answer({ changes: [{ type: 'exclude_food', word: 'that one', food_ids: [eaten.food_id] }] }),
    );
    const res = await put(client, dietId, 'not the first thing at breakfast please');
    expect(res.statusCode).toBe(200);
    expect(model.requests).toHaveLength(2);
    expect(JSON.stringify(model.requests[1]!.body.messages)).toContain(
      '987654 is not one of the candidates',
    );
    const body = res.json<DietChangeResult>();
    expect(body.summary).toBe('Changed to no that one.');
    expect(body.diet.meals.flatMap((m) => m.items.map((i) => i.food_id))).not.toContain(
      eaten.food_id,
    );
  });

  it('falls back to the local parser with a notice when the answer stays invalid', async () => {
    const { client, dietId } = await memberWithDiet();
    const unknown = answer({ changes: [{ type: 'exclude_food', word: 'x', food_ids: [424242] }] });
    model.reply(unknown, unknown);
    const res = await put(client, dietId, 'no dairy');
    expect(res.statusCode).toBe(200);
    expect(model.requests).toHaveLength(2);
    const body = res.json<DietChangeResult>();
    expect(body.diet.exclusions).toEqual(['dairy']);
    expect(body.notes).toEqual([
      'The AI model’s answer was not usable. Your request was read by FitCoach’s own parser instead.',
    ]);
  });

  it('falls back to the local parser with a notice on a 500 and a time-out', async () => {
    const { client, dietId } = await memberWithDiet();
    model.reply({ kind: 'status', status: 500 });
    const failed = await put(client, dietId, '1800 kcal');
    expect(failed.statusCode).toBe(200);
    expect(failed.json<DietChangeResult>().diet.targets.kcal).toBe(1800);
    expect(failed.json<DietChangeResult>().notes[0]).toMatch(
      /^The AI model had a problem answering\. .*own parser instead\.$/,
    );

    model.reply({ kind: 'hang' });
    const slow = await put(client, dietId, 'no eggs');
    expect(slow.statusCode).toBe(200);
    expect(slow.json<DietChangeResult>().diet.exclusions).toEqual(['eggs']);
    expect(slow.json<DietChangeResult>().notes[0]).toMatch(/took too long.*own parser instead/);

    // What the local parser cannot read is refused as it always was, and the notice says why
    // the model did not read it.
    model.reply({ kind: 'status', status: 500 });
    const refused = await put(client, dietId, 'Could you take out anything from a cow’s udder?');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^I understood: nothing I can act on\. I could not understand .* The AI model had a problem answering\. Your request was read by FitCoach’s own parser instead\.$/,
    );
    expect((await client.get(`/api/diet/${dietId}`)).json<DietDetail>().version).toBe(3);
  });

  it('words its fallback notices from the coach catalogue, as generation does, in every language', async () => {
    const { client, dietId } = await memberWithDiet();
    const es = { headers: { 'accept-language': 'es-ES' } };
    const change = (change_request: string) =>
      client.request('PUT', `/api/diet/${dietId}`, { change_request }, es);
    model.reply({ kind: 'status', status: 429 });
    const busy = await change('sin huevos');
    expect(busy.statusCode).toBe(200);
    // The same sentence a Spanish workout, program or answer gets when the model is busy.
    const reason = say('es', 'model.failure.rate_limited');
    expect(reason).toBe(
      'El modelo de IA está ocupado ahora mismo; vuelve a intentarlo en un momento.',
    );
    expect(busy.json<DietChangeResult>().notes).toEqual([
      `${reason} Tu petición la ha leído el propio intérprete de FitCoach.`,
    ]);
  });

  it('answers what it understood when the model marks part of a request as not applicable', async () => {
    const { client, dietId } = await memberWithDiet();
    model.reply(
      answer({
        changes: [{ type: 'exclude', exclusion: 'dairy' }],
        not_applicable: ['make it cheaper'],
      }),
    );
    const res = await put(client, dietId, 'no dairy and make it cheaper');
    expect(res.statusCode).toBe(422);
    const error = res.json<{ message: string; issues: { path: string; message: string }[] }>();
    expect(error.message).toBe(
      'I understood: no dairy. I cannot change “make it cheaper” in a diet plan: I can set the calories, change the meal preference, leave out foods or food groups, move protein and swap meals.',
    );
    expect(error.issues).toEqual([{ path: 'change_request', message: expect.any(String) }]);

    // In the member's language, like every refusal.
    model.reply(answer({ changes: [], not_applicable: ['añade una quinta comida'] }));
    const nothing = await client.request(
      'PUT',
      `/api/diet/${dietId}`,
      { change_request: 'añade una quinta comida' },
      { headers: { 'accept-language': 'es-ES' } },
    );
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json<{ message: string }>().message).toMatch(
      /^Entendí: nada que pueda aplicar\. No puedo cambiar «añade una quinta comida» en un plan de dieta/,
    );

    // And a fallback notice too.
    model.reply({ kind: 'status', status: 500 });
    const fallback = await client.request(
      'PUT',
      `/api/diet/${dietId}`,
      { change_request: 'sin lácteos' },
      { headers: { 'accept-language': 'es-ES' } },
    );
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json<DietChangeResult>().notes).toEqual([
      'El modelo de IA tuvo un problema al responder. Tu petición la ha leído el propio intérprete de FitCoach.',
    ]);
    // Nothing was applied but the last, valid request.
    const versions = (await client.get(`/api/diet/${dietId}/versions`)).json<{
      items: { change_request: string }[];
    }>();
    expect(versions.items.map((v) => v.change_request)).toEqual(['sin lácteos', '']);
  });
});
