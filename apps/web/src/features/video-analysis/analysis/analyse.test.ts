import { ANGLE_SERIES_MAX, analysisSummarySchema } from '@fitcoach/shared/video-analysis';
import { describe, expect, it } from 'vitest';
import { MIN_PERSON_COVERAGE, analyse, noPersonFound, personCoverage } from './analyse';
import {
  between,
  dropBetween,
  dropRandom,
  repTimes,
  setOf,
  sidePose,
  standing,
  steady,
  withNoise,
} from './test-support';
import type { Chain, RepSpec } from './test-support';

const squatBottom: Chain = { ...standing, shinLean: 25, knee: 85, hip: 75, shoulder: 40 };
const squat = between(standing, squatBottom);
/** Standing knee 177, bottom 85. */
const SQUAT_ROM = 92;
/** About 3 px of jitter on a 720p frame. */
const NOISE = 0.004;

function expectTempo(reps: RepSpec[], found: ReturnType<typeof analyse>['reps'], lead = 1) {
  expect(found).toHaveLength(reps.length);
  found.forEach((rep, n) => {
    const known = repTimes(reps, lead, n);
    const spec = reps[n] as RepSpec;
    expect(Math.abs(rep.start_s - known.start)).toBeLessThan(0.1);
    expect(Math.abs(rep.end_s - known.end)).toBeLessThan(0.1);
    expect(Math.abs(rep.down_s - spec.down)).toBeLessThan(0.1);
    expect(Math.abs(rep.pause_s - spec.pause)).toBeLessThan(0.1);
    expect(Math.abs(rep.up_s - spec.up)).toBeLessThan(0.1);
  });
}

describe('analyse', () => {
  it('summarises a clean squat set in the shape the server accepts', () => {
    const reps = steady(5);
    const summary = analyse(setOf(squat, reps), 'Back squat', 30);
    expect(analysisSummarySchema.parse(summary)).toEqual(summary);
    expect(summary).toMatchObject({
      exercise_key: 'squat',
      joint: 'knee',
      fps: 30,
      reps_detected: 5,
      partial_reps: 0,
      faults: [],
    });
    expect(summary.frames_analysed).toBe(summary.frames_with_person);
    expect(summary.duration_s).toBeCloseTo(summary.frames_analysed / 30, 1);
    expect(summary.reps.map((r) => r.number)).toEqual([1, 2, 3, 4, 5]);
    expectTempo(reps, summary.reps);
    for (const rep of summary.reps) {
      expect(Math.abs(rep.rom_deg - SQUAT_ROM)).toBeLessThan(4);
      expect(Math.abs(rep.turn_angle_deg - 85)).toBeLessThan(4);
      expect(rep.asymmetry_deg).toBeCloseTo(0, 0);
    }
    expect(Math.abs((summary.avg_rom_deg ?? 0) - SQUAT_ROM)).toBeLessThan(4);
    expect(summary.avg_down_s).toBeCloseTo(1.2, 1);
    expect(summary.avg_pause_s).toBeCloseTo(0.3, 1);
    expect(summary.avg_up_s).toBeCloseTo(0.8, 1);
    expect(summary.angle_series.length).toBe(summary.frames_analysed);
  });

  it('counts exactly through noise, dropped frames and a half-second gap', () => {
    const reps = steady(6, { rest: 1 });
    let frames = withNoise(setOf(squat, reps), NOISE, 11);
    frames = dropRandom(frames, 0.1, 12);
    // Half a second lost in the middle of rep 3's descent.
    const third = repTimes(reps, 1, 2);
    frames = dropBetween(frames, third.start + 0.3, third.start + 0.8);
    const summary = analyse(frames, 'squat', 30);
    expect(analysisSummarySchema.parse(summary)).toEqual(summary);
    expect(summary.reps_detected).toBe(6);
    expect(summary.partial_reps).toBe(0);
    expect(summary.frames_with_person).toBeLessThan(summary.frames_analysed * 0.9);
    expectTempo(reps, summary.reps);
    for (const rep of summary.reps) expect(Math.abs(rep.rom_deg - SQUAT_ROM)).toBeLessThan(5);
  });

  it('takes two-second pauses at the bottom and at the top in its stride', () => {
    const reps: RepSpec[] = [
      { down: 1, pause: 2, up: 1, rest: 0.5 },
      { down: 1.5, pause: 0.2, up: 0.7, rest: 2 },
      { down: 1, pause: 2, up: 1, rest: 2 },
      { down: 0.8, pause: 0, up: 0.8, rest: 0.5 },
    ];
    const summary = analyse(withNoise(setOf(squat, reps), NOISE, 21), 'squat', 30);
    expect(summary.reps_detected).toBe(4);
    expectTempo(reps, summary.reps);
  });

  it('counts half-depth reps as partial, apart from full ones', () => {
    const reps = steady(5).map((r, n) => ({ ...r, depth: n % 2 ? 0.5 : 1 }));
    const summary = analyse(withNoise(setOf(squat, reps), NOISE, 31), 'squat', 30);
    expect(summary.reps.map((r) => r.partial)).toEqual([false, true, false, true, false]);
    expect(summary.reps_detected).toBe(3);
    expect(summary.partial_reps).toBe(2);
    expect(Math.abs((summary.reps[1]?.rom_deg ?? 0) - SQUAT_ROM / 2)).toBeLessThan(4);
    // Averages describe the full reps; depth faults are not piled onto partial ones.
    expect(Math.abs((summary.avg_rom_deg ?? 0) - SQUAT_ROM)).toBeLessThan(4);
    expect(summary.faults).toEqual([]);
  });

  it('calls a set of nothing but half reps partial', () => {
    const summary = analyse(setOf(squat, steady(4, { depth: 0.5 })), 'squat', 30);
    expect(summary.reps_detected).toBe(0);
    expect(summary.partial_reps).toBe(4);
    expect(summary.avg_rom_deg).not.toBeNull();
  });

  it('counts curls and push-ups', () => {
    const curl = between(standing, { ...standing, elbow: 40 });
    const curls = analyse(
      withNoise(setOf(curl, steady(8, { down: 1, up: 1.5 })), NOISE, 41),
      'Bicep curl',
      30,
    );
    expect(curls).toMatchObject({ joint: 'elbow', reps_detected: 8, partial_reps: 0 });
    expect(Math.abs((curls.reps[0]?.rom_deg ?? 0) - 130)).toBeLessThan(5);
    expect(Math.abs((curls.avg_down_s ?? 0) - 1)).toBeLessThan(0.1);
    expect(Math.abs((curls.avg_up_s ?? 0) - 1.5)).toBeLessThan(0.1);

    const plank: Chain = {
      ankle: [0.2, 0.85],
      shinLean: 75,
      knee: 180,
      hip: 180,
      shoulder: 75,
      elbow: 170,
    };
    const pushUp = between(plank, { ...plank, elbow: 85 });
    const pushUps = analyse(
      withNoise(setOf(pushUp, steady(10, { down: 0.8, pause: 0, up: 0.6, rest: 0.3 })), NOISE, 42),
      'flexiones',
      30,
    );
    expect(pushUps).toMatchObject({ exercise_key: 'push_up', reps_detected: 10, faults: [] });
  });

  it('tracks the joint that moves for an exercise it has no rules for', () => {
    // A triceps kickback: torso bent, upper arm still, the elbow opening from 90 to 170.
    const bent: Chain = {
      ...standing,
      shinLean: 10,
      knee: 160,
      hip: 110,
      shoulder: 110,
      elbow: 90,
    };
    const summary = analyse(
      withNoise(setOf(between(bent, { ...bent, elbow: 170 }), steady(5)), NOISE, 51),
      'Cable kickback',
      30,
    );
    expect(analysisSummarySchema.parse(summary)).toEqual(summary);
    expect(summary).toMatchObject({
      exercise_key: 'generic',
      joint: 'elbow',
      reps_detected: 5,
      faults: [],
    });
    // It opens first, so the turn is the straight arm.
    expect(Math.abs((summary.reps[0]?.turn_angle_deg ?? 0) - 170)).toBeLessThan(4);

    // An upright squat: the knee moves more than the hip (a leaning one moves the hip more).
    const upright = between(standing, { ...squatBottom, hip: 100 });
    const squatAsGeneric = analyse(setOf(upright, steady(3)), 'Pistol', 30);
    expect(squatAsGeneric).toMatchObject({
      exercise_key: 'generic',
      joint: 'knee',
      reps_detected: 3,
    });
  });

  it('gives asymmetry as left minus right, at each turn and on average', () => {
    // The right knee stops 15° short of the left at the bottom.
    const lopsided = between(standing, squatBottom, { rightTurn: { ...squatBottom, knee: 100 } });
    const summary = analyse(withNoise(setOf(lopsided, steady(4)), NOISE, 61), 'squat', 30);
    expect(summary.reps_detected).toBe(4);
    for (const rep of summary.reps) expect(Math.abs((rep.asymmetry_deg ?? 0) + 15)).toBeLessThan(3);
    expect(Math.abs((summary.asymmetry_deg ?? 0) - 15)).toBeLessThan(3);

    // With only one side in sight there is no asymmetry to give.
    const oneSided = between(standing, squatBottom, { visibility: { right: 0.1 } });
    const unseen = analyse(setOf(oneSided, steady(2)), 'squat', 30);
    expect(unseen.reps.map((r) => r.asymmetry_deg)).toEqual([null, null]);
    expect(unseen.asymmetry_deg).toBeNull();
  });

  it('tracks the better-seen side', () => {
    // The left side is half-hidden and posed shallower: the right side's depth is reported.
    const posed = between(standing, squatBottom, {
      rightTurn: { ...squatBottom, knee: 80 },
      visibility: { left: 0.4 },
    });
    const summary = analyse(setOf(posed, steady(3)), 'squat', 30);
    expect(Math.abs((summary.reps[0]?.turn_angle_deg ?? 0) - 80)).toBeLessThan(3);
  });

  it('measures angles in real proportions on a wide video', () => {
    const frames = setOf(squat, steady(3)).map((f) => ({
      t: f.t,
      landmarks: f.landmarks?.map((l) => ({ ...l, x: 0.5 + ((l.x - 0.5) * 9) / 16 })) ?? null,
    }));
    const summary = analyse(frames, 'squat', 30, { aspect: 16 / 9 });
    expect(Math.abs((summary.reps[0]?.turn_angle_deg ?? 0) - 85)).toBeLessThan(4);
  });

  it('keeps the angle series short on a long clip and within the contract', () => {
    const summary = analyse(setOf(squat, steady(20)), 'squat', 30);
    expect(summary.frames_analysed).toBeGreaterThan(ANGLE_SERIES_MAX);
    expect(summary.angle_series.length).toBe(ANGLE_SERIES_MAX);
    expect(summary.reps_detected).toBe(20);
    expect(analysisSummarySchema.parse(summary)).toEqual(summary);
  });

  it('copes with frames at another rate and out of order', () => {
    const frames = setOf(squat, steady(3), { fps: 24 }).reverse();
    const summary = analyse(frames, 'squat', 24);
    expect(summary.reps_detected).toBe(3);
    expect(summary.fps).toBe(24);
  });

  it('gives an empty summary when there is nobody or nothing', () => {
    for (const frames of [[], setOf(() => null as never, steady(2))]) {
      const empty = frames.map((f) => ({ t: f.t, landmarks: null }));
      const summary = analyse(empty, 'squat', 30);
      expect(analysisSummarySchema.parse(summary)).toEqual(summary);
      expect(summary).toMatchObject({
        reps_detected: 0,
        partial_reps: 0,
        reps: [],
        avg_rom_deg: null,
        asymmetry_deg: null,
        angle_series: [],
        frames_with_person: 0,
      });
    }
  });

  it('analyses a 30 s clip at 30 fps well inside 50 ms', () => {
    const frames = withNoise(setOf(squat, steady(11, { rest: 0.5 })), NOISE, 71);
    expect(frames.length).toBeGreaterThanOrEqual(900);
    analyse(frames, 'squat', 30); // warm-up: the first call pays for compiling
    const times: number[] = [];
    for (let k = 0; k < 5; k += 1) {
      const started = performance.now();
      analyse(frames, 'squat', 30);
      analyse(frames, 'Cable kickback', 30); // the generic path reads every joint
      times.push((performance.now() - started) / 2);
    }
    times.sort((a, b) => a - b);
    expect(times[2]).toBeLessThan(50);
  });
});

describe('personCoverage', () => {
  const person = sidePose({ left: standing });
  const frames = (withPerson: number, total: number) =>
    Array.from({ length: total }, (_, i) => ({
      t: i / 30,
      landmarks: i < withPerson ? person : null,
    }));

  it('is the share of frames with a person', () => {
    expect(personCoverage([])).toBe(0);
    expect(personCoverage(frames(3, 10))).toBeCloseTo(0.3);
    expect(personCoverage(frames(10, 10))).toBe(1);
  });

  it('says no person was found below the threshold', () => {
    expect(MIN_PERSON_COVERAGE).toBe(0.3);
    expect(noPersonFound([])).toBe(true);
    expect(noPersonFound(frames(2, 10))).toBe(true);
    expect(noPersonFound(frames(3, 10))).toBe(false);
  });
});
