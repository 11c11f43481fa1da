import type { MeResponse, Profile } from '@fitcoach/shared/profile';
import { MutationObserver, type MutationKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { authKeys } from '../features/auth/api/keys';
import { profileMutationKeys } from '../features/profile/api/keys';
import { statsKeys } from '../features/stats/api/keys';
import { workoutLogKeys, workoutLogMutationKeys } from '../features/workout-logs/api/keys';
import { guidedKeys, workoutKeys, workoutMutationKeys } from '../features/workouts/api/keys';
import { createTestQueryClient } from '../test/render';
import { refreshSharedWorkouts } from './cross-feature-refresh';

/** A client holding fresh data under these keys. */
function clientWith(keys: QueryKey[]) {
  const client = createTestQueryClient();
  for (const key of keys) client.setQueryData(key, { cached: true });
  const stale = (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, stale };
}

function succeed(
  client: ReturnType<typeof createTestQueryClient>,
  mutationKey: MutationKey,
  data: unknown = {},
) {
  return new MutationObserver(client, {
    mutationKey,
    mutationFn: () => Promise.resolve(data),
  }).mutate();
}

const history = [workoutLogKeys.list(), workoutLogKeys.chart(null), workoutLogKeys.chart(12)];

describe('refreshes across features', () => {
  it('marks the history, every chart and the stats stale after a workout is logged', async () => {
    const { client, stale } = clientWith([
      ...history,
      statsKeys.personal(),
      workoutKeys.detail(12),
    ]);
    await succeed(client, workoutMutationKeys.log());
    for (const key of [...history, statsKeys.personal()]) expect(stale(key)).toBe(true);
    expect(stale(workoutKeys.detail(12))).toBe(false);
  });

  it('marks the stats stale after a log is recorded by hand or deleted', async () => {
    const { client, stale } = clientWith([statsKeys.personal(), guidedKeys.session(3)]);
    await succeed(client, workoutLogMutationKeys.write());
    expect(stale(statsKeys.personal())).toBe(true);
    expect(stale(guidedKeys.session(3))).toBe(false);
  });

  it('gives the signed-in user the saved profile’s name, email, units and photo', async () => {
    const client = createTestQueryClient();
    const me = {
      user: { id: 1, name: 'Old', email: 'old@example.com', measurement_type: 'metric' },
      csrf_token: 't',
    } as unknown as MeResponse;
    client.setQueryData(authKeys.me(), me);
    const profile = {
      name: 'Maya Patel',
      email: 'maya@example.com',
      measurement_type: 'imperial',
      avatar_url: '/avatar.png',
    } as Profile;

    await succeed(client, profileMutationKeys.save(), profile);

    expect(client.getQueryData<MeResponse>(authKeys.me())?.user).toMatchObject({
      id: 1,
      name: 'Maya Patel',
      email: 'maya@example.com',
      measurement_type: 'imperial',
      avatar_url: '/avatar.png',
    });
  });

  it('marks everything shown in the member’s units stale after a profile save', async () => {
    const { client, stale } = clientWith([
      ...history,
      statsKeys.personal(),
      workoutKeys.detail(12),
    ]);
    await succeed(client, profileMutationKeys.save(), { name: 'Maya' });
    for (const key of [...history, statsKeys.personal(), workoutKeys.detail(12)]) {
      expect(stale(key)).toBe(true);
    }
  });

  it('reads the signed-in user again after the member picks a language', async () => {
    const { client, stale } = clientWith([authKeys.me(), statsKeys.personal()]);
    await succeed(client, profileMutationKeys.locale(), { ok: true });
    expect(stale(authKeys.me())).toBe(true);
    expect(stale(statsKeys.personal())).toBe(false);
  });

  it('leaves other features alone after unrelated mutations', async () => {
    const { client, stale } = clientWith([...history, statsKeys.personal()]);
    await succeed(client, ['something', 'else']);
    for (const key of [...history, statsKeys.personal()]) expect(stale(key)).toBe(false);
  });

  it('marks the workout lists stale when a workout is shared live', () => {
    const { client, stale } = clientWith([
      workoutKeys.list({ scope: 'shared', tagId: null, q: '', goal: null }),
      workoutKeys.detail(4),
    ]);
    refreshSharedWorkouts(client);
    expect(stale(workoutKeys.list({ scope: 'shared', tagId: null, q: '', goal: null }))).toBe(true);
    expect(stale(workoutKeys.detail(4))).toBe(false);
  });
});
