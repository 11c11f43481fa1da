import type {
  ChallengeDetail,
  ChallengeList,
  ChallengeStatus,
  ChallengeSummary,
  ChallengeTab,
  ChallengeValues,
  Leaderboard,
  OwnSubmission,
  Submission,
  SubmissionList,
  SubmissionStatus,
} from '@fitcoach/shared/challenges';
import { LEADERBOARD_SIZE, leaderboardSchema } from '@fitcoach/shared/challenges';
import { DEFAULT_LOCALE } from '@fitcoach/shared/locales';
import { managesTeam } from '@fitcoach/shared/teams';
import type { Executor } from '../../db/client';
import type { BlobDownload, StorageService } from '../../plugins/storage';
import { text } from '../../i18n/i18n';
import { isoDay } from '../../lib/clock';
import { forbidden, HttpError, notFound, validationFailed } from '../../lib/http-error';
import { answerKeys, answerValue, type PreparedAnswer } from '../../lib/answer-cache';
import type { ChangeListener, PendingChanges } from '../../lib/changes';
import type { ServiceContext } from '../../lib/service-context';
import type { MessageVerifier } from '../../lib/signed-messages';
import type { Viewer } from '../../lib/viewer';
import { wordAchievement } from '../achievements/achievement-catalog';
import { notify, storedTitle, type Broadcaster } from '../notifications/notifications.service';
import { teamForReference, teamHasWorkout } from '../teams/teams.service';
import * as uploads from '../uploads/uploads.service';
import { findUserById } from '../users/users.service';
import { findVisibleWorkout } from '../workouts/workouts.service';
import * as repo from './challenges.repository';

const DAY_MS = 86_400_000;

/**
 * Proofs still waiting at the end hold the prizes back (they were submitted in time), but for
 * at most this many days: a queue nobody reviews does not keep a challenge open for ever.
 */
export const REVIEW_GRACE_DAYS = 7;

/**
 * How far ahead a challenge may start (as a program may): further has no use, and a start in
 * year 9999 ended in year 10000, which no YYYY-MM-DD date can say.
 */
const START_AHEAD_DAYS = 365;

const addDays = (date: string, days: number) =>
  isoDay(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));

/** The last day of the challenge: submissions are taken through it. */
export const endDateOf = (c: Pick<repo.ChallengeRow, 'startDate' | 'durationDays'>) =>
  addDays(c.startDate, c.durationDays - 1);

/** Where a challenge is in its life on `today` (the server's day). */
export function statusOf(
  c: Pick<repo.ChallengeRow, 'publishedAt' | 'startDate' | 'durationDays'>,
  today: string,
): ChallengeStatus {
  if (!c.publishedAt) return 'draft';
  if (today < c.startDate) return 'upcoming';
  return today <= endDateOf(c) ? 'active' : 'finished';
}

const today = (ctx: ServiceContext) => isoDay(ctx.clock.now());

/**
 * Who reviews a challenge's proofs, of those who can see it: its creator, coaches and admins.
 * A team challenge is its team's: its owners and coaches (whatever their account's role) and
 * coaches on the team review it, and admins; nobody off the team, not even its creator once
 * they have left the team's staff or the team is gone (they still see the challenge, but its
 * members' proofs are no longer theirs to open or judge).
 */
const mayReview = (
  viewer: Viewer,
  row: Pick<repo.ChallengeListRow, 'challenge' | 'teamRole'>,
): boolean => {
  if (viewer.role === 'admin') return true;
  if (row.challenge.visibility === 'team') {
    return managesTeam(row.teamRole) || (viewer.role === 'coach' && row.teamRole !== null);
  }
  return row.challenge.creatorId === viewer.id || viewer.role === 'coach';
};

const conflict = (key: Parameters<typeof text>[0], values?: Parameters<typeof text>[1]) =>
  new HttpError(409, 'conflict', text(key, values));

/**
 * A team challenge is taken part in by its team's members only: its creator off the team and
 * admins see it, but its prize goes only to finishers on the team, so they neither join nor
 * submit. Once the team is deleted (`team_id` set null) nobody does: it can give nothing.
 */
function refuseIfOffTeam(row: Pick<repo.ChallengeListRow, 'challenge' | 'teamRole'>): void {
  const c = row.challenge;
  if (c.visibility !== 'team') return;
  if (c.teamId === null) throw conflict('errors:challenges.teamGone');
  if (row.teamRole === null) throw conflict('errors:challenges.notOnTeam');
}

/** What `joinChallenge` would accept, said ahead on the summary (`may_join`). */
function mayJoin(row: repo.ChallengeListRow, status: ChallengeStatus): boolean {
  if (row.joined || (status !== 'upcoming' && status !== 'active')) return false;
  const c = row.challenge;
  return c.visibility !== 'team' || (c.teamId !== null && row.teamRole !== null);
}

const unprocessable = (key: Parameters<typeof text>[0], values?: Parameters<typeof text>[1]) =>
  new HttpError(422, 'unprocessable', text(key, values));

function toSummary(row: repo.ChallengeListRow, viewer: Viewer, day: string): ChallengeSummary {
  const c = row.challenge;
  const status = statusOf(c, day);
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    prize: c.prize,
    duration: c.durationDays,
    start_date: c.startDate,
    end_date: endDateOf(c),
    visibility: c.visibility,
    team_id: c.teamId,
    team_name: c.teamId === null ? null : row.teamName,
    status,
    prize_winners: c.prizeWinners,
    creator: { id: c.creatorId, name: row.creatorName },
    participant_count: row.participantCount,
    requirement_count: row.requirementCount,
    joined: row.joined,
    completed_count: row.completedCount,
    may_edit: c.creatorId === viewer.id && (status === 'draft' || status === 'upcoming'),
    may_review: mayReview(viewer, row),
    may_join: mayJoin(row, status),
  };
}

const proofUrl = (submissionId: number) => `/api/challenge/submissions/${submissionId}/proof`;

function proofOf(view: repo.SubmissionView) {
  return view.blob
    ? {
        url: proofUrl(view.submission.id),
        content_type: view.blob.contentType,
        filename: view.blob.filename,
      }
    : null;
}

function toOwnSubmission(view: repo.SubmissionView): OwnSubmission {
  const s = view.submission;
  return {
    id: s.id,
    status: s.status,
    reason: s.reason,
    note: s.note,
    proof: proofOf(view),
    submitted_at: s.submittedAt.toISOString(),
  };
}

function toSubmission(view: repo.SubmissionView): Submission {
  const s = view.submission;
  return {
    id: s.id,
    challenge_id: view.requirement.challengeId,
    requirement_id: view.requirement.id,
    workout_title: view.requirement.workoutTitle,
    member: { id: view.memberId, name: view.memberName },
    status: s.status,
    reason: s.reason,
    note: s.note,
    proof: proofOf(view),
    submitted_at: s.submittedAt.toISOString(),
    reviewed_at: s.reviewedAt?.toISOString() ?? null,
  };
}

/** The challenge if the viewer may see it (`visibleTo` in the repository); else 404. */
async function visibleChallenge(
  db: Executor,
  viewer: Viewer,
  id: number,
): Promise<repo.ChallengeListRow> {
  const row = await repo.findChallengeRow(db, viewer, id);
  if (!row) throw notFound('challenge');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function listChallenges(
  ctx: ServiceContext,
  viewer: Viewer,
  tab: ChallengeTab,
): Promise<ChallengeList> {
  const day = today(ctx);
  if (tab === 'finished' || tab === 'mine') await settleDue(ctx);
  const rows = await repo.listChallenges(ctx.db, viewer, tab, day);
  return { items: rows.map((row) => toSummary(row, viewer, day)) };
}

export async function getChallenge(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
): Promise<ChallengeDetail> {
  let row = await visibleChallenge(ctx.db, viewer, id);
  if (await settleIfDue(ctx, row.challenge)) row = await visibleChallenge(ctx.db, viewer, id);
  const [requirements, own] = await Promise.all([
    repo.requirementsOf(ctx.db, id),
    row.joined ? repo.ownSubmissions(ctx.db, id, viewer.id) : Promise.resolve([]),
  ]);
  const byRequirement = new Map(own.map((s) => [s.requirement.id, s]));
  const participant = row.joined ? await repo.findParticipant(ctx.db, id, viewer.id) : undefined;
  const day = today(ctx);
  return {
    ...toSummary(row, viewer, day),
    requirements: requirements.map((r) => {
      const submission = byRequirement.get(r.id);
      return {
        id: r.id,
        workout_id: r.workoutId,
        workout_title: r.workoutTitle,
        uploadRequired: r.uploadRequired,
        description: r.description,
        submission: submission ? toOwnSubmission(submission) : null,
      };
    }),
    prize_awarded: participant?.prizeAwarded ?? false,
    awarded: row.challenge.awardedAt !== null,
  };
}

/**
 * `GET /api/challenge/:id/leaderboard` as sent: one cached board per challenge and day for
 * everyone (a big challenge's members all watch the same board), behind a cached check per
 * member that they may see it. Both go stale with any change to the challenge (a join, a
 * review, an edit, prizes given); the check also with the member's relationships (a friends-only
 * challenge) and account, the board with renames.
 */
export async function leaderboardAnswer(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
): Promise<PreparedAnswer> {
  const day = today(ctx);
  const access = await answerValue<{ visible: boolean; due: boolean }>(
    ctx.answers.get(answerKeys.challengeAccess(id, viewer.id, day), async () => {
      const c = await repo.findVisibleChallenge(ctx.db, viewer, id);
      return { visible: c !== undefined, due: c !== undefined && isDue(c, day) };
    }),
  );
  if (!access.visible) throw notFound('challenge');
  // Over and not yet settled: the first read gives the prizes, as the uncached read did (a
  // settlement announces the change, so the check is rebuilt and says not due any more).
  if (access.due) {
    const c = await repo.findChallenge(ctx.db, id);
    if (c) await settleIfDue(ctx, c);
  }
  return boardAnswer(ctx, id, day);
}

/** The board everyone sees, built once per version of the challenge (and of members' names). */
function boardAnswer(ctx: ServiceContext, id: number, day: string): Promise<PreparedAnswer> {
  return ctx.answers.get(
    answerKeys.leaderboard(id, day),
    async () => {
      const row = await repo.findChallengeCounts(ctx.db, id);
      if (!row) throw notFound('challenge');
      return leaderboardOf(ctx.db, row, day);
    },
    leaderboardSchema,
  );
}

/** The board as everyone who may see the challenge sees it (the live updates send the same). */
export async function leaderboardOf(
  db: Executor,
  row: Pick<repo.ChallengeListRow, 'challenge' | 'participantCount' | 'requirementCount'>,
  day: string,
): Promise<Leaderboard> {
  const rows = await repo.leaderboard(db, row.challenge.id, LEADERBOARD_SIZE);
  let rank = 0;
  let previous: repo.BoardRow | null = null;
  const entries = rows.map((r, k) => {
    // Members level on requirements and not finished share a rank; a finisher ranks by time.
    const tied =
      previous !== null &&
      previous.completedCount === r.completedCount &&
      previous.finishedAt === null &&
      r.finishedAt === null;
    if (!tied) rank = k + 1;
    previous = r;
    return {
      rank,
      member: { id: r.userId, name: r.name },
      completed: r.completedCount,
      finished_at: r.finishedAt?.toISOString() ?? null,
      prize_awarded: r.prizeAwarded,
    };
  });
  return {
    challenge_id: row.challenge.id,
    status: statusOf(row.challenge, day),
    requirement_count: row.requirementCount,
    participant_count: row.participantCount,
    entries,
  };
}

/** A challenge's leaderboard for the realtime channel: the subscriber must be able to see it. */
export async function leaderboardFor(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
): Promise<Leaderboard | null> {
  const row = await repo.findChallengeRow(ctx.db, viewer, id);
  return row ? leaderboardOf(ctx.db, row, today(ctx)) : null;
}

/** The stream a challenge's live leaderboard goes out on. */
export const challengeStream = (id: number) => `challenges:${id}`;

/**
 * The change listener that pushes a challenge's leaderboard to the pages following it, once
 * per change, where the change was made (the stream fans out across nodes by itself).
 */
export function broadcastChallenges(cable: Broadcaster, ctx: ServiceContext): ChangeListener {
  return async (change) => {
    if (change.kind !== 'challenge') return;
    // The cached board (this change made the last one stale): the readers who come next are
    // sent the one built here.
    let leaderboard: Leaderboard;
    try {
      leaderboard = await answerValue<Leaderboard>(boardAnswer(ctx, change.id, today(ctx)));
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) return; // deleted meanwhile
      throw err;
    }
    await cable.broadcastEvent('ChallengeChannel', challengeStream(change.id), {
      type: 'leaderboard',
      leaderboard,
    });
  };
}

/** Whether the member may follow a challenge live: the same rule as reading it. */
export async function mayFollow(ctx: ServiceContext, viewer: Viewer, id: number): Promise<boolean> {
  return (await repo.findChallengeRow(ctx.db, viewer, id)) !== undefined;
}

export async function listSubmissions(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  status: SubmissionStatus | null,
): Promise<SubmissionList> {
  const row = await visibleChallenge(ctx.db, viewer, id);
  if (!mayReview(viewer, row)) throw forbidden(text('errors:challenges.reviewersOnly'));
  const views = await repo.submissionsOf(ctx.db, id, status);
  return { items: views.map(toSubmission) };
}

/** A proof's file, for the member who sent it and the challenge's reviewers. */
export async function openProof(
  ctx: ServiceContext,
  storage: StorageService,
  viewer: Viewer,
  submissionId: number,
): Promise<{ blob: uploads.BlobRow; download: BlobDownload }> {
  const found = await repo.findSubmissionContext(ctx.db, submissionId);
  if (!found) throw notFound('submission');
  const row = await repo.findChallengeRow(ctx.db, viewer, found.challengeId);
  const own = found.participant.userId === viewer.id;
  if (!row || (!own && !mayReview(viewer, row))) throw notFound('submission');
  const blob = await uploads.attachedBlob(ctx.db, proofSlot(submissionId));
  if (!blob) throw notFound('file');
  const download = await uploads.openBlob(storage, blob);
  if (!download) throw notFound('file');
  return { blob, download };
}

const proofSlot = (submissionId: number): uploads.AttachmentSlot => ({
  recordType: repo.PROOF_RECORD_TYPE,
  recordId: submissionId,
  name: repo.PROOF_NAME,
});

// ---------------------------------------------------------------------------------------------
// Creating and editing

/**
 * Coaches and admins create public challenges; anyone friends-only ones, and team ones for a
 * team they may name (`checkTeam`). Each requirement's workout must exist and be visible to
 * the author, once each, and be one the members can log: a library workout, or for a team
 * challenge one given to the team; nothing is saved otherwise.
 */
async function checkInput(
  ctx: ServiceContext,
  viewer: Viewer,
  input: ChallengeValues,
  startChanged: boolean,
): Promise<repo.NewRequirement[]> {
  if (viewer.role === 'member' && input.visibility === 'public') {
    throw forbidden(text('errors:challenges.publicByCoaches'));
  }
  if (startChanged && input.start_date < today(ctx)) {
    throw validationFailed([
      { path: 'start_date', message: text('errors:challenges.startInPast') },
    ]);
  }
  if (startChanged && input.start_date > addDays(today(ctx), START_AHEAD_DAYS)) {
    throw validationFailed([
      {
        path: 'start_date',
        message: text('errors:challenges.startTooFar', { days: START_AHEAD_DAYS }),
      },
    ]);
  }
  const seen = new Set<number>();
  const requirements: repo.NewRequirement[] = [];
  for (const [k, r] of input.requirements.entries()) {
    const path = `requirements.${k}.workout_id`;
    if (seen.has(r.workout_id)) {
      throw validationFailed([
        { path, message: text('errors:challenges.workoutTwice', { n: k + 1 }) },
      ]);
    }
    seen.add(r.workout_id);
    const found = await findVisibleWorkout(ctx.db, viewer, r.workout_id).catch((err: unknown) => {
      if (err instanceof HttpError && err.statusCode === 404) return null;
      throw err;
    });
    if (!found) {
      throw validationFailed([
        { path, message: text('errors:challenges.workoutNotVisible', { n: k + 1 }) },
      ]);
    }
    // Members complete a requirement by logging its workout: one only its author (or a few
    // friends it was shared with) may open would make the challenge impossible to finish.
    const loggable =
      found.workout.isPublic ||
      (input.visibility === 'team' &&
        input.team_id !== null &&
        (await teamHasWorkout(ctx.db, input.team_id, r.workout_id)));
    if (!loggable) {
      throw validationFailed([
        { path, message: text('errors:challenges.workoutNotLoggable', { n: k + 1 }) },
      ]);
    }
    requirements.push({
      workoutId: r.workout_id,
      workoutTitle: found.workout.title,
      uploadRequired: r.uploadRequired,
      description: r.description,
    });
  }
  return requirements;
}

/**
 * A team challenge names a team its creator owns or coaches (admins: any team), checked in the
 * write's transaction (the team is held until it commits), on every save: an edit by a creator
 * who has since left the team's staff must move the challenge elsewhere. Not on the team and no
 * such team read the same, as a team's existence is its members' business.
 */
async function checkTeam(tx: Executor, viewer: Viewer, input: ChallengeValues): Promise<void> {
  if (input.visibility !== 'team' || input.team_id === null) return;
  const team = await teamForReference(tx, input.team_id, viewer.id);
  const allowed = viewer.role === 'admin' ? team.exists : managesTeam(team.role);
  if (!allowed) {
    const key = viewer.role === 'admin' ? 'teamNotFound' : 'teamNotManaged';
    throw validationFailed([{ path: 'team_id', message: text(`errors:challenges.${key}`) }]);
  }
}

const valuesOf = (input: ChallengeValues, publishedAt: Date | null) => ({
  title: input.title,
  description: input.description,
  prize: input.prize,
  durationDays: input.duration,
  startDate: input.start_date,
  visibility: input.visibility,
  teamId: input.visibility === 'team' ? input.team_id : null,
  prizeWinners: input.prize_winners,
  publishedAt,
});

export async function createChallenge(
  ctx: ServiceContext,
  viewer: Viewer,
  input: ChallengeValues,
): Promise<ChallengeDetail> {
  const requirements = await checkInput(ctx, viewer, input, true);
  const id = await ctx.transaction(async (tx, changes) => {
    await checkTeam(tx, viewer, input);
    const created = await repo.insertChallenge(tx, {
      creatorId: viewer.id,
      ...valuesOf(input, input.draft ? null : ctx.clock.now()),
    });
    await repo.replaceRequirements(tx, created, requirements);
    changes.emit({ kind: 'challenge', id: created });
    return created;
  });
  return getChallenge(ctx, viewer, id);
}

const sameRequirements = (a: repo.RequirementRow[], b: repo.NewRequirement[]) =>
  a.length === b.length &&
  a.every(
    (r, k) =>
      r.workoutId === b[k]!.workoutId &&
      r.uploadRequired === b[k]!.uploadRequired &&
      r.description === b[k]!.description,
  );

/**
 * The creator edits a challenge until it starts. Once published it stays published (`draft`
 * only keeps a draft a draft); once someone has joined, the requirements are fixed.
 */
export async function updateChallenge(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  input: ChallengeValues,
): Promise<ChallengeDetail> {
  const row = await visibleChallenge(ctx.db, viewer, id);
  const c = row.challenge;
  const status = statusOf(c, today(ctx));
  if (c.creatorId !== viewer.id || (status !== 'draft' && status !== 'upcoming')) {
    throw forbidden(text('errors:challenges.notEditable'));
  }
  const requirements = await checkInput(ctx, viewer, input, input.start_date !== c.startDate);
  await ctx.transaction(async (tx, changes) => {
    // The team first, then the challenge: the order a team's deletion takes them (its row,
    // then its challenges' team_id), so the two never wait on each other.
    await checkTeam(tx, viewer, input);
    const locked = await repo.lockChallenge(tx, id);
    if (!locked) throw notFound('challenge');
    const joined = await repo.participantCount(tx, id);
    const current = await repo.requirementsOf(tx, id);
    const publishedAt = locked.publishedAt ?? (input.draft ? null : ctx.clock.now());
    await repo.updateChallenge(tx, id, valuesOf(input, publishedAt));
    if (!sameRequirements(current, requirements)) {
      if (joined > 0) throw conflict('errors:challenges.requirementsLocked');
      await repo.replaceRequirements(tx, id, requirements);
    }
    changes.emit({ kind: 'challenge', id });
  });
  return getChallenge(ctx, viewer, id);
}

// ---------------------------------------------------------------------------------------------
// Taking part

/** Joins an upcoming or active challenge the member can see; joining twice changes nothing. */
export async function joinChallenge(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
): Promise<ChallengeDetail> {
  const row = await visibleChallenge(ctx.db, viewer, id);
  const status = statusOf(row.challenge, today(ctx));
  if (status !== 'upcoming' && status !== 'active') {
    throw conflict('errors:challenges.cannotJoin');
  }
  refuseIfOffTeam(row);
  await ctx.transaction(async (tx, changes) => {
    if (await repo.join(tx, id, viewer.id)) changes.emit({ kind: 'challenge', id });
  });
  return getChallenge(ctx, viewer, id);
}

/**
 * Submits a requirement: the member joined, the challenge is active today (the server's day,
 * so nothing late is taken), they logged the workout after joining and within the challenge,
 * and, when the requirement asks for one, they uploaded a proof. Without a proof to review
 * the requirement is completed at once; with one it waits for a reviewer. A rejected
 * submission may be sent again.
 */
export async function submitRequirement(
  ctx: ServiceContext,
  storage: StorageService,
  verifier: MessageVerifier,
  viewer: Viewer,
  params: { id: number; requirementId: number },
  input: { signed_id?: string | undefined; note: string },
): Promise<OwnSubmission> {
  const row = await visibleChallenge(ctx.db, viewer, params.id);
  const c = row.challenge;
  const requirement = await repo.findRequirement(ctx.db, c.id, params.requirementId);
  if (!requirement) throw notFound('requirement');
  const participant = await repo.findParticipant(ctx.db, c.id, viewer.id);
  if (!participant) throw forbidden(text('errors:challenges.notJoined'));
  const day = today(ctx);
  const status = statusOf(c, day);
  if (status === 'upcoming') throw conflict('errors:challenges.notStarted', { date: c.startDate });
  if (status !== 'active') throw conflict('errors:challenges.closed', { date: endDateOf(c) });
  refuseIfOffTeam(row);

  const logged =
    requirement.workoutId !== null &&
    (await repo.loggedWorkoutSince(ctx.db, {
      userId: viewer.id,
      workoutId: requirement.workoutId,
      from: c.startDate,
      to: day,
      joinedAt: participant.joinedAt,
    }));
  if (!logged) {
    throw unprocessable('errors:challenges.notLogged', { workout: requirement.workoutTitle });
  }
  const blob = requirement.uploadRequired
    ? await proofBlob(ctx, storage, verifier, viewer, input.signed_id)
    : null;

  const submissionId = await ctx.transaction(async (tx, changes) => {
    // One writer per challenge: completions are ordered, and prizes are not being given now.
    await repo.lockChallenge(tx, c.id);
    const existing = await repo.findSubmission(tx, participant.id, requirement.id);
    if (existing?.status === 'pending') throw conflict('errors:challenges.pending');
    if (existing?.status === 'approved') throw conflict('errors:challenges.approved');
    const saved = await repo.upsertSubmission(tx, {
      participantId: participant.id,
      requirementId: requirement.id,
      status: blob ? 'pending' : 'approved',
      note: input.note,
      reviewedAt: blob ? null : ctx.clock.now(),
    });
    if (!blob) await repo.recountParticipant(tx, participant.id, row.requirementCount);
    // Last, so nothing after it can fail: a replaced (rejected) proof's file goes with it.
    if (blob) await uploads.attachBlob(tx, storage, proofSlot(saved.id), blob);
    changes.emit({ kind: 'challenge', id: c.id, progress: true });
    return saved.id;
  });
  const view = await repo.submissionView(ctx.db, submissionId);
  return toOwnSubmission(view!);
}

async function proofBlob(
  ctx: ServiceContext,
  storage: StorageService,
  verifier: MessageVerifier,
  viewer: Viewer,
  signedId: string | undefined,
): Promise<uploads.BlobRow> {
  if (!signedId) throw unprocessable('errors:challenges.proofRequired');
  return uploads.blobForSignedId(ctx.db, storage, verifier, signedId, {
    ownerId: viewer.id,
    purpose: 'challenge_proof',
  });
}

/**
 * A reviewer (`mayReview`: the creator, a coach or an admin who can see the challenge; of a team
 * challenge, the team's owners and coaches, coaches on the team and admins; never the member
 * themselves) approves or rejects a pending proof. The member is told either way, live.
 */
export async function reviewSubmission(
  ctx: ServiceContext,
  viewer: Viewer,
  submissionId: number,
  input: { decision: 'approve' | 'reject'; reason: string },
): Promise<Submission> {
  const found = await repo.findSubmissionContext(ctx.db, submissionId);
  if (!found) throw notFound('submission');
  const row = await repo.findChallengeRow(ctx.db, viewer, found.challengeId);
  if (!row) throw notFound('submission');
  if (!mayReview(viewer, row)) throw forbidden(text('errors:challenges.reviewersOnly'));
  if (found.participant.userId === viewer.id) {
    throw forbidden(text('errors:challenges.ownSubmission'));
  }
  const reviewer = await findUserById(ctx.db, viewer.id);
  const approved = input.decision === 'approve';
  await ctx.transaction(async (tx, changes) => {
    await repo.lockChallenge(tx, found.challengeId);
    const locked = await repo.lockSubmission(tx, submissionId);
    if (!locked) throw notFound('submission');
    if (locked.submission.status !== 'pending') throw conflict('errors:challenges.alreadyReviewed');
    await repo.reviewSubmission(tx, submissionId, {
      status: approved ? 'approved' : 'rejected',
      reason: approved ? null : input.reason,
      reviewerId: viewer.id,
      at: ctx.clock.now(),
    });
    if (approved) {
      await repo.recountParticipant(tx, locked.participant.id, row.requirementCount);
    }
    const kind = approved ? 'challenge_proof_approved' : 'challenge_proof_rejected';
    await notify(tx, changes, {
      userId: locked.participant.userId,
      kind,
      title: storedTitle(kind, reviewer?.name),
      // The reason is the reviewer's own words; an approval names the requirement.
      body: approved ? `${row.challenge.title}: ${locked.requirement.workoutTitle}` : input.reason,
      link: challengeLink(found.challengeId),
      actorId: viewer.id,
    });
    changes.emit({ kind: 'challenge', id: found.challengeId, progress: true });
  });
  // A review after the end may have cleared the last proof that held the prizes back.
  const challenge = await repo.findChallenge(ctx.db, found.challengeId);
  if (challenge) await settleIfDue(ctx, challenge);
  const view = await repo.submissionView(ctx.db, submissionId);
  return toSubmission(view!);
}

export const challengeLink = (id: number) => `/challenges?challenge=${id}`;

// ---------------------------------------------------------------------------------------------
// Moderation (reports)

/**
 * Who sent the proof a member reports, once it is checked they may see it: a reviewer of its
 * challenge (its creator, coaches and admins who can see the challenge). Anyone else is
 * answered 404 (the proof is private to its member and reviewers); its own member 403.
 */
export async function reportableProof(
  ctx: ServiceContext,
  viewer: Viewer,
  submissionId: number,
): Promise<{ authorId: number }> {
  const found = await repo.findSubmissionContext(ctx.db, submissionId);
  if (!found) throw notFound('submission');
  const row = await repo.findChallengeRow(ctx.db, viewer, found.challengeId);
  const own = found.participant.userId === viewer.id;
  if (!row || (!own && !mayReview(viewer, row))) throw notFound('submission');
  if (own) throw forbidden(text('errors:reports.own'));
  return { authorId: found.participant.userId };
}

/** A proof as the moderation queue shows it; undefined once it is gone. */
export async function proofForModeration(db: Executor, submissionId: number) {
  const view = await repo.submissionView(db, submissionId);
  if (!view) return undefined;
  const challenge = await repo.findChallenge(db, view.requirement.challengeId);
  return {
    memberId: view.memberId,
    note: view.submission.note,
    status: view.submission.status,
    reason: view.submission.reason,
    proof: proofOf(view),
    challengeTitle: challenge?.title ?? '',
    workoutTitle: view.requirement.workoutTitle,
    submittedAt: view.submission.submittedAt,
  };
}

/**
 * Takes a reported proof down, inside the moderator's transaction: the submission is rejected
 * with the moderator's reason (an approved one stops counting), its file is deleted, and the
 * member is told as by any rejection. Answers what it was, for the audit log; undefined when the
 * submission is gone.
 */
export async function removeProof(
  tx: Executor,
  changes: PendingChanges,
  storage: StorageService,
  moderator: { id: number; name: string },
  submissionId: number,
  reason: string,
  at: Date,
): Promise<{ status: SubmissionStatus; hadFile: boolean } | undefined> {
  const found = await repo.findSubmissionContext(tx, submissionId);
  if (!found) return undefined;
  await repo.lockChallenge(tx, found.challengeId);
  const locked = await repo.lockSubmission(tx, submissionId);
  if (!locked) return undefined;
  const before = locked.submission.status;
  const blob = await uploads.attachedBlob(tx, proofSlot(submissionId));
  await repo.reviewSubmission(tx, submissionId, {
    status: 'rejected',
    reason,
    reviewerId: moderator.id,
    at,
  });
  if (before === 'approved') {
    // Read as an admin reads it: every challenge, with its requirement count.
    const row = await repo.findChallengeRow(
      tx,
      { id: moderator.id, role: 'admin' },
      found.challengeId,
    );
    await repo.recountParticipant(tx, locked.participant.id, row?.requirementCount ?? 0);
  }
  if (before !== 'rejected' || blob) {
    await notify(tx, changes, {
      userId: locked.participant.userId,
      kind: 'challenge_proof_rejected',
      title: storedTitle('challenge_proof_rejected', moderator.name),
      body: reason,
      link: challengeLink(found.challengeId),
      actorId: moderator.id,
    });
    changes.emit({ kind: 'challenge', id: found.challengeId, progress: true });
  }
  // Last, so nothing after it can fail: the file goes with the rejection.
  if (blob) await uploads.detachBlob(tx, storage, proofSlot(submissionId));
  return { status: before, hadFile: blob !== null };
}

// ---------------------------------------------------------------------------------------------
// Prizes

const isDue = (c: repo.ChallengeRow, day: string) =>
  c.awardedAt === null && statusOf(c, day) === 'finished';

/** Gives the prizes of every finished challenge that has not given them yet. */
export async function settleDue(ctx: ServiceContext): Promise<void> {
  const ids = await repo.dueForAward(ctx.db, today(ctx));
  for (const id of ids) {
    const c = await repo.findChallenge(ctx.db, id);
    if (c) await settleIfDue(ctx, c);
  }
}

/**
 * Once a challenge is over (by the server's clock) and no proof submitted in time still waits
 * for review (or the grace days have passed), its prize goes to whoever met every requirement:
 * the first `prize_winners` of them by when they got there, or all. Exactly once, however many
 * requests find it over at the same moment: the first to lock the row gives the prizes and
 * stamps `awarded_at`; the others see the stamp and do nothing. Answers whether it gave them.
 */
export async function settleIfDue(ctx: ServiceContext, c: repo.ChallengeRow): Promise<boolean> {
  const day = today(ctx);
  if (!isDue(c, day)) return false;
  const graceOver = day > addDays(endDateOf(c), REVIEW_GRACE_DAYS);
  if (!graceOver && (await repo.hasPendingSubmissions(ctx.db, c.id))) return false;
  return ctx.transaction(async (tx, changes) => {
    const locked = await repo.lockChallenge(tx, c.id);
    if (!locked || !isDue(locked, day)) return false;
    if (!graceOver && (await repo.hasPendingSubmissions(tx, c.id))) return false;
    const winners = await repo.finishers(tx, locked, locked.prizeWinners);
    const now = ctx.clock.now();
    await repo.markAwarded(
      tx,
      c.id,
      winners.map((w) => w.participantId),
      now,
    );
    const wording = { kind: 'challengeWon' as const, challenge: locked.title, prize: locked.prize };
    const english = wordAchievement(wording, 'metric', DEFAULT_LOCALE);
    for (const winner of winners) {
      const badged = await repo.insertBadge(tx, {
        userId: winner.userId,
        code: `challenge-${c.id}`,
        badge: 'challenge-won',
        header: english.header,
        details: english.details,
        wording,
      });
      if (!badged) continue;
      await notify(tx, changes, {
        userId: winner.userId,
        kind: 'challenge_won',
        title: storedTitle('challenge_won', undefined),
        body: locked.prize ? `${locked.title}: ${locked.prize}` : locked.title,
        link: challengeLink(c.id),
        actorId: locked.creatorId,
      });
    }
    changes.emit({ kind: 'challenge', id: c.id });
    return true;
  });
}
