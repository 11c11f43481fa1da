import type { Friend } from '@fitcoach/shared/friends';
import type { Executor } from '../../db/client';
import * as repo from './friends.repository';
import type { ServiceContext } from '../../lib/service-context';

export async function listFriends({ db }: ServiceContext, userId: number): Promise<Friend[]> {
  return repo.listFriends(db, userId);
}

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
