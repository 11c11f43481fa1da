import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';
import { openTestDatabase } from '../test/test-database';

describe('a PostgreSQL that cannot be reached', () => {
  it('fails the query that needed it and nothing else', async () => {
    // Port 1 on loopback: nothing listens there.
    const handle = await openDatabase({ url: 'postgres://fitcoach@127.0.0.1:1/x' });
    await expect(handle.ping()).rejects.toThrow();
    await handle.close();
  });
});

describe('a PostgreSQL connection lost in the middle of a transaction', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const pidOf = async (db: DatabaseHandle['db']) => {
    const result = await db.execute(sql`select pg_backend_pid() as pid`);
    return Number((result as { rows: { pid: number }[] }).rows[0]!.pid);
  };

  it('never JIT-compiles a query (short reads with high cost estimates paid for it each time)', async () => {
    const result = await database.db.execute(sql`show jit`);
    expect((result as { rows: { jit: string }[] }).rows[0]!.jit).toBe('off');
  });

  it('fails that transaction, not the process, and the next query reconnects', async () => {
    const { db } = database;
    const outcome = db.transaction(async (tx) => {
      const pid = await pidOf(tx);
      // The server ends this connection while the transaction waits between statements (a
      // restart, a failover, an administrator): the client emits 'error' with no query
      // running. Unheard, that event would take the whole app down.
      await db.execute(sql`select pg_terminate_backend(${pid})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    await expect(outcome).rejects.toThrow();
    expect(await pidOf(db)).toBeGreaterThan(0);
  });

  it('gives back a client whose connection broke before its BEGIN', async () => {
    // What a server restart does to a client taken from the pool just as its socket closed:
    // drizzle's transaction() sends BEGIN outside its try/finally and would keep the client
    // checked out for ever (the pool fills up; shutdown waits on it).
    const { pool } = database;
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const lost = new Promise((resolve) => client.once('error', resolve));
    await pool.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    await lost;
    const checkedOut = () => pool.totalCount - pool.idleCount;
    expect(checkedOut()).toBe(1);
    await expect(client.query('begin')).rejects.toThrow();
    expect(checkedOut()).toBe(0);
    // The borrower's own release afterwards is harmless.
    client.release();
    expect(await pidOf(database.db)).toBeGreaterThan(0);
  });
});
