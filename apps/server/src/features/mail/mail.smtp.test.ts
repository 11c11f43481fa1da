import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema/social';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { createTestApp, member, signUpMember, TestClient, type TestApp } from '../../test/test-app';
import { backoffMs, describeFailure } from './mail.sender';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close();
});
afterAll(async () => {
  while (open.length > 0) await open.pop()!.close();
});

async function appWithSmtp(smtpUrl: string): Promise<TestApp> {
  const t = await createTestApp({
    SMTP_URL: smtpUrl,
    PUBLIC_URL: 'https://fit.example.com',
    MAIL_FROM: 'FitCoach <no-reply@fit.example.com>',
    MAIL_RETRY_BASE_MS: '50',
    MAIL_POLL_MS: '50',
  });
  open.push(t);
  return t;
}

async function smtp(port?: number): Promise<TestSmtpServer> {
  const server = await startSmtpServer(port);
  open.unshift(server);
  return server;
}

const unique = () => `${Math.random().toString(36).slice(2, 10)}@example.net`;

describe('invitations over SMTP', () => {
  it('delivers the invitation; its link signs the invitee up as a friend', async () => {
    const server = await smtp();
    const t = await appWithSmtp(server.url);
    const inviter = await member(t, { name: 'Ana Smtp' });
    await t.database.db.execute(sql`update users set locale = 'es' where id = ${inviter.user.id}`);
    const email = unique();
    const res = await inviter.client.post('/api/profile/invite_friend', { name: 'Bea', email });
    expect(res.json()).toMatchObject({ outcome: 'invited' });

    await vi.waitFor(() => expect(server.received).toHaveLength(1), { timeout: 10_000 });
    const mail = server.received[0]!;
    // Written in the inviter's language.
    expect(mail.subject).toBe('Ana Smtp te ha invitado a FitCoach');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : null).toBe(email);
    expect(mail.from?.value[0]?.address).toBe('no-reply@fit.example.com');
    expect(mail.html).toContain('Ana Smtp');
    const link = /https?:\/\/\S+\/sign-up\?invite=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    const token = new URL(link![0]).searchParams.get('invite')!;

    const visitor = new TestClient(t.app);
    const info = await visitor.get(`/api/invitations/${token}`);
    expect(info.json()).toMatchObject({ status: 'valid', inviter_name: 'Ana Smtp', email });
    await signUpMember(visitor, { name: 'Bea', email, invite_token: token });
    const friends = await visitor.get('/api/friends');
    expect(friends.json<{ friends: { id: number; name: string }[] }>().friends).toMatchObject([
      { id: inviter.user.id, name: 'Ana Smtp' },
    ]);

    await vi.waitFor(async () => {
      const [row] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(sql`to_address = ${email}`);
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    });
  });

  it('keeps a mail through an SMTP outage and delivers it once the server is back', async () => {
    // A port that nothing listens on yet: the relay is down.
    const probe = await startSmtpServer();
    const port = probe.port;
    await probe.close();
    const t = await appWithSmtp(`smtp://127.0.0.1:${port}`);
    const inviter = await member(t);
    const email = unique();
    const res = await inviter.client.post('/api/profile/invite_friend', { name: 'Cy', email });
    expect(res.json()).toMatchObject({ outcome: 'invited' });
    await vi.waitFor(
      async () => {
        const [row] = await t.database.db
          .select()
          .from(mailOutbox)
          .where(sql`to_address = ${email}`);
        expect(row?.status).toBe('pending');
        expect(row?.attempts).toBeGreaterThanOrEqual(2);
        expect(row?.lastError).toBeTruthy();
      },
      { timeout: 10_000 },
    );

    const server = await smtp(port);
    await vi.waitFor(() => expect(server.received).toHaveLength(1), { timeout: 15_000 });
    // The link names PUBLIC_URL, never the Host the request claimed.
    expect(server.received[0]!.text).toContain('https://fit.example.com/sign-up?invite=');
    await vi.waitFor(async () => {
      const [row] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(sql`to_address = ${email}`);
      expect(row?.status).toBe('sent');
    });
  });

  it('sends each mail once when two nodes poll the same outbox', async () => {
    const server = await smtp();
    const one = await appWithSmtp(server.url);
    const two = await createTestApp(
      {
        SMTP_URL: server.url,
        PUBLIC_URL: 'https://fit.example.com',
        MAIL_RETRY_BASE_MS: '50',
        MAIL_POLL_MS: '10',
      },
      { database: one.database },
    );
    open.push(two);
    const emails = Array.from({ length: 15 }, unique);
    await one.database.db.insert(mailOutbox).values(
      emails.map((address) => ({
        kind: 'test',
        toAddress: address,
        subject: 'Hello',
        textBody: 'Body',
        status: 'pending' as const,
      })),
    );
    one.app.mailSender!.wake();
    two.app.mailSender!.wake();
    await vi.waitFor(() => expect(server.received.length).toBeGreaterThanOrEqual(15), {
      timeout: 15_000,
    });
    await one.app.mailSender!.idle();
    await two.app.mailSender!.idle();
    const addresses = server.received.map((m) =>
      m.to && !Array.isArray(m.to) ? m.to.value[0]?.address : null,
    );
    expect(addresses.sort()).toEqual([...emails].sort());
  });
});

describe('mail sender helpers', () => {
  it('doubles the wait per failure, up to an hour', () => {
    expect(backoffMs(1000, 1)).toBe(1000);
    expect(backoffMs(1000, 3)).toBe(4000);
    expect(backoffMs(1000, 40)).toBe(3_600_000);
  });

  it('never stores the SMTP password', () => {
    const failure = describeFailure(
      new Error('Invalid login: 535 s3cr%t rejected'),
      'smtp://user:s3cr%25t@mail.example.com:587',
    );
    expect(failure).not.toContain('s3cr%t');
    expect(failure).toContain('[hidden]');
  });
});
