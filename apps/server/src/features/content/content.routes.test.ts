import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminExercise,
  AdminFood,
  AdminPersona,
  AdminTag,
  AdminWorkout,
  ExerciseInput,
  FoodInput,
  PersonaInput,
} from '@fitcoach/shared/content';
import type { ExerciseDetail, Tag } from '@fitcoach/shared/exercises';
import type { Page } from '@fitcoach/shared/pagination';
import type { WorkoutDetail, WorkoutInput } from '@fitcoach/shared/workouts';
import { virtualTrainerRequestSchema } from '@fitcoach/shared/virtual-trainer';
import { toViewer } from '../../lib/viewer';
import { member, TestClient, type TestApp } from '../../test/test-app';
import {
  createDiskTestApp,
  declareFile,
  md5Base64,
  uploadFile,
  type DiskTestApp,
} from '../../test/uploads';
import { generateDiet } from '../diets/diets.service';
import { findUserById } from '../users/users.service';
import { parseRange } from '../../lib/byte-range';
import { slugify } from './content.service';

let disk: DiskTestApp;
let t: TestApp;

beforeAll(async () => {
  disk = await createDiskTestApp();
  t = disk.t;
});
afterAll(async () => {
  await disk.close();
});

async function withRole(role: 'admin' | 'coach', name = `${role} person`) {
  const m = await member(t, { name });
  await t.database.db.execute(sql`update users set role = ${role} where id = ${m.user.id}`);
  t.app.ctx.changes.emit({ kind: 'member', id: m.user.id });
  return m;
}

async function auditRows(targetType: string, targetId: number) {
  const res = await t.database.db.execute(
    sql`select * from audit_log where target_type = ${targetType} and target_id = ${targetId} order by id`,
  );
  return (res as { rows: Record<string, unknown>[] }).rows;
}

const unique = () => Math.random().toString(36).slice(2, 8);

const exerciseInput = (overrides: Partial<ExerciseInput> = {}): ExerciseInput => ({
  name: `Landmine press ${unique()}`,
  description: 'A one-arm press along an arc, kind to the shoulders.',
  steps: [
    'Hold the end of the bar at your shoulder.',
    'Press it up and forward until your arm is long.',
  ],
  primary_muscles: ['front_delts'],
  secondary_muscles: ['triceps'],
  equipment: ['landmine', 'barbell'],
  kind: 'reps',
  default_duration_seconds: null,
  tag_ids: [],
  ...overrides,
});

const foodInput = (overrides: Partial<FoodInput> = {}): FoodInput => ({
  name: `Skyr ${unique()}`,
  category: 'dairy',
  kcal: 63,
  protein_g: 11,
  carbs_g: 4,
  fat_g: 0.2,
  fiber_g: 0,
  diet_tags: ['vegetarian', 'gluten_free'],
  meals: ['breakfast', 'snack'],
  serving_g: 170,
  serving_label: '1 pot',
  ...overrides,
});

const personaInput = (overrides: Partial<PersonaInput> = {}): PersonaInput => ({
  name: `Coach ${unique()}`,
  description: 'A mobility coach who keeps joints happy.',
  specialty: 'Mobility and recovery',
  tone: 'Calm and precise.',
  greeting: 'Let us loosen up.',
  example_questions: ['How do I warm up my hips?'],
  ...overrides,
});

const oneExerciseWorkout = (
  exerciseId: number,
  extra: Partial<WorkoutInput> = {},
): WorkoutInput => ({
  title: `Press day ${unique()}`,
  goal: 'weight_lifting',
  groups: [
    { kind: 'single', exercises: [{ exercise_id: exerciseId, sets: 3, reps: 8, weight: 20 }] },
  ],
  ...extra,
});

/** The first bytes of a WebM file, as MediaRecorder writes them, then filler. */
function webmBytes(size = 4096): Buffer {
  const head = Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81,
    0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04,
    0x42, 0x85, 0x81, 0x02,
  ]);
  const bytes = Buffer.alloc(size, 0x11);
  head.copy(bytes);
  // Each file unique, so two uploads never share a checksum.
  bytes.writeUInt32BE(Math.floor(Math.random() * 2 ** 32), size - 4);
  return bytes;
}

describe('who may manage content', () => {
  it('answers 401 signed out and 403 to members and coaches on every admin content route', async () => {
    const plain = await member(t);
    const coach = await withRole('coach');
    const boss = await withRole('admin');
    const made = await boss.client.post('/api/admin/content/tags', { name: `Tag ${unique()}` });
    expect(made.statusCode).toBe(201);
    const tagId = made.json<AdminTag>().id;
    const exerciseId = (await plain.client.get('/api/exercise?limit=1')).json<
      Page<ExerciseDetail>
    >().items[0]!.id;
    // Valid bodies: a body is checked before who sends it.
    const bodies: Record<string, unknown> = {
      exercises: exerciseInput(),
      foods: foodInput(),
      personas: personaInput(),
      tags: { name: 'Sneaky' },
      workouts: oneExerciseWorkout(exerciseId),
    };
    const calls: [string, string, unknown?][] = [];
    for (const [kind, body] of Object.entries(bodies)) {
      const base = `/api/admin/content/${kind}`;
      calls.push(
        ['GET', base],
        ['GET', `${base}/${tagId}`],
        ['POST', base, body],
        ['PUT', `${base}/${tagId}`, body],
        ['POST', `${base}/${tagId}/retire`],
        ['POST', `${base}/${tagId}/restore`],
        ['DELETE', `${base}/${tagId}`],
      );
    }
    calls.push(['POST', '/api/admin/content/workouts/copy', { workout_id: 1 }]);
    const visitor = await new TestClient(t.app).begin();
    for (const [method, url, body] of calls) {
      const m = method as 'GET';
      expect((await visitor.request(m, url, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const who of [plain, coach]) {
        const res = await who.client.request(m, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ error: 'forbidden', message: expect.any(String) });
      }
    }
    // Nothing changed: the tag is as it was, and only its creation is on record.
    const tag = (await boss.client.get(`/api/admin/content/tags/${tagId}`)).json<AdminTag>();
    expect(tag.retired_at).toBeNull();
    expect((await auditRows('tag', tagId)).map((r) => r.action)).toEqual(['content.created']);
  });

  it('lets coaches and admins, and no one else, give an exercise a demo video', async () => {
    const plain = await member(t);
    const coach = await withRole('coach');
    const exerciseId = (await coach.client.get('/api/exercise?limit=1')).json<
      Page<ExerciseDetail>
    >().items[0]!.id;
    // A member cannot even declare a demo video.
    const declared = await plain.client.post(
      '/rails/active_storage/direct_uploads?purpose=exercise_demo',
      {
        blob: {
          filename: 'demo.webm',
          content_type: 'video/webm',
          byte_size: 4096,
          checksum: md5Base64(webmBytes()),
        },
      },
    );
    expect(declared.statusCode).toBe(403);
    expect(declared.json<{ message: string }>().message).toMatch(/coaches and admins/i);
    // Nor attach one, nor remove one.
    expect(
      (await plain.client.put(`/api/exercise/${exerciseId}/video`, { signed_id: 'x' })).statusCode,
    ).toBe(403);
    expect((await plain.client.delete(`/api/exercise/${exerciseId}/video`)).statusCode).toBe(403);
    const visitor = await new TestClient(t.app).begin();
    expect((await visitor.get(`/api/exercise/${exerciseId}/video`)).statusCode).toBe(401);
  });
});

describe('exercises', () => {
  it('creates one with the shared validation, lists it to members, and writes the audit log', async () => {
    const boss = await withRole('admin', 'Ada Admin');
    const plain = await member(t);
    const tags = (await plain.client.get('/api/tags')).json<{ items: Tag[] }>().items;
    const strength = tags.find((tag) => tag.slug === 'strength')!;

    const bad = await boss.client.post('/api/admin/content/exercises', {
      ...exerciseInput(),
      name: '  ',
      kind: 'timed',
      default_duration_seconds: null,
      steps: [],
      primary_muscles: ['chest', 'chest'],
      tag_ids: [999999],
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json<{ issues: { path: string }[] }>().issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining(['name', 'steps', 'primary_muscles', 'default_duration_seconds']),
    );
    const unknownTag = await boss.client.post(
      '/api/admin/content/exercises',
      exerciseInput({ tag_ids: [999999] }),
    );
    expect(unknownTag.statusCode).toBe(400);
    expect(unknownTag.json<{ issues: { path: string }[] }>().issues[0]!.path).toBe('tag_ids.0');

    const input = exerciseInput({ tag_ids: [strength.id] });
    const res = await boss.client.post('/api/admin/content/exercises', input);
    expect(res.statusCode).toBe(201);
    const created = res.json<AdminExercise>();
    expect(created).toMatchObject({
      name: input.name,
      slug: slugify(input.name, '-'),
      tags: [{ id: strength.id }],
      retired_at: null,
      in_use: 0,
      has_video: false,
    });
    // The same name twice (whatever its case) is refused.
    const twice = await boss.client.post(
      '/api/admin/content/exercises',
      exerciseInput({ name: input.name.toUpperCase() }),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ issues: { path: string }[] }>().issues[0]!.path).toBe('name');

    // Members find it in the library and can build with it at once.
    const found = (
      await plain.client.get(`/api/exercise?q=${encodeURIComponent(input.name)}`)
    ).json<Page<ExerciseDetail>>();
    expect(found.items.map((e) => e.id)).toEqual([created.id]);
    const built = await plain.client.post('/api/workout', oneExerciseWorkout(created.id));
    expect(built.statusCode).toBe(201);

    const [row] = await auditRows('exercise', created.id);
    expect(row).toMatchObject({
      action: 'content.created',
      actor_name: 'Ada Admin',
      target_label: input.name,
      before: null,
      after: expect.objectContaining({ name: input.name, tag_ids: [strength.id], retired: false }),
    });
  });

  it('edits one: members and their workout pages see the change; before and after are on record', async () => {
    const boss = await withRole('admin');
    const plain = await member(t);
    const created = (
      await boss.client.post('/api/admin/content/exercises', exerciseInput())
    ).json<AdminExercise>();
    const workout = (
      await plain.client.post('/api/workout', oneExerciseWorkout(created.id))
    ).json<WorkoutDetail>();
    // The page is cached; the edit must make it stale.
    expect((await plain.client.get(`/api/workout/${workout.id}`)).statusCode).toBe(200);

    const renamed = `Renamed press ${unique()}`;
    const res = await boss.client.put(`/api/admin/content/exercises/${created.id}`, {
      ...exerciseInput(),
      name: renamed,
      kind: 'timed',
      default_duration_seconds: 40,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminExercise>()).toMatchObject({
      name: renamed,
      kind: 'timed',
      default_duration_seconds: 40,
      in_use: 1,
    });
    const page = (await plain.client.get(`/api/workout/${workout.id}`)).json<WorkoutDetail>();
    expect(page.groups[0]!.exercises[0]!.name).toBe(renamed);
    const edits = await auditRows('exercise', created.id);
    expect(edits.at(-1)).toMatchObject({
      action: 'content.updated',
      before: expect.objectContaining({ name: created.name, kind: 'reps' }),
      after: expect.objectContaining({ name: renamed, kind: 'timed' }),
    });
    expect(
      (await boss.client.put('/api/admin/content/exercises/999999', exerciseInput())).statusCode,
    ).toBe(404);
  });

  it('retires one: gone from pickers and the planners, still readable where used; restored, back', async () => {
    const boss = await withRole('admin');
    const plain = await member(t);
    const created = (
      await boss.client.post('/api/admin/content/exercises', exerciseInput())
    ).json<AdminExercise>();
    const workout = (
      await plain.client.post('/api/workout', oneExerciseWorkout(created.id))
    ).json<WorkoutDetail>();

    const retired = await boss.client.post(`/api/admin/content/exercises/${created.id}/retire`);
    expect(retired.statusCode).toBe(200);
    expect(retired.json<AdminExercise>().retired_at).not.toBeNull();
    // Twice is once.
    await boss.client.post(`/api/admin/content/exercises/${created.id}/retire`);
    expect((await auditRows('exercise', created.id)).map((r) => r.action)).toEqual([
      'content.created',
      'content.retired',
    ]);

    const search = `/api/exercise?q=${encodeURIComponent(created.name)}`;
    expect((await plain.client.get(search)).json<Page<ExerciseDetail>>().items).toEqual([]);
    const filtered = await plain.client.post('/api/exercise/filter', {
      tag_id: '',
      q: created.name,
    });
    expect(filtered.json<Page<ExerciseDetail>>().items).toEqual([]);
    // Readable where used: the exercise itself and the workout that has it.
    expect((await plain.client.get(`/api/exercise/${created.id}`)).statusCode).toBe(200);
    const page = await plain.client.get(`/api/workout/${workout.id}`);
    expect(page.json<WorkoutDetail>().groups[0]!.exercises[0]!.exercise_id).toBe(created.id);
    // Not added anew …
    const fresh = await plain.client.post('/api/workout', oneExerciseWorkout(created.id));
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json<{ issues: { path: string; message: string }[] }>().issues[0]).toMatchObject({
      path: 'groups.0.exercises.0.exercise_id',
      message: expect.stringContaining('retired'),
    });
    // … but a workout that has it can still be saved as it is.
    const kept = await plain.client.put(
      `/api/workout/${workout.id}`,
      oneExerciseWorkout(created.id, { title: 'Still pressing' }),
    );
    expect(kept.statusCode).toBe(200);
    // The planners leave it out.
    const { loadCatalogue } = await import('../programs/programs.repository');
    expect((await loadCatalogue(t.database.db)).some((e) => e.id === created.id)).toBe(false);

    const restored = await boss.client.post(`/api/admin/content/exercises/${created.id}/restore`);
    expect(restored.json<AdminExercise>().retired_at).toBeNull();
    expect((await plain.client.get(search)).json<Page<ExerciseDetail>>().items).toHaveLength(1);
    expect((await auditRows('exercise', created.id)).at(-1)).toMatchObject({
      action: 'content.restored',
      before: expect.objectContaining({ retired: true }),
      after: expect.objectContaining({ retired: false }),
    });
  });

  it('deletes one nothing uses, and retires one that something uses instead', async () => {
    const boss = await withRole('admin');
    const plain = await member(t);
    const unused = (
      await boss.client.post('/api/admin/content/exercises', exerciseInput())
    ).json<AdminExercise>();
    const gone = await boss.client.delete(`/api/admin/content/exercises/${unused.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ outcome: 'deleted', item: null });
    expect((await plain.client.get(`/api/exercise/${unused.id}`)).statusCode).toBe(404);
    expect((await auditRows('exercise', unused.id)).at(-1)).toMatchObject({
      action: 'content.deleted',
      before: expect.objectContaining({ name: unused.name }),
      after: null,
    });

    const used = (
      await boss.client.post('/api/admin/content/exercises', exerciseInput())
    ).json<AdminExercise>();
    await plain.client.post('/api/workout', oneExerciseWorkout(used.id));
    const kept = await boss.client.delete(`/api/admin/content/exercises/${used.id}`);
    expect(kept.json()).toMatchObject({
      outcome: 'retired',
      item: { id: used.id, retired_at: expect.any(String), in_use: 1 },
    });
    expect((await plain.client.get(`/api/exercise/${used.id}`)).statusCode).toBe(200);
    expect((await boss.client.delete('/api/admin/content/exercises/999999')).statusCode).toBe(404);
  });

  it('lists a page at a time, searchable, by status', async () => {
    const boss = await withRole('admin');
    const tag = unique();
    const a = (
      await boss.client.post(
        '/api/admin/content/exercises',
        exerciseInput({ name: `Alpha ${tag}` }),
      )
    ).json<AdminExercise>();
    const b = (
      await boss.client.post('/api/admin/content/exercises', exerciseInput({ name: `Beta ${tag}` }))
    ).json<AdminExercise>();
    await boss.client.post(`/api/admin/content/exercises/${b.id}/retire`);
    const first = (await boss.client.get(`/api/admin/content/exercises?q=${tag}&limit=1`)).json<
      Page<AdminExercise>
    >();
    expect(first.items.map((e) => e.id)).toEqual([a.id]);
    const second = (
      await boss.client.get(
        `/api/admin/content/exercises?q=${tag}&limit=1&cursor=${first.next_cursor}`,
      )
    ).json<Page<AdminExercise>>();
    expect(second.items.map((e) => e.id)).toEqual([b.id]);
    expect(second.next_cursor).toBeNull();
    const active = (
      await boss.client.get(`/api/admin/content/exercises?q=${tag}&status=active`)
    ).json<Page<AdminExercise>>();
    expect(active.items.map((e) => e.id)).toEqual([a.id]);
    const retired = (
      await boss.client.get(`/api/admin/content/exercises?q=${tag}&status=retired`)
    ).json<Page<AdminExercise>>();
    expect(retired.items.map((e) => e.id)).toEqual([b.id]);
    for (const url of [
      '/api/admin/content/exercises?status=gone',
      '/api/admin/content/exercises?cursor=garbage',
      `/api/admin/content/exercises?q=${'x'.repeat(500)}`,
      '/api/admin/content/exercises/abc',
    ]) {
      expect((await boss.client.get(url)).statusCode, url).toBe(400);
    }
  });
});

describe('demo videos', () => {
  it('plays a coach’s upload on the workout page; a file that is not a video is refused and deleted', async () => {
    const coach = await withRole('coach', 'Cora Coach');
    const boss = await withRole('admin');
    const plain = await member(t);
    const exercise = (
      await boss.client.post('/api/admin/content/exercises', exerciseInput())
    ).json<AdminExercise>();
    const workout = (
      await plain.client.post('/api/workout', oneExerciseWorkout(exercise.id))
    ).json<WorkoutDetail>();
    expect(workout.groups[0]!.exercises[0]!.video_url).toBeNull();

    // Declared a video, but a PNG: refused when attached, and its blob is gone.
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    const fake = await uploadFile(t, coach.client, Buffer.concat([png, Buffer.alloc(2000)]), {
      purpose: 'exercise_demo',
      contentType: 'video/mp4',
      filename: 'sneaky.mp4',
    });
    const refused = await coach.client.put(`/api/exercise/${exercise.id}/video`, {
      signed_id: fake.signed_id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(/not a video/i);
    const left = await t.database.db.execute(
      sql`select id from storage_blobs where id = ${fake.id}`,
    );
    expect((left as { rows: unknown[] }).rows).toHaveLength(0);

    // A real WebM, declared as MP4: accepted, and served as what it is.
    const bytes = webmBytes();
    const upload = await uploadFile(t, coach.client, bytes, {
      purpose: 'exercise_demo',
      contentType: 'video/mp4',
      filename: 'demo.mp4',
    });
    const attached = await coach.client.put(`/api/exercise/${exercise.id}/video`, {
      signed_id: upload.signed_id,
    });
    expect(attached.statusCode).toBe(200);
    const detail = attached.json<ExerciseDetail>();
    expect(detail.has_video).toBe(true);
    expect(detail.video_url).toBe(`/api/exercise/${exercise.id}/video?v=${upload.id}`);

    // The workout page (cached before) now carries it, and any member can play it.
    const page = (await plain.client.get(`/api/workout/${workout.id}`)).json<WorkoutDetail>();
    expect(page.groups[0]!.exercises[0]!.video_url).toBe(detail.video_url);
    const video = await plain.client.get(detail.video_url!);
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/webm');
    expect(video.headers['accept-ranges']).toBe('bytes');
    expect(video.rawPayload.equals(bytes)).toBe(true);
    // A video element seeks with ranges.
    const part = await plain.client.request('GET', detail.video_url!, undefined, {
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const outside = await plain.client.request('GET', detail.video_url!, undefined, {
      headers: { range: `bytes=${bytes.length}-` },
    });
    expect(outside.statusCode).toBe(416);

    const [attachedRow] = (await auditRows('exercise', exercise.id)).filter(
      (r) => r.action === 'content.video_attached',
    );
    expect(attachedRow).toMatchObject({
      actor_name: 'Cora Coach',
      before: { video_url: null },
      after: expect.objectContaining({ video_url: detail.video_url, content_type: 'video/webm' }),
    });

    // A coach may not retire it, though.
    expect(
      (await coach.client.post(`/api/admin/content/exercises/${exercise.id}/retire`)).statusCode,
    ).toBe(403);
    // Removing the video: the page says there is none, the address is gone.
    const removed = await coach.client.delete(`/api/exercise/${exercise.id}/video`);
    expect(removed.json<ExerciseDetail>().video_url).toBeNull();
    expect((await plain.client.get(detail.video_url!)).statusCode).toBe(404);
    expect((await auditRows('exercise', exercise.id)).at(-1)).toMatchObject({
      action: 'content.video_removed',
    });
  });

  it('keeps demo videos small: the size limit is checked when the file is declared', async () => {
    const coach = await withRole('coach');
    const res = await coach.client.post(
      '/rails/active_storage/direct_uploads?purpose=exercise_demo',
      {
        blob: {
          filename: 'long.webm',
          content_type: 'video/webm',
          byte_size: 51 * 1024 * 1024,
          checksum: md5Base64(Buffer.from('x')),
        },
      },
    );
    expect(res.statusCode).toBe(413);
    const image = await coach.client.post(
      '/rails/active_storage/direct_uploads?purpose=exercise_demo',
      {
        blob: {
          filename: 'a.png',
          content_type: 'image/png',
          byte_size: 10,
          checksum: md5Base64(Buffer.from('x')),
        },
      },
    );
    expect(image.statusCode).toBe(415);
    // A blob declared for another purpose is not a demo video.
    const avatar = await declareFile(coach.client, webmBytes(), {
      purpose: 'challenge_proof',
      contentType: 'video/webm',
    });
    const exerciseId = (await coach.client.get('/api/exercise?limit=1')).json<
      Page<ExerciseDetail>
    >().items[0]!.id;
    const wrong = await coach.client.put(`/api/exercise/${exerciseId}/video`, {
      signed_id: avatar.signed_id,
    });
    expect(wrong.statusCode).toBe(422);
  });

  it('reads ranges as a video element sends them', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});

describe('foods', () => {
  it('validates as the diet engine needs; a retired food leaves new diets and stays in old ones', async () => {
    const boss = await withRole('admin');
    const bad = await boss.client.post('/api/admin/content/foods', {
      ...foodInput(),
      protein_g: 60,
      carbs_g: 50,
      fat_g: 10,
      fiber_g: 55,
      meals: [],
      kcal: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ issues: { path: string }[] }>().issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['protein_g', 'fiber_g', 'meals', 'kcal']),
    );
    const created = await boss.client.post('/api/admin/content/foods', foodInput());
    expect(created.statusCode).toBe(201);
    const food = created.json<AdminFood>();
    expect(food).toMatchObject({ category: 'dairy', retired_at: null, in_use: 0 });
    const edited = await boss.client.put(
      `/api/admin/content/foods/${food.id}`,
      foodInput({ name: food.name, kcal: 70 }),
    );
    expect(edited.json<AdminFood>().kcal).toBe(70);
    expect((await auditRows('food', food.id)).map((r) => r.action)).toEqual([
      'content.created',
      'content.updated',
    ]);
    // Unused: deleted outright.
    expect((await boss.client.delete(`/api/admin/content/foods/${food.id}`)).json()).toEqual({
      outcome: 'deleted',
      item: null,
    });

    // A food a generated diet uses: retiring keeps that diet whole, and the next one does without.
    const plain = await member(t);
    const user = (await findUserById(t.database.db, plain.user.id))!;
    const request = virtualTrainerRequestSchema.parse({
      trainer_action: 'diet',
      gender: 'female',
      age: 30,
      meal_preference: 'omnivore',
      seed: 11,
    });
    const first = await generateDiet(t.app.ctx, toViewer(user), request);
    const before = (await plain.client.get(`/api/diet/${first.diet_id}`)).json<{
      meals: { items: { food_id: number }[] }[];
    }>();
    const usedId = before.meals[0]!.items[0]!.food_id;
    const removal = await boss.client.delete(`/api/admin/content/foods/${usedId}`);
    expect(removal.json()).toMatchObject({ outcome: 'retired', item: { id: usedId } });
    const after = (await plain.client.get(`/api/diet/${first.diet_id}`)).json<typeof before>();
    expect(after.meals.flatMap((m) => m.items.map((i) => i.food_id))).toContain(usedId);
    const second = await generateDiet(t.app.ctx, toViewer(user), request);
    const next = (await plain.client.get(`/api/diet/${second.diet_id}`)).json<typeof before>();
    expect(next.meals.flatMap((m) => m.items.map((i) => i.food_id))).not.toContain(usedId);
  });
});

describe('trainer personas', () => {
  it('creates, lists to members, retires from the picker and new chats, keeps old threads', async () => {
    const boss = await withRole('admin');
    const plain = await member(t);
    const bad = await boss.client.post('/api/admin/content/personas', {
      ...personaInput(),
      name: 'Line one\nline two',
      example_questions: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ issues: { path: string }[] }>().issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['name', 'example_questions']),
    );
    const persona = (
      await boss.client.post('/api/admin/content/personas', personaInput())
    ).json<AdminPersona>();
    const listed = async () =>
      (await plain.client.get('/api/trainer_persona')).json<{ items: { id: number }[] }>().items;
    expect((await listed()).map((p) => p.id)).toContain(persona.id);

    const chat = await plain.client.post('/api/trainer/chat', {
      question: 'How do I warm up my hips?',
      trainer_persona_id: persona.id,
    });
    expect(chat.statusCode).toBe(200);
    const threadId = chat.json<{ thread_id: number }>().thread_id;

    const removal = await boss.client.delete(`/api/admin/content/personas/${persona.id}`);
    expect(removal.json()).toMatchObject({ outcome: 'retired', item: { in_use: 1 } });
    expect((await listed()).map((p) => p.id)).not.toContain(persona.id);
    expect((await plain.client.get(`/api/trainer_persona/${persona.id}`)).statusCode).toBe(200);
    const fresh = await plain.client.post('/api/trainer/chat', {
      question: 'And my shoulders?',
      trainer_persona_id: persona.id,
    });
    expect(fresh.statusCode).toBe(422);
    const onward = await plain.client.post('/api/trainer/chat', {
      question: 'And my shoulders?',
      thread_id: threadId,
    });
    expect(onward.statusCode).toBe(200);
  });
});

describe('tags', () => {
  it('renames keeping the slug; a retired tag leaves the filter and new workouts', async () => {
    const boss = await withRole('admin');
    const plain = await member(t);
    const name = `Grip ${unique()}`;
    const tag = (await boss.client.post('/api/admin/content/tags', { name })).json<AdminTag>();
    expect(tag.slug).toBe(slugify(name, '_'));
    const renamed = (
      await boss.client.put(`/api/admin/content/tags/${tag.id}`, { name: `${name} strength` })
    ).json<AdminTag>();
    expect(renamed).toMatchObject({ slug: tag.slug, name: `${name} strength` });
    expect((await boss.client.post('/api/admin/content/tags', { name: '' })).statusCode).toBe(400);

    const exerciseId = (await plain.client.get('/api/exercise?limit=1')).json<
      Page<ExerciseDetail>
    >().items[0]!.id;
    const tagged = (
      await plain.client.post('/api/workout', {
        ...oneExerciseWorkout(exerciseId),
        tag_ids: [tag.id],
      })
    ).json<WorkoutDetail>();
    const removal = await boss.client.delete(`/api/admin/content/tags/${tag.id}`);
    expect(removal.json()).toMatchObject({ outcome: 'retired' });
    const tags = (await plain.client.get('/api/tags')).json<{ items: Tag[] }>().items;
    expect(tags.map((x) => x.id)).not.toContain(tag.id);
    // Still on the workout that has it, and kept when it is saved again.
    const page = (await plain.client.get(`/api/workout/${tagged.id}`)).json<WorkoutDetail>();
    expect(page.tags.map((x) => x.id)).toEqual([tag.id]);
    const saved = await plain.client.put(`/api/workout/${tagged.id}`, {
      ...oneExerciseWorkout(exerciseId),
      tag_ids: [tag.id],
    });
    expect(saved.statusCode).toBe(200);
    const fresh = await plain.client.post('/api/workout', {
      ...oneExerciseWorkout(exerciseId),
      tag_ids: [tag.id],
    });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json<{ issues: { path: string }[] }>().issues[0]!.path).toBe('tag_ids.0');
  });
});

describe('library workouts', () => {
  it('creates, copies in, retires out of the library (kept by id) and deletes unused ones', async () => {
    const boss = await withRole('admin');
    const plain = await member(t);
    const exerciseId = (await plain.client.get('/api/exercise?limit=1')).json<
      Page<ExerciseDetail>
    >().items[0]!.id;
    const title = `Library day ${unique()}`;
    const res = await boss.client.post(
      '/api/admin/content/workouts',
      oneExerciseWorkout(exerciseId, { title, is_public: false }),
    );
    expect(res.statusCode).toBe(201);
    const created = res.json<AdminWorkout>();
    // FitCoach's own, public whatever was asked.
    expect(created).toMatchObject({ title, owner: null, is_public: true, retired_at: null });
    const inLibrary = async () =>
      (await plain.client.get(`/api/workout?scope=library&q=${encodeURIComponent(title)}`)).json<
        Page<{ id: number }>
      >().items;
    expect((await inLibrary()).map((w) => w.id)).toEqual([created.id]);

    // Something uses it (a member logged it): removing retires it.
    const log = await plain.client.post(`/api/workout/${created.id}/log`, {
      energy_level: 3,
      sleep_quality: 3,
      completedExercises: [{ exercise_id: exerciseId, reps: [8], weights: [20] }],
    });
    expect(log.statusCode).toBeLessThan(300);
    const retired = await boss.client.delete(`/api/admin/content/workouts/${created.id}`);
    expect(retired.json()).toMatchObject({ outcome: 'retired', item: { in_use: 1 } });
    expect(await inLibrary()).toEqual([]);
    expect((await plain.client.get(`/api/workout/${created.id}`)).statusCode).toBe(200);

    // Edit one: the seed will leave it alone.
    const another = (
      await boss.client.post('/api/admin/content/workouts', oneExerciseWorkout(exerciseId))
    ).json<AdminWorkout>();
    const edited = await boss.client.put(
      `/api/admin/content/workouts/${another.id}`,
      oneExerciseWorkout(exerciseId, { title: `${title} v2` }),
    );
    expect(edited.json<AdminWorkout>().title).toBe(`${title} v2`);
    expect((await auditRows('workout', another.id)).map((r) => r.action)).toEqual([
      'content.created',
      'content.updated',
    ]);
    expect((await boss.client.delete(`/api/admin/content/workouts/${another.id}`)).json()).toEqual({
      outcome: 'deleted',
      item: null,
    });

    // A member's own workout is not library content.
    const own = (
      await boss.client.post('/api/workout', oneExerciseWorkout(exerciseId))
    ).json<WorkoutDetail>();
    expect(
      (await boss.client.post(`/api/admin/content/workouts/${own.id}/retire`)).statusCode,
    ).toBe(404);
    // But the admin can copy it into the library.
    const copied = await boss.client.post('/api/admin/content/workouts/copy', {
      workout_id: own.id,
    });
    expect(copied.statusCode).toBe(201);
    expect(copied.json<AdminWorkout>()).toMatchObject({
      owner: null,
      is_public: true,
      title: own.title,
    });
  });
});
