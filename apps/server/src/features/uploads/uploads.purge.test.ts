import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageBlobs } from '../../db/schema/storage';
import type { DiskStorage } from '../../plugins/storage';
import { member, type TestApp } from '../../test/test-app';
import { createDiskTestApp, declareFile, imageBytes, uploadFile } from '../../test/uploads';
import { purgeUnattachedBlobs } from './uploads.purge';

let t: TestApp;
let disk: DiskStorage;
let closeApp: () => Promise<void>;

beforeAll(async () => {
  ({ t, disk, close: closeApp } = await createDiskTestApp());
});
afterAll(() => closeApp());

const HOUR = 60 * 60 * 1000;

async function age(id: number, hours: number) {
  await t.database.db
    .update(storageBlobs)
    .set({ createdAt: new Date(Date.now() - hours * HOUR) })
    .where(eq(storageBlobs.id, id));
}

describe('purgeUnattachedBlobs', () => {
  it('removes only unattached blobs older than 24 h, with their files', async () => {
    const { client } = await member(t);
    const abandoned = await uploadFile(t, client, imageBytes());
    await age(abandoned.id, 25);
    const neverSent = await declareFile(client, imageBytes());
    await age(neverSent.id, 30);
    const recent = await uploadFile(t, client, imageBytes());
    await age(recent.id, 23);
    const attached = await uploadFile(t, client, imageBytes());
    await client.put('/api/profile/avatar', { signed_id: attached.signed_id });
    await age(attached.id, 72);

    // A partial file a crashed upload left a day ago, and one being written now.
    const tmp = path.join(disk.root, 'tmp');
    mkdirSync(tmp, { recursive: true });
    const stale = path.join(tmp, 'crashed.part');
    const live = path.join(tmp, 'live.part');
    writeFileSync(stale, 'x');
    writeFileSync(live, 'y');
    const dayAgo = new Date(Date.now() - 25 * HOUR);
    utimesSync(stale, dayAgo, dayAgo);

    const result = await purgeUnattachedBlobs(t.database.db, disk);
    expect(result.blobs).toBeGreaterThanOrEqual(2);
    expect(result.temporaryFiles).toBe(1);

    const left = await t.database.db
      .select({ id: storageBlobs.id })
      .from(storageBlobs)
      .where(inArray(storageBlobs.id, [abandoned.id, neverSent.id, recent.id, attached.id]));
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      [recent.id, attached.id].sort((a, b) => a - b),
    );
    expect(existsSync(disk.pathFor(abandoned.key))).toBe(false);
    expect(existsSync(disk.pathFor(recent.key))).toBe(true);
    expect(existsSync(disk.pathFor(attached.key))).toBe(true);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);

    // The member's photo still works; a second run finds nothing more.
    const profile = await client.get('/api/profile');
    expect((await client.get(profile.json<{ avatar_url: string }>().avatar_url)).statusCode).toBe(
      200,
    );
    expect(await purgeUnattachedBlobs(t.database.db, disk)).toEqual({
      blobs: 0,
      temporaryFiles: 0,
      tombstones: 0,
    });
  });

  it('counts 24 h from the time it is given', async () => {
    const { client } = await member(t);
    const upload = await uploadFile(t, client, imageBytes());
    const now = new Date();
    expect((await purgeUnattachedBlobs(t.database.db, disk, now)).blobs).toBe(0);
    const later = new Date(now.getTime() + 24 * HOUR + 60_000);
    expect((await purgeUnattachedBlobs(t.database.db, disk, later)).blobs).toBeGreaterThanOrEqual(
      1,
    );
    expect(existsSync(disk.pathFor(upload.key))).toBe(false);
  });
});
