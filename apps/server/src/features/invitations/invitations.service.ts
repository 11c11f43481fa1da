import { createHash, randomBytes } from 'node:crypto';
import type {
  ImportConfirmInput,
  ImportConfirmResult,
  ImportInvalidReason,
  ImportPreview,
  ImportRow,
  InvitationInfo,
  InviteFriendInput,
  InviteOutcome,
  InviteResult,
} from '@fitcoach/shared/invitations';
import { DEFAULT_LOCALE, type Locale } from '@fitcoach/shared/locales';
import { z } from 'zod';
import type { Executor, Transaction } from '../../db/client';
import { text, translate } from '../../i18n/i18n';
import type { PendingChanges } from '../../lib/changes';
import { forbidden, HttpError } from '../../lib/http-error';
import type { ServiceContext } from '../../lib/service-context';
import { queueMail } from '../mail/mail.service';
import { askToBeFriends, befriendInvited } from '../friends/friends.service';
import * as users from '../users/users.service';
import { parseContacts } from './contacts-csv';
import * as repo from './invitations.repository';

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who invites: their id, the name the mail shows, the language it is written in. */
export interface Inviter {
  id: number;
  name: string;
  email: string;
  locale: Locale;
}

export async function inviterOf(
  ctx: ServiceContext,
  userId: number,
  requestLocale: Locale,
): Promise<Inviter> {
  const user = await users.findUserById(ctx.db, userId);
  if (!user) throw new HttpError(401, 'unauthorized', text('errors:signInFirst'));
  return {
    id: user.id,
    name: user.name,
    email: user.email.toLowerCase(),
    locale: user.locale ?? requestLocale,
  };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type Standing =
  | { kind: 'not_member' }
  | { kind: 'yourself' }
  | { kind: 'blocked'; memberId: number }
  | { kind: 'already_friends'; memberId: number }
  | { kind: 'already_requested'; memberId: number }
  /** They asked you: answering accepts theirs. */
  | { kind: 'asked_you'; memberId: number }
  | { kind: 'member'; memberId: number };

/** Where the inviter stands with each address: one query per table for the whole list. */
async function standings(
  db: Executor,
  inviter: Inviter,
  emails: string[],
): Promise<Map<string, Standing>> {
  const members = await repo.membersByEmail(db, emails);
  const ids = members.map((m) => m.id);
  const [rows, blocked] = await Promise.all([
    repo.rowsBetween(db, inviter.id, ids),
    repo.blockedAmong(db, inviter.id, ids),
  ]);
  const result = new Map<string, Standing>();
  for (const email of emails) result.set(email, { kind: 'not_member' });
  for (const m of members) {
    if (m.id === inviter.id) {
      result.set(m.email, { kind: 'yourself' });
      continue;
    }
    if (blocked.has(m.id)) {
      result.set(m.email, { kind: 'blocked', memberId: m.id });
      continue;
    }
    const out = rows.find((r) => r.userId === inviter.id && r.friendId === m.id);
    const back = rows.find((r) => r.userId === m.id && r.friendId === inviter.id);
    const kind =
      out?.status === 'accepted' && back?.status === 'accepted'
        ? 'already_friends'
        : out
          ? 'already_requested'
          : back
            ? 'asked_you'
            : 'member';
    result.set(m.email, { kind, memberId: m.id });
  }
  return result;
}

/**
 * `POST /api/profile/invite_friend`. An address that is a member's gets a friend request (or
 * accepts theirs, if they asked first); any other gets an invitation mail with a single-use
 * link. Blocked either way, or your own address: refused.
 */
export async function inviteFriend(
  ctx: ServiceContext,
  inviter: Inviter,
  input: InviteFriendInput,
  origin: string,
): Promise<InviteResult> {
  return ctx.transaction(async (tx, changes) => {
    const standing = (await standings(tx, inviter, [input.email])).get(input.email)!;
    if (standing.kind === 'yourself') {
      throw new HttpError(409, 'conflict', text('errors:invitations.yourself'), [
        { path: 'email', message: text('errors:invitations.yourself') },
      ]);
    }
    if (standing.kind === 'blocked') {
      throw new HttpError(403, 'forbidden', text('errors:invitations.blocked'));
    }
    await repo.lockInviter(tx, inviter.id);
    const sent = await invitationsSentToday(tx, inviter.id);
    if (standing.kind === 'not_member' && sent >= ctx.config.INVITES_PER_DAY) {
      throw rateLimited(ctx.config.INVITES_PER_DAY);
    }
    const outcome = await act(ctx, tx, changes, inviter, input, standing, origin);
    return { outcome, name: input.name, email: input.email };
  });
}

function rateLimited(limit: number) {
  return new HttpError(
    429,
    'rate_limited',
    text('errors:invitations.rateLimited', { limit }),
    undefined,
    60 * 60,
  );
}

async function invitationsSentToday(tx: Executor, inviterId: number): Promise<number> {
  return repo.countInvitationsSince(tx, inviterId, new Date(Date.now() - DAY_MS));
}

/** Sends the request or the invitation a standing calls for; answers what it did. */
async function act(
  ctx: ServiceContext,
  tx: Transaction,
  changes: PendingChanges,
  inviter: Inviter,
  contact: { name: string; email: string },
  standing: Exclude<Standing, { kind: 'yourself' } | { kind: 'blocked' }>,
  origin: string,
): Promise<InviteOutcome> {
  switch (standing.kind) {
    case 'already_friends':
    case 'already_requested':
      return standing.kind;
    case 'asked_you':
    case 'member': {
      // Asked again under the pair's lock: what the standing read may have changed since.
      const outcome = await askToBeFriends(tx, changes, inviter, standing.memberId);
      if (outcome === 'blocked') throw forbidden(text('errors:invitations.blocked'));
      return outcome;
    }
    case 'not_member':
      await createInvitation(ctx, tx, changes, inviter, contact, origin);
      return 'invited';
  }
}

async function createInvitation(
  ctx: ServiceContext,
  tx: Executor,
  changes: PendingChanges,
  inviter: Inviter,
  contact: { name: string; email: string },
  origin: string,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  await repo.insertInvitation(tx, {
    inviterId: inviter.id,
    name: contact.name,
    email: contact.email,
    tokenHash: hashToken(token),
    expiresAt,
  });
  const link = `${ctx.config.PUBLIC_URL ?? origin}/sign-up?invite=${token}`;
  await queueMail(ctx, tx, changes, invitationMail(inviter, contact, link, expiresAt));
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The invitation in the inviter's language: plain text, and simple HTML with names escaped. */
export function invitationMail(
  inviter: Inviter,
  contact: { name: string; email: string },
  link: string,
  expiresAt: Date,
) {
  const locale = inviter.locale ?? DEFAULT_LOCALE;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    expiresAt,
  );
  const values = { inviter: inviter.name, name: contact.name || contact.email, date };
  const t = (key: string) => translate(locale, `mail:invitation.${key}`, values);
  const paragraphs = [t('greeting'), t('body'), t('action')];
  const textBody = [...paragraphs, link, t('expiry'), t('ignore')].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t('button'))}</a></p>`,
    `<p>${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(t('expiry'))}</p>`,
    `<p>${escapeHtml(t('ignore'))}</p>`,
  ].join('\n');
  return {
    kind: 'friend_invitation',
    to: { address: contact.email, name: contact.name },
    subject: t('subject'),
    text: textBody,
    html: `<!doctype html>\n<html><body>\n${html}\n</body></html>`,
  };
}

/** `GET /api/invitations/:token`: whether the link still works, and what sign-up prefills. */
export async function invitationInfo(
  { db }: ServiceContext,
  token: string,
): Promise<InvitationInfo> {
  const found = await repo.findInvitation(db, hashToken(token));
  if (!found) return { status: 'unknown', inviter_name: null, name: null, email: null };
  const status = found.usedAt
    ? 'used'
    : found.expiresAt.getTime() <= Date.now()
      ? 'expired'
      : 'valid';
  return {
    status,
    inviter_name: found.inviterName,
    name: status === 'valid' ? found.name : null,
    email: status === 'valid' ? found.email : null,
  };
}

/**
 * Inside the sign-up's transaction: spends the invitation and makes the new member and the
 * inviter friends, telling the inviter. An expired, used or unknown token befriends no one;
 * the account is still created (the person came to sign up, and can add friends later).
 */
export async function redeemInvitation(
  tx: Transaction,
  changes: PendingChanges,
  token: string,
  newMember: { id: number; name: string },
): Promise<boolean> {
  const inviterId = await repo.useInvitation(tx, hashToken(token), newMember.id);
  if (inviterId === null) return false;
  await befriendInvited(tx, changes, inviterId, newMember);
  return true;
}

const emailCheck = z.email();

interface Classified extends ImportRow {
  standing: Standing | null;
}

/** Each contact's status, deduplicated by address (the first kept), nothing dropped. */
async function classify(
  db: Executor,
  inviter: Inviter,
  contacts: { line: number; name: string; email: string }[],
): Promise<Classified[]> {
  const firstLine = new Map<string, number>();
  const valid = contacts.map((c) => {
    if (!c.email) return 'no_email' as const;
    if (!emailCheck.safeParse(c.email).success || c.email.length > 254) {
      return 'malformed_email' as const;
    }
    return null;
  });
  const emails = [...new Set(contacts.filter((_, i) => valid[i] === null).map((c) => c.email))];
  const byEmail = await standings(db, inviter, emails);
  return contacts.map((c, i) => {
    const row = (
      status: ImportRow['status'],
      reason: ImportInvalidReason | null = null,
      duplicateOf: number | null = null,
      standing: Standing | null = null,
    ): Classified => ({
      line: c.line,
      name: c.name,
      email: c.email,
      status,
      reason,
      duplicate_of: duplicateOf,
      standing,
    });
    const problem = valid[i];
    if (problem) return row('invalid', problem);
    const first = firstLine.get(c.email);
    if (first !== undefined) return row('invalid', 'duplicate', first);
    firstLine.set(c.email, c.line);
    const standing = byEmail.get(c.email)!;
    switch (standing.kind) {
      case 'yourself':
        return row('invalid', 'yourself');
      case 'blocked':
        return row('invalid', 'blocked');
      case 'already_requested':
        return row('invalid', 'already_requested', null, standing);
      case 'already_friends':
        return row('already_friends', null, null, standing);
      case 'not_member':
        return row('not_member', null, null, standing);
      case 'member':
      case 'asked_you':
        return row('member', null, null, standing);
    }
  });
}

/** `POST /api/friends/import`: the file's rows, each with what confirming would do. */
export async function previewImport(
  ctx: ServiceContext,
  inviter: Inviter,
  csv: string,
): Promise<ImportPreview> {
  const rows = await classify(ctx.db, inviter, parseContacts(csv));
  return { rows: rows.map(({ standing: _standing, ...row }) => row) };
}

/**
 * `POST /api/friends/import/confirm`: the chosen rows, checked again from scratch (the preview
 * is the browser's copy). Members get requests, others invitations while the daily limit
 * allows; each row answers what happened.
 */
export async function confirmImport(
  ctx: ServiceContext,
  inviter: Inviter,
  input: ImportConfirmInput,
  origin: string,
): Promise<ImportConfirmResult> {
  return ctx.transaction(async (tx, changes) => {
    await repo.lockInviter(tx, inviter.id);
    let sent = await invitationsSentToday(tx, inviter.id);
    const contacts = input.rows.map((r, i) => ({
      line: i + 1,
      name: r.name,
      email: r.email.toLowerCase(),
    }));
    const rows = await classify(tx, inviter, contacts);
    const results: ImportConfirmResult['rows'] = [];
    for (const row of rows) {
      const base = { name: row.name, email: row.email };
      const standing = row.standing;
      if (row.status === 'invalid' && (row.reason !== 'already_requested' || !standing)) {
        results.push({ ...base, outcome: 'invalid', reason: row.reason });
        continue;
      }
      if (!standing || standing.kind === 'yourself' || standing.kind === 'blocked') {
        results.push({ ...base, outcome: 'invalid', reason: row.reason });
        continue;
      }
      if (standing.kind === 'not_member') {
        if (sent >= ctx.config.INVITES_PER_DAY) {
          results.push({ ...base, outcome: 'rate_limited', reason: null });
          continue;
        }
        sent += 1;
      }
      const outcome = await act(ctx, tx, changes, inviter, base, standing, origin);
      results.push({ ...base, outcome, reason: null });
    }
    return { rows: results };
  });
}
