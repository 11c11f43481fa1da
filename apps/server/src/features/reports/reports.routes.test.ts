import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeDetail, OwnSubmission } from '@fitcoach/shared/challenges';
import type { ChatMessagePage } from '@fitcoach/shared/chat';
import type { NotificationPage } from '@fitcoach/shared/notifications';
import {
  adminReportPageSchema,
  adminReportSchema,
  reportSchema,
  type AdminReport,
} from '@fitcoach/shared/reports';
import {
  befriend,
  createTestApp,
  libraryWorkoutIds,
  member,
  TestClient,
  type TestApp,
} from '../../test/test-app';
import { notificationsIdentifier, openCable } from '../../plugins/cable/cable-test-client';
import { imageBytes, tempDataDir, uploadFile } from '../../test/uploads';

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = tempDataDir();
  t = await createTestApp({ DATA_DIR: dataDir });
  // Admins' pages are told over /cable.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Member = Awaited<ReturnType<typeof member>>;
interface ErrorBody {
  message: string;
  issues: { path: string; message: string }[];
}

async function withRole(role: 'coach' | 'admin', name?: string): Promise<Member> {
  const m = await member(t, name ? { name } : {});
  await t.database.db.execute(sql`update users set role = ${role} where id = ${m.user.id}`);
  // Roles are read from the cached session.
  t.app.ctx.changes.emit({ kind: 'member', id: m.user.id });
  return m;
}

/** Two friends; `from` sends `to` a message; answers its id. */
async function message(from: Member, to: Member, body = 'You are useless, quit the gym') {
  const res = await from.client.post(`/api/chat/${to.user.id}/messages`, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function friends(nameA = 'Rita Reporter', nameB = 'Ollie Offender') {
  const a = await member(t, { name: nameA });
  const b = await member(t, { name: nameB });
  await befriend(t, a.user.id, b.user.id);
  return { a, b };
}

const report = (who: Member, body: Record<string, unknown>) =>
  who.client.post('/api/reports', body);

async function fileReport(who: Member, body: Record<string, unknown>) {
  const res = await report(who, { reason: 'harassment', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return reportSchema.parse(res.json());
}

async function auditRows(targetId: number, targetType = 'report') {
  const res = await t.database.db.execute(
    sql`select * from audit_log where target_type = ${targetType} and target_id = ${targetId} order by id`,
  );
  return (res as { rows: Record<string, unknown>[] }).rows;
}

/** The member's notifications of `kinds` (a chat message's own may come and go meanwhile). */
async function notificationsOf(
  who: Member,
  kinds = ['report_actioned', 'report_dismissed', 'challenge_proof_rejected'],
) {
  const res = await who.client.get('/api/notifications');
  return res.json<NotificationPage>().items.filter((n) => kinds.includes(n.kind));
}

async function queue(boss: Member, query = '') {
  const res = await boss.client.get(`/api/admin/reports${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return adminReportPageSchema.parse(res.json());
}

const resolve = (boss: Member, id: number, body: Record<string, unknown>) =>
  boss.client.post(`/api/admin/reports/${id}/resolve`, body);

/** A challenge by `creator` whose one requirement needs a proof, and a member's submitted proof. */
async function submittedProof(creator: Member) {
  const [workoutId] = await libraryWorkoutIds(creator.client, 1);
  const created = await creator.client.post('/api/challenge', {
    title: 'Plank week',
    description: '',
    prize: '',
    duration: 7,
    start_date: new Date().toISOString().slice(0, 10),
    visibility: 'friends',
    requirements: [{ workout_id: workoutId, uploadRequired: true, description: 'Film it' }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const c = created.json<ChallengeDetail>();
  const sender = await member(t, { name: 'Pat Prover' });
  await befriend(t, creator.user.id, sender.user.id);
  expect((await sender.client.post(`/api/challenge/${c.id}/join`)).statusCode).toBe(200);
  const exercises = await sender.client.get('/api/exercise?q=bench press&limit=5');
  const exerciseId = exercises
    .json<{ items: { id: number; kind: string }[] }>()
    .items.find((e) => e.kind === 'reps')!.id;
  const logged = await sender.client.post(`/api/workout/${workoutId}/log`, {
    note: '',
    liked_or_disliked: 'liked',
    completedExercises: [{ exercise_id: exerciseId, reps: [5], weights: [40] }],
    energy_level: 3,
    sleep_quality: 3,
  });
  expect(logged.statusCode, logged.body).toBe(201);
  const upload = await uploadFile(t, sender.client, imageBytes(2048), {
    purpose: 'challenge_proof',
    contentType: 'image/png',
    filename: 'proof.png',
  });
  const res = await sender.client.post(
    `/api/challenge/${c.id}/requirements/${c.requirements[0]!.id}/submit`,
    { signed_id: upload.signed_id, note: 'Look at this' },
  );
  expect(res.statusCode, res.body).toBe(200);
  return { challenge: c, sender, submission: res.json<OwnSubmission>() };
}

async function withPhoto(who: Member) {
  const upload = await uploadFile(t, who.client, imageBytes());
  const res = await who.client.put('/api/profile/avatar', { signed_id: upload.signed_id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ avatar_url: string }>().avatar_url;
}

describe('POST /api/reports: filing a report', () => {
  it('lets the recipient report a message, once while it is open', async () => {
    const { a, b } = await friends();
    const id = await message(b, a);
    const filed = await fileReport(a, { kind: 'message', target_id: id, details: '  Rude.  ' });
    expect(filed).toMatchObject({
      kind: 'message',
      target_id: id,
      reason: 'harassment',
      details: 'Rude.',
      status: 'open',
    });
    const again = await report(a, { kind: 'message', target_id: id, reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'conflict', message: expect.any(String) });
  });

  it('refuses one’s own things (403) and what the reporter cannot see (404)', async () => {
    const { a, b } = await friends();
    const id = await message(b, a);
    const own = await report(b, { kind: 'message', target_id: id, reason: 'spam' });
    expect(own.statusCode).toBe(403);
    expect(own.json<ErrorBody>().message).toMatch(/your own/);
    // A member outside the conversation cannot tell the message exists.
    const stranger = await member(t);
    expect(
      (await report(stranger, { kind: 'message', target_id: id, reason: 'spam' })).statusCode,
    ).toBe(404);
    expect(
      (await report(a, { kind: 'message', target_id: 2_000_000_000, reason: 'spam' })).statusCode,
    ).toBe(404);
    expect(
      (await report(a, { kind: 'profile', target_id: a.user.id, reason: 'spam' })).statusCode,
    ).toBe(403);
    expect(
      (await report(a, { kind: 'profile', target_id: 2_000_000_000, reason: 'spam' })).statusCode,
    ).toBe(404);
    // Nothing was filed.
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from reports where reporter_id in (${a.user.id}, ${b.user.id}, ${stranger.user.id})`,
    );
    expect((rows as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('validates the reason and the details', async () => {
    const { a } = await friends();
    const target = await member(t);
    const base = { kind: 'profile', target_id: target.user.id };
    const noReason = await report(a, base);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<ErrorBody>().issues).toEqual([
      expect.objectContaining({ path: 'reason', message: 'Choose why you are reporting this.' }),
    ]);
    const other = await report(a, { ...base, reason: 'other', details: '   ' });
    expect(other.statusCode).toBe(400);
    expect(other.json<ErrorBody>().issues).toEqual([
      expect.objectContaining({ path: 'details', message: 'Say what is wrong in a few words.' }),
    ]);
    const long = await report(a, { ...base, reason: 'spam', details: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json<ErrorBody>().issues[0]).toMatchObject({ path: 'details' });
    for (const bad of [
      { ...base, reason: 'boring' },
      { ...base, kind: 'workout', reason: 'spam' },
      { ...base, target_id: 'x1', reason: 'spam' },
    ]) {
      expect((await report(a, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    // In Spanish too.
    const es = await a.client.request('POST', '/api/reports', base, {
      headers: { 'accept-language': 'es' },
    });
    expect(es.json<ErrorBody>().issues[0]).toMatchObject({
      message: 'Elige por qué lo denuncias.',
    });
  });

  it('needs a signed-in member and the CSRF token', async () => {
    const target = await member(t);
    const body = { kind: 'profile', target_id: target.user.id, reason: 'spam' };
    const visitor = await new TestClient(t.app).begin();
    expect((await visitor.post('/api/reports', body)).statusCode).toBe(401);
    const m = await member(t);
    const res = await m.client.post('/api/reports', body, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'invalid_csrf_token' });
  });

  it('lets a challenge’s reviewer report a proof, not its sender or other members', async () => {
    const creator = await member(t, { name: 'Cora Creator' });
    const { sender, submission } = await submittedProof(creator);
    const body = { kind: 'proof', target_id: submission.id, reason: 'inappropriate' };
    expect((await report(sender, body)).statusCode).toBe(403);
    expect((await report(await member(t), body)).statusCode).toBe(404);
    expect((await report(creator, body)).statusCode).toBe(201);
  });

  it('is rate-limited per member', async () => {
    const limited = await createTestApp({ REPORT_RATE_LIMIT: '2' }, { database: t.database });
    try {
      const client = new TestClient(limited.app);
      const { signUpMember } = await import('../../test/test-app');
      await signUpMember(client, { email: `rl${Date.now()}@example.org` });
      const targets = [await member(t), await member(t), await member(t)];
      const codes: number[] = [];
      for (const target of targets) {
        const res = await client.post('/api/reports', {
          kind: 'profile',
          target_id: target.user.id,
          reason: 'spam',
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.headers['retry-after']).toBeDefined();
          expect(res.json()).toMatchObject({ error: 'rate_limited' });
        }
      }
      expect(codes).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the admin report routes: who may call them', () => {
  it('answers 401 signed out and 403 to members and coaches', async () => {
    const plain = await member(t);
    const coach = await withRole('coach');
    const target = await member(t);
    const filed = await fileReport(plain, { kind: 'profile', target_id: target.user.id });
    const visitor = await new TestClient(t.app).begin();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/reports'],
      ['POST', `/api/admin/reports/${filed.id}/resolve`, { action: 'dismiss' }],
      ['GET', '/api/admin/system'],
      ['GET', '/api/admin/outbox'],
    ];
    for (const [method, url, body] of calls) {
      const m = method as 'GET';
      expect((await visitor.request(m, url, body)).statusCode, url).toBe(401);
      for (const who of [plain, coach]) {
        const res = await who.client.request(m, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ error: 'forbidden' });
      }
    }
    expect(await auditRows(filed.id)).toHaveLength(0);
  });
});

describe('GET /api/admin/reports', () => {
  it('answers pages of reports with what they point at, filtered by status and kind', async () => {
    const boss = await withRole('admin');
    const { a, b } = await friends('Quinn Queue', 'Vic Vulgar');
    const id = await message(b, a, 'Buy cheap pills at example.test');
    const byMessage = await fileReport(a, { kind: 'message', target_id: id, reason: 'spam' });
    const photo = await withPhoto(b);
    const byProfile = await fileReport(a, { kind: 'profile', target_id: b.user.id });

    const messages = await queue(boss, `?kind=message&limit=100`);
    const item = messages.items.find((r) => r.id === byMessage.id)!;
    expect(item).toMatchObject({
      kind: 'message',
      status: 'open',
      reporter: { id: a.user.id, name: 'Quinn Queue' },
      author: { id: b.user.id, name: 'Vic Vulgar', suspended: false },
      open_reports: 1,
      resolution: null,
      target: {
        missing: false,
        removed: false,
        text: 'Buy cheap pills at example.test',
        context: 'Quinn Queue',
      },
    });
    expect(messages.items.every((r) => r.kind === 'message')).toBe(true);

    const profiles = await queue(boss, `?kind=profile&limit=100`);
    expect(profiles.items.find((r) => r.id === byProfile.id)?.target).toMatchObject({
      text: 'Vic Vulgar',
      media_url: photo,
      removed: false,
    });
    // The admin may open the photo the queue points at.
    expect((await boss.client.get(photo)).statusCode).toBe(200);

    // Open ones oldest first, a page at a time.
    const first = await queue(boss, '?limit=1');
    expect(first.items).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const second = await queue(boss, `?limit=1&cursor=${first.next_cursor}`);
    expect(second.items[0]!.id).toBeGreaterThan(first.items[0]!.id);
    expect((await queue(boss, '?status=resolved&limit=100')).items.map((r) => r.id)).not.toContain(
      byMessage.id,
    );
    for (const bad of ['?status=closed', '?kind=workout', '?cursor=garbage', '?limit=0']) {
      expect((await boss.client.get(`/api/admin/reports${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe('POST /api/admin/reports/:id/resolve', () => {
  it("tells admins' open pages live when a report is filed or resolved, and nobody else", async () => {
    const boss = await withRole('admin', 'Live Ada');
    const target = await member(t, { name: 'Fine Finn' });
    const reporter = await member(t);
    const listen = async (who: Member) => {
      const cable = await openCable(t.app, who.client);
      await cable.ofType('welcome');
      cable.send({ command: 'subscribe', identifier: notificationsIdentifier });
      await cable.next(
        (f) => f.identifier === notificationsIdentifier && f.type === 'confirm_subscription',
      );
      return cable;
    };
    const isReportsChanged = (f: Record<string, unknown>) =>
      (f.message as { type?: string } | undefined)?.type === 'reports.changed';
    const admin = await listen(boss);
    const other = await listen(reporter);
    const filed = await fileReport(reporter, { kind: 'profile', target_id: target.user.id });
    expect((await admin.next(isReportsChanged)).message).toEqual({ type: 'reports.changed' });
    admin.frames.length = 0;
    const resolved = await boss.client.post(`/api/admin/reports/${filed.id}/resolve`, {
      action: 'dismiss',
      note: '',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    await admin.next(isReportsChanged);
    expect(other.frames.some(isReportsChanged)).toBe(false);
    admin.close();
    other.close();
  });

  it('dismisses every open report on the target, audits it and tells each reporter', async () => {
    const boss = await withRole('admin', 'Ada Admin');
    const target = await member(t, { name: 'Fine Fiona' });
    const first = await member(t);
    const second = await member(t);
    const one = await fileReport(first, { kind: 'profile', target_id: target.user.id });
    const two = await fileReport(second, {
      kind: 'profile',
      target_id: target.user.id,
      reason: 'spam',
    });
    expect(
      (await queue(boss, '?kind=profile&limit=100')).items.find((r) => r.id === one.id),
    ).toMatchObject({ open_reports: 2 });

    const res = await resolve(boss, one.id, { action: 'dismiss', note: 'Nothing wrong here' });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminReportSchema.parse(res.json())).toMatchObject({
      status: 'resolved',
      resolution: 'dismissed',
      resolution_note: 'Nothing wrong here',
      resolved_by: { id: boss.user.id, name: 'Ada Admin' },
      open_reports: 0,
    });
    const resolved = await queue(boss, '?status=resolved&kind=profile&limit=100');
    expect(resolved.items.find((r) => r.id === two.id)).toMatchObject({ resolution: 'dismissed' });

    const [row] = await auditRows(one.id);
    expect(row).toMatchObject({
      actor_id: boss.user.id,
      actor_name: 'Ada Admin',
      action: 'report.dismissed',
      target_type: 'report',
      target_label: `profile #${target.user.id}`,
      before: expect.objectContaining({ status: 'open', author_id: target.user.id }),
      after: expect.objectContaining({
        status: 'resolved',
        resolution: 'dismissed',
        reports_resolved: 2,
      }),
    });
    for (const reporter of [first, second]) {
      const [told] = await notificationsOf(reporter);
      expect(told).toMatchObject({
        kind: 'report_dismissed',
        title: 'An admin reviewed your report and found nothing against the rules.',
        actor: null,
      });
    }
    // Spanish readers read it in Spanish.
    const es = await first.client.request('GET', '/api/notifications', undefined, {
      headers: { 'accept-language': 'es' },
    });
    expect(
      es.json<NotificationPage>().items.find((n) => n.kind === 'report_dismissed')!.title,
    ).toMatch(/revisó tu denuncia/);
    // Handled once: a second action is refused, and nothing more is recorded.
    const again = await resolve(boss, two.id, { action: 'remove' });
    expect(again.statusCode).toBe(409);
    expect(await auditRows(one.id)).toHaveLength(1);
    expect((await resolve(boss, 2_000_000_000, { action: 'dismiss' })).statusCode).toBe(404);
    expect((await resolve(boss, one.id, { action: 'ban' })).statusCode).toBe(400);
    // Once resolved, the member may report the same thing again.
    expect(
      (await report(first, { kind: 'profile', target_id: target.user.id, reason: 'spam' }))
        .statusCode,
    ).toBe(201);
  });

  it('removes a message: the conversation shows it removed, and the reporter is thanked', async () => {
    const boss = await withRole('admin');
    const { a, b } = await friends();
    const id = await message(b, a, 'Something vile');
    const filed = await fileReport(a, { kind: 'message', target_id: id });
    const res = await resolve(boss, filed.id, { action: 'remove' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminReport>()).toMatchObject({
      resolution: 'removed',
      target: { removed: true, text: 'Something vile' },
    });
    for (const who of [a, b]) {
      const page = (
        await who.client.get(`/api/chat/${who === a ? b.user.id : a.user.id}/messages`)
      ).json<ChatMessagePage>();
      expect(page.items.find((m) => m.id === id)).toMatchObject({ body: '', removed: true });
    }
    const [row] = await auditRows(filed.id);
    expect(row).toMatchObject({
      action: 'report.content_removed',
      before: expect.objectContaining({ content: 'Something vile', removed: false }),
      after: expect.objectContaining({ resolution: 'removed', message_removed: true }),
    });
    expect((await notificationsOf(a))[0]).toMatchObject({
      kind: 'report_actioned',
      title: 'An admin reviewed your report and took action. Thank you.',
    });
  });

  it('removes a proof: rejected with the admin’s reason, its file deleted, its member told', async () => {
    const boss = await withRole('admin', 'Mod Mia');
    const creator = await member(t);
    const { challenge, sender, submission } = await submittedProof(creator);
    const filed = await fileReport(creator, {
      kind: 'proof',
      target_id: submission.id,
      reason: 'inappropriate',
    });
    const listed = (await queue(boss, '?kind=proof&limit=100')).items.find(
      (r) => r.id === filed.id,
    )!;
    expect(listed.target).toMatchObject({
      text: 'Look at this',
      context: `Plank week: ${challenge.requirements[0]!.workout_title}`,
      media_type: 'image/png',
    });
    expect((await boss.client.get(listed.target.media_url!)).statusCode).toBe(200);

    // The member reads the reason: removing a proof needs one.
    const bare = await resolve(boss, filed.id, { action: 'remove' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'note' })]);

    const res = await resolve(boss, filed.id, { action: 'remove', note: 'Not a workout photo.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminReport>().target).toMatchObject({ removed: true, media_url: null });
    expect((await sender.client.get(listed.target.media_url!)).statusCode).toBe(404);
    const [told] = await notificationsOf(sender);
    expect(told).toMatchObject({
      kind: 'challenge_proof_rejected',
      body: 'Not a workout photo.',
    });
    expect((await auditRows(filed.id))[0]).toMatchObject({
      action: 'report.content_removed',
      after: expect.objectContaining({ proof_status: 'pending', proof_file_deleted: true }),
    });
  });

  it('removes a profile’s photo', async () => {
    const boss = await withRole('admin');
    const reporter = await member(t);
    const target = await member(t);
    const photo = await withPhoto(target);
    const filed = await fileReport(reporter, { kind: 'profile', target_id: target.user.id });
    const res = await resolve(boss, filed.id, { action: 'remove' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await target.client.get('/api/profile')).json()).toMatchObject({ avatar_url: null });
    expect((await boss.client.get(photo)).statusCode).toBe(404);
    expect((await auditRows(filed.id))[0]).toMatchObject({
      after: expect.objectContaining({ photo_removed: true }),
    });
  });

  it('suspends the author with the Users tab’s suspension, removing the content if asked', async () => {
    const boss = await withRole('admin', 'Sue Spender');
    const { a, b } = await friends();
    const id = await message(b, a);
    const filed = await fileReport(a, { kind: 'message', target_id: id });
    const res = await resolve(boss, filed.id, {
      action: 'suspend',
      note: 'Repeated abuse',
      remove_content: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminReport>()).toMatchObject({
      resolution: 'suspended',
      author: { id: b.user.id, suspended: true },
      target: { removed: true },
    });
    // Their session ended at once.
    expect((await b.client.get('/api/auth/me')).json()).toMatchObject({ user: null });
    expect((await auditRows(b.user.id, 'user')).map((r) => r.action)).toEqual(['user.suspended']);
    expect((await auditRows(filed.id))[0]).toMatchObject({
      action: 'report.author_suspended',
      after: expect.objectContaining({ author_suspended: true, message_removed: true }),
    });
    expect((await notificationsOf(a))[0]).toMatchObject({ kind: 'report_actioned' });
  });

  it('leaves everything as it was when the suspension is refused (one’s own message)', async () => {
    const boss = await withRole('admin');
    const reporter = await member(t);
    await befriend(t, boss.user.id, reporter.user.id);
    const id = await message(boss, reporter, 'An admin’s own message');
    const filed = await fileReport(reporter, { kind: 'message', target_id: id });
    const res = await resolve(boss, filed.id, { action: 'suspend', remove_content: true });
    expect(res.statusCode).toBe(409);
    const still = (await queue(boss, '?kind=message&limit=100')).items.find(
      (r) => r.id === filed.id,
    );
    expect(still).toMatchObject({ status: 'open', target: { removed: false } });
    expect(await auditRows(filed.id)).toHaveLength(0);
    expect(await notificationsOf(reporter)).toEqual([]);
  });
});
