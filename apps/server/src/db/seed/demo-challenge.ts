import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../client';
import { users } from '../schema/accounts';
import { appMeta } from '../schema/app-meta';
import {
  challengeParticipants,
  challengeRequirements,
  challengeSubmissions,
  challenges,
} from '../schema/challenges';
import { storageAttachments, storageBlobs } from '../schema/storage';
import { workoutLogs } from '../schema/workout-logs';
import { workouts } from '../schema/workouts';
import { recountTotals } from '../../features/workout-logs/workout-logs.service';
import { newBlobKey, type DiskStorage } from '../../plugins/storage';

/** Written once, ever: a demo challenge someone changed or finished is not brought back. */
const DEMO_CHALLENGE_KEY = 'demo_challenge_seeded';
const DAY_MS = 86_400_000;

const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * A real PNG (a `size`² square shaded from `from` to `to`, top to bottom) for the demo proofs:
 * the review queue shows photos, so the demo's must open.
 */
export function demoProofPng(
  size: number,
  from: [number, number, number],
  to: [number, number, number],
): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    const f = y / (size - 1);
    for (let x = 0; x < size; x += 1) {
      for (let c = 0; c < 3; c += 1)
        row[1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * f);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Stores a proof photo of `userId` (bytes on disk, then its blob row) and attaches it. */
async function attachProof(
  db: Executor,
  storage: DiskStorage,
  userId: number,
  submissionId: number,
  bytes: Buffer,
): Promise<void> {
  const declaration = {
    key: newBlobKey(),
    contentType: 'image/png',
    byteSize: bytes.length,
    checksum: createHash('md5').update(bytes).digest('base64'),
  };
  await storage.write(Readable.from([bytes]), declaration);
  const [blob] = await db
    .insert(storageBlobs)
    .values({
      ...declaration,
      filename: 'last-set.png',
      purpose: 'challenge_proof',
      service: 'disk',
      uploadedById: userId,
      uploadedAt: new Date(),
    })
    .returning({ id: storageBlobs.id });
  await db.insert(storageAttachments).values({
    recordType: 'challenge_submission',
    recordId: submissionId,
    name: 'proof',
    blobId: blob!.id,
  });
}

/**
 * The demo's active challenge (issue 13): Casey Coach's two-week kickoff, started three days
 * ago. Jordan's strength proof is approved, Maya's waits in Casey's review queue (she has also
 * done the pull day), Sam has joined. Needs disk storage for the proof photos; the server
 * calls it once the app (and its storage) is up.
 */
export async function seedDemoChallenge(db: Database, storage: DiskStorage): Promise<boolean> {
  const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_CHALLENGE_KEY));
  if (meta) return false;
  const emails = ['coach@example.com', 'maya@example.com', 'jordan@example.com', 'sam@example.com'];
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idOf = new Map(people.map((p) => [p.email, p.id]));
  const library = await db
    .select({ id: workouts.id, slug: workouts.slug, title: workouts.title })
    .from(workouts)
    .where(isNull(workouts.ownerId));
  const workoutOf = new Map(library.map((w) => [w.slug, w]));
  const [coach, maya, jordan, sam] = emails.map((e) => idOf.get(e));
  const strength = workoutOf.get('barbell-strength-5x5');
  const pull = workoutOf.get('pull-day-hypertrophy');
  if (!coach || !maya || !jordan || !sam || !strength || !pull) return false;

  await db.transaction(async (tx) => {
    const startDate = day(-3);
    const joinedAt = new Date(`${startDate}T07:00:00Z`);
    const [challenge] = await tx
      .insert(challenges)
      .values({
        creatorId: coach,
        title: 'Two-week strength kickoff',
        description:
          'Lift heavy and pull hard for two weeks. Film the last set of your 5×5 so I can check your form.',
        prize: 'A FitCoach water bottle',
        durationDays: 14,
        startDate,
        visibility: 'public',
        prizeWinners: 3,
        publishedAt: joinedAt,
      })
      .returning({ id: challenges.id });
    const challengeId = challenge!.id;
    const [lift, rows] = await tx
      .insert(challengeRequirements)
      .values([
        {
          challengeId,
          position: 0,
          workoutId: strength.id,
          workoutTitle: strength.title,
          uploadRequired: true,
          description: 'Film your last set and upload it.',
        },
        {
          challengeId,
          position: 1,
          workoutId: pull.id,
          workoutTitle: pull.title,
          uploadRequired: false,
          description: 'Any pace counts.',
        },
      ])
      .returning({ id: challengeRequirements.id });
    const [jordanPart, mayaPart] = await tx
      .insert(challengeParticipants)
      .values([jordan, maya, sam].map((userId) => ({ challengeId, userId, joinedAt })))
      .returning({ id: challengeParticipants.id });

    // The logs the submissions rest on, written after joining, within the challenge.
    const log = (userId: number, workout: { id: number; title: string }, daysAgo: number) => ({
      userId,
      workoutId: workout.id,
      title: workout.title,
      source: 'workout' as const,
      performedOn: day(-daysAgo),
      durationSeconds: 50 * 60,
      note: '',
      energyLevel: 4,
      sleepQuality: 4,
    });
    await tx
      .insert(workoutLogs)
      .values([log(jordan, strength, 2), log(maya, pull, 1), log(maya, strength, 0)]);
    await recountTotals(tx, jordan);
    await recountTotals(tx, maya);

    const now = Date.now();
    const [jordanLift, , mayaLift] = await tx
      .insert(challengeSubmissions)
      .values([
        {
          participantId: jordanPart!.id,
          requirementId: lift!.id,
          status: 'approved' as const,
          note: 'Five clean reps on the last set.',
          reviewerId: coach,
          submittedAt: new Date(now - 2 * DAY_MS),
          reviewedAt: new Date(now - 2 * DAY_MS + 3_600_000),
        },
        {
          participantId: mayaPart!.id,
          requirementId: rows!.id,
          status: 'approved' as const,
          note: '',
          submittedAt: new Date(now - DAY_MS),
          reviewedAt: new Date(now - DAY_MS),
        },
        {
          participantId: mayaPart!.id,
          requirementId: lift!.id,
          status: 'pending' as const,
          note: 'Last set felt slow, but all five are there.',
          submittedAt: new Date(now - 3_600_000),
        },
      ])
      .returning({ id: challengeSubmissions.id });
    await tx
      .update(challengeParticipants)
      .set({ completedCount: 1 })
      .where(inArray(challengeParticipants.id, [jordanPart!.id, mayaPart!.id]));
    await attachProof(
      tx,
      storage,
      jordan,
      jordanLift!.id,
      demoProofPng(96, [13, 148, 136], [67, 56, 202]),
    );
    await attachProof(
      tx,
      storage,
      maya,
      mayaLift!.id,
      demoProofPng(96, [234, 88, 12], [190, 24, 93]),
    );
    await tx.insert(appMeta).values({ key: DEMO_CHALLENGE_KEY, value: String(challengeId) });
  });
  return true;
}
