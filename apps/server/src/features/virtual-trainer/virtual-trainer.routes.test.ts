import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DietChangeResult, DietDetail } from '@fitcoach/shared/diets';
import type { ProgramDetail } from '@fitcoach/shared/programs';
import type { VirtualTrainerResult } from '@fitcoach/shared/virtual-trainer';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { foodNames, servingLabels } from '../../i18n/food-names';
import { createTestApp, member, TestClient, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  // A small budget so the limit is reached within the test.
  t = await createTestApp({ AI_RATE_LIMIT: '12' });
});
afterAll(async () => {
  await t.close();
});

const ask = (client: TestClient, body: Record<string, unknown>) =>
  client.post('/api/virtual_trainer', body);

describe('POST /api/virtual_trainer', () => {
  it('makes a quick workout the member owns and can open', async () => {
    const { client } = await member(t);
    const response = await ask(client, {
      trainer_action: 'quick_workout',
      gender: 'female',
      workout_length: 30,
      workout_goal: 'hiit',
      seed: 7,
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<VirtualTrainerResult>();
    expect(result.trainer_action).toBe('quick_workout');
    expect(result.workout_id).toEqual(expect.any(Number));
    const workout = await client.get(`/api/workout/${result.workout_id}`);
    expect(workout.statusCode).toBe(200);
    expect(workout.json<WorkoutDetail>().can_edit).toBe(true);
  });

  it('makes a program and a diet, each opened by its id', async () => {
    const { client } = await member(t);
    const program = await ask(client, {
      trainer_action: 'workout',
      gender: 'male',
      age: 35,
      workout_frequency: 2,
      workout_plan_length: 2,
      workout_length: 30,
      workout_goal: 'weight_lifting',
      seed: 3,
    });
    expect(program.statusCode).toBe(200);
    const programId = program.json<VirtualTrainerResult>().program_id;
    expect((await client.get(`/api/program/${programId}`)).statusCode).toBe(200);

    const diet = await ask(client, {
      trainer_action: 'diet',
      gender: 'male',
      age: 35,
      meal_preference: 'vegan',
      seed: 3,
    });
    expect(diet.statusCode).toBe(200);
    const dietId = diet.json<VirtualTrainerResult>().diet_id;
    const opened = await client.get(`/api/diet/${dietId}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<{ meal_preference: string }>().meal_preference).toBe('vegan');
  });

  it('answers a question in a thread, citing entries, and explains an exercise', async () => {
    const { client } = await member(t);
    const answer = await ask(client, {
      trainer_action: 'nutritionist',
      gender: 'female',
      question: 'How much protein should I eat to build muscle?',
    });
    expect(answer.statusCode).toBe(200);
    const answered = answer.json<VirtualTrainerResult>();
    expect(answered.answer).toEqual(expect.any(String));
    expect(answered.citations.length).toBeGreaterThan(0);
    expect((await client.get(`/api/trainer/threads/${answered.thread_id}`)).statusCode).toBe(200);

    const steps = await ask(client, {
      trainer_action: 'quick_exercise',
      gender: 'female',
      exercise_name: 'Goblet squat',
    });
    expect(steps.statusCode).toBe(200);
    expect(steps.json<VirtualTrainerResult>().steps.length).toBeGreaterThan(0);
  });

  it('marks every missing field of the workout action, gender always', async () => {
    const { client } = await member(t);
    const response = await ask(client, { trainer_action: 'workout' });
    expect(response.statusCode).toBe(400);
    const paths = response
      .json<{ issues: { path: string }[] }>()
      .issues.map((i) => i.path)
      .sort();
    expect(paths).toEqual([
      'age',
      'gender',
      'workout_frequency',
      'workout_goal',
      'workout_length',
      'workout_plan_length',
    ]);
  });

  it('refuses numbers of the wrong JSON type instead of reading them as numbers', async () => {
    const { client } = await member(t);
    const program = {
      trainer_action: 'workout',
      gender: 'male',
      age: 30,
      workout_frequency: 3,
      workout_plan_length: 1,
      workout_length: 30,
      workout_goal: 'hiit',
      seed: 1,
    };
    // `true` used to become 1 session a week, `[3]` and "0x3" 3 sessions.
    for (const [field, value] of [
      ['workout_frequency', true],
      ['workout_frequency', [3]],
      ['workout_frequency', '0x3'],
      ['workout_frequency', '3'],
      ['age', '30'],
      ['workout_plan_length', false],
      ['workout_length', [30]],
    ] as const) {
      const response = await ask(client, { ...program, [field]: value });
      expect(response.statusCode, `${field}: ${JSON.stringify(value)}`).toBe(400);
      expect(response.json<{ issues: { path: string }[] }>().issues.map((i) => i.path)).toEqual([
        field,
      ]);
    }
  });

  it('words the equipment and seed issues from the catalogues, in the reader’s language', async () => {
    const { client } = await member(t);
    const quick = {
      trainer_action: 'quick_workout',
      gender: 'female',
      workout_length: 30,
      workout_goal: 'cardio',
    };
    const issueOf = async (body: Record<string, unknown>, language = 'en') => {
      const response = await client.request(
        'POST',
        '/api/virtual_trainer',
        { ...quick, ...body },
        { headers: { 'accept-language': language } },
      );
      expect(response.statusCode).toBe(400);
      const issues = response.json<{ issues: { path: string; message: string }[] }>().issues;
      expect(issues).toHaveLength(1);
      return issues[0];
    };
    expect(await issueOf({ equipment: ['laser'] })).toEqual({
      path: 'equipment.0',
      message: 'Choose equipment from the list.',
    });
    expect(await issueOf({ equipment: 'barbell' })).toEqual({
      path: 'equipment',
      message: 'Choose equipment from the list.',
    });
    const tooMany = Array.from({ length: 1000 }, () => 'barbell');
    expect((await issueOf({ equipment: tooMany }))?.message).toMatch(
      /^Choose each kind of equipment once \(at most \d+\)\.$/,
    );
    for (const seed of [-1, 2 ** 31, 1.5, '7']) {
      expect(await issueOf({ seed })).toEqual({
        path: 'seed',
        message: 'Use a whole number from 0 to 2147483647 as the seed.',
      });
    }
    expect((await issueOf({ equipment: ['laser'] }, 'es'))?.message).toBe(
      'Elige el equipamiento de la lista.',
    );
    expect((await issueOf({ seed: -1 }, 'es'))?.message).toBe(
      'Usa como semilla un número entero de 0 a 2147483647.',
    );
  });

  it('refuses the signed-out and forged requests', async () => {
    const anonymous = await new TestClient(t.app).begin();
    const signedOut = await ask(anonymous, {
      trainer_action: 'quick_exercise',
      gender: 'male',
      exercise_name: 'Push-up',
    });
    expect(signedOut.statusCode).toBe(401);

    const { client } = await member(t);
    const forged = await client.post(
      '/api/virtual_trainer',
      { trainer_action: 'quick_exercise', gender: 'male', exercise_name: 'Push-up' },
      { csrf: false },
    );
    expect(forged.statusCode).toBe(403);
  });

  it('answers 429 in the error shape once a member has used the budget', async () => {
    const { client } = await member(t);
    const body = { trainer_action: 'quick_exercise', gender: 'male', exercise_name: 'Push-up' };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await ask(client, body)).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await ask(client, body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: string; message: string }>().error).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBeDefined();
    // Another member is not held back by the first one's budget.
    const other = await member(t);
    expect((await ask(other.client, body)).statusCode).toBe(200);
  });

  it('counts only valid requests against the budget', async () => {
    const { client } = await member(t);
    const body = { trainer_action: 'quick_exercise', gender: 'male', exercise_name: 'Push-up' };
    // Twice the budget of requests that fail validation use none of it.
    for (let i = 0; i < 24; i++) {
      expect((await ask(client, { ...body, gender: 'robot' })).statusCode).toBe(400);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await ask(client, body)).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await ask(client, body)).statusCode).toBe(429);
  });
});

describe('POST /api/virtual_trainer in the member’s language', () => {
  /** A member whose app is in `language`: every request says so, as the web app does. */
  async function speaker(language: string) {
    const { client } = await member(t);
    client.headers['accept-language'] = language;
    return client;
  }
  const workoutOf = async (client: TestClient, body: Record<string, unknown>) => {
    const made = await ask(client, body);
    expect(made.statusCode).toBe(200);
    const result = made.json<VirtualTrainerResult>();
    const workout = (await client.get(`/api/workout/${result.workout_id}`)).json<WorkoutDetail>();
    return { result, workout };
  };

  it('writes a quick workout in Spanish for a Spanish member, the same session as in English', async () => {
    const body = {
      trainer_action: 'quick_workout',
      gender: 'female',
      workout_length: 45,
      workout_goal: 'weight_lifting',
      seed: 4,
    };
    const es = await workoutOf(await speaker('es'), body);
    const en = await workoutOf(await speaker('en'), body);
    expect(es.workout.title).toBe('Levantamiento de pesas · 45 min');
    expect(en.workout.title).toBe('Weight lifting · 45 min');
    expect(es.workout.description).toMatch(
      /^Sesión de levantamiento de pesas de 45 minutos planificada por el entrenador de FitCoach\. /,
    );
    expect(es.workout.description).not.toMatch(/planned|session|Loads/);
    const notes = es.workout.groups.map((g) => g.notes);
    expect(notes[0]).toMatch(/^Calentamiento: /);
    expect(notes.at(-1)).toMatch(/^Vuelta a la calma: /);
    for (const main of notes.slice(1, -1)) {
      expect(main).toMatch(
        /^(Fuerza|Hipertrofia): \d+ repeticiones, \d+ s de descanso entre series/,
      );
    }
    expect(es.result.notes).toContainEqual(expect.stringMatching(/^Las cargas son sugerencias/));
    // The language changes the words, never the plan.
    const shape = (w: WorkoutDetail) =>
      w.groups.map((g) => g.exercises.map((e) => [e.exercise_id, e.sets, e.reps, e.weight]));
    expect(shape(es.workout)).toEqual(shape(en.workout));
  });

  it('writes a program, its sessions and its deload week in Spanish', async () => {
    const client = await speaker('es-ES');
    const made = await ask(client, {
      trainer_action: 'workout',
      gender: 'male',
      age: 35,
      workout_frequency: 3,
      workout_plan_length: 6,
      workout_length: 30,
      workout_goal: 'weight_lifting',
      seed: 3,
    });
    expect(made.statusCode).toBe(200);
    const result = made.json<VirtualTrainerResult>();
    expect(result.notes).toContainEqual(
      'La semana 4 es de descarga: más ligera, para que tu cuerpo asimile el trabajo.',
    );
    const program = (await client.get(`/api/program/${result.program_id}`)).json<ProgramDetail>();
    expect(program.title).toBe('Programa de levantamiento de pesas de 6 semanas');
    expect(program.description).toMatch(
      /^6 semanas de levantamiento de pesas, 3 sesiones por semana de unos 30 min \(Cuerpo completo A, Cuerpo completo B, Cuerpo completo C\)\. Cada semana exige un poco más/,
    );
    const titles = program.entries.map((e) => e.workout?.title);
    expect(titles).toContain('Semana 1 · Cuerpo completo A · Levantamiento de pesas');
    expect(titles).toContain('Semana 4 · Cuerpo completo C (descarga) · Levantamiento de pesas');
  });

  it('writes a diet in Spanish: title, notes and food names, kcal as Spanish writes numbers', async () => {
    const body = {
      trainer_action: 'diet',
      gender: 'male',
      age: 35,
      meal_preference: 'omnivore',
      workout_frequency: 5,
      workout_length: 60,
      seed: 3,
    };
    const esClient = await speaker('es');
    const made = await ask(esClient, body);
    expect(made.statusCode).toBe(200);
    const es = made.json<VirtualTrainerResult>();
    const diet = (await esClient.get(`/api/diet/${es.diet_id}`)).json<DietDetail>();
    const kcal = diet.targets.kcal;
    // Four digits: English groups them ("2,950"), Spanish does not ("2950").
    expect(kcal).toBeGreaterThanOrEqual(1000);
    expect(kcal).toBeLessThan(10_000);
    expect(diet.title).toBe(`Dieta omnívora, ${kcal} kcal`);
    expect(es.notes).toContainEqual(expect.stringMatching(new RegExp(`^${kcal} kcal al día: `)));

    const enClient = await speaker('en');
    const inEnglish = (await ask(enClient, body)).json<VirtualTrainerResult>();
    const enDiet = (await enClient.get(`/api/diet/${inEnglish.diet_id}`)).json<DietDetail>();
    const grouped = new Intl.NumberFormat('en').format(kcal);
    expect(grouped).toContain(',');
    expect(enDiet.title).toBe(`Omnivore day, ${grouped} kcal`);
    expect(inEnglish.notes).toContainEqual(
      expect.stringMatching(new RegExp(`^${grouped} kcal a day: `)),
    );

    const spanishNames = new Set(Object.values(foodNames.es));
    const spanishServings = new Set(Object.values(servingLabels.es));
    const items = diet.meals.flatMap((m) => m.items);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(spanishNames, item.name).toContain(item.name);
      expect(spanishServings, item.serving_label).toContain(item.serving_label);
    }
    // The same diet read by an English reader names the same foods in English.
    const read = (await enClient.get(`/api/diet/${inEnglish.diet_id}`)).json<DietDetail>();
    expect(read.meals.flatMap((m) => m.items.map((i) => i.food_id))).toEqual(
      items.map((i) => i.food_id),
    );
    expect(read.meals.flatMap((m) => m.items.map((i) => i.name))).not.toEqual(
      items.map((i) => i.name),
    );
  });

  it('answers a Spanish change request with a Spanish summary, diff and history', async () => {
    const client = await speaker('es');
    const made = await ask(client, {
      trainer_action: 'diet',
      gender: 'female',
      age: 30,
      meal_preference: 'omnivore',
      seed: 11,
    });
    const dietId = made.json<VirtualTrainerResult>().diet_id!;
    const changed = await client.put(`/api/diet/${dietId}`, {
      change_request: 'cambia el almuerzo y 1800 kcal',
    });
    expect(changed.statusCode).toBe(200);
    const result = changed.json<DietChangeResult>();
    expect(result.summary).toMatch(
      /^Cambios: otros alimentos en el almuerzo; un día de 1800 kcal\./,
    );
    expect(result.diet.title).toBe('Dieta omnívora, 1800 kcal');
    const spanishNames = new Set(Object.values(foodNames.es));
    expect(result.diff.items.length).toBeGreaterThan(0);
    for (const item of result.diff.items) expect(spanishNames).toContain(item.name);
    const versions = (await client.get(`/api/diet/${dietId}/versions`)).json<{
      items: { version: number; summary: string }[];
    }>();
    expect(versions.items.map((v) => v.summary)).toEqual([result.summary, 'Primera versión.']);
    const refused = await client.put(`/api/diet/${dietId}`, { change_request: '9000 kcal' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Entendí: un día de 9000 kcal\. 9000 kcal está fuera del rango de \d+ a \d+ kcal al día/,
    );
  });
});
