import {
  TEAM_WORKOUTS_MAX,
  managesTeam,
  type TeamDetail,
  type TeamList,
  type TeamMember,
  type TeamMemberAnswer,
  type TeamMemberUpdateValues,
  type TeamMemberValues,
  type TeamRole,
  type TeamSummary,
  type TeamValues,
  type TeamWorkout,
  type TeamWorkoutsAnswer,
  type TeamWorkoutsInput,
} from '@fitcoach/shared/teams';
import type { Executor } from '../../db/client';
import { text } from '../../i18n/i18n';
import { avatarUrl } from '../../lib/avatar-url';
import type { ChangeListener } from '../../lib/changes';
import { forbidden, HttpError, notFound, validationFailed } from '../../lib/http-error';
import type { MessageVerifier } from '../../lib/signed-messages';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import type { BlobDownload, StorageService } from '../../plugins/storage';
import { isBlockedEitherWay } from '../friends/friends.service';
import {
  notificationStreams,
  notify,
  storedTitle,
  type Broadcaster,
} from '../notifications/notifications.service';
import * as uploads from '../uploads/uploads.service';
import { findUserById } from '../users/users.service';
import { visibleWorkoutIds } from '../workouts/workouts.service';
import * as repo from './teams.repository';

/** Where a team's photo is attached. */
const photoSlot = (teamId: number): uploads.AttachmentSlot => ({
  recordType: 'team',
  recordId: teamId,
  name: 'photo',
});

/** The blob id changes with the photo, so a cached old photo is never shown. */
const photoUrl = (teamId: number, blobId: number | null) =>
  blobId === null ? null : `/api/team/${teamId}/photo?v=${blobId}`;

const workoutChanges = (rows: { id: number }[]) =>
  rows.map((w) => ({ kind: 'workout' as const, id: w.id }));

type TeamWithRole = NonNullable<Awaited<ReturnType<typeof repo.teamFor>>>;

function toSummary(row: TeamWithRole): TeamSummary {
  return {
    id: row.team.id,
    name: row.team.name,
    sport: row.team.sport,
    season: row.team.season,
    photo_url: photoUrl(row.team.id, row.photoBlobId),
    my_role: row.role,
    member_count: row.memberCount,
    created_at: row.team.createdAt.toISOString(),
  };
}

type RosterRow = Awaited<ReturnType<typeof repo.membersOf>>[number];

function toMember(row: RosterRow): TeamMember {
  const m = row.member;
  return {
    user_id: m.userId,
    name: row.name,
    avatar_url: row.avatarBlobId === null ? null : avatarUrl(m.userId, row.avatarBlobId),
    role: m.role,
    jersey_number: m.jerseyNumber,
    alias_name: m.aliasName,
    alias_depedent_name: m.aliasDepedentName,
  };
}

/**
 * The viewer's role on the team. Anyone not on it gets a 404, admins included: whether a team
 * exists is its members' business (the issue: hiding a private resource answers 404).
 */
async function roleOn(db: Executor, viewer: Viewer, teamId: number, lock = false) {
  const role = await repo.roleFor(db, teamId, viewer.id, lock);
  if (!role) throw notFound('team');
  return role;
}

function assertManager(role: TeamRole) {
  if (!managesTeam(role)) throw forbidden(text('errors:teams.managersOnly'));
}

async function teamWorkouts(
  db: Executor,
  viewer: Viewer,
  teamId: number,
  role: TeamRole,
): Promise<TeamWorkout[]> {
  const [rows, loggers] = await Promise.all([
    repo.workoutsOf(db, teamId),
    repo.loggersOf(db, teamId),
  ]);
  const manager = managesTeam(role);
  return rows.map((w) => {
    const who = loggers.filter((l) => l.workoutId === w.id);
    return {
      id: w.id,
      title: w.title,
      logged_by_me: who.some((l) => l.userId === viewer.id),
      logged_by: manager
        ? who.map((l) => ({
            id: l.userId,
            name: l.name,
            avatar_url: l.avatarBlobId === null ? null : avatarUrl(l.userId, l.avatarBlobId),
            last_logged_on: l.lastLoggedOn,
            times: l.times,
          }))
        : null,
      added_at: w.addedAt.toISOString(),
    };
  });
}

/** `GET /api/team`: the teams the viewer is on, newest first. */
export async function listTeams(ctx: ServiceContext, viewer: Viewer): Promise<TeamList> {
  const rows = await repo.teamsOf(ctx.db, viewer.id);
  return { items: rows.map(toSummary) };
}

/** `GET /api/team/:id`: the team, roster and workouts, for its members only. */
export async function getTeam(
  ctx: ServiceContext,
  viewer: Viewer,
  teamId: number,
): Promise<TeamDetail> {
  const row = await repo.teamFor(ctx.db, teamId, viewer.id);
  if (!row) throw notFound('team');
  const [members, workouts] = await Promise.all([
    repo.membersOf(ctx.db, teamId),
    teamWorkouts(ctx.db, viewer, teamId, row.role),
  ]);
  return {
    ...toSummary(row),
    can_manage: managesTeam(row.role),
    my_user_id: viewer.id,
    members: members.map(toMember),
    workouts,
  };
}

/** `POST /api/team`: the creator becomes its owner. */
export async function createTeam(
  ctx: ServiceContext,
  viewer: Viewer,
  values: TeamValues,
): Promise<TeamDetail> {
  const team = await ctx.transaction(async (tx, changes) => {
    const created = await repo.insertTeam(tx, viewer.id, values);
    changes.emit({ kind: 'team', id: created.id, userIds: [viewer.id] });
    return created;
  });
  return getTeam(ctx, viewer, team.id);
}

/** `PUT /api/team/:id`: owners and coaches. */
export async function updateTeam(
  ctx: ServiceContext,
  viewer: Viewer,
  teamId: number,
  values: TeamValues,
): Promise<TeamDetail> {
  await ctx.transaction(async (tx, changes) => {
    await repo.lockTeam(tx, teamId);
    assertManager(await roleOn(tx, viewer, teamId, true));
    await repo.updateTeam(tx, teamId, values);
    changes.emit({ kind: 'team', id: teamId, userIds: await repo.memberIds(tx, teamId) });
  });
  return getTeam(ctx, viewer, teamId);
}

/** `DELETE /api/team/:id`: its owners only; its photo goes with it. */
export async function deleteTeam(
  ctx: ServiceContext,
  storage: StorageService,
  viewer: Viewer,
  teamId: number,
): Promise<void> {
  await ctx.transaction(async (tx, changes) => {
    await repo.lockTeam(tx, teamId);
    const role = await roleOn(tx, viewer, teamId, true);
    if (role !== 'owner') throw forbidden(text('errors:teams.ownerOnly'));
    const userIds = await repo.memberIds(tx, teamId);
    const workouts = await repo.workoutsOf(tx, teamId);
    await repo.deleteTeam(tx, teamId);
    changes.emit(...workoutChanges(workouts), { kind: 'team', id: teamId, userIds });
  });
  await uploads.detachBlob(ctx.db, storage, photoSlot(teamId));
}

const jerseyTaken = (jersey: number) =>
  validationFailed([
    { path: 'jersey_number', message: text('errors:teams.jerseyTaken', { number: jersey }) },
  ]);

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return (error as { code?: unknown }).code === '23505' || cause?.code === '23505';
}

/**
 * `POST /api/team/users` (the spec's "Add user"): owners and coaches add a member or change
 * their row; a member new to the team is told live. A jersey number is one person's within a
 * team: taken → 400 on `jersey_number` (the unique index settles two coaches at once).
 */
export async function addMember(
  ctx: ServiceContext,
  viewer: Viewer,
  input: TeamMemberValues,
): Promise<TeamMemberAnswer> {
  const teamId = input.team_id;
  const userId = input.user_id;
  const target = await findUserById(ctx.db, userId);
  const role = await roleOn(ctx.db, viewer, teamId);
  assertManager(role);
  // A member who blocked the manager (or was blocked) is not found, as on the friends pages.
  if (!target || (await isBlockedEitherWay(ctx.db, viewer.id, userId))) throw notFound('member');
  const jersey = input.jersey_number;
  const actor = await findUserById(ctx.db, viewer.id);
  try {
    await ctx.transaction(async (tx, changes) => {
      await repo.lockTeam(tx, teamId);
      assertManager(await roleOn(tx, viewer, teamId, true));
      const current = await repo.roleFor(tx, teamId, userId, true);
      if (current === 'owner') {
        throw new HttpError(409, 'conflict', text('errors:teams.ownerRow'));
      }
      if (jersey !== null) {
        const holder = await repo.jerseyHolder(tx, teamId, jersey);
        if (holder !== undefined && holder !== userId) throw jerseyTaken(jersey);
      }
      const added = await repo.upsertMember(tx, teamId, userId, {
        role: input.role,
        jerseyNumber: jersey,
        aliasName: input.alias_name,
        aliasDepedentName: input.alias_depedent_name,
      });
      const team = await repo.teamFor(tx, teamId, viewer.id);
      if (added && userId !== viewer.id) {
        await notify(tx, changes, {
          userId,
          kind: 'team_added',
          title: storedTitle('team_added', actor?.name),
          body: team?.team.name ?? '',
          link: `/teams/${teamId}`,
          actorId: viewer.id,
        });
      }
      changes.emit({ kind: 'team', id: teamId, userIds: await repo.memberIds(tx, teamId) });
    });
  } catch (error) {
    if (jersey !== null && isUniqueViolation(error)) throw jerseyTaken(jersey);
    throw error;
  }
  const members = await repo.membersOf(ctx.db, teamId);
  const row = members.find((m) => m.member.userId === userId)!;
  return { name: row.name, member: toMember(row) };
}

/** Owners alone give or take the owner role, or remove an owner. */
function assertOwner(role: TeamRole) {
  if (role !== 'owner') throw forbidden(text('errors:teams.ownersOnlyOwners'));
}

/**
 * The team keeps at least one owner after `userId` stops being one: with the team's row locked
 * (repo.lockTeam), two owners stepping down at once take turns, and the second is refused.
 */
async function assertAnotherOwner(tx: Executor, teamId: number, userId: number, self: boolean) {
  const owners = await repo.ownerIds(tx, teamId);
  if (owners.some((id) => id !== userId)) return;
  throw new HttpError(
    409,
    'conflict',
    text(self ? 'errors:teams.lastOwnerLeaves' : 'errors:teams.lastOwner'),
  );
}

/**
 * `DELETE /api/team/:id/users/:user_id`: owners and coaches remove members (an owner only by
 * another owner); any member may leave, an owner as long as another owner stays.
 */
export async function removeMember(
  ctx: ServiceContext,
  viewer: Viewer,
  teamId: number,
  userId: number,
): Promise<void> {
  await ctx.transaction(async (tx, changes) => {
    await repo.lockTeam(tx, teamId);
    const role = await roleOn(tx, viewer, teamId);
    const self = userId === viewer.id;
    if (!self) assertManager(role);
    const theirs = await repo.roleFor(tx, teamId, userId, true);
    if (!theirs) throw notFound('teamMember');
    if (theirs === 'owner') {
      if (!self) assertOwner(role);
      await assertAnotherOwner(tx, teamId, userId, self);
    }
    const userIds = await repo.memberIds(tx, teamId);
    const workouts = await repo.workoutsOf(tx, teamId);
    await repo.deleteMember(tx, teamId, userId);
    if (theirs === 'owner') await repo.keepOwnerOfRecord(tx, teamId);
    // They may no longer open the team's private workouts: cached pages are read again.
    changes.emit(...workoutChanges(workouts), { kind: 'team', id: teamId, userIds });
  });
}

/**
 * `PUT /api/team/:id/users/:user_id`: owners and coaches edit a roster row (jersey number,
 * alias names, team role) with Add user's rules. Only owners give or take the owner role, and a
 * team always keeps one owner. A jersey number taken → 400 on `jersey_number`.
 */
export async function updateMember(
  ctx: ServiceContext,
  viewer: Viewer,
  teamId: number,
  userId: number,
  input: TeamMemberUpdateValues,
): Promise<TeamMember> {
  const jersey = input.jersey_number;
  try {
    await ctx.transaction(async (tx, changes) => {
      await repo.lockTeam(tx, teamId);
      const role = await roleOn(tx, viewer, teamId);
      assertManager(role);
      const theirs = await repo.roleFor(tx, teamId, userId, true);
      if (!theirs) throw notFound('teamMember');
      const ownership = theirs !== input.role && (theirs === 'owner' || input.role === 'owner');
      if (ownership) assertOwner(role);
      if (theirs === 'owner' && input.role !== 'owner') {
        await assertAnotherOwner(tx, teamId, userId, false);
      }
      if (jersey !== null) {
        const holder = await repo.jerseyHolder(tx, teamId, jersey);
        if (holder !== undefined && holder !== userId) throw jerseyTaken(jersey);
      }
      await repo.updateMember(tx, teamId, userId, {
        role: input.role,
        jerseyNumber: jersey,
        aliasName: input.alias_name,
        aliasDepedentName: input.alias_depedent_name,
      });
      if (ownership) await repo.keepOwnerOfRecord(tx, teamId);
      changes.emit({ kind: 'team', id: teamId, userIds: await repo.memberIds(tx, teamId) });
    });
  } catch (error) {
    if (jersey !== null && isUniqueViolation(error)) throw jerseyTaken(jersey);
    throw error;
  }
  const members = await repo.membersOf(ctx.db, teamId);
  const row = members.find((m) => m.member.userId === userId);
  // Removed between the change and this read: as if it had never been there.
  if (!row) throw notFound('teamMember');
  return toMember(row);
}

/**
 * `POST /api/team/workouts`, the spec's two calls: `workout_ids` adds (those already there stay
 * once), `workout_id` toggles one. Only workouts the manager may see are given; once given, the
 * whole team may open and log them (workouts' `isSharedWith`).
 */
export async function changeWorkouts(
  ctx: ServiceContext,
  viewer: Viewer,
  input: TeamWorkoutsInput & { team_id: number },
): Promise<TeamWorkoutsAnswer> {
  const teamId = input.team_id;
  const role = await roleOn(ctx.db, viewer, teamId);
  assertManager(role);
  const ids = 'workout_ids' in input ? [...new Set(input.workout_ids as number[])] : [];
  const toggle = 'workout_id' in input ? (input.workout_id as number) : null;
  const current = new Set((await repo.workoutsOf(ctx.db, teamId)).map((w) => w.id));
  const removing = toggle !== null && current.has(toggle);
  const adding = removing ? [] : toggle !== null ? [toggle] : ids.filter((id) => !current.has(id));
  const visible = await visibleWorkoutIds(ctx.db, viewer, adding);
  const givable = await repo.givableWorkoutIds(ctx.db, viewer.id, adding);
  const retired = await repo.retiredWorkoutIds(ctx.db, adding);
  if (adding.some((id) => visible.has(id) && !givable.has(id) && retired.has(id))) {
    throw validationFailed(
      [
        {
          path: toggle !== null ? 'workout_id' : 'workout_ids',
          message: text('errors:teams.workoutRetiredField'),
        },
      ],
      text('errors:teams.workoutRetired'),
    );
  }
  if (adding.some((id) => visible.has(id) && !givable.has(id))) {
    throw validationFailed(
      [
        {
          path: toggle !== null ? 'workout_id' : 'workout_ids',
          message: text('errors:teams.workoutNotYoursField'),
        },
      ],
      text('errors:teams.workoutNotYours'),
    );
  }
  if (adding.some((id) => !visible.has(id))) {
    throw validationFailed(
      [
        {
          path: toggle !== null ? 'workout_id' : 'workout_ids',
          message: text('errors:teams.workoutNotFoundField'),
        },
      ],
      text('errors:teams.workoutNotFound'),
    );
  }
  if (current.size + adding.length > TEAM_WORKOUTS_MAX) {
    throw validationFailed([
      {
        path: toggle !== null ? 'workout_id' : 'workout_ids',
        message: text('validation:atMostWorkouts', { maximum: TEAM_WORKOUTS_MAX }),
      },
    ]);
  }
  await ctx.transaction(async (tx, changes) => {
    await repo.lockTeam(tx, teamId);
    assertManager(await roleOn(tx, viewer, teamId, true));
    if (removing) await repo.removeWorkout(tx, teamId, toggle);
    else await repo.addWorkouts(tx, teamId, adding);
    const touched = removing ? [toggle] : adding;
    // Who may open these workouts changed: their cached pages are read again.
    changes.emit(...touched.map((id) => ({ kind: 'workout' as const, id })), {
      kind: 'team',
      id: teamId,
      userIds: await repo.memberIds(tx, teamId),
    });
  });
  return { workouts: await teamWorkouts(ctx.db, viewer, teamId, role) };
}

/** `PUT /api/team/:id/photo`: owners and coaches, with an image they uploaded. */
export async function attachPhoto(
  ctx: ServiceContext,
  storage: StorageService,
  verifier: MessageVerifier,
  viewer: Viewer,
  teamId: number,
  signedId: string,
): Promise<TeamDetail> {
  assertManager(await roleOn(ctx.db, viewer, teamId));
  const blob = await uploads.blobForSignedId(ctx.db, storage, verifier, signedId, {
    ownerId: viewer.id,
    purpose: 'team_photo',
  });
  await uploads.attachBlob(ctx.db, storage, photoSlot(teamId), blob);
  ctx.changes.emit({ kind: 'team', id: teamId, userIds: await repo.memberIds(ctx.db, teamId) });
  return getTeam(ctx, viewer, teamId);
}

export async function removePhoto(
  ctx: ServiceContext,
  storage: StorageService,
  viewer: Viewer,
  teamId: number,
): Promise<TeamDetail> {
  assertManager(await roleOn(ctx.db, viewer, teamId));
  await uploads.detachBlob(ctx.db, storage, photoSlot(teamId));
  ctx.changes.emit({ kind: 'team', id: teamId, userIds: await repo.memberIds(ctx.db, teamId) });
  return getTeam(ctx, viewer, teamId);
}

/** The team's photo for one of its members. */
export async function photoFor(
  ctx: ServiceContext,
  storage: StorageService,
  viewer: Viewer,
  teamId: number,
): Promise<{ blob: uploads.BlobRow; download: BlobDownload }> {
  await roleOn(ctx.db, viewer, teamId);
  const blob = await uploads.attachedBlob(ctx.db, photoSlot(teamId));
  if (!blob) throw notFound('photo');
  const download = await uploads.openBlob(storage, blob);
  if (!download) throw notFound('photo');
  return { blob, download };
}

/**
 * For another feature about to name a team in a write (a team challenge): whether the team
 * exists and the member's role on it (undefined when they are not on it). Run inside that
 * write's transaction: the team is held until it commits, so it is not deleted under it.
 */
export async function teamForReference(
  db: Executor,
  teamId: number,
  userId: number,
): Promise<{ exists: boolean; role: TeamRole | undefined }> {
  if (!(await repo.holdTeam(db, teamId))) return { exists: false, role: undefined };
  return { exists: true, role: await repo.roleFor(db, teamId, userId) };
}

/** For another feature: whether a workout was given to the team, so every member may log it. */
export function teamHasWorkout(db: Executor, teamId: number, workoutId: number): Promise<boolean> {
  return repo.hasWorkout(db, teamId, workoutId);
}

/** Members' open team pages and lists read again when a team changes. */
export function broadcastTeams(cable: Broadcaster): ChangeListener {
  return async (change) => {
    if (change.kind !== 'team') return;
    await Promise.all(
      change.userIds.map((userId) =>
        cable.broadcastEvent('NotificationsChannel', notificationStreams.user(userId), {
          type: 'teams.changed',
          team_id: change.id,
        }),
      ),
    );
  };
}
