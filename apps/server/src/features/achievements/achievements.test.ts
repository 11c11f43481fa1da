import { describe, expect, it } from 'vitest';
import {
  headline,
  milestoneCandidates,
  recordCandidate,
  storedAchievementText,
  wordAchievement,
} from './achievement-catalog';
import { improvements, summarizeSets } from './records';
import { dayStreak, isStreakAlive, longestDayStreak, mondayOf, weekStreak } from './streaks';

const totals = (over: Partial<Parameters<typeof milestoneCandidates>[0]> = {}) => ({
  totalWorkouts: 0,
  totalVolumeKg: 0,
  streakDays: 0,
  streakWeeks: 0,
  ...over,
});

describe('milestones', () => {
  it('awards the first workout once the first log is in', () => {
    expect(milestoneCandidates(totals())).toEqual([]);
    const codes = milestoneCandidates(
      totals({ totalWorkouts: 1, streakDays: 1, streakWeeks: 1 }),
    ).map((c) => c.code);
    expect(codes).toEqual(['first-workout']);
  });

  it('offers every count, streak and volume milestone reached', () => {
    const codes = milestoneCandidates(
      totals({ totalWorkouts: 55, streakDays: 8, streakWeeks: 4, totalVolumeKg: 12_000 }),
    ).map((c) => c.code);
    expect(codes).toEqual([
      'first-workout',
      'workouts-10',
      'workouts-25',
      'workouts-50',
      'streak-weeks-4',
      'streak-days-3',
      'streak-days-7',
      'volume-1000',
      'volume-10000',
    ]);
  });

  it('writes volume in the reader’s units and language', () => {
    const [volume] = milestoneCandidates(totals({ totalVolumeKg: 1000 })).filter((c) =>
      c.code.startsWith('volume'),
    );
    expect(wordAchievement(volume!.wording, 'metric', 'en').header).toBe('1 t lifted');
    expect(wordAchievement(volume!.wording, 'imperial', 'en').header).toBe('2,205 lb lifted');
    // Spanish groups thousands with a point (from five digits) and decimals with a comma.
    expect(wordAchievement(volume!.wording, 'imperial', 'es').header).toBe('2205 lb levantados');
    const [streak] = milestoneCandidates(totals({ streakDays: 7 })).filter(
      (c) => c.code === 'streak-days-7',
    );
    expect(wordAchievement(streak!.wording, 'metric', 'es').header).toBe('¡Racha de 7 días!');
  });

  it('shows an achievement stored before wordings as it was written', () => {
    const old = { header: '10 workouts logged', details: 'Old details.', wording: null };
    expect(storedAchievementText(old, 'metric', 'es')).toEqual({
      header: '10 workouts logged',
      details: 'Old details.',
    });
    const worded = { ...old, wording: { kind: 'workouts', n: 10 } };
    expect(storedAchievementText(worded, 'metric', 'es').header).toBe(
      '10 entrenamientos registrados',
    );
  });
});

describe('personal records', () => {
  const bench = { id: 7, name: 'Bench press' };

  it('summarises a session with the Epley estimate', () => {
    const s = summarizeSets([
      { reps: 5, weightKg: 80, durationSeconds: null },
      { reps: 8, weightKg: 70, durationSeconds: null },
      { reps: 0, weightKg: 100, durationSeconds: null },
    ]);
    expect(s.volumeKg).toBe(5 * 80 + 8 * 70);
    expect(s.bestWeightKg).toBe(80);
    expect(s.maxReps).toBe(8);
    expect(s.bestOneRepMaxKg).toBeCloseTo(Math.max(80 * (1 + 5 / 30), 70 * (1 + 8 / 30)), 6);
  });

  it('beats nothing the first time an exercise is logged', () => {
    expect(
      improvements(bench, undefined, { bestWeightKg: 100, maxReps: 5, bestOneRepMaxKg: 116 }),
    ).toEqual([]);
  });

  it('reports each record beaten, and only those', () => {
    const prev = { bestWeightKg: 80, maxReps: 10, bestOneRepMaxKg: 100 };
    const found = improvements(bench, prev, {
      bestWeightKg: 82.5,
      maxReps: 10,
      bestOneRepMaxKg: 101,
    });
    expect(found.map((f) => f.kind)).toEqual(['weight', 'one_rep_max']);
    expect(improvements(bench, prev, prev)).toEqual([]);
  });

  it('ignores float noise and zero baselines', () => {
    const prev = { bestWeightKg: 81.6466266, maxReps: 0, bestOneRepMaxKg: 0 };
    expect(
      improvements(bench, prev, {
        bestWeightKg: 81.6466266 + 1e-12,
        maxReps: 12,
        bestOneRepMaxKg: 90,
      }),
    ).toEqual([]);
  });

  it('names a record in the member’s units and shows 1RM first', () => {
    const weight = recordCandidate({
      exerciseId: 7,
      exerciseName: 'Bench press',
      kind: 'weight',
      previous: 80,
      value: 82.5,
    });
    expect(wordAchievement(weight.wording, 'imperial', 'en').details).toContain('181.88 lb');
    expect(wordAchievement(weight.wording, 'imperial', 'es').details).toContain('181,88 lb');
    expect(weight.code).toBe('pr-weight:7:82.5');
    const orm = recordCandidate({
      exerciseId: 7,
      exerciseName: 'Bench press',
      kind: 'one_rep_max',
      previous: 100,
      value: 105,
    });
    expect(headline([weight, orm])?.code).toBe(orm.code);
    const first = milestoneCandidates(totals({ totalWorkouts: 1 }))[0]!;
    expect(headline([orm, first])).toBe(first);
    expect(headline([])).toBeNull();
  });
});

describe('streaks', () => {
  it('counts consecutive days ending at the latest', () => {
    expect(dayStreak(['2026-11-20', '2026-11-19', '2026-11-18', '2026-11-15'])).toBe(3);
    expect(dayStreak(['2026-11-20', '2026-11-20', '2026-11-19'])).toBe(2);
    expect(dayStreak([])).toBe(0);
    expect(
      longestDayStreak(['2026-11-20', '2026-11-15', '2026-11-14', '2026-11-13', '2026-11-12']),
    ).toBe(4);
  });

  it('counts consecutive ISO weeks, Monday to Sunday', () => {
    expect(mondayOf('2026-11-22')).toBe('2026-11-16'); // a Sunday
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    // Sun 22 and Mon 16 (one week), Sat 14 (the week before), Mon Oct 26 (after a gap week)
    expect(weekStreak(['2026-11-22', '2026-11-16', '2026-11-14', '2026-10-26'])).toBe(2);
    expect(weekStreak(['2026-11-22', '2026-11-14', '2026-11-07', '2026-10-31'])).toBe(4);
  });

  it('keeps a streak alive through today and yesterday only', () => {
    expect(isStreakAlive('2026-11-20', '2026-11-21')).toBe(true);
    expect(isStreakAlive('2026-11-21', '2026-11-21')).toBe(true);
    expect(isStreakAlive('2026-11-19', '2026-11-21')).toBe(false);
    expect(isStreakAlive(null, '2026-11-21')).toBe(false);
  });
});
