import {
  CLIENT_DETAIL_LOGS,
  CLIENT_LIST_LOGS,
  type AssignProgramInput,
  type ClientLog,
  type CoachClient,
  type CoachClientDetail,
  type CoachClientList,
  type CoachingPerson,
  type LogComment,
  type LogCommentList,
  type MyCoach,
  type MyCoaching,
} from '@fitcoach/shared/coaching';
import type { Executor } from '../../db/client';
import { text } from '../../i18n/i18n';
import { avatarUrl } from '../../lib/avatar-url';
import { forbidden, HttpError, notFound, validationFailed } from '../../lib/http-error';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import { isBlockedEitherWay } from '../friends/friends.service';
import { notify, storedTitle } from '../notifications/notifications.service';
import {
  assignProgramIn,
  checkAssignable,
  currentProgramOf,
  todayOr,
} from '../programs/programs.service';
import { findUserById } from '../users/users.service';
import * as repo from './coaching.repository';

/** Where the member answers invitations and sees their coaches (the web's profile section). */
const MEMBER_LINK = '/profile#coaching';
const clientLink = (linkId: number) => `/coach/clients/${linkId}`;

const isCoach = (viewer: Viewer) => viewer.role === 'coach' || viewer.role === 'admin';

type ConflictKey =
  'alreadyInvited' | 'alreadyCoaching' | 'notInvited' | 'notActive' | 'alreadyEnded';
const conflict = (key: ConflictKey) =>
  new HttpError(409, 'conflict', text(`errors:coaching.${key}`));

const person = (
  id: number,
  row: { name: string; avatarBlobId: number | null },
): CoachingPerson => ({
  id,
  name: row.name,
  avatar_url: row.avatarBlobId === null ? null : avatarUrl(id, row.avatarBlobId),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Sessions done of those due so far (done or missed), in percent; null before any was due. */
function adherenceOf(weeks: { done: number; missed: number }[]): number | null {
  const done = weeks.reduce((n, w) => n + w.done, 0);
  const due = done + weeks.reduce((n, w) => n + w.missed, 0);
  return due === 0 ? null : Math.round((done / due) * 100);
}

function toLog(row: repo.LogRow): ClientLog {
  return {
    id: row.id,
    title: row.title,
    performed_on: row.performedOn,
    duration_seconds: row.durationSeconds,
    energy_level: row.energyLevel,
    sleep_quality: row.sleepQuality,
    liked_or_disliked: row.likedOrDisliked ?? null,
    note: row.note,
    comment_count: row.commentCount,
  };
}

function toComment(row: repo.CommentRow, viewer: Viewer, ownerId: number): LogComment {
  return {
    id: row.id,
    log_id: row.logId,
    body: row.body,
    author: person(row.authorId, row),
    by_coach: row.authorId !== ownerId,
    mine: row.authorId === viewer.id,
    created_at: row.createdAt.toISOString(),
  };
}

type CoachLinkRow = Awaited<ReturnType<typeof repo.linksOfCoach>>[number];

/** A client row as the coach sees it: program, adherence and logs only while active. */
async function toClient(
  db: Executor,
  viewer: Viewer,
  row: CoachLinkRow,
  today: string,
  logLimit: number,
): Promise<CoachClient & { logRows: repo.LogRow[] }> {
  const { link } = row;
  const active = link.status === 'active';
  const [program, logRows] = active
    ? await Promise.all([
        currentProgramOf(db, link.clientId, today),
        repo.recentLogsOf(db, link.clientId, logLimit),
      ])
    : [null, []];
  return {
    id: link.id,
    status: link.status,
    member: person(link.clientId, row),
    invited_at: link.invitedAt.toISOString(),
    started_at: iso(link.startedAt),
    ended_at: iso(link.endedAt),
    program: program
      ? {
          id: program.id,
          title: program.title,
          weeks: program.weeks,
          assigned_by_me: program.assignedBy === viewer.id,
          follow: program.follow,
        }
      : null,
    adherence: program ? adherenceOf(program.follow.weeks) : null,
    last_log_on: logRows[0]?.performedOn ?? null,
    recent_logs: logRows.map(toLog),
    logRows,
  };
}

function assertCoach(viewer: Viewer) {
  if (!isCoach(viewer)) throw forbidden(text('errors:coaching.coachesOnly'));
}

/** `GET /api/coach/clients`: the coach's clients, invitations and past clients. */
export async function listClients(
  ctx: ServiceContext,
  viewer: Viewer,
  date?: string,
): Promise<CoachClientList> {
  assertCoach(viewer);
  const today = todayOr(date);
  const rows = await repo.linksOfCoach(ctx.db, viewer.id);
  const items = await Promise.all(
    rows.map(async (row) => {
      const { logRows: _rows, ...client } = await toClient(
        ctx.db,
        viewer,
        row,
        today,
        CLIENT_LIST_LOGS,
      );
      return client;
    }),
  );
  return { items };
}

/** The coach's link `id`, or a 404 when it is not theirs. */
async function ownLink(db: Executor, viewer: Viewer, id: number) {
  const link = await repo.findLink(db, id);
  if (!link || link.coachId !== viewer.id) throw notFound('coachingLink');
  return link;
}

/** `GET /api/coach/clients/:id`: an active client's program, adherence, logs and comments. */
export async function getClient(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  date?: string,
): Promise<CoachClientDetail> {
  assertCoach(viewer);
  const rows = await repo.linksOfCoach(ctx.db, viewer.id);
  const row = rows.find((r) => r.link.id === id);
  // Only while active: an ended link gives nothing, as if it never was.
  if (!row || row.link.status !== 'active') throw notFound('coachingLink');
  const { logRows, ...client } = await toClient(
    ctx.db,
    viewer,
    row,
    todayOr(date),
    CLIENT_DETAIL_LOGS,
  );
  const comments = await repo.commentsOfLogs(
    ctx.db,
    logRows.map((l) => l.id),
  );
  return {
    ...client,
    recent_logs: client.recent_logs.map((log) => ({
      ...log,
      comments: comments
        .filter((c) => c.logId === log.id)
        .map((c) => toComment(c, viewer, row.link.clientId)),
    })),
  };
}

/** `POST /api/coach/clients`: a coach (or admin) invites a member; they are told live. */
export async function inviteClient(
  ctx: ServiceContext,
  viewer: Viewer,
  userId: number,
): Promise<CoachClient> {
  assertCoach(viewer);
  if (userId === viewer.id) {
    throw validationFailed([{ path: 'user_id', message: text('errors:coaching.notYourself') }]);
  }
  const target = await findUserById(ctx.db, userId);
  // A member who blocked the coach (or was blocked) is not found, as on the friends pages.
  if (!target || (await isBlockedEitherWay(ctx.db, viewer.id, userId))) throw notFound('member');
  const open = await repo.findOpenLink(ctx.db, viewer.id, userId);
  if (open) throw conflict(open.status === 'active' ? 'alreadyCoaching' : 'alreadyInvited');
  const coach = await findUserById(ctx.db, viewer.id);
  const id = await ctx.transaction(async (tx, changes) => {
    // The partial unique index settles two invitations sent at once: one row, one 409.
    const inserted = await repo.insertInvitation(tx, viewer.id, userId);
    if (inserted === undefined) throw conflict('alreadyInvited');
    await notify(tx, changes, {
      userId,
      kind: 'coach_invitation',
      title: storedTitle('coach_invitation', coach?.name),
      link: MEMBER_LINK,
      actorId: viewer.id,
    });
    return inserted;
  });
  const row = (await repo.linksOfCoach(ctx.db, viewer.id)).find((r) => r.link.id === id)!;
  const { logRows: _rows, ...client } = await toClient(ctx.db, viewer, row, todayOr(), 0);
  return client;
}

function toMine(row: Awaited<ReturnType<typeof repo.linksOfClient>>[number]): MyCoach {
  return {
    id: row.link.id,
    status: row.link.status,
    coach: person(row.link.coachId, row),
    invited_at: row.link.invitedAt.toISOString(),
    started_at: iso(row.link.startedAt),
  };
}

/** `GET /api/coach/mine`: who coaches the member and the invitations waiting for them. */
export async function myCoaching(ctx: ServiceContext, viewer: Viewer): Promise<MyCoaching> {
  const rows = await repo.linksOfClient(ctx.db, viewer.id);
  return {
    coaches: rows.filter((r) => r.link.status === 'active').map(toMine),
    invitations: rows.filter((r) => r.link.status === 'invited').map(toMine),
  };
}

/** An invitation to the viewer; 404 for anyone else's (its id says nothing to them). */
async function invitationFor(db: Executor, viewer: Viewer, id: number) {
  const link = await repo.findLink(db, id);
  if (!link || link.clientId !== viewer.id) throw notFound('coachingLink');
  if (link.status !== 'invited') throw conflict('notInvited');
  return link;
}

/** `POST /api/coach/invitations/:id/accept`: only the invited member; the coach is told. */
export async function acceptInvitation(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
): Promise<MyCoaching> {
  const link = await invitationFor(ctx.db, viewer, id);
  const member = await findUserById(ctx.db, viewer.id);
  await ctx.transaction(async (tx, changes) => {
    if (!(await repo.moveLink(tx, id, 'invited', { status: 'active', startedAt: new Date() }))) {
      throw conflict('notInvited');
    }
    await notify(tx, changes, {
      userId: link.coachId,
      kind: 'coach_accepted',
      title: storedTitle('coach_accepted', member?.name),
      link: clientLink(id),
      actorId: viewer.id,
    });
  });
  return myCoaching(ctx, viewer);
}

/** `POST /api/coach/invitations/:id/decline`: only the invited member. */
export async function declineInvitation(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
): Promise<MyCoaching> {
  await invitationFor(ctx.db, viewer, id);
  await ctx.transaction(async (tx) => {
    const moved = await repo.moveLink(tx, id, 'invited', {
      status: 'declined',
      endedAt: new Date(),
      endedBy: viewer.id,
    });
    if (!moved) throw conflict('notInvited');
  });
  return myCoaching(ctx, viewer);
}

/**
 * `DELETE /api/coach/clients/:id`: either side ends an active link (or the coach withdraws an
 * invitation). The coach's access ends with it: every read checks the link's status.
 */
export async function endCoaching(ctx: ServiceContext, viewer: Viewer, id: number) {
  const link = await repo.findLink(ctx.db, id);
  if (!link || (link.coachId !== viewer.id && link.clientId !== viewer.id)) {
    throw notFound('coachingLink');
  }
  const open =
    link.status === 'active' || (link.status === 'invited' && link.coachId === viewer.id);
  if (!open) throw conflict('alreadyEnded');
  await ctx.transaction(async (tx) => {
    const moved = await repo.moveLink(tx, id, link.status, {
      status: 'ended',
      endedAt: new Date(),
      endedBy: viewer.id,
    });
    if (!moved) throw conflict('alreadyEnded');
  });
}

/**
 * `POST /api/coach/clients/:id/assign`: start a program for an active client (decision 0029
 * says what happens to the program they were running); they are told live.
 */
export async function assignProgram(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  input: AssignProgramInput,
  date?: string,
): Promise<CoachClientDetail> {
  assertCoach(viewer);
  const link = await ownLink(ctx.db, viewer, id);
  if (link.status !== 'active') throw conflict('notActive');
  const assignable = await checkAssignable(
    ctx.db,
    viewer,
    input.program_id,
    input.start_date,
    date,
  );
  const coach = await findUserById(ctx.db, viewer.id);
  await ctx.transaction(async (tx, changes) => {
    // Ended meanwhile: nothing is assigned.
    if (!(await repo.isActiveCoach(tx, viewer.id, link.clientId))) throw conflict('notActive');
    await assignProgramIn(tx, changes, viewer.id, link.clientId, assignable);
    await notify(tx, changes, {
      userId: link.clientId,
      kind: 'coach_program_assigned',
      title: storedTitle('coach_program_assigned', coach?.name),
      body: assignable.program.title,
      link: `/programs/${assignable.program.id}`,
      actorId: viewer.id,
    });
  });
  return getClient(ctx, viewer, id, assignable.today);
}

/**
 * A log the viewer may comment on and read comments of: their own, or a client's while they
 * coach them. Anyone else gets a 404, as if it did not exist.
 */
async function commentableLog(db: Executor, viewer: Viewer, logId: number) {
  const log = await repo.findLog(db, logId);
  if (!log) throw notFound('workoutLog');
  if (log.userId !== viewer.id && !(await repo.isActiveCoach(db, viewer.id, log.userId))) {
    throw notFound('workoutLog');
  }
  return log;
}

/** `GET /api/workout_log/:id/comments`: oldest first. */
export async function listLogComments(
  ctx: ServiceContext,
  viewer: Viewer,
  logId: number,
): Promise<LogCommentList> {
  const log = await commentableLog(ctx.db, viewer, logId);
  const rows = await repo.commentsOfLogs(ctx.db, [logId]);
  return { items: rows.map((r) => toComment(r, viewer, log.userId)) };
}

/**
 * `POST /api/workout_log/:id/comments`: the other party is told live (the member when their
 * coach writes; their active coaches when the member does).
 */
export async function addLogComment(
  ctx: ServiceContext,
  viewer: Viewer,
  logId: number,
  body: string,
): Promise<LogComment> {
  const log = await commentableLog(ctx.db, viewer, logId);
  const author = await findUserById(ctx.db, viewer.id);
  const commentId = await ctx.transaction(async (tx, changes) => {
    const created = await repo.insertComment(tx, logId, viewer.id, body);
    if (log.userId === viewer.id) {
      const links = (await repo.linksOfClient(tx, viewer.id)).filter(
        (r) => r.link.status === 'active',
      );
      for (const { link } of links) {
        await notify(tx, changes, {
          userId: link.coachId,
          kind: 'log_comment',
          title: storedTitle('log_comment', author?.name),
          body,
          link: clientLink(link.id),
          actorId: viewer.id,
        });
      }
    } else {
      await notify(tx, changes, {
        userId: log.userId,
        kind: 'log_comment',
        title: storedTitle('log_comment', author?.name),
        body,
        link: `/history#log-${logId}`,
        actorId: viewer.id,
      });
    }
    return created;
  });
  const rows = await repo.commentsOfLogs(ctx.db, [logId]);
  return toComment(
    rows.find((r) => r.id === commentId)!,
    viewer,
    log.userId,
  );
}

/** `GET /api/coach/log_comments?log_ids=…`: the comments on the member's own logs among these. */
export async function commentsOnMyLogs(
  ctx: ServiceContext,
  viewer: Viewer,
  logIds: number[],
): Promise<LogCommentList> {
  const own = await repo.ownLogIds(ctx.db, viewer.id, logIds);
  const rows = await repo.commentsOfLogs(ctx.db, own);
  return { items: rows.map((r) => toComment(r, viewer, viewer.id)) };
}
