import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS } from '@fitcoach/shared/invitations';
import { friendships, mailOutbox, memberBlocks } from '../../db/schema/social';
import {
  adminMember,
  befriend,
  createTestApp,
  member,
  TestClient,
  signUpMember,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
const LIMIT = 3;

beforeAll(async () => {
  // No SMTP_URL: mail is kept in the outbox for admins.
  t = await createTestApp({
    INVITES_PER_DAY: String(LIMIT),
    PUBLIC_URL: 'https://fit.example.com/',
  });
});
afterAll(async () => {
  await t.close();
});

const unique = () => `${Math.random().toString(36).slice(2, 10)}@example.net`;

interface OutboxPage {
  items: { to_address: string; subject: string; text_body: string; status: string }[];
  next_cursor: string | null;
}

async function mailTo(address: string) {
  const rows = await t.database.db
    .select()
    .from(mailOutbox)
    .where(sql`to_address = ${address}`);
  return rows;
}

function linkIn(body: string): { url: string; token: string } {
  const match = /(https?:\/\/\S+\/sign-up\?invite=([A-Za-z0-9_-]+))/.exec(body);
  if (!match) throw new Error(`no link in: ${body}`);
  return { url: match[1]!, token: match[2]! };
}

async function friendIds(client: TestClient): Promise<number[]> {
  const res = await client.get('/api/friends');
  return res.json<{ friends: { id: number }[] }>().friends.map((f) => f.id);
}

describe('POST /api/profile/invite_friend', () => {
  it('keeps the invitation in the outbox without SMTP; the link signs up and befriends', async () => {
    const inviter = await member(t, { name: 'Ana <b>Inviter</b>' });
    const email = unique();
    const res = await inviter.client.post('/api/profile/invite_friend', {
      name: '  Bea Friend ',
      email: `  ${email.toUpperCase()} `,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'invited', name: 'Bea Friend', email });

    const [mail] = await mailTo(email);
    expect(mail?.status).toBe('kept');
    expect(mail?.subject).toBe('Ana <b>Inviter</b> invited you to FitCoach');
    // The HTML alternative escapes the inviter's name; the text is plain.
    expect(mail?.htmlBody).toContain('Ana &lt;b&gt;Inviter&lt;/b&gt;');
    expect(mail?.htmlBody).not.toContain('<b>Inviter');
    const { url, token } = linkIn(mail!.textBody);
    expect(url.startsWith('https://fit.example.com/sign-up?invite=')).toBe(true);

    const visitor = new TestClient(t.app);
    const info = await visitor.get(`/api/invitations/${token}`);
    expect(info.json()).toEqual({
      status: 'valid',
      inviter_name: 'Ana <b>Inviter</b>',
      name: 'Bea Friend',
      email,
    });
    const bea = await signUpMember(visitor, { name: 'Bea Friend', email, invite_token: token });
    expect(await friendIds(visitor)).toEqual([inviter.user.id]);
    expect(await friendIds(inviter.client)).toContain(bea.id);

    const notes = await inviter.client.get('/api/notifications');
    const first = notes.json<{ items: { kind: string; actor: { id: number } | null }[] }>()
      .items[0];
    expect(first).toMatchObject({ kind: 'friend_accepted', actor: { id: bea.id } });

    // Single use: the link is spent.
    expect((await visitor.get(`/api/invitations/${token}`)).json()).toMatchObject({
      status: 'used',
      email: null,
    });
  });

  it('sends a reused link’s sign-up through without befriending anyone', async () => {
    const inviter = await member(t);
    const email = unique();
    await inviter.client.post('/api/profile/invite_friend', { name: 'Cal', email });
    const { token } = linkIn((await mailTo(email))[0]!.textBody);
    const first = new TestClient(t.app);
    await signUpMember(first, { email, invite_token: token });
    // A second account through the same link is created (the person came to sign up) but
    // befriends no one: the invitation was single-use.
    const second = new TestClient(t.app);
    await signUpMember(second, { email: unique(), invite_token: token });
    expect(await friendIds(second)).toEqual([]);
    expect(await friendIds(inviter.client)).toHaveLength(1);
  });

  it('tells an expired link apart, and it never befriends', async () => {
    const inviter = await member(t);
    const email = unique();
    await inviter.client.post('/api/profile/invite_friend', { name: 'Dee', email });
    const { token } = linkIn((await mailTo(email))[0]!.textBody);
    await t.database.db.execute(
      sql`update friend_invitations set expires_at = now() - interval '1 minute' where email = ${email}`,
    );
    const visitor = new TestClient(t.app);
    expect((await visitor.get(`/api/invitations/${token}`)).json()).toMatchObject({
      status: 'expired',
      name: null,
    });
    await signUpMember(visitor, { email, invite_token: token });
    expect(await friendIds(visitor)).toEqual([]);
    expect(await friendIds(inviter.client)).toEqual([]);
  });

  it('answers unknown and malformed tokens without a 500', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/api/invitations/nope')).json()).toMatchObject({
      status: 'unknown',
    });
    // Longer than any token: refused (the URL guard answers 414 before the schema's 400).
    const long = (await visitor.get(`/api/invitations/${'x'.repeat(250)}`)).statusCode;
    expect([400, 414]).toContain(long);
    expect((await visitor.get('/api/invitations/%00')).statusCode).toBe(400);
  });

  it('sends a friend request to a member’s address instead, and says so', async () => {
    const inviter = await member(t, { name: 'Eve' });
    const friendEmail = unique();
    const other = await member(t, { email: friendEmail });
    const res = await inviter.client.post('/api/profile/invite_friend', {
      name: 'Whoever',
      email: friendEmail,
    });
    expect(res.json()).toMatchObject({ outcome: 'request_sent' });
    expect(await mailTo(friendEmail)).toEqual([]);
    const rows = await t.database.db
      .select()
      .from(friendships)
      .where(sql`user_id = ${inviter.user.id} and friend_id = ${other.user.id}`);
    expect(rows).toMatchObject([{ status: 'pending' }]);
    const notes = await other.client.get('/api/notifications');
    expect(notes.json<{ items: { kind: string }[] }>().items[0]).toMatchObject({
      kind: 'friend_request',
    });

    const again = await inviter.client.post('/api/profile/invite_friend', {
      name: 'Whoever',
      email: friendEmail,
    });
    expect(again.json()).toMatchObject({ outcome: 'already_requested' });
    // The other way round accepts the pending request.
    const back = await other.client.post('/api/profile/invite_friend', {
      name: 'Eve',
      email: inviter.user.email,
    });
    expect(back.json()).toMatchObject({ outcome: 'request_accepted' });
    expect(await friendIds(inviter.client)).toEqual([other.user.id]);
    const friends = await inviter.client.post('/api/profile/invite_friend', {
      name: 'x',
      email: friendEmail,
    });
    expect(friends.json()).toMatchObject({ outcome: 'already_friends' });
  });

  it('refuses yourself, a blocked member and bad input with clear 4xx', async () => {
    const inviter = await member(t);
    const self = await inviter.client.post('/api/profile/invite_friend', {
      name: 'Me',
      email: inviter.user.email,
    });
    expect(self.statusCode).toBe(409);
    const blockedEmail = unique();
    const blocked = await member(t, { email: blockedEmail });
    await t.database.db
      .insert(memberBlocks)
      .values({ blockerId: blocked.user.id, blockedId: inviter.user.id });
    const res = await inviter.client.post('/api/profile/invite_friend', {
      name: 'B',
      email: blockedEmail,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden' });
    const bad = await inviter.client.post('/api/profile/invite_friend', {
      name: 'x',
      email: 'not-an-email',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ issues: unknown[] }>().issues).toEqual([
      expect.objectContaining({ path: 'email' }),
    ]);
    const nul = await inviter.client.post('/api/profile/invite_friend', {
      name: 'a\u0000b',
      email: unique(),
    });
    expect(nul.statusCode).toBe(400);
    const huge = await inviter.client.post('/api/profile/invite_friend', {
      name: 'n'.repeat(100_000),
      email: unique(),
    });
    expect(huge.statusCode).toBe(400);
  });

  it('refuses a name with line breaks or control characters (it goes into mail and lists)', async () => {
    const inviter = await member(t);
    for (const name of ['Evil\r\nBcc: x@example.org', 'Bell\u0007', 'C1\u0085']) {
      const res = await inviter.client.post('/api/profile/invite_friend', {
        name,
        email: unique(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'validation_failed',
        issues: [expect.objectContaining({ path: 'name' })],
      });
    }
    const confirm = await inviter.client.post('/api/friends/import/confirm', {
      rows: [{ name: 'Two\nLines', email: unique() }],
    });
    expect(confirm.statusCode).toBe(400);
  });

  it('limits invitations per member per day with a 429', async () => {
    const inviter = await member(t);
    for (let i = 0; i < LIMIT; i += 1) {
      const ok = await inviter.client.post('/api/profile/invite_friend', {
        name: 'n',
        email: unique(),
      });
      expect(ok.statusCode).toBe(200);
    }
    const res = await inviter.client.post('/api/profile/invite_friend', {
      name: 'n',
      email: unique(),
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: 'rate_limited' });
    expect(res.json<{ message: string }>().message).toContain(String(LIMIT));
    // Requests to members are not invitations: still allowed.
    const memberEmail = unique();
    await member(t, { email: memberEmail });
    const request = await inviter.client.post('/api/profile/invite_friend', {
      name: 'n',
      email: memberEmail,
    });
    expect(request.json()).toMatchObject({ outcome: 'request_sent' });
  });

  it('needs a signed-in member', async () => {
    const visitor = await new TestClient(t.app).begin();
    const res = await visitor.post('/api/profile/invite_friend', { name: 'n', email: unique() });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/admin/mail', () => {
  it('is for admins only, paged, newest first, text as written', async () => {
    const inviter = await member(t, { name: 'Mallory <script>' });
    const email = unique();
    await inviter.client.post('/api/profile/invite_friend', { name: 'Zed', email });
    expect((await inviter.client.get('/api/admin/mail')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/admin/mail')).statusCode).toBe(401);
    const boss = await adminMember(t, { name: 'Admin Person' });
    const page = await boss.client.get('/api/admin/mail?limit=1');
    expect(page.statusCode).toBe(200);
    const body = page.json<OutboxPage>();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ to_address: email, status: 'kept' });
    expect(body.items[0]!.text_body).toContain('Mallory <script>');
    expect(body.next_cursor).not.toBeNull();
    const next = await boss.client.get(`/api/admin/mail?limit=1&cursor=${body.next_cursor}`);
    expect(next.json<OutboxPage>().items[0]?.to_address).not.toBe(email);
    expect((await boss.client.get('/api/admin/mail?cursor=garbage')).statusCode).toBe(400);
  });
});

describe('POST /api/friends/import', () => {
  it('reads a BOM, semicolons, quoted fields; marks every row', async () => {
    const me = await member(t, { name: 'Importer' });
    const friendEmail = unique();
    const friend = await member(t, { email: friendEmail });
    await befriend(t, me.user.id, friend.user.id);
    const memberEmail = unique();
    await member(t, { email: memberEmail });
    const blockedEmail = unique();
    const blocked = await member(t, { email: blockedEmail });
    await t.database.db
      .insert(memberBlocks)
      .values({ blockerId: me.user.id, blockedId: blocked.user.id });
    const newEmail = unique();
    const csv = [
      'Phone;"Full name";E-mail Address;Notes',
      `1;"Doe; Jane";${newEmail.toUpperCase()};"says ""hi"""`,
      `2;Friend;${friendEmail};`,
      `3;Member;${memberEmail};`,
      `4;No Mail;;`,
      `5;Broken;not-an-email;`,
      `6;Again;${newEmail};`,
      `7;Me;${me.user.email};`,
      `8;Blocked;${blockedEmail};`,
    ].join('\r\n');
    const res = await me.client.post('/api/friends/import', { csv: `\uFEFF${csv}` });
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ rows: Record<string, unknown>[] }>().rows;
    expect(rows.map((r) => [r.line, r.status, r.reason, r.duplicate_of])).toEqual([
      [2, 'not_member', null, null],
      [3, 'already_friends', null, null],
      [4, 'member', null, null],
      [5, 'invalid', 'no_email', null],
      [6, 'invalid', 'malformed_email', null],
      [7, 'invalid', 'duplicate', 2],
      [8, 'invalid', 'yourself', null],
      [9, 'invalid', 'blocked', null],
    ]);
    expect(rows[0]).toMatchObject({ name: 'Doe; Jane', email: newEmail });
  });

  it('reads commas, first/last name columns and a file without BOM', async () => {
    const me = await member(t);
    const email = unique();
    const csv = `First Name,Last Name,Email\n"Ann, Jr",Lee,${email}\n`;
    const res = await me.client.post('/api/friends/import', { csv });
    expect(res.json()).toEqual({
      rows: [
        {
          line: 2,
          name: 'Ann, Jr Lee',
          email,
          status: 'not_member',
          reason: null,
          duplicate_of: null,
        },
      ],
    });
  });

  it('turns a quoted name’s line breaks and control characters into spaces', async () => {
    const me = await member(t);
    const email = unique();
    const res = await me.client.post('/api/friends/import', {
      csv: `name,email\n"Ann\r\nLee\u0007 ",${email}\n`,
    });
    expect(res.json<{ rows: { name: string }[] }>().rows[0]!.name).toBe('Ann Lee');
  });

  it('refuses more than 1,000 rows with a 413, and unreadable files with a 422', async () => {
    const me = await member(t);
    const lines = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `n${i},n${i}@example.com`);
    const big = await me.client.post('/api/friends/import', {
      csv: ['name,email', ...lines].join('\n'),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: 'payload_too_large' });
    expect(big.json<{ message: string }>().message).toContain('1001');
    const exactly = await me.client.post('/api/friends/import', {
      csv: ['name,email', ...lines.slice(1)].join('\n'),
    });
    expect(exactly.statusCode).toBe(200);
    // A file far larger than 1,000 contacts take is refused before it is read.
    const huge = await me.client.post('/api/friends/import', {
      csv: `name,email\n${'x'.repeat(2_100_000)}`,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: 'payload_too_large' });
    const noColumn = await me.client.post('/api/friends/import', { csv: 'name,phone\na,1' });
    expect(noColumn.statusCode).toBe(422);
    const unclosed = await me.client.post('/api/friends/import', {
      csv: 'name,email\n"a,a@example.com\n',
    });
    expect(unclosed.statusCode).toBe(422);
    const empty = await me.client.post('/api/friends/import', { csv: '\uFEFF  ' });
    expect(empty.statusCode).toBe(422);
  });

  it('says what is wrong with an unreadable file in the member’s language, not the parser’s', async () => {
    const me = await member(t);
    const cases = [
      {
        csv: 'name,email\n"a,a@example.com\n',
        en: 'a quote is opened and never closed',
        es: 'una comilla se abre y no se cierra nunca',
      },
      {
        csv: 'name,email\na,"b"c@example.com\n',
        en: 'a quoted field on line 2 has text after its closing quote',
        es: 'un campo entre comillas de la línea 2 sigue tras la comilla de cierre',
      },
      {
        csv: 'name,email\na,b"c@example.com\n',
        en: 'a field on line 2 has a quote in the middle',
        es: 'un campo de la línea 2 tiene una comilla en medio',
      },
    ];
    for (const { csv, en, es } of cases) {
      const english = await me.client.post('/api/friends/import', { csv });
      expect(english.statusCode).toBe(422);
      expect(english.json<{ message: string }>().message).toContain(en);
      const spanish = await me.client.request(
        'POST',
        '/api/friends/import',
        { csv },
        {
          headers: { 'accept-language': 'es' },
        },
      );
      expect(spanish.statusCode).toBe(422);
      const message = spanish.json<{ message: string }>().message;
      expect(message).toContain(es);
      // Nothing of csv-parse's own English wording reaches the member.
      expect(message).not.toMatch(/Quote|parsing|delimiter/);
    }
  });

  it('confirms by checking every row again (the preview is not trusted)', async () => {
    const me = await member(t, { name: 'Confirmer' });
    const memberEmail = unique();
    const other = await member(t, { email: memberEmail });
    const blockedEmail = unique();
    await member(t, { email: blockedEmail });
    const first = unique();
    const res = await me.client.post('/api/friends/import/confirm', {
      rows: [
        { name: 'Other', email: memberEmail },
        { name: 'New', email: first },
        { name: 'Dup', email: first.toUpperCase() },
        { name: 'Bad', email: 'nope' },
        { name: 'Me', email: me.user.email },
        { name: 'Blocked', email: blockedEmail },
        { name: 'n2', email: unique() },
        { name: 'n3', email: unique() },
        { name: 'n4', email: unique() },
      ],
    });
    expect(res.statusCode).toBe(200);
    const outcomes = res.json<{ rows: { outcome: string; reason: string | null }[] }>().rows;
    expect(outcomes.map((r) => [r.outcome, r.reason])).toEqual([
      ['request_sent', null],
      ['invited', null],
      ['invalid', 'duplicate'],
      ['invalid', 'malformed_email'],
      ['invalid', 'yourself'],
      ['request_sent', null],
      ['invited', null],
      ['invited', null],
      // The daily limit (3 here) counts invitations made by import too.
      ['rate_limited', null],
    ]);
    expect(await mailTo(first)).toHaveLength(1);
    const pending = await t.database.db
      .select()
      .from(friendships)
      .where(sql`user_id = ${me.user.id} and friend_id = ${other.user.id}`);
    expect(pending).toHaveLength(1);
  });

  it('confirm refuses a block set after the preview', async () => {
    const me = await member(t);
    const email = unique();
    const other = await member(t, { email });
    const preview = await me.client.post('/api/friends/import', { csv: `email\n${email}` });
    expect(preview.json<{ rows: { status: string }[] }>().rows[0]?.status).toBe('member');
    await t.database.db
      .insert(memberBlocks)
      .values({ blockerId: other.user.id, blockedId: me.user.id });
    const res = await me.client.post('/api/friends/import/confirm', {
      rows: [{ name: '', email }],
    });
    expect(res.json<{ rows: unknown[] }>().rows).toEqual([
      { name: '', email, outcome: 'invalid', reason: 'blocked' },
    ]);
    const rows = await t.database.db
      .select()
      .from(friendships)
      .where(sql`user_id = ${me.user.id} and friend_id = ${other.user.id}`);
    expect(rows).toEqual([]);
  });
});
