import {
  memberSearchPageSchema,
  type FriendsOverview,
  type MemberSearchPage,
  type MemberSummary,
  type Relationship,
  type RelationshipResult,
} from '@fitcoach/shared/friends';
import { z } from 'zod';
import type { Executor, Transaction } from '../../db/client';
import { text } from '../../i18n/i18n';
import type { PendingChanges } from '../../lib/changes';
import { answerKeys, type PreparedAnswer } from '../../lib/answer-cache';
import { avatarUrl } from '../../lib/avatar-url';
import { containsPattern, decodeCursor, toPage } from '../../lib/cursor';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import { notify, storedTitle } from '../notifications/notifications.service';
import * as repo from './friends.repository';

const photo = (userId: number, blobId: number | null) =>
  blobId === null ? null : avatarUrl(userId, blobId);

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

export async function areFriends(db: Executor, userId: number, otherId: number): Promise<boolean> {
  return repo.areFriends(db, userId, otherId);
}

export async function isBlockedEitherWay(
  db: Executor,
  userId: number,
  otherId: number,
): Promise<boolean> {
  return repo.isBlockedEitherWay(db, userId, otherId);
}

/** What members share with friends; each names its rules in its own words (`errors:<what>.…`). */
export type Shareable = 'workouts' | 'diets' | 'programs' | 'trainer';

/**
 * The rules every share to a friend follows, whatever is shared: not with yourself (422), never
 * across a block either way (403), friends only (403). A missing member gets the non-friend's
 * 403, so sharing does not tell which ids belong to members. The block is checked on its own,
 * not only through the friendship: unfriending is part of blocking, but a share must never slip
 * through one.
 */
export async function assertMayShareWith(
  db: Executor,
  userId: number,
  friendId: number,
  what: Shareable,
): Promise<void> {
  if (friendId === userId) {
    throw new HttpError(422, 'unprocessable', text(`errors:${what}.shareNotYourself`), [
      { path: 'friend_id', message: text(`errors:${what}.thatIsYou`) },
    ]);
  }
  if (await repo.isBlockedEitherWay(db, userId, friendId)) {
    throw forbidden(text('errors:friends.shareBlocked'));
  }
  if (!(await repo.areFriends(db, userId, friendId))) {
    throw new HttpError(403, 'forbidden', text(`errors:${what}.shareFriendsOnly`), [
      { path: 'friend_id', message: text(`errors:${what}.notAFriend`) },
    ]);
  }
}

/** Whether `fromId` asked `toId` to be friends and is waiting (they may see the asker's photo). */
export async function hasPendingRequest(db: Executor, fromId: number, toId: number) {
  return repo.hasPendingRequest(db, fromId, toId);
}

/**
 * The Friends page: friends, requests received and sent, and the members you blocked. Photos
 * show where the photo route lets the reader see them: friends, and members who asked you.
 */
export async function overview({ db }: ServiceContext, userId: number): Promise<FriendsOverview> {
  const [friends, incoming, outgoing, blocked] = await Promise.all([
    repo.listFriends(db, userId),
    repo.listRequests(db, userId, 'incoming'),
    repo.listRequests(db, userId, 'outgoing'),
    repo.listBlocked(db, userId),
  ]);
  return {
    friends: friends.map((f) => ({
      id: f.id,
      name: f.name,
      avatar_url: photo(f.id, f.avatarBlobId),
      last_active_at: iso(f.lastActiveAt),
      since: f.since.toISOString(),
    })),
    incoming: incoming.map((r) => ({
      id: r.id,
      name: r.name,
      avatar_url: photo(r.id, r.avatarBlobId),
      since: r.since.toISOString(),
    })),
    outgoing: outgoing.map((r) => ({
      id: r.id,
      name: r.name,
      avatar_url: null,
      since: r.since.toISOString(),
    })),
    blocked: blocked.map((b) => ({
      id: b.id,
      name: b.name,
      avatar_url: null,
      since: b.since.toISOString(),
    })),
  };
}

/** Relationship writes are about another member: never yourself, never someone missing. */
async function otherMember(db: Executor, viewer: Viewer, otherId: number, field: string) {
  if (otherId === viewer.id) {
    throw new HttpError(400, 'validation_failed', text('errors:friends.notYourself'), [
      { path: field, message: text('errors:friends.thatIsYou') },
    ]);
  }
  const found = await repo.findMember(db, otherId);
  if (!found) throw notFound('member');
  return found;
}

function summary(
  member: { id: number; name: string; avatarBlobId: number | null },
  relationship: RelationshipResult['relationship'],
): RelationshipResult {
  const photoVisible = relationship === 'friend' || relationship === 'incoming';
  return {
    member: {
      id: member.id,
      name: member.name,
      avatar_url: photoVisible ? photo(member.id, member.avatarBlobId) : null,
    },
    relationship,
  };
}

/** Both rows accepted, and the one who asked is told. */
async function acceptRequestFrom(
  tx: Transaction,
  changes: PendingChanges,
  accepter: { id: number; name: string | undefined },
  requesterId: number,
) {
  await repo.acceptRow(tx, requesterId, accepter.id);
  await repo.insertFriendship(tx, accepter.id, requesterId, 'accepted');
  await notify(tx, changes, {
    userId: requesterId,
    kind: 'friend_accepted',
    title: storedTitle('friend_accepted', accepter.name),
    link: '/friends',
    actorId: accepter.id,
  });
}

/** What asking another member to be friends did, or why it did nothing. */
export type AskOutcome =
  'request_sent' | 'request_accepted' | 'already_friends' | 'already_requested' | 'blocked';

/**
 * Inside a transaction: `asker` asks `otherId` to be friends. A request they already sent you
 * is accepted instead. Every check runs under the pair's lock, so two crossing requests, a
 * double click or a block arriving meanwhile never leave a second row or a half state. The one
 * way requests are made: add_friend, and invitations to a member's address.
 */
export async function askToBeFriends(
  tx: Transaction,
  changes: PendingChanges,
  asker: { id: number; name: string | undefined },
  otherId: number,
): Promise<AskOutcome> {
  await repo.lockPair(tx, asker.id, otherId);
  if (await repo.isBlockedEitherWay(tx, asker.id, otherId)) return 'blocked';
  const { mine, theirs } = await repo.pairRows(tx, asker.id, otherId);
  if (mine === 'accepted' && theirs === 'accepted') return 'already_friends';
  if (mine !== undefined) return 'already_requested';
  changes.emit({ kind: 'relationship', userIds: [asker.id, otherId] });
  if (theirs === 'pending') {
    await acceptRequestFrom(tx, changes, asker, otherId);
    return 'request_accepted';
  }
  await repo.insertFriendship(tx, asker.id, otherId, 'pending');
  await notify(tx, changes, {
    userId: otherId,
    kind: 'friend_request',
    title: storedTitle('friend_request', asker.name),
    link: '/friends',
    actorId: asker.id,
  });
  return 'request_sent';
}

/**
 * Inside a transaction: makes two members friends at once (an invitation spent at sign-up),
 * telling `inviterId` that `member` accepted.
 */
export async function befriendInvited(
  tx: Transaction,
  changes: PendingChanges,
  inviterId: number,
  member: { id: number; name: string },
): Promise<void> {
  await repo.lockPair(tx, inviterId, member.id);
  // The invitation is the inviter's request, which signing up through it accepts.
  await repo.insertFriendship(tx, inviterId, member.id, 'pending');
  await acceptRequestFrom(tx, changes, member, inviterId);
  changes.emit({ kind: 'relationship', userIds: [inviterId, member.id] });
}

/** `POST /api/profile/add_friend`: asks another member to be friends (see askToBeFriends). */
export async function addFriend(
  ctx: ServiceContext,
  viewer: Viewer,
  friendId: number,
): Promise<RelationshipResult> {
  const other = await otherMember(ctx.db, viewer, friendId, 'friend_id');
  return ctx.transaction(async (tx, changes) => {
    const me = await repo.findMember(tx, viewer.id);
    const outcome = await askToBeFriends(tx, changes, { id: viewer.id, name: me?.name }, friendId);
    switch (outcome) {
      case 'blocked':
        throw forbidden(text('errors:friends.blocked'));
      case 'already_friends':
        throw new HttpError(409, 'conflict', text('errors:friends.alreadyFriends'));
      case 'already_requested':
        throw new HttpError(409, 'conflict', text('errors:friends.alreadyRequested'));
      case 'request_accepted':
        return summary(other, 'friend');
      case 'request_sent':
        return summary(other, 'outgoing');
    }
  });
}

/**
 * A write about the pair (viewer, other), under the pair's lock, announced as a relationship
 * change when it commits. `work` throws to refuse; the member is found (and not yourself) first.
 */
async function changePair(
  ctx: ServiceContext,
  viewer: Viewer,
  otherId: number,
  work: (tx: Transaction, changes: PendingChanges) => Promise<RelationshipResult['relationship']>,
): Promise<RelationshipResult> {
  const other = await otherMember(ctx.db, viewer, otherId, 'id');
  return ctx.transaction(async (tx, changes) => {
    await repo.lockPair(tx, viewer.id, otherId);
    const relationship = await work(tx, changes);
    changes.emit({ kind: 'relationship', userIds: [viewer.id, otherId] });
    return summary(other, relationship);
  });
}

/** Accepts the request `requesterId` sent you; 404 when there is none. */
export async function acceptRequest(
  ctx: ServiceContext,
  viewer: Viewer,
  requesterId: number,
): Promise<RelationshipResult> {
  return changePair(ctx, viewer, requesterId, async (tx, changes) => {
    const { mine, theirs } = await repo.pairRows(tx, viewer.id, requesterId);
    if (theirs !== 'pending' || mine !== undefined) {
      throw new HttpError(404, 'not_found', text('errors:friends.noRequest'));
    }
    const me = await repo.findMember(tx, viewer.id);
    await acceptRequestFrom(tx, changes, { id: viewer.id, name: me?.name }, requesterId);
    return 'friend';
  });
}

/** Declines the request `requesterId` sent you (they are not told); 404 when there is none. */
export async function declineRequest(
  ctx: ServiceContext,
  viewer: Viewer,
  requesterId: number,
): Promise<RelationshipResult> {
  return changePair(ctx, viewer, requesterId, async (tx) => {
    const { mine } = await repo.pairRows(tx, viewer.id, requesterId);
    if (mine !== undefined || !(await repo.deleteRow(tx, requesterId, viewer.id, 'pending'))) {
      throw new HttpError(404, 'not_found', text('errors:friends.noRequest'));
    }
    return 'none';
  });
}

/**
 * `DELETE /api/friends/:id`: ends a friendship (both rows), or cancels the request you sent.
 * A request you received is declined, not deleted here (it says what it does).
 */
export async function removeFriend(
  ctx: ServiceContext,
  viewer: Viewer,
  otherId: number,
): Promise<RelationshipResult> {
  return changePair(ctx, viewer, otherId, async (tx) => {
    const { mine, theirs } = await repo.pairRows(tx, viewer.id, otherId);
    const friends = mine === 'accepted' && theirs === 'accepted';
    if (!friends && mine !== 'pending') {
      throw new HttpError(404, 'not_found', text('errors:friends.notFriendOrRequest'));
    }
    await repo.deleteRow(tx, viewer.id, otherId);
    if (friends) await repo.deleteRow(tx, otherId, viewer.id);
    return 'none';
  });
}

/** Blocks a member: any friendship or request between you goes, both ways. Blocking twice is one block. */
export async function blockMember(
  ctx: ServiceContext,
  viewer: Viewer,
  otherId: number,
): Promise<RelationshipResult> {
  return changePair(ctx, viewer, otherId, async (tx) => {
    await repo.deleteRow(tx, viewer.id, otherId);
    await repo.deleteRow(tx, otherId, viewer.id);
    await repo.insertBlock(tx, viewer.id, otherId);
    return 'blocked';
  });
}

/** Lifts your block (a block the other member set stays); 404 when you had none. */
export async function unblockMember(
  ctx: ServiceContext,
  viewer: Viewer,
  otherId: number,
): Promise<RelationshipResult> {
  return changePair(ctx, viewer, otherId, async (tx) => {
    if (!(await repo.deleteBlock(tx, viewer.id, otherId))) {
      throw new HttpError(404, 'not_found', text('errors:friends.notBlocked'));
    }
    return 'none';
  });
}

const searchCursorSchema = z.object({
  n: z.string().max(500),
  id: z.number().int().positive().max(2_147_483_647),
});

/** An address is looked up whole (never by part: members are not found by their mail's domain). */
const looksLikeEmail = (q: string) => /^[^\s@]+@[^\s@]+$/.test(q);
/**
 * A name search's first page among all members: what the directory's cached matches answer
 * (later pages, email lookups and `scope=friends` go to the database).
 */
const isFirstPageByName = (q: string, query: { scope: string; cursor?: string }) =>
  query.scope === 'members' && !query.cursor && q !== '' && !looksLikeEmail(q);
/** The minute both search answers are named by (see answerKeys.memberDirectory). */
const currentMinute = () => Math.floor(Date.now() / 60_000);

/** Shorter text has no trigram for the index to look up: it matches the name's start instead. */
const TRIGRAM = 3;

function relationshipOf(
  mine: 'pending' | 'accepted' | null,
  theirs: 'pending' | 'accepted' | null,
): Relationship {
  if (mine === 'accepted' && theirs === 'accepted') return 'friend';
  if (mine !== null) return 'outgoing';
  if (theirs === 'pending') return 'incoming';
  return 'none';
}

/** `GET /api/members/search` as a prepared answer: checked by its schema, compressed once. */
export async function searchAnswer(
  ctx: ServiceContext,
  viewer: Viewer,
  query: { q: string; scope: 'members' | 'friends'; cursor?: string; limit: number },
): Promise<PreparedAnswer> {
  const build = () => searchMembers(ctx, viewer, query);
  const q = query.q.toLowerCase();
  if (!isFirstPageByName(q, query)) return ctx.answers.uncached(build, memberSearchPageSchema);
  const key = answerKeys.memberSearch(viewer.id, q, query.limit, currentMinute());
  return ctx.answers.get(key, build, memberSearchPageSchema);
}

/**
 * `GET /api/members/search`: members by any part of the name (case-insensitive) or by their
 * exact email, by name; never yourself nor anyone blocked either way. `scope=friends` pages
 * through your friends only (the share pickers), all of them when `q` is empty.
 */
export async function searchMembers(
  ctx: ServiceContext,
  viewer: Viewer,
  query: { q: string; scope: 'members' | 'friends'; cursor?: string; limit: number },
): Promise<MemberSearchPage> {
  const { db } = ctx;
  const after = decodeCursor(query.cursor, searchCursorSchema);
  const q = query.q.toLowerCase();
  const friendsOnly = query.scope === 'friends';
  if (q === '' && !friendsOnly) return { items: [], next_cursor: null };
  const namePattern =
    q === '' ? null : q.length >= TRIGRAM ? containsPattern(q) : containsPattern(q).slice(1);
  if (namePattern !== null && after === null && isFirstPageByName(q, query)) {
    const page = await firstPageFromDirectory(ctx, viewer.id, q, namePattern, query.limit);
    if (page) return page;
  }
  const rows = await repo.searchMembers(db, viewer.id, {
    namePattern,
    email: looksLikeEmail(q) ? q : null,
    friendsOnly,
    after,
    limit: query.limit,
  });
  return toPage(rows, query.limit, searchItem, (row) => ({ n: row.lowerName, id: row.id }));
}

type SearchRow = {
  id: number;
  name: string;
  lowerName: string;
  avatarBlobId: number | null;
  mine: 'pending' | 'accepted' | null;
  theirs: 'pending' | 'accepted' | null;
};

function searchItem(row: SearchRow): MemberSearchPage['items'][number] {
  const relationship = relationshipOf(row.mine, row.theirs);
  const photoVisible = relationship === 'friend' || relationship === 'incoming';
  const member: MemberSummary = {
    id: row.id,
    name: row.name,
    avatar_url: photoVisible ? photo(row.id, row.avatarBlobId) : null,
  };
  return { ...member, relationship };
}

/**
 * Matches kept per search text: a page's worth and room for the searcher's blocks. A searcher
 * who blocked more of them than that is answered from the database.
 */
const DIRECTORY_MATCHES = 64;

type DirectoryRow = Awaited<ReturnType<typeof repo.directoryMatches>>[number];
type Relations = Awaited<ReturnType<typeof repo.relationsOf>>;

/**
 * A cached answer's value, parsed once per cached version: the cache hands back the same buffer
 * until the answer goes stale, so the parsed value lives exactly as long as that buffer does.
 * Callers treat it as read-only.
 */
const parsedAnswers = new WeakMap<Buffer, unknown>();
async function cachedJson<T>(answer: Promise<{ json: Buffer }>): Promise<T> {
  const { json } = await answer;
  if (!parsedAnswers.has(json)) parsedAnswers.set(json, JSON.parse(json.toString('utf8')));
  return parsedAnswers.get(json) as T;
}

/** Everyone the member is related to, cached until one of those relationships changes. */
function relationsOf(ctx: ServiceContext, userId: number): Promise<Relations> {
  return cachedJson<Relations>(
    ctx.answers.get(answerKeys.memberRelations(userId), () => repo.relationsOf(ctx.db, userId)),
  );
}

/** The member's friends (both rows accepted, no block either way), from the cached relations. */
export async function friendIdsOf(ctx: ServiceContext, userId: number): Promise<number[]> {
  const { mine, theirs, blocked } = await relationsOf(ctx, userId);
  const accepted = new Set(theirs.filter((r) => r.status === 'accepted').map((r) => r.id));
  const blocks = new Set(blocked);
  return mine
    .filter((r) => r.status === 'accepted' && accepted.has(r.id) && !blocks.has(r.id))
    .map((r) => r.id)
    .sort((a, b) => a - b);
}

/**
 * The first page of a name search without a database query on the hot path: a text's first
 * matches are the same for every searcher (cached until a member joins, is renamed or changes
 * photo), and each searcher's relationships are cached until one of them changes. Contains-search
 * ordered by name has to sort every match (thousands for a common fragment) before it can answer,
 * which two cores could do about a hundred times a second (bench/RESULTS.md, member search).
 * Null when the cached matches cannot fill the page (the caller asks the database).
 */
async function firstPageFromDirectory(
  ctx: ServiceContext,
  viewerId: number,
  q: string,
  namePattern: string,
  limit: number,
): Promise<MemberSearchPage | null> {
  const minute = currentMinute();
  const [matches, relations] = await Promise.all([
    cachedJson<DirectoryRow[]>(
      ctx.answers.get(answerKeys.memberDirectory(q, minute), () =>
        repo.directoryMatches(ctx.db, namePattern, DIRECTORY_MATCHES),
      ),
    ),
    relationsOf(ctx, viewerId),
  ]);
  const blocked = new Set(relations.blocked);
  const mine = new Map(relations.mine.map((r) => [r.id, r.status]));
  const theirs = new Map(relations.theirs.map((r) => [r.id, r.status]));
  const rows: SearchRow[] = matches
    .filter((m) => m.id !== viewerId && !blocked.has(m.id))
    .map((m) => ({ ...m, mine: mine.get(m.id) ?? null, theirs: theirs.get(m.id) ?? null }));
  const allMatchesKept = matches.length < DIRECTORY_MATCHES;
  if (rows.length <= limit && !allMatchesKept) return null;
  return toPage(rows.slice(0, limit + 1), limit, searchItem, (row) => ({
    n: row.lowerName,
    id: row.id,
  }));
}
