import { z } from 'zod';
import { pageSchema } from './pagination';
import { isOneLine } from './text';
import { vm } from './validation-messages';

/** `POST /api/profile/invite_friend`: the spec's friend invite (name, email). */
export const inviteFriendSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, vm('enterFriendName'))
    .max(100, vm('atMostCharacters'))
    .refine(isOneLine, vm('nameOnOneLine')),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, vm('enterFriendEmail'))
    .max(254, vm('emailTooLong'))
    .pipe(z.email(vm('enterValidEmail'))),
});
export type InviteFriendInput = z.infer<typeof inviteFriendSchema>;

/**
 * What an invite did: `invited` (an invitation mail queued), `request_sent` (the address is a
 * member's: a friend request instead), `request_accepted` (that member had already asked you:
 * you are friends now), or nothing because you are `already_friends` or `already_requested`.
 */
export const inviteOutcomes = [
  'invited',
  'request_sent',
  'request_accepted',
  'already_friends',
  'already_requested',
] as const;
export type InviteOutcome = (typeof inviteOutcomes)[number];

export const inviteResultSchema = z.object({
  outcome: z.enum(inviteOutcomes),
  name: z.string(),
  email: z.string(),
});
export type InviteResult = z.infer<typeof inviteResultSchema>;

/** Invitations one member may send per rolling 24 hours (unless the server sets another). */
export const DEFAULT_INVITES_PER_DAY = 20;

/** `GET /api/invitations/:token`: whether a sign-up link still works, and what it prefills. */
export const invitationStatuses = ['valid', 'expired', 'used', 'unknown'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];
export const invitationInfoSchema = z.object({
  status: z.enum(invitationStatuses),
  inviter_name: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

/** A link's token as the path carries it: base64url, 43 characters for 32 bytes. */
export const invitationTokenSchema = z.string().max(200);

/** Data rows one import may hold; a larger file is refused with 413. */
export const MAX_IMPORT_ROWS = 1000;
/** Bytes of CSV one import may send (well above 1,000 rows of contacts); more is a 413. */
export const MAX_IMPORT_CSV_BYTES = 2_000_000;

/** `POST /api/friends/import`: the CSV file's text. */
export const importPreviewInputSchema = z.object({ csv: z.string().max(MAX_IMPORT_CSV_BYTES) });

export const importStatuses = ['already_friends', 'member', 'not_member', 'invalid'] as const;
export type ImportStatus = (typeof importStatuses)[number];
export const importInvalidReasons = [
  'no_email',
  'malformed_email',
  'duplicate',
  'yourself',
  'blocked',
  'already_requested',
] as const;
export type ImportInvalidReason = (typeof importInvalidReasons)[number];

export const importRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.enum(importStatuses),
  reason: z.enum(importInvalidReasons).nullable(),
  /** For a duplicate: the line of the row kept. */
  duplicate_of: z.number().int().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const importPreviewSchema = z.object({ rows: z.array(importRowSchema) });
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** `POST /api/friends/import/confirm`: the rows chosen from the preview (checked again). */
export const importConfirmInputSchema = z.object({
  rows: z
    .array(
      z.object({
        name: z.string().trim().max(100).refine(isOneLine, vm('nameOnOneLine')),
        email: z.string().trim().max(254),
      }),
    )
    .min(1)
    .max(MAX_IMPORT_ROWS),
});
export type ImportConfirmInput = z.infer<typeof importConfirmInputSchema>;

export const importResultOutcomes = [...inviteOutcomes, 'invalid', 'rate_limited'] as const;
export type ImportResultOutcome = (typeof importResultOutcomes)[number];
export const importConfirmResultSchema = z.object({
  rows: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      outcome: z.enum(importResultOutcomes),
      reason: z.enum(importInvalidReasons).nullable(),
    }),
  ),
});
export type ImportConfirmResult = z.infer<typeof importConfirmResultSchema>;

/** A mail in the outbox, as admins read it (`GET /api/admin/mail`). */
export const mailStatuses = ['kept', 'pending', 'sent', 'failed'] as const;
export const adminMailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to_address: z.string(),
  to_name: z.string(),
  subject: z.string(),
  /** Plain text: shown as text, never rendered as HTML. */
  text_body: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type AdminMail = z.infer<typeof adminMailSchema>;
export const adminMailPageSchema = pageSchema(adminMailSchema);
export type AdminMailPage = z.infer<typeof adminMailPageSchema>;
