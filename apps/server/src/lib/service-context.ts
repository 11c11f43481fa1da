import type { Config } from '../config/env';
import type { Database, Transaction } from '../db/client';
import type { AnswerCache } from './answer-cache';
import type { ChangeBus, PendingChanges } from './changes';
import { systemClock, type Clock } from './clock';

/**
 * What a route hands the service it calls (`app.ctx`): the settings, the database, the answer
 * cache for hot reads, the change bus for writes, and the clock date rules read. A service that writes does so in
 * `ctx.transaction` and announces what changed there; the announcement goes out after COMMIT.
 * (When the transaction is another service's, announce with `ctx.changes.emit` once it has
 * returned.)
 */
export class ServiceContext {
  constructor(
    readonly config: Config,
    readonly db: Database,
    readonly changes: ChangeBus,
    readonly answers: AnswerCache,
    readonly clock: Clock = systemClock,
  ) {}

  transaction<T>(work: (tx: Transaction, changes: PendingChanges) => Promise<T>): Promise<T> {
    return this.changes.transaction(this.db, work);
  }
}
