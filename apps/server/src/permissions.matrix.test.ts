import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actors,
  expectedOutcome,
  permissionTable,
  type Actor,
  type Outcome,
  type Permission,
  type Subject,
} from './lib/permissions';
import type { TestApp } from './test/test-app';
import { buildPermissionWorld, type PermissionWorld } from './test/permission-world';
import { sampleOf, type OpenApiSchema } from './test/schema-sample';
import { createDiskTestApp } from './test/uploads';

/**
 * The permission matrix (issue 14, "Roles and permissions"; docs/decisions/0033): every route
 * of the OpenAPI document, sent as every actor of lib/permissions.ts about the subjects its
 * entry names, answers as the entry says. An answer other than 401, 403 or 404 means the
 * request got past authorization (a 400 for a body the sample could not get right included).
 */

interface Operation {
  key: string;
  /** The statuses its OpenAPI entry documents. */
  responses: string[];
  method: InjectOptions['method'];
  path: string;
  query: { name: string; required: boolean; schema: OpenApiSchema }[];
  body: OpenApiSchema | undefined;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema: OpenApiSchema }[];
        requestBody?: { content: Record<string, { schema: OpenApiSchema }> };
        responses?: Record<string, unknown>;
      }
    >
  >;
}

function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      responses: Object.keys(op.responses ?? {}),
      method: method.toUpperCase(),
      path,
      query: (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema })),
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
}

/**
 * Bodies the schema cannot describe well enough to get past validation, by route; the
 * subjects of the entry's `on.body` are filled in after.
 */
const workoutBody = (w: PermissionWorld) => ({
  title: 'Matrix workout',
  goal: 'weight_lifting',
  groups: [
    { kind: 'single', exercises: [{ exercise_id: w.subject('exercise'), sets: 3, reps: 5 }] },
  ],
});
const challengeBody = (w: PermissionWorld) => ({
  title: 'Matrix challenge',
  duration: 7,
  start_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
  visibility: 'friends',
  requirements: w.extras.libraryWorkouts.map((id) => ({ workout_id: id, description: 'Any' })),
});
const gameHeader = () => ({
  vs_name: 'Matrix Eagles',
  game_date: new Date().toISOString().slice(0, 10),
});
const bodies: Record<string, (world: PermissionWorld) => unknown> = {
  // Refused by validation: a signed-up or signed-in client would not stay who it was.
  'POST /api/auth/sign_up': () => ({}),
  'POST /api/auth/sign_in': () => ({}),
  'POST /api/workout': workoutBody,
  'PUT /api/workout/{id}': workoutBody,
  'POST /api/workout/filter': () => ({ tag_id: '', q: 'squat' }),
  'POST /api/exercise/filter': () => ({ tag_id: '', q: 'squat' }),
  'POST /rails/active_storage/direct_uploads': () => ({
    blob: {
      filename: 'photo.png',
      content_type: 'image/png',
      byte_size: 3,
      checksum: createHash('md5').update('abc').digest('base64'),
    },
  }),
  'POST /api/challenge': challengeBody,
  'PUT /api/challenge/{id}': challengeBody,
  'POST /api/team/users': () => ({ role: 'player', jersey_number: 23, alias_name: 'Patty' }),
  'PUT /api/team/{id}/users/{user_id}': () => ({
    role: 'player',
    jersey_number: 23,
    alias_name: 'Patty',
  }),
  'POST /api/team/workouts': (w) => ({ workout_ids: [w.subject('workout')] }),
  'POST /api/team/stats': (w) => ({
    stats: [{ ...gameHeader(), player_id: w.subject('team_player'), assists: 1 }],
  }),
  'POST /api/team/{id}/stats/games': gameHeader,
  'PUT /api/team/{id}/stats/{game_id}': gameHeader,
  'PUT /api/team/{id}/stats/{game_id}/rows/{player_id}': () => ({ assists: 1 }),
  'POST /api/coach/clients/{id}/assign': (w) => ({ program_id: w.extras.coachProgram }),
  'POST /api/trainer/ask': (w) => ({ exercise_name: w.extras.exerciseName }),
  'PATCH /api/trainer/memory/{id}': () => ({ fact: 'Runs on Sundays' }),
  // A profile: the kind every actor can see (the subject fills in whose).
  'POST /api/reports': () => ({ kind: 'profile', reason: 'spam' }),
};

/** Query strings a route needs (its required fields are sampled otherwise). */
const queries: Record<string, (world: PermissionWorld) => string> = {
  'GET /api/coach/log_comments': (w) => `log_ids=${w.subject('workout_log')}`,
  'POST /rails/active_storage/direct_uploads': () => 'purpose=avatar',
};

/** Path parameters that are not subjects (tokens, file names, upload keys). */
const literalParams: Record<string, (world: PermissionWorld) => string> = {
  token: () => 'no-such-invitation',
  file: () => 'first-workout.svg',
  '*': (w) => w.extras.uploadKey,
};

/** Runs last: it ends the session every other request is sent in. */
const LAST = new Set(['DELETE /api/auth/sign_out']);

/** Reads first, writes after, fresh-subject writes after those, sign-out last. */
function phase(op: Operation, permission: Permission | undefined): number {
  if (LAST.has(op.key)) return 3;
  if (permission?.fresh) return 2;
  return op.method === 'GET' ? 0 : 1;
}

function outcomeOf(status: number): Outcome | 'error' {
  if (status >= 500) return 'error';
  if (status === 401 || status === 403 || status === 404) return status;
  return 'allow';
}

let t: TestApp;
let close: () => Promise<void>;
let world: PermissionWorld;
let operations: Operation[];

beforeAll(async () => {
  ({ t, close } = await createDiskTestApp({
    AI_RATE_LIMIT: '100000',
    AI_CHAT_RATE_LIMIT: '100000',
    // The owner keeps a fresh analysis for each actor of each route that changes one.
    VIDEO_ANALYSIS_RATE_LIMIT: '100000',
  }));
  operations = operationsOf(t.app.swagger() as unknown as OpenApiDocument);
  world = await buildPermissionWorld(t);
}, 120_000);
afterAll(() => close());

async function requestAs(actor: Actor, op: Operation, permission: Permission | undefined) {
  const ids = new Map<Subject, number>();
  const idOf = async (subject: Subject) => {
    let id = ids.get(subject);
    if (id === undefined) {
      if (permission?.fresh) id = await world.fresh(subject);
      id ??= world.subject(subject);
      ids.set(subject, id);
    }
    return id;
  };
  let url = op.path;
  for (const [, name] of op.path.matchAll(/\{([^}]+)\}/g)) {
    const subject = permission?.on?.params?.[name!];
    const value = subject ? String(await idOf(subject)) : literalParams[name!]?.(world);
    if (value === undefined) throw new Error(`${op.key}: no subject for {${name}} in its entry`);
    url = url.replace(`{${name}}`, name === '*' ? value : encodeURIComponent(value));
  }
  const query =
    queries[op.key]?.(world) ??
    op.query
      .filter((q) => q.required)
      .map((q) => `${q.name}=${encodeURIComponent(String(sampleOf(q.schema, q.name)))}`)
      .join('&');
  if (query) url += `?${query}`;
  let body: unknown;
  if (op.body) {
    body = bodies[op.key]?.(world) ?? sampleOf(op.body);
    for (const [field, subject] of Object.entries(permission?.on?.body ?? {})) {
      (body as Record<string, unknown>)[field] = await idOf(subject);
    }
  }
  const res = await world.clients[actor].request(op.method, url, body);
  if (process.env.PERMISSIONS_OBSERVE && res.statusCode === 400) {
    console.log(`${op.key} as ${actor}: 400 ${res.body.slice(0, 300)}`);
  }
  return { url, status: res.statusCode, answer: res.body.slice(0, 200) };
}

describe('the permission matrix', () => {
  it('has an entry for every route of the OpenAPI document, and none for a route gone', () => {
    const keys = new Set(operations.map((op) => op.key));
    expect(operations.map((op) => op.key).filter((k) => !permissionTable[k])).toEqual([]);
    expect(Object.keys(permissionTable).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('documents in OpenAPI every refusal the table declares', () => {
    const undocumented: string[] = [];
    for (const op of operations) {
      const permission = permissionTable[op.key];
      if (!permission) continue;
      const refusals = new Set(actors.map((a) => expectedOutcome(permission, a)));
      refusals.delete('allow');
      for (const status of refusals) {
        if (!op.responses.includes(String(status))) undocumented.push(`${op.key}: ${status}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('answers every route as its entry says, for every actor', async () => {
    const ordered = [...operations].sort(
      (a, b) => phase(a, permissionTable[a.key]) - phase(b, permissionTable[b.key]),
    );
    const wrong: string[] = [];
    const observed: Record<string, Record<string, string>> = {};
    for (const op of ordered) {
      const permission = permissionTable[op.key];
      observed[op.key] = {};
      for (const actor of actors) {
        const { url, status, answer } = await requestAs(actor, op, permission);
        const got = outcomeOf(status);
        observed[op.key]![actor] = `${status}`;
        const expected = permission ? expectedOutcome(permission, actor) : undefined;
        if (got !== expected) {
          wrong.push(
            `${op.key} as ${actor}: expected ${expected}, got ${status} (${op.method} ${url}: ${answer})`,
          );
        }
      }
    }
    if (process.env.PERMISSIONS_OBSERVE)
      writeFileSync(process.env.PERMISSIONS_OBSERVE, JSON.stringify(observed, null, 1));
    expect(wrong).toEqual([]);
  }, 300_000);
});
