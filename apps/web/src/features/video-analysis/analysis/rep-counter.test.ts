import { describe, expect, it } from 'vitest';
import { countReps, nearestIndex } from './rep-counter';
import { cleanSignal } from './signal';
import type { Samples } from './signal';
import { lerp, phaseAt, random, repTimes } from './test-support';
import type { RepSpec } from './test-support';

const FPS = 30;

/** A knee-like angle: 170 standing, `bottom` at the turn, on the given schedule. */
function signal(
  reps: RepSpec[],
  options: { lead?: number; top?: number; bottom?: number; noise?: number; tail?: number } = {},
): { t: number[]; v: Samples } {
  const lead = options.lead ?? 1;
  const top = options.top ?? 170;
  const bottom = options.bottom ?? 90;
  const length =
    reps.reduce((s, r) => s + r.down + r.pause + r.up + r.rest, lead) + (options.tail ?? 0.5);
  const rand = random(7);
  const gauss = (): number => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const t = Array.from({ length: Math.round(length * FPS) }, (_, i) => i / FPS);
  const v = t.map(
    (time) => lerp(top, bottom, phaseAt(time, reps, lead)) + (options.noise ?? 0) * gauss(),
  );
  return { t, v };
}

const rep = (over: Partial<RepSpec> = {}): RepSpec => ({
  down: 1.2,
  pause: 0.3,
  up: 0.8,
  rest: 0.7,
  ...over,
});

describe('countReps', () => {
  it('counts clean reps with their tempo, range and turn', () => {
    const reps = [rep(), rep(), rep(), rep(), rep()];
    const { t, v } = signal(reps);
    const found = countReps(t, cleanSignal(v, FPS), { direction: 'down' });
    expect(found).toHaveLength(5);
    found.forEach((r, n) => {
      const known = repTimes(reps, 1, n);
      expect(r.start_s).toBeCloseTo(known.start, 1);
      expect(r.end_s).toBeCloseTo(known.end, 1);
      expect(Math.abs(r.down_s - 1.2)).toBeLessThan(0.1);
      expect(Math.abs(r.pause_s - 0.3)).toBeLessThan(0.1);
      expect(Math.abs(r.up_s - 0.8)).toBeLessThan(0.1);
      expect(Math.abs(r.rom_deg - 80)).toBeLessThan(3);
      expect(Math.abs(r.turn_angle_deg - 90)).toBeLessThan(3);
      expect(r.turn_s).toBeGreaterThanOrEqual(r.pauseStart_s - 0.05);
      expect(r.turn_s).toBeLessThanOrEqual(r.pauseEnd_s + 0.05);
    });
  });

  it('measures no pause at a sharp turn, and a long one when the lifter holds it', () => {
    const reps = [rep({ pause: 0 }), rep({ pause: 2 }), rep({ pause: 0, rest: 2 }), rep()];
    const { t, v } = signal(reps);
    const found = countReps(t, cleanSignal(v, FPS), { direction: 'down' });
    expect(found.map((r) => Math.round(r.pause_s * 10) / 10)).toEqual([
      expect.closeTo(0, 0.5),
      expect.closeTo(2, 0.5),
      expect.closeTo(0, 0.5),
      expect.closeTo(0.3, 0.5),
    ]);
    found.forEach((r, n) => {
      expect(Math.abs(r.pause_s - (reps[n] as RepSpec).pause)).toBeLessThan(0.1);
      expect(Math.abs(r.down_s - 1.2)).toBeLessThan(0.1);
      expect(Math.abs(r.up_s - 0.8)).toBeLessThan(0.1);
    });
  });

  it('counts exactly under heavy noise without splitting a rep at its pause', () => {
    const reps = Array.from({ length: 8 }, (_, k) =>
      rep({ pause: k % 2 ? 2 : 0, rest: k % 3 ? 0.5 : 2 }),
    );
    const { t, v } = signal(reps, { noise: 3 });
    const found = countReps(t, cleanSignal(v, FPS), { direction: 'down' });
    expect(found).toHaveLength(8);
    found.forEach((r, n) => {
      // σ 3° per frame is rougher than MediaPipe on a steady camera: a looser tempo bound.
      expect(Math.abs(r.down_s - 1.2)).toBeLessThan(0.2);
      expect(Math.abs(r.pause_s - (reps[n] as RepSpec).pause)).toBeLessThan(0.2);
      expect(Math.abs(r.up_s - 0.8)).toBeLessThan(0.2);
      expect(Math.abs(r.rom_deg - 80)).toBeLessThan(5);
    });
  });

  it('follows a signal that rises first (a curl seen as flexion, a lateral raise)', () => {
    const reps = [rep(), rep(), rep()];
    const { t, v } = signal(reps, { top: 15, bottom: 95 });
    const found = countReps(t, cleanSignal(v, FPS), { direction: 'up' });
    expect(found).toHaveLength(3);
    expect(found[0]?.turn_angle_deg).toBeCloseTo(95, -0.5);
    // Read the wrong way round, the rests become the reps: the count drops by one.
    expect(countReps(t, cleanSignal(v, FPS), { direction: 'down' }).length).toBeLessThan(3);
  });

  it('finds half-depth reps with their smaller range', () => {
    const reps = [rep(), rep({ depth: 0.5 }), rep(), rep({ depth: 0.5 })];
    const { t, v } = signal(reps);
    const found = countReps(t, cleanSignal(v, FPS), { direction: 'down' });
    expect(found.map((r) => Math.round(r.rom_deg / 10) * 10)).toEqual([80, 40, 80, 40]);
  });

  it('ignores a fidget and a still person', () => {
    const still = signal([rep({ depth: 0.1 }), rep({ depth: 0.1 })], { noise: 1 });
    expect(countReps(still.t, cleanSignal(still.v, FPS), { direction: 'down' })).toEqual([]);
    const { t, v } = signal([rep(), rep({ depth: 0.15 }), rep()]);
    expect(countReps(t, cleanSignal(v, FPS), { direction: 'down' })).toHaveLength(2);
  });

  it('drops a rep cut by a long gap, keeps one across a short gap, skips one the clip opens in', () => {
    const reps = [rep(), rep(), rep(), rep()];
    const { t, v } = signal(reps);
    const times = (n: number) => repTimes(reps, 1, n);
    const gapped = v.map((x, i) => {
      const time = t[i] as number;
      // A short gap in rep 1's descent; a 1.5 s hole across rep 3's turn.
      if (time > times(0).start + 0.3 && time < times(0).start + 0.7) return null;
      if (time > times(2).pauseStart - 0.7 && time < times(2).pauseStart + 0.8) return null;
      return x;
    });
    const found = countReps(t, cleanSignal(gapped, FPS), { direction: 'down' });
    expect(found.map((r) => Math.round(r.start_s))).toEqual(
      [0, 1, 3].map((n) => Math.round(times(n).start)),
    );
    // Opening mid-rep: the first partial movement is not a rep.
    const from = nearestIndex(t, times(0).pauseStart);
    const late = countReps(t.slice(from), cleanSignal(v.slice(from), FPS), { direction: 'down' });
    expect(late).toHaveLength(3);
  });

  it('returns nothing for an empty or all-missing signal', () => {
    expect(countReps([], [], { direction: 'down' })).toEqual([]);
    expect(countReps([0, 1], [null, null], { direction: 'up' })).toEqual([]);
  });
});

describe('nearestIndex', () => {
  it('finds the closest grid time', () => {
    const t = [0, 0.1, 0.2, 0.3];
    expect(nearestIndex(t, -1)).toBe(0);
    expect(nearestIndex(t, 0.14)).toBe(1);
    expect(nearestIndex(t, 0.16)).toBe(2);
    expect(nearestIndex(t, 9)).toBe(3);
  });
});
