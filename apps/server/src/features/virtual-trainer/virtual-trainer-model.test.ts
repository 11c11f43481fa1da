import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DietDetail } from '@fitcoach/shared/diets';
import type { ProgramDetail } from '@fitcoach/shared/programs';
import type { VirtualTrainerResult } from '@fitcoach/shared/virtual-trainer';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { diets, programs } from '../../db/schema/coach';
import { exercises } from '../../db/schema/reference';
import {
  startOpenAiTestServer,
  type OpenAiTestServer,
  type ReceivedRequest,
  type ScriptedReply,
} from '../../test/openai-test-server';
import { createTestApp, member, type TestApp, type TestClient } from '../../test/test-app';

/** Workouts, programs and diets with AI_PROVIDER=openai, against the in-process server. */
let t: TestApp;
let model: OpenAiTestServer;

beforeAll(async () => {
  model = await startOpenAiTestServer();
  t = await createTestApp({
    AI_PROVIDER: 'openai',
    OPENAI_BASE_URL: model.baseURL,
    OPENAI_MODEL: 'test-model',
    OPENAI_TIMEOUT_MS: '1500',
    OPENAI_MAX_RETRIES: '0',
  });
});
afterAll(async () => {
  await Promise.all([t.close(), model.close()]);
});
beforeEach(() => {
  model.reset();
});

const ask = (client: TestClient, body: Record<string, unknown>) =>
  client.post('/api/virtual_trainer', body);

/** The request's prompt as sent: the user message (slots, then the candidate lists). */
function promptOf(request: ReceivedRequest): string {
  const content = request.body.messages.find((m) => m.role === 'user')?.content;
  return typeof content === 'string' ? content : '';
}

/** The candidate lists sent with a request, by list name, ids in the order given. */
function candidateLists(request: ReceivedRequest): Map<string, number[]> {
  const prompt = promptOf(request);
  const marker = 'Choose only from these candidates (id: name), by id:\n';
  const at = prompt.indexOf(marker);
  expect(at).toBeGreaterThan(-1);
  const lists = new Map<string, number[]>();
  for (const block of prompt.slice(at + marker.length).split('\n\n')) {
    const [name, ...lines] = block.split('\n');
    lists.set(
      name!.replace(/:$/, ''),
      lines.map((l) => Number(l.slice(0, l.indexOf(':')))),
    );
  }
  return lists;
}

/** The slots of each section ("Day 1 (…):" or "breakfast:"), as the list each slot draws on. */
function slotLists(request: ReceivedRequest): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string[] | null = null;
  const prompt = promptOf(request);
  for (const line of prompt.slice(0, prompt.indexOf('Choose only from')).split('\n')) {
    const day = /^Day (\d+) \(/.exec(line);
    const meal = /^(breakfast|lunch|dinner|snack):$/.exec(line);
    if (day || meal) {
      current = [];
      sections.set(day ? day[1]! : meal![1]!, current);
      continue;
    }
    const slot = /^slot \d+: .* list (\w+)/.exec(line);
    if (slot && current) current.push(slot[1]!);
  }
  return sections;
}

/**
 * A model that fills each slot from the far end of its list: the local planner's own picks
 * come first in the exercise lists, so these are choices the local engine did not make.
 */
function pickFromTheEnd(request: ReceivedRequest): Map<string, number[]> {
  const lists = candidateLists(request);
  const picks = new Map<string, number[]>();
  for (const [section, slots] of slotLists(request)) {
    const chosen: number[] = [];
    for (const list of slots) {
      const ids = lists.get(list)!;
      const id = [...ids].reverse().find((i) => !chosen.includes(i))!;
      chosen.push(id);
    }
    picks.set(section, chosen);
  }
  return picks;
}

function sessionAnswer(picks: Map<string, number[]>): ScriptedReply {
  return {
    kind: 'text',
    content: JSON.stringify({
      days: [...picks].map(([day, ids]) => ({ day: Number(day), exercise_ids: ids })),
    }),
  };
}

function dietAnswer(picks: Map<string, number[]>): ScriptedReply {
  return {
    kind: 'text',
    content: JSON.stringify({
      meals: [...picks].map(([meal, ids]) => ({ meal, food_ids: ids })),
    }),
  };
}

const isBookend = (notes: string) => /^(Warm-up|Cool-down)/.test(notes);

const mainIds = (w: WorkoutDetail) =>
  w.groups.filter((g) => !isBookend(g.notes)).flatMap((g) => g.exercises.map((e) => e.exercise_id));

/** Everything but which exercise: what the local rules set. */
const shape = (w: WorkoutDetail) => ({
  minutes: w.estimated_minutes,
  groups: w.groups.map((g) => ({
    kind: g.kind,
    rest: g.rest_seconds,
    items: g.exercises.map((e) => [e.sets, e.reps, e.duration_seconds, e.rest_seconds]),
  })),
});

const quick = {
  trainer_action: 'quick_workout',
  gender: 'female',
  workout_length: 40,
  workout_goal: 'weight_lifting',
  equipment: ['dumbbell', 'bench'],
  seed: 11,
};

async function workoutOf(client: TestClient, result: VirtualTrainerResult) {
  const res = await client.get(`/api/workout/${result.workout_id}`);
  expect(res.statusCode).toBe(200);
  return res.json<WorkoutDetail>();
}

describe('quick workouts with the openai engine', () => {
  it('uses the model’s exercises, only from candidates the member may do, with the local numbers', async () => {
    const { client } = await member(t);
    let picks = new Map<string, number[]>();
    model.reply((req) => {
      picks = pickFromTheEnd(req);
      return sessionAnswer(picks);
    });
    const res = await ask(client, quick);
    expect(res.statusCode).toBe(200);
    const result = res.json<VirtualTrainerResult>();
    expect(model.requests).toHaveLength(1);
    expect(result.notes).toContainEqual(
      expect.stringMatching(/chosen by the AI model \(test-model\)/),
    );
    const withModel = await workoutOf(client, result);
    const chosen = picks.get('1')!;
    expect(chosen.length).toBeGreaterThan(0);
    expect(new Set(mainIds(withModel))).toEqual(new Set(chosen));

    // Every candidate needs only what the member has (dumbbells and a bench; bodyweight and a mat always).
    const offered = [...candidateLists(model.requests[0]!).values()].flat();
    const rows = await t.database.db
      .select({ id: exercises.id, equipment: exercises.equipment })
      .from(exercises)
      .where(inArray(exercises.id, offered));
    expect(rows).toHaveLength(new Set(offered).size);
    for (const r of rows) {
      for (const q of r.equipment) expect(['dumbbell', 'bench', 'bodyweight', 'mat']).toContain(q);
    }

    // The same request when the model fails: the local exercises, the very same structure.
    model.reply({ kind: 'status', status: 500 });
    const local = await ask(client, quick);
    const fallback = local.json<VirtualTrainerResult>();
    expect(fallback.notes).toContainEqual(
      expect.stringMatching(/had a problem answering.*own planner instead/),
    );
    const withoutModel = await workoutOf(client, fallback);
    expect(shape(withModel)).toEqual(shape(withoutModel));
    expect(new Set(mainIds(withoutModel))).not.toEqual(new Set(chosen));
  });

  it('repairs an answer with an unknown id once, and uses the repaired one', async () => {
    const { client } = await member(t);
    let picks = new Map<string, number[]>();
    model.reply(
      (req) => {
        picks = pickFromTheEnd(req);
        const bad = new Map(picks);
        bad.set('1', [987654, ...picks.get('1')!.slice(1)]);
        return sessionAnswer(bad);
      },
      () => sessionAnswer(picks),
    );
    const res = await ask(client, quick);
    const result = res.json<VirtualTrainerResult>();
    expect(model.requests).toHaveLength(2);
    expect(JSON.stringify(model.requests[1]!.body.messages)).toContain(
      '987654 is not one of the candidates',
    );
    expect(new Set(mainIds(await workoutOf(client, result)))).toEqual(new Set(picks.get('1')));
  });

  it('falls back to the local workout with a notice when the ids stay unknown after the repair', async () => {
    const { client } = await member(t);
    const unknown = (req: ReceivedRequest) => {
      const picks = pickFromTheEnd(req);
      return sessionAnswer(new Map([...picks].map(([d, ids]) => [d, ids.map(() => 987654)])));
    };
    model.reply(unknown, unknown);
    const res = await ask(client, quick);
    expect(res.statusCode).toBe(200);
    const result = res.json<VirtualTrainerResult>();
    expect(model.requests).toHaveLength(2);
    expect(result.notes).toContainEqual(
      expect.stringMatching(/answer was not usable.*own planner instead/),
    );
    expect(mainIds(await workoutOf(client, result))).not.toContain(987654);
  });

  it('falls back on malformed JSON, a time-out and a rate limit', async () => {
    const { client } = await member(t);
    model.reply({ kind: 'text', content: '{"days": [' }, { kind: 'text', content: 'not json' });
    const malformed = (await ask(client, quick)).json<VirtualTrainerResult>();
    expect(malformed.notes).toContainEqual(expect.stringMatching(/not usable.*own planner/));
    expect(malformed.workout_id).toEqual(expect.any(Number));

    model.reply({ kind: 'hang' });
    const slow = (await ask(client, quick)).json<VirtualTrainerResult>();
    expect(slow.notes).toContainEqual(expect.stringMatching(/took too long.*own planner/));
    expect(slow.workout_id).toEqual(expect.any(Number));

    model.reply({ kind: 'status', status: 429, retryAfter: 1 });
    const busy = (await ask(client, quick)).json<VirtualTrainerResult>();
    expect(busy.notes).toContainEqual(expect.stringMatching(/busy right now.*own planner/));
  });

  it('says why in the member’s language', async () => {
    const { client } = await member(t);
    client.headers['accept-language'] = 'es';
    model.reply({ kind: 'hang' });
    const slow = (await ask(client, quick)).json<VirtualTrainerResult>();
    expect(slow.notes).toContainEqual(
      'El modelo de IA tardó demasiado en responder. Este entrenamiento lo ha preparado el planificador propio de FitCoach.',
    );
  });
});

describe('programs with the openai engine', () => {
  const request = {
    trainer_action: 'workout',
    gender: 'male',
    age: 35,
    workout_frequency: 3,
    workout_plan_length: 6,
    workout_length: 35,
    workout_goal: 'weight_lifting',
    seed: 5,
  };

  it('asks once for the weekly template and carries the choices through every week', async () => {
    const { client } = await member(t);
    let picks = new Map<string, number[]>();
    model.reply((req) => {
      picks = pickFromTheEnd(req);
      return sessionAnswer(picks);
    });
    const res = await ask(client, request);
    expect(res.statusCode).toBe(200);
    const result = res.json<VirtualTrainerResult>();
    expect(model.requests).toHaveLength(1);
    expect([...slotLists(model.requests[0]!).keys()]).toEqual(['1', '2', '3']);
    expect(result.notes).toContainEqual(expect.stringMatching(/chosen by the AI model/));

    const program = (await client.get(`/api/program/${result.program_id}`)).json<ProgramDetail>();
    expect(program.entries).toHaveLength(18);
    const weekdays = [...new Set(program.entries.map((e) => e.weekday))].sort();
    for (const [k, weekday] of weekdays.entries()) {
      const days = program.entries
        .filter((e) => e.weekday === weekday)
        .sort((a, b) => a.week - b.week);
      const used = await Promise.all(
        days.map(async (e) =>
          mainIds((await client.get(`/api/workout/${e.workout!.id}`)).json<WorkoutDetail>()),
        ),
      );
      // Week 1 is the template the model filled…
      expect(new Set(used[0])).toEqual(new Set(picks.get(String(k + 1))));
      // …and every later week, the deload included, keeps its exercises in the same order (the
      // local progression only changes how many blocks fit).
      for (const week of used.slice(1)) {
        const n = Math.min(week.length, used[0]!.length);
        expect(n).toBeGreaterThan(0);
        expect(week.slice(0, n)).toEqual(used[0]!.slice(0, n));
      }
    }
    const [row] = await t.database.db
      .select({ generatedBy: programs.generatedBy })
      .from(programs)
      .where(eq(programs.id, result.program_id!));
    expect(row?.generatedBy?.provider).toBe('openai');
  });

  it('keeps the local program with a notice when the model fails', async () => {
    const { client } = await member(t);
    model.reply({ kind: 'status', status: 500 });
    const res = await ask(client, request);
    expect(res.statusCode).toBe(200);
    const result = res.json<VirtualTrainerResult>();
    expect(model.requests).toHaveLength(1);
    expect(result.notes).toContainEqual(
      expect.stringMatching(
        /had a problem answering.*This program comes from FitCoach’s own planner/,
      ),
    );
    const [row] = await t.database.db
      .select({ generatedBy: programs.generatedBy })
      .from(programs)
      .where(eq(programs.id, result.program_id!));
    expect(row?.generatedBy?.provider).toBe('local');
    expect(row?.generatedBy?.fallback_notice).toMatch(/had a problem answering/);
  });
});

describe('diets with the openai engine', () => {
  const request = {
    trainer_action: 'diet',
    gender: 'female',
    age: 30,
    workout_frequency: 3,
    workout_length: 45,
    meal_preference: 'vegetarian',
    seed: 9,
  };

  it('uses the model’s foods from the candidate lists, with grams and totals computed locally', async () => {
    const { client } = await member(t);
    let picks = new Map<string, number[]>();
    model.reply((req) => {
      picks = pickFromTheEnd(req);
      return dietAnswer(picks);
    });
    const res = await ask(client, request);
    expect(res.statusCode).toBe(200);
    const result = res.json<VirtualTrainerResult>();
    expect(model.requests).toHaveLength(1);
    expect(result.notes).toContainEqual(expect.stringMatching(/Foods chosen by the AI model/));
    const diet = (await client.get(`/api/diet/${result.diet_id}`)).json<DietDetail>();
    expect(diet.meals.map((m) => m.meal).sort()).toEqual([...picks.keys()].sort());
    for (const meal of diet.meals) {
      const chosen = picks.get(meal.meal)!;
      expect(meal.items.length).toBeGreaterThan(0);
      for (const item of meal.items) expect(chosen).toContain(item.food_id);
    }
    expect(Math.abs(diet.totals.kcal - diet.targets.kcal)).toBeLessThanOrEqual(
      diet.targets.kcal * 0.05,
    );
    const [row] = await t.database.db
      .select({ generatedBy: diets.generatedBy })
      .from(diets)
      .where(eq(diets.id, result.diet_id!));
    expect(row?.generatedBy?.provider).toBe('openai');
  });

  it('repairs unknown food ids once, then keeps the local meals with a notice', async () => {
    const { client } = await member(t);
    const unknown = (req: ReceivedRequest) =>
      dietAnswer(new Map([...pickFromTheEnd(req)].map(([m, ids]) => [m, ids.map(() => 424242)])));
    model.reply(unknown, unknown);
    const res = await ask(client, request);
    expect(res.statusCode).toBe(200);
    const result = res.json<VirtualTrainerResult>();
    expect(model.requests).toHaveLength(2);
    expect(JSON.stringify(model.requests[1]!.body.messages)).toContain(
      '424242 is not one of the candidates',
    );
    expect(result.notes).toContainEqual(
      expect.stringMatching(/not usable.*These meals come from FitCoach’s own planner/),
    );
    const diet = (await client.get(`/api/diet/${result.diet_id}`)).json<DietDetail>();
    expect(diet.meals.flatMap((m) => m.items.map((i) => i.food_id))).not.toContain(424242);
    const [row] = await t.database.db
      .select({ generatedBy: diets.generatedBy })
      .from(diets)
      .where(eq(diets.id, result.diet_id!));
    expect(row?.generatedBy?.provider).toBe('local');
  });

  it('keeps the local meals with a notice on a 500, malformed JSON and a time-out', async () => {
    const { client } = await member(t);
    model.reply({ kind: 'status', status: 500 });
    const failed = (await ask(client, request)).json<VirtualTrainerResult>();
    expect(failed.notes).toContainEqual(expect.stringMatching(/had a problem answering/));
    expect(failed.diet_id).toEqual(expect.any(Number));

    model.reply({ kind: 'text', content: '{"meals": ' }, { kind: 'text', content: '```json\n{' });
    const malformed = (await ask(client, request)).json<VirtualTrainerResult>();
    expect(malformed.notes).toContainEqual(expect.stringMatching(/not usable/));

    model.reply({ kind: 'hang' });
    const slow = (await ask(client, request)).json<VirtualTrainerResult>();
    expect(slow.notes).toContainEqual(expect.stringMatching(/took too long/));
    expect(slow.diet_id).toEqual(expect.any(Number));
  });
});
