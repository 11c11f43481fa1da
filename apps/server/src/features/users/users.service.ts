import type { Executor } from '../../db/client';
import type { PendingChanges } from '../../lib/changes';
import { avatarUrl } from '../../lib/avatar-url';
import { forbidden, notFound } from '../../lib/http-error';
import { text } from '../../i18n/i18n';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import type { BlobDownload, StorageService } from '../../plugins/storage';
import * as friends from '../friends/friends.service';
import * as uploads from '../uploads/uploads.service';
import * as repo from './users.repository';

/** Members' accounts: every other feature reaches the users table through these. */
export const findUserByEmail = repo.findUserByEmail;
export const findUserById = repo.findUserById;
export const emailUsedByAnother = repo.emailUsedByAnother;
export const insertUser = repo.insertUser;
export const updateUser = repo.updateUser;
export type { UserChanges } from './users.repository';

/** Where a member's photo is attached. */
export function avatarSlot(userId: number): uploads.AttachmentSlot {
  return { recordType: 'user', recordId: userId, name: 'avatar' };
}

export { avatarUrl };

/** The member's current photo address, or null when they have none. */
export async function currentAvatarUrl(db: Executor, userId: number): Promise<string | null> {
  const blob = await uploads.attachedBlob(db, avatarSlot(userId));
  return blob ? avatarUrl(userId, blob.id) : null;
}

/**
 * Who may see a member's photo: themselves, their friends, coaches and admins, a member they
 * asked to be friends (whom they showed themselves to by asking), and their teammates (the
 * roster shows photos).
 */
async function maySeeMember(db: Executor, viewer: Viewer, userId: number): Promise<boolean> {
  if (viewer.id === userId || viewer.role === 'coach' || viewer.role === 'admin') return true;
  return (
    (await friends.areFriends(db, viewer.id, userId)) ||
    (await friends.hasPendingRequest(db, userId, viewer.id)) ||
    repo.areTeammates(db, viewer.id, userId)
  );
}

/** The member's photo blob; 403 before anything is looked up for those who may not see it. */
export async function avatarFor(
  { db }: ServiceContext,
  viewer: Viewer,
  userId: number,
): Promise<uploads.BlobRow> {
  if (!(await maySeeMember(db, viewer, userId))) {
    throw forbidden(text('errors:photoFriendsOnly'));
  }
  const blob = await uploads.attachedBlob(db, avatarSlot(userId));
  if (!blob) throw notFound('photo');
  return blob;
}

export async function openAvatar(
  storage: StorageService,
  blob: uploads.BlobRow,
): Promise<BlobDownload> {
  const download = await uploads.openBlob(storage, blob);
  if (!download) throw notFound('photo');
  return download;
}

/**
 * Takes a member's photo down (a report on their profile upheld), inside the moderator's
 * transaction: the file is deleted and every page showing it re-reads the member. Answers
 * whether there was one.
 */
export async function clearPhoto(
  tx: Executor,
  changes: PendingChanges,
  storage: StorageService,
  userId: number,
): Promise<boolean> {
  const had = (await uploads.attachedBlob(tx, avatarSlot(userId))) !== null;
  if (!had) return false;
  await uploads.detachBlob(tx, storage, avatarSlot(userId));
  changes.emit({ kind: 'member', id: userId, photo: true });
  return true;
}
