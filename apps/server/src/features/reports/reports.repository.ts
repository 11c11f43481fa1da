import { and, asc, count, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportKind, ReportResolution, ReportStatus } from '@fitcoach/shared/reports';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { reports, type NewReportRow, type ReportRow } from '../../db/schema/reports';

export type { ReportRow };

export async function insertReport(db: Executor, row: NewReportRow): Promise<ReportRow> {
  const rows = await db.insert(reports).values(row).returning();
  return rows[0]!;
}

export async function findOpenReport(
  db: Executor,
  reporterId: number,
  kind: ReportKind,
  targetId: number,
): Promise<ReportRow | undefined> {
  const rows = await db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.kind, kind),
        eq(reports.targetId, targetId),
        eq(reports.status, 'open'),
      ),
    )
    .limit(1);
  return rows[0];
}

/** The report, locked for this transaction: two moderators acting on it take turns. */
export async function lockReport(db: Executor, id: number): Promise<ReportRow | undefined> {
  const rows = await db.select().from(reports).where(eq(reports.id, id)).for('update');
  return rows[0];
}

const reporter = alias(users, 'reporter');
const author = alias(users, 'author');
const resolver = alias(users, 'resolver');

/** A report with the names of the members it names. */
function listQuery(db: Executor) {
  return db
    .select({
      report: reports,
      reporterName: reporter.name,
      authorName: author.name,
      authorSuspendedAt: author.suspendedAt,
      resolverName: resolver.name,
    })
    .from(reports)
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(author, eq(author.id, reports.authorId))
    .leftJoin(resolver, eq(resolver.id, reports.resolvedBy));
}

export type ReportListRow = Awaited<ReturnType<ReturnType<typeof listQuery>['where']>>[number];

/**
 * A page of reports, `limit + 1` rows: open ones oldest first (the queue is worked from its
 * front), resolved ones newest first (what was just done). `afterId` is the last row's id.
 */
export async function listReports(
  db: Executor,
  filter: { status: ReportStatus; kind?: ReportKind | undefined },
  afterId: number | null,
  limit: number,
): Promise<ReportListRow[]> {
  const open = filter.status === 'open';
  const where: SQL[] = [eq(reports.status, filter.status)];
  if (filter.kind) where.push(eq(reports.kind, filter.kind));
  if (afterId !== null) where.push(open ? gt(reports.id, afterId) : lt(reports.id, afterId));
  return listQuery(db)
    .where(and(...where))
    .orderBy(open ? asc(reports.id) : desc(reports.id))
    .limit(limit);
}

export async function findReport(db: Executor, id: number): Promise<ReportListRow | undefined> {
  const rows = await listQuery(db).where(eq(reports.id, id)).limit(1);
  return rows[0];
}

/** Open reports per target, for the targets of a page. */
export async function openCounts(
  db: Executor,
  targets: { kind: ReportKind; targetId: number }[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (targets.length === 0) return counts;
  const rows = await db
    .select({ kind: reports.kind, targetId: reports.targetId, n: count() })
    .from(reports)
    .where(
      and(
        eq(reports.status, 'open'),
        sql`(${reports.kind}, ${reports.targetId}) IN (${sql.join(
          targets.map((t) => sql`(${t.kind}, ${t.targetId}::integer)`),
          sql`, `,
        )})`,
      ),
    )
    .groupBy(reports.kind, reports.targetId);
  for (const row of rows) counts.set(`${row.kind}:${row.targetId}`, row.n);
  return counts;
}

/**
 * Resolves every open report on one target at once (one action settles them all); answers the
 * reports resolved, with their reporters.
 */
export async function resolveOpenOn(
  db: Executor,
  kind: ReportKind,
  targetId: number,
  values: { resolution: ReportResolution; note: string | null; resolvedBy: number; at: Date },
): Promise<{ id: number; reporterId: number | null }[]> {
  return db
    .update(reports)
    .set({
      status: 'resolved',
      resolution: values.resolution,
      resolutionNote: values.note,
      resolvedBy: values.resolvedBy,
      resolvedAt: values.at,
    })
    .where(and(eq(reports.kind, kind), eq(reports.targetId, targetId), eq(reports.status, 'open')))
    .returning({ id: reports.id, reporterId: reports.reporterId });
}

/** Admins who are not suspended: those a change of the queue is told to. */
export async function activeAdminIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.suspendedAt)));
  return rows.map((r) => r.id);
}
