import type {
  AdminUser,
  AdminUserDetail,
  AdminUserPage,
  AuditAction,
  AuditPage,
  AuditQuery,
} from '@fitcoach/shared/admin';
import type { Role } from '@fitcoach/shared/profile';
import { z } from 'zod';
import type { Executor, Transaction } from '../../db/client';
import type { UserRow } from '../../db/schema/accounts';
import type { PendingChanges } from '../../lib/changes';
import { containsPattern, decodeCursor, toPage } from '../../lib/cursor';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import type { ServiceContext } from '../../lib/service-context';
import { text } from '../../i18n/i18n';
import * as repo from './admin.repository';

const cursorSchema = z.object({ id: z.number().int() });

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.suspendedAt ? 'suspended' : 'active',
    suspended_at: row.suspendedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    last_active_at: row.lastActiveAt?.toISOString() ?? null,
  };
}

/** What the audit log keeps of a member's state, before and after an action. */
const snapshot = (row: UserRow) => ({
  role: row.role,
  status: row.suspendedAt ? 'suspended' : 'active',
});

export async function listUsers(
  { db }: ServiceContext,
  query: { q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<AdminUserPage> {
  const after = decodeCursor(query.cursor, cursorSchema);
  const q = query.q?.toLowerCase();
  const rows = await repo.searchUsers(
    db,
    q ? containsPattern(q) : null,
    after?.id ?? null,
    query.limit + 1,
  );
  return toPage(rows, query.limit, toAdminUser, (row) => ({ id: row.id }));
}

export async function getUser({ db }: ServiceContext, id: number): Promise<AdminUserDetail> {
  const row = await repo.findUser(db, id);
  if (!row) throw notFound();
  return { ...toAdminUser(row), counts: await repo.countsFor(db, id) };
}

const selfProtected = () => new HttpError(409, 'conflict', text('errors:admin.self'));
const lastAdmin = () => new HttpError(409, 'conflict', text('errors:admin.lastAdmin'));

interface Acting {
  tx: Transaction;
  changes: PendingChanges;
  actor: UserRow;
  target: UserRow;
  activeAdmins: number[];
}

/**
 * One admin action on one member, in one transaction with its audit row: the admins are locked
 * first (see `lockActiveAdmins`), the actor must still be an active admin (a role or suspension
 * another admin changed a moment ago counts), and never acts on themselves.
 */
async function act<T>(
  ctx: ServiceContext,
  actorId: number,
  targetId: number,
  work: (acting: Acting) => Promise<T>,
): Promise<T> {
  return ctx.transaction((tx, changes) => actWithin(tx, changes, actorId, targetId, work));
}

/** `act` inside a transaction already open (another service's admin action). */
async function actWithin<T>(
  tx: Transaction,
  changes: PendingChanges,
  actorId: number,
  targetId: number,
  work: (acting: Acting) => Promise<T>,
): Promise<T> {
  const { actor, activeAdmins } = await lockAdmins(tx, actorId);
  const target = await repo.lockUser(tx, targetId);
  if (!target) throw notFound();
  if (target.id === actor.id) throw selfProtected();
  return work({ tx, changes, actor, target, activeAdmins });
}

async function lockAdmins(tx: Transaction, actorId: number) {
  const activeAdmins = await repo.lockActiveAdmins(tx);
  if (!activeAdmins.includes(actorId)) throw forbidden();
  const actor = await repo.findUser(tx, actorId);
  if (!actor) throw forbidden();
  return { actor, activeAdmins };
}

/**
 * For another service's admin action (a report handled): takes the admins' locks as every
 * admin action does first, and checks the actor is still an active admin. Answers the actor.
 */
export async function lockAdminActor(tx: Transaction, actorId: number): Promise<UserRow> {
  return (await lockAdmins(tx, actorId)).actor;
}

/** Would the action leave no active admin? (Only reachable through races; checked anyway.) */
function leavesNoAdmin({ target, activeAdmins }: Acting): boolean {
  return activeAdmins.filter((id) => id !== target.id).length === 0;
}

async function audit(
  { tx, actor, target }: Acting,
  action: AuditAction,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  await repo.insertAudit(tx, {
    actorId: actor.id,
    actorName: actor.name,
    action,
    targetType: 'user',
    targetId: target.id,
    targetLabel: target.email,
    before,
    after,
  });
}

export async function changeRole(
  ctx: ServiceContext,
  actorId: number,
  targetId: number,
  role: Role,
): Promise<AdminUserDetail> {
  await act(ctx, actorId, targetId, async (acting) => {
    const { tx, changes, target } = acting;
    if (target.role === role) return;
    if (target.role === 'admin' && leavesNoAdmin(acting)) throw lastAdmin();
    await repo.setRole(tx, target.id, role);
    await audit(acting, 'user.role_changed', snapshot(target), { ...snapshot(target), role });
    // Cached sessions re-read the member: the new role holds on their next request and socket.
    changes.emit({ kind: 'member', id: target.id });
  });
  return getUser(ctx, targetId);
}

/**
 * Suspends a member: their sessions are deleted and announced ended, so every node drops them
 * from its cache and closes their sockets at once; signing in is refused until reactivated.
 */
export async function suspend(
  ctx: ServiceContext,
  actorId: number,
  targetId: number,
): Promise<AdminUserDetail> {
  await act(ctx, actorId, targetId, suspendActing);
  return getUser(ctx, targetId);
}

/** Answers whether the member was suspended now (false: they already were). */
async function suspendActing(acting: Acting): Promise<boolean> {
  const { tx, changes, target } = acting;
  if (target.suspendedAt) return false;
  if (target.role === 'admin' && leavesNoAdmin(acting)) throw lastAdmin();
  await repo.setSuspended(tx, target.id, new Date());
  const ended = await repo.deleteSessionsOf(tx, target.id);
  await audit(acting, 'user.suspended', snapshot(target), {
    ...snapshot(target),
    status: 'suspended',
    sessions_ended: ended.length,
  });
  changes.emit(...ended.map((id) => ({ kind: 'session-ended' as const, id })), {
    kind: 'member',
    id: target.id,
  });
  return true;
}

/**
 * The same suspension inside another service's transaction (a report upheld against the
 * member): the same rules (not oneself, never the last admin), audit row and session ends.
 */
export async function suspendWithin(
  tx: Transaction,
  changes: PendingChanges,
  actorId: number,
  targetId: number,
): Promise<boolean> {
  return actWithin(tx, changes, actorId, targetId, suspendActing);
}

export async function reactivate(
  ctx: ServiceContext,
  actorId: number,
  targetId: number,
): Promise<AdminUserDetail> {
  await act(ctx, actorId, targetId, async (acting) => {
    const { tx, changes, target } = acting;
    if (!target.suspendedAt) return;
    await repo.setSuspended(tx, target.id, null);
    await audit(acting, 'user.reactivated', snapshot(target), {
      ...snapshot(target),
      status: 'active',
    });
    changes.emit({ kind: 'member', id: target.id });
  });
  return getUser(ctx, targetId);
}

/** Deletes an account and all it owns, once the admin has typed the member's email. */
export async function deleteAccount(
  ctx: ServiceContext,
  actorId: number,
  targetId: number,
  confirmEmail: string,
): Promise<void> {
  await act(ctx, actorId, targetId, async (acting) => {
    const { tx, changes, target } = acting;
    if (confirmEmail.trim().toLowerCase() !== target.email.toLowerCase()) {
      throw new HttpError(422, 'unprocessable', text('errors:admin.confirmEmail'), [
        { path: 'confirm_email', message: text('errors:admin.confirmEmailField') },
      ]);
    }
    if (target.role === 'admin' && leavesNoAdmin(acting)) throw lastAdmin();
    const counts = await repo.countsFor(tx, target.id);
    const ended = await repo.deleteSessionsOf(tx, target.id);
    await repo.deleteUser(tx, target.id);
    await audit(
      acting,
      'user.deleted',
      { ...snapshot(target), name: target.name, ...counts },
      null,
    );
    changes.emit(...ended.map((id) => ({ kind: 'session-ended' as const, id })), {
      kind: 'member',
      id: target.id,
    });
  });
}

/** One member's own data as JSON (never their password hash, never another member's rows). */
export async function exportAccount(
  ctx: ServiceContext,
  actorId: number,
  targetId: number,
): Promise<{ email: string; data: Record<string, unknown> }> {
  // Exporting oneself is allowed: the self rule guards changes, not reading.
  return ctx.transaction(async (tx) => {
    const activeAdmins = await repo.lockActiveAdmins(tx);
    if (!activeAdmins.includes(actorId)) throw forbidden();
    const actor = await repo.findUser(tx, actorId);
    const target = await repo.findUser(tx, targetId);
    if (!actor || !target) throw notFound();
    const { passwordHash: _secret, ...profile } = target;
    const data = {
      exported_at: new Date().toISOString(),
      profile,
      ...(await repo.exportRows(tx, target.id)),
    };
    await repo.insertAudit(tx, {
      actorId: actor.id,
      actorName: actor.name,
      action: 'user.exported',
      targetType: 'user',
      targetId: target.id,
      targetLabel: target.email,
      before: null,
      after: null,
    });
    return { email: target.email, data };
  });
}

export async function listAudit({ db }: ServiceContext, query: AuditQuery): Promise<AuditPage> {
  const after = decodeCursor(query.cursor, cursorSchema);
  const rows = await repo.listAudit(
    db,
    {
      ...(query.actor_id !== undefined ? { actorId: query.actor_id } : {}),
      ...(query.target_id !== undefined ? { targetId: query.target_id } : {}),
      ...(query.action !== undefined ? { action: query.action } : {}),
    },
    after?.id ?? null,
    query.limit + 1,
  );
  return toPage(
    rows,
    query.limit,
    (row) => ({
      id: row.id,
      actor_id: row.actorId,
      actor_name: row.actorName,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      target_label: row.targetLabel,
      before: row.before,
      after: row.after,
      created_at: row.createdAt.toISOString(),
    }),
    (row) => ({ id: row.id }),
  );
}

/**
 * For other services' admin actions and role changes: one audit row inside their transaction,
 * the actor's name copied in as it is now (null actor: the command line).
 */
export async function recordAudit(
  tx: Executor,
  actorId: number | null,
  row: Omit<Parameters<typeof repo.insertAudit>[1], 'actorId' | 'actorName'>,
) {
  const actor = actorId === null ? undefined : await repo.findUser(tx, actorId);
  await repo.insertAudit(tx, { ...row, actorId, actorName: actor?.name ?? null });
}
