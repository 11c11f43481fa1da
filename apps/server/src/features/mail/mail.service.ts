import type { AdminMailPage } from '@fitcoach/shared/invitations';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import type { PendingChanges } from '../../lib/changes';
import { decodeCursor, toPage } from '../../lib/cursor';
import type { ServiceContext } from '../../lib/service-context';
import * as repo from './mail.repository';

/** A mail as a feature writes it: plain text always, HTML as an alternative. */
export interface OutgoingMail {
  kind: string;
  to: { address: string; name: string };
  subject: string;
  text: string;
  html: string | null;
}

/**
 * Puts a mail in the outbox inside the caller's transaction, so that it exists exactly when
 * what caused it does. With SMTP configured it waits as `pending` for the sender (woken after
 * COMMIT by the `mail-queued` change); without, it is `kept` for admins to read in the app.
 */
export async function queueMail(
  ctx: ServiceContext,
  tx: Executor,
  changes: PendingChanges,
  mail: OutgoingMail,
): Promise<number> {
  const smtp = Boolean(ctx.config.SMTP_URL);
  const id = await repo.insertMail(tx, {
    kind: mail.kind,
    toAddress: mail.to.address,
    toName: mail.to.name,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    status: smtp ? 'pending' : 'kept',
  });
  if (smtp) changes.emit({ kind: 'mail-queued' });
  return id;
}

const cursorSchema = z.object({ id: z.number().int() });

/** The outbox for admins, newest first. */
export async function listOutbox(
  { db }: ServiceContext,
  cursor: string | undefined,
  limit: number,
): Promise<AdminMailPage> {
  const after = decodeCursor(cursor, cursorSchema);
  const rows = await repo.listMail(db, after?.id ?? null, limit + 1);
  return toPage(
    rows,
    limit,
    (row) => ({
      id: row.id,
      kind: row.kind,
      to_address: row.toAddress,
      to_name: row.toName,
      subject: row.subject,
      text_body: row.textBody,
      status: row.status,
      attempts: row.attempts,
      last_error: row.lastError,
      created_at: row.createdAt.toISOString(),
      sent_at: row.sentAt?.toISOString() ?? null,
    }),
    (row) => ({ id: row.id }),
  );
}
