import type { AuditAction } from '@fitcoach/shared/admin';
import type {
  AdminReport,
  AdminReportPage,
  AdminReportsQuery,
  Report,
  ReportAction,
  ReportKind,
  ReportReason,
  ReportResolution,
  ReportTarget,
} from '@fitcoach/shared/reports';
import { z } from 'zod';
import type { Executor, Transaction } from '../../db/client';
import { text } from '../../i18n/i18n';
import type { ChangeListener, PendingChanges } from '../../lib/changes';
import { decodeCursor, toPage } from '../../lib/cursor';
import { forbidden, HttpError, notFound, validationFailed } from '../../lib/http-error';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import type { StorageService } from '../../plugins/storage';
import * as admin from '../admin/admin.service';
import * as challenges from '../challenges/challenges.service';
import * as chat from '../chat/chat.service';
import {
  notificationStreams,
  notify,
  storedTitle,
  type Broadcaster,
} from '../notifications/notifications.service';
import * as users from '../users/users.service';
import * as repo from './reports.repository';

const conflict = (key: Parameters<typeof text>[0]) => new HttpError(409, 'conflict', text(key));

function toReport(row: repo.ReportRow): Report {
  return {
    id: row.id,
    kind: row.kind,
    target_id: row.targetId,
    reason: row.reason,
    details: row.details,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

/** A unique index refused the row: the same reporter's open report on it, filed a moment ago. */
function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  return code === '23505' || cause?.code === '23505';
}

// ---------------------------------------------------------------------------------------------
// Filing a report

/**
 * Whose the reported thing is, once it is checked the reporter may see it and it is not their
 * own. A message: only the two members in it see it (anyone else is answered 404); a proof:
 * its reviewers; a profile: any member (names are found by member search).
 */
async function authorOf(
  ctx: ServiceContext,
  viewer: Viewer,
  kind: ReportKind,
  targetId: number,
): Promise<number> {
  switch (kind) {
    case 'message': {
      const message = await chat.findMessage(ctx.db, targetId);
      const inIt = message && (message.senderId === viewer.id || message.recipientId === viewer.id);
      if (!message || !inIt) throw notFound('message');
      if (message.senderId === viewer.id) throw forbidden(text('errors:reports.own'));
      return message.senderId;
    }
    case 'proof':
      return (await challenges.reportableProof(ctx, viewer, targetId)).authorId;
    case 'profile': {
      const member = await users.findUserById(ctx.db, targetId);
      if (!member) throw notFound('member');
      if (member.id === viewer.id) throw forbidden(text('errors:reports.own'));
      return member.id;
    }
  }
}

/**
 * A member reports a message, a proof or a profile for the admins to look at. One open report
 * per reporter and target (409 for a second); the queue learns of it when it is next read.
 */
export async function createReport(
  ctx: ServiceContext,
  viewer: Viewer,
  input: { kind: ReportKind; target_id: number; reason: ReportReason; details: string },
): Promise<Report> {
  const authorId = await authorOf(ctx, viewer, input.kind, input.target_id);
  try {
    return await ctx.transaction(async (tx, changes) => {
      if (await repo.findOpenReport(tx, viewer.id, input.kind, input.target_id)) {
        throw conflict('errors:reports.duplicate');
      }
      const row = await repo.insertReport(tx, {
        reporterId: viewer.id,
        kind: input.kind,
        targetId: input.target_id,
        authorId,
        reason: input.reason,
        details: input.details,
      });
      changes.emit({ kind: 'reports' });
      return toReport(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('errors:reports.duplicate');
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The moderation queue

const cursorSchema = z.object({ id: z.number().int().positive() });

const PREVIEW_CHARS = 500;

/** Long texts end with an ellipsis in the queue (the full message is one click away: none). */
function clip(value: string): string {
  const chars = [...value];
  return chars.length <= PREVIEW_CHARS ? value : `${chars.slice(0, PREVIEW_CHARS - 1).join('')}…`;
}

const gone: ReportTarget = {
  missing: true,
  removed: false,
  text: null,
  media_url: null,
  media_type: null,
  context: null,
  created_at: null,
};

/** The reported thing as it is now, for the moderator to judge. */
async function targetOf(db: Executor, kind: ReportKind, targetId: number): Promise<ReportTarget> {
  switch (kind) {
    case 'message': {
      const message = await chat.findMessage(db, targetId);
      if (!message) return gone;
      const recipient = await users.findUserById(db, message.recipientId);
      return {
        missing: false,
        removed: message.hiddenAt !== null,
        // Moderators read what was said even once it is removed: the decision rests on it.
        text: clip(message.body),
        media_url: null,
        media_type: null,
        // Whom it was sent to (the reporter, unless their account is gone).
        context: recipient?.name ?? null,
        created_at: message.createdAt.toISOString(),
      };
    }
    case 'proof': {
      const proof = await challenges.proofForModeration(db, targetId);
      if (!proof) return gone;
      return {
        missing: false,
        removed: proof.status === 'rejected' && proof.proof === null,
        text: proof.note ? clip(proof.note) : null,
        media_url: proof.proof?.url ?? null,
        media_type: proof.proof?.content_type ?? null,
        context: `${proof.challengeTitle}: ${proof.workoutTitle}`,
        created_at: proof.submittedAt.toISOString(),
      };
    }
    case 'profile': {
      const member = await users.findUserById(db, targetId);
      if (!member) return gone;
      const photo = await users.currentAvatarUrl(db, member.id);
      return {
        // A profile without a photo may never have had one: nothing says it was taken down
        // (the queue offers no removal when there is nothing to remove).
        missing: false,
        removed: false,
        text: member.name,
        media_url: photo,
        media_type: photo ? 'image/*' : null,
        context: null,
        created_at: member.createdAt.toISOString(),
      };
    }
  }
}

async function toAdminReports(db: Executor, rows: repo.ReportListRow[]): Promise<AdminReport[]> {
  const counts = await repo.openCounts(
    db,
    rows.map((r) => ({ kind: r.report.kind, targetId: r.report.targetId })),
  );
  // One read per distinct target: several reports on one message show it once each.
  const targets = new Map<string, Promise<ReportTarget>>();
  const targetFor = (kind: ReportKind, id: number) => {
    const key = `${kind}:${id}`;
    let found = targets.get(key);
    if (!found) {
      found = targetOf(db, kind, id);
      targets.set(key, found);
    }
    return found;
  };
  const out: AdminReport[] = [];
  for (const row of rows) {
    const r = row.report;
    out.push({
      ...toReport(r),
      reporter:
        r.reporterId !== null && row.reporterName !== null
          ? { id: r.reporterId, name: row.reporterName }
          : null,
      author:
        r.authorId !== null && row.authorName !== null
          ? { id: r.authorId, name: row.authorName, suspended: row.authorSuspendedAt !== null }
          : null,
      target: await targetFor(r.kind, r.targetId),
      open_reports: counts.get(`${r.kind}:${r.targetId}`) ?? 0,
      resolution: r.resolution,
      resolution_note: r.resolutionNote,
      resolved_by:
        r.resolvedBy !== null && row.resolverName !== null
          ? { id: r.resolvedBy, name: row.resolverName }
          : null,
      resolved_at: r.resolvedAt?.toISOString() ?? null,
    });
  }
  return out;
}

export async function listReports(
  { db }: ServiceContext,
  query: AdminReportsQuery,
): Promise<AdminReportPage> {
  const after = decodeCursor(query.cursor, cursorSchema);
  const rows = await repo.listReports(
    db,
    { status: query.status, kind: query.kind },
    after?.id ?? null,
    query.limit + 1,
  );
  const page = toPage(
    rows,
    query.limit,
    (row) => row,
    (row) => ({ id: row.report.id }),
  );
  return { items: await toAdminReports(db, page.items), next_cursor: page.next_cursor };
}

export async function getReport(db: Executor, id: number): Promise<AdminReport> {
  const row = await repo.findReport(db, id);
  if (!row) throw notFound('report');
  const [report] = await toAdminReports(db, [row]);
  return report!;
}

// ---------------------------------------------------------------------------------------------
// Acting on a report

const resolutionOf: Record<ReportAction, ReportResolution> = {
  dismiss: 'dismissed',
  remove: 'removed',
  suspend: 'suspended',
};

const auditActionOf: Record<ReportAction, AuditAction> = {
  dismiss: 'report.dismissed',
  remove: 'report.content_removed',
  suspend: 'report.author_suspended',
};

/** Takes the reported thing down; answers what it was, for the audit log. */
async function removeContent(
  ctx: ServiceContext,
  tx: Transaction,
  changes: PendingChanges,
  storage: StorageService,
  moderator: { id: number; name: string },
  report: repo.ReportRow,
  note: string,
): Promise<Record<string, unknown>> {
  switch (report.kind) {
    case 'message': {
      const was = await chat.hideMessage(tx, changes, report.targetId);
      return { message_removed: was !== undefined && was.hiddenAt === null };
    }
    case 'proof': {
      const was = await challenges.removeProof(
        tx,
        changes,
        storage,
        moderator,
        report.targetId,
        note,
        ctx.clock.now(),
      );
      return was
        ? { proof_status: was.status, proof_file_deleted: was.hadFile }
        : { proof_status: null };
    }
    case 'profile':
      return { photo_removed: await users.clearPhoto(tx, changes, storage, report.targetId) };
  }
}

/**
 * An admin acts on a report: dismisses it, removes the content, or suspends its author (the
 * Users tab's suspension: sessions and sockets end at once), optionally removing the content
 * too. One transaction: the action, every open report on the same target resolved with it, an
 * audit row (the suspension adds its own), and each reporter told it was handled (by whom is
 * not said).
 */
export async function resolveReport(
  ctx: ServiceContext,
  storage: StorageService,
  actorId: number,
  reportId: number,
  input: { action: ReportAction; note: string; remove_content: boolean },
): Promise<AdminReport> {
  await ctx.transaction(async (tx, changes) => {
    const actor = await admin.lockAdminActor(tx, actorId);
    const report = await repo.lockReport(tx, reportId);
    if (!report) throw notFound('report');
    if (report.status !== 'open') throw conflict('errors:reports.alreadyResolved');
    changes.emit({ kind: 'reports' });
    const removing =
      input.action === 'remove' || (input.action === 'suspend' && input.remove_content);
    if (removing && report.kind === 'proof' && input.note === '') {
      throw validationFailed([{ path: 'note', message: text('errors:reports.removalReason') }]);
    }
    const target = await targetOf(tx, report.kind, report.targetId);

    let suspended = false;
    if (input.action === 'suspend') {
      if (report.authorId === null) throw conflict('errors:reports.authorGone');
      suspended = await admin.suspendWithin(tx, changes, actor.id, report.authorId);
    }
    const removed = removing
      ? await removeContent(ctx, tx, changes, storage, actor, report, input.note)
      : {};

    const resolution = resolutionOf[input.action];
    const resolved = await repo.resolveOpenOn(tx, report.kind, report.targetId, {
      resolution,
      note: input.note || null,
      resolvedBy: actor.id,
      at: ctx.clock.now(),
    });
    await admin.recordAudit(tx, actor.id, {
      action: auditActionOf[input.action],
      targetType: 'report',
      targetId: report.id,
      targetLabel: `${report.kind} #${report.targetId}`,
      before: {
        status: 'open',
        kind: report.kind,
        target_id: report.targetId,
        author_id: report.authorId,
        reason: report.reason,
        content: target.text,
        removed: target.removed,
      },
      after: {
        status: 'resolved',
        resolution,
        note: input.note || null,
        reports_resolved: resolved.length,
        ...(input.action === 'suspend' ? { author_suspended: suspended } : {}),
        ...removed,
      },
    });
    await tellReporters(tx, changes, resolved, input.action);
  });
  return getReport(ctx.db, reportId);
}

/** Each reporter (once, however many of their reports closed) hears it was looked at. */
async function tellReporters(
  tx: Transaction,
  changes: PendingChanges,
  resolved: { reporterId: number | null }[],
  action: ReportAction,
) {
  const kind = action === 'dismiss' ? 'report_dismissed' : 'report_actioned';
  const reporters = new Set(resolved.flatMap((r) => (r.reporterId === null ? [] : [r.reporterId])));
  for (const userId of reporters) {
    await notify(tx, changes, { userId, kind, title: storedTitle(kind, undefined) });
  }
}

/**
 * Tells every admin's open pages that the queue changed (a report filed or resolved): the
 * Moderation tab refetches, so nobody works from a stale queue. Admins are few; they are read
 * when a report changes, so a new admin is told from their first report on.
 */
export function broadcastReports(db: Executor, cable: Broadcaster): ChangeListener {
  return async (change) => {
    if (change.kind !== 'reports') return;
    const adminIds = await repo.activeAdminIds(db);
    await Promise.all(
      adminIds.map((id) =>
        cable.broadcastEvent('NotificationsChannel', notificationStreams.user(id), {
          type: 'reports.changed',
        }),
      ),
    );
  };
}
