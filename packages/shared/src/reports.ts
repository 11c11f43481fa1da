import { z } from 'zod';
import { cursorQuery, idParam, pageSchema } from './pagination';
import { vm } from './validation-messages';

/**
 * What a member can report: a chat message sent to them, a challenge proof they review, or a
 * member's profile (name and photo). `target_id` is the message's, the submission's or the
 * member's id.
 */
export const reportKinds = ['message', 'proof', 'profile'] as const;
export type ReportKind = (typeof reportKinds)[number];

/** Why, from a short list; `other` needs a few words in `details`. */
export const reportReasons = ['spam', 'harassment', 'hate', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];

export const REPORT_DETAILS_MAX = 500;

/** `POST /api/reports`. */
export const createReportSchema = z
  .object({
    kind: z.enum(reportKinds),
    target_id: idParam,
    reason: z.enum(reportReasons, { error: vm('chooseReportReason') }),
    details: z
      .string()
      .transform((s) => s.replace(/\r\n/g, '\n').trim())
      .pipe(z.string().max(REPORT_DETAILS_MAX, vm('atMostCharacters')))
      .default(''),
  })
  .refine((r) => r.reason !== 'other' || r.details.length > 0, {
    path: ['details'],
    message: vm('describeReport'),
  });
export type CreateReportInput = z.input<typeof createReportSchema>;

export const reportStatuses = ['open', 'resolved'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** How a report was handled: nothing against the rules, the content removed, the author suspended. */
export const reportResolutions = ['dismissed', 'removed', 'suspended'] as const;
export type ReportResolution = (typeof reportResolutions)[number];

/** What the reporter gets back: their report, as filed. */
export const reportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(reportKinds),
  target_id: z.number().int(),
  reason: z.enum(reportReasons),
  details: z.string(),
  status: z.enum(reportStatuses),
  created_at: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

const person = z.object({ id: z.number().int(), name: z.string() });

/**
 * The reported thing as a moderator sees it now: a message's text, a proof's note and file, a
 * profile's name and photo. `missing` when it no longer exists (its author's account deleted);
 * `removed` when a moderator already took it down (a hidden message, a rejected proof without
 * its file; a profile's photo leaves nothing behind to tell, so a profile is never `removed`).
 */
export const reportTargetSchema = z.object({
  missing: z.boolean(),
  removed: z.boolean(),
  /** The message's text, the proof's note, the member's name. */
  text: z.string().nullable(),
  /** Where the proof or the photo can be opened (admins may open both), or null. */
  media_url: z.string().nullable(),
  media_type: z.string().nullable(),
  /** Where it was: "Challenge title: workout" for a proof, the recipient for a message. */
  context: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type ReportTarget = z.infer<typeof reportTargetSchema>;

/** One report in the moderation queue. */
export const adminReportSchema = reportSchema.extend({
  reporter: person.nullable(),
  /** Whose content it is (null once their account is deleted). */
  author: person.extend({ suspended: z.boolean() }).nullable(),
  target: reportTargetSchema,
  /** Open reports on the same target, this one included: one action settles them all. */
  open_reports: z.number().int(),
  resolution: z.enum(reportResolutions).nullable(),
  resolution_note: z.string().nullable(),
  resolved_by: person.nullable(),
  resolved_at: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportPageSchema = pageSchema(adminReportSchema);
export type AdminReportPage = z.infer<typeof adminReportPageSchema>;

/** `GET /api/admin/reports`: open ones oldest first (a queue), resolved ones newest first. */
export const adminReportsQuerySchema = z.object({
  status: z.enum(reportStatuses).default('open'),
  kind: z.enum(reportKinds).optional(),
  cursor: cursorQuery.cursor,
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminReportsQuery = z.infer<typeof adminReportsQuerySchema>;

export const reportActions = ['dismiss', 'remove', 'suspend'] as const;
export type ReportAction = (typeof reportActions)[number];

export const RESOLUTION_NOTE_MAX = 500;

/**
 * `POST /api/admin/reports/:id/resolve`. `note` is kept in the audit log; removing a proof
 * needs one, as the member reads it as the reason their proof was rejected. `remove_content`
 * with `suspend` takes the content down as well.
 */
export const resolveReportSchema = z.object({
  action: z.enum(reportActions),
  note: z.string().trim().max(RESOLUTION_NOTE_MAX, vm('atMostCharacters')).default(''),
  remove_content: z.boolean().default(false),
});
export type ResolveReportInput = z.input<typeof resolveReportSchema>;
