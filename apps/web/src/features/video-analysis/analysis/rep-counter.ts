import { quantile } from './signal';
import type { Samples } from './signal';

/*
 * Reps from one joint-angle signal (already cleaned: see signal.ts). A rep leaves the start zone,
 * reaches a turn and comes back. The zones are hysteresis bands set by the signal's own range, so
 * noise near a threshold cannot count twice, pauses at either end are just time in a zone, and a
 * gap in the signal (null) drops the rep it interrupts instead of inventing one.
 */

/** `down`: the angle first falls from the start position (a squat's knee); `up`: it first rises. */
export type Direction = 'down' | 'up';

export interface RepCounterOptions {
  direction: Direction;
  /** Smaller movements are not reps, however clean (default 15°). */
  minAmplitudeDeg?: number;
}

/** One rep as found in the signal; times in seconds, indices into the signal. */
export interface RepWindow {
  startIdx: number;
  turnIdx: number;
  endIdx: number;
  start_s: number;
  turn_s: number;
  end_s: number;
  pauseStart_s: number;
  pauseEnd_s: number;
  down_s: number;
  pause_s: number;
  up_s: number;
  /** From the start position to the turn, degrees. */
  rom_deg: number;
  turn_angle_deg: number;
}

/** Leaving the start zone: this far (a fraction of the signal's range) from its bottom. */
const EXIT_FRACTION = 0.3;
/** Back in the start zone. The band between the two is the hysteresis. */
const RETURN_FRACTION = 0.2;

const value = (d: Samples, i: number): number | null => d[i] ?? null;

/** Time at which d crosses `level` between samples i and j (linear), clamped to the two. */
function crossing(t: readonly number[], d: Samples, i: number, j: number, level: number): number {
  const a = value(d, i);
  const b = value(d, j);
  const ta = t[i] as number;
  const tb = t[j] as number;
  if (a === null || b === null || a === b) return ta;
  const f = Math.min(1, Math.max(0, (level - a) / (b - a)));
  return ta + f * (tb - ta);
}

interface Candidate {
  exit: number;
  back: number;
  peak: number;
}

/** The reps in a cleaned angle signal `angles` sampled at times `t`. */
export function countReps(
  t: readonly number[],
  angles: Samples,
  options: RepCounterOptions,
): RepWindow[] {
  const sign = options.direction === 'down' ? -1 : 1;
  // d rises during the first half of every rep, whatever the joint does.
  const d: Samples = angles.map((a) => (a === null ? null : sign * a));
  const low = quantile(d, 0.02);
  const high = quantile(d, 0.98);
  const minAmplitude = options.minAmplitudeDeg ?? 15;
  if (low === null || high === null || high - low < minAmplitude) return [];
  const exitLevel = low + EXIT_FRACTION * (high - low);
  const returnLevel = low + RETURN_FRACTION * (high - low);

  const candidates: Candidate[] = [];
  // 'unarmed' until first seen in the start zone: a clip that opens mid-rep skips that rep.
  let state: 'unarmed' | 'ready' | 'inRep' = 'unarmed';
  let exit = -1;
  let peak = -1;
  for (let i = 0; i < d.length; i += 1) {
    const x = d[i] ?? null;
    if (x === null) {
      state = 'unarmed';
      continue;
    }
    if (state === 'unarmed') {
      if (x <= returnLevel) state = 'ready';
    } else if (state === 'ready') {
      if (x > exitLevel) {
        state = 'inRep';
        exit = i;
        peak = i;
      }
    } else {
      if (x > (value(d, peak) as number)) peak = i;
      if (x < returnLevel) {
        candidates.push({ exit, back: i, peak });
        state = 'ready';
      }
    }
  }

  const noise = noiseLevel(d);
  const reps: RepWindow[] = [];
  candidates.forEach((c, n) => {
    // Where this rep's start zone begins and the next one's ends: the previous rep's return (or
    // the start of this run of samples) and the next rep's exit (or the end of this run).
    let from = n > 0 ? (candidates[n - 1] as Candidate).back : 0;
    for (let k = c.exit; k >= from; k -= 1) {
      if (d[k] === null) {
        from = k + 1;
        break;
      }
    }
    let to = n + 1 < candidates.length ? (candidates[n + 1] as Candidate).exit : d.length - 1;
    for (let k = c.back; k <= to; k += 1) {
      if (d[k] === null) {
        to = k - 1;
        break;
      }
    }
    const rep = measure(t, d, c, from, to, minAmplitude, noise);
    if (rep) {
      const { turnLevel, ...found } = rep;
      reps.push({ ...found, turn_angle_deg: sign * turnLevel });
    }
  });
  return reps;
}

function minBetween(d: Samples, from: number, to: number): { i: number; v: number } {
  let best = { i: from, v: Infinity };
  for (let k = from; k <= to; k += 1) {
    const x = value(d, k);
    if (x !== null && x < best.v) best = { i: k, v: x };
  }
  return best;
}

/**
 * A rep's moments and depth. Leaving the start and arriving back: where the signal crosses a level
 * a little (`tol`) inside the resting level, pushed back along the local slope to where it would
 * reach the resting level itself (exact on a steady movement, and blind to noise at rest). The
 * turn: a fitted approach–plateau–departure (see fitTurn).
 */
function measure(
  t: readonly number[],
  d: Samples,
  c: Candidate,
  from: number,
  to: number,
  minAmplitude: number,
  noise: number,
): (Omit<RepWindow, 'turn_angle_deg'> & { turnLevel: number }) | null {
  // A resting plateau's level is the median of its samples, not its extreme: noise overshoots.
  const band = 4 * noise + 1;
  // The top sample overshoots the turn by what noise adds: depth is read without it.
  const peak = (value(d, c.peak) as number) - 2 * noise;
  const lowest = (lo: number, hi: number) => {
    const m = minBetween(d, lo, hi);
    const near: number[] = [];
    for (let k = lo; k <= hi; k += 1) {
      const x = value(d, k);
      if (x !== null && x <= m.v + band) near.push(x);
    }
    return { i: m.i, v: median(near) };
  };
  const baseStart = lowest(from, c.exit);
  const baseEnd = lowest(c.back, to);
  const rom = peak - Math.min(baseStart.v, baseEnd.v);
  if (rom < minAmplitude) return null;
  const tol = Math.max(1, 0.05 * rom, 3 * noise);

  // Start: the last time before the exit at most tol above the start zone's bottom.
  let j = c.exit;
  while (j > baseStart.i && (value(d, j) as number) > baseStart.v + tol) j -= 1;
  const s1 = crossing(t, d, j, j + 1, baseStart.v + tol);
  let k = j + 1;
  while (k < c.peak && (value(d, k) as number) < baseStart.v + 3 * tol) k += 1;
  const s2 = crossing(t, d, k - 1, k, baseStart.v + 3 * tol);
  const start = Math.max(t[baseStart.i] as number, s1 - (s2 - s1) / 2);

  // The turn: where the movement reaches the turn's level and where it leaves it.
  const peakT = t[c.peak] as number;
  const turn = fitTurn(t, d, j, c.peak, c.back, Math.min(baseStart.v, baseEnd.v), rom, noise);
  // The fitted level is the turn's depth, unless it overshoots the top sample.
  const top = value(d, c.peak) as number;
  const turnLevel = turn ? Math.min(top, turn.level) : peak;
  let pauseStart = turn ? turn.from : peakT;
  let pauseEnd = turn ? turn.to : peakT;

  // End: the first time after the return at most tol above the next start zone's bottom.
  let e = c.back;
  while (e < baseEnd.i && (value(d, e) as number) > baseEnd.v + tol) e += 1;
  const e1 = crossing(t, d, e - 1, e, baseEnd.v + tol);
  let f = e - 1;
  while (f > c.peak && (value(d, f) as number) < baseEnd.v + 3 * tol) f -= 1;
  const e2 = crossing(t, d, f, f + 1, baseEnd.v + 3 * tol);
  const end = Math.min(t[baseEnd.i] as number, e1 + (e1 - e2) / 2);

  pauseStart = Math.max(start, pauseStart);
  pauseEnd = Math.min(end, Math.max(pauseStart, pauseEnd));
  // The middle of the pause (the apex of a sharp turn) rather than the noisiest sample.
  const turnT = (pauseStart + pauseEnd) / 2;
  return {
    startIdx: nearestIndex(t, start),
    turnIdx: nearestIndex(t, turnT),
    endIdx: nearestIndex(t, end),
    start_s: start,
    turn_s: turnT,
    end_s: end,
    pauseStart_s: pauseStart,
    pauseEnd_s: pauseEnd,
    down_s: pauseStart - start,
    pause_s: pauseEnd - pauseStart,
    up_s: end - pauseEnd,
    rom_deg: turnLevel - Math.min(baseStart.v, baseEnd.v),
    turnLevel,
  };
}

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  const mid = values.length >> 1;
  return values.length % 2
    ? (values[mid] as number)
    : ((values[mid - 1] as number) + (values[mid] as number)) / 2;
}

/**
 * The standard deviation of the noise left in a cleaned signal, from its second differences
 * (near zero on steady movement): ~2.4 × their median for the cleaning in signal.ts.
 */
export function noiseLevel(d: Samples): number {
  const second: number[] = [];
  for (let i = 1; i + 1 < d.length; i += 1) {
    const a = d[i - 1] ?? null;
    const b = d[i] ?? null;
    const c = d[i + 1] ?? null;
    if (a !== null && b !== null && c !== null) second.push(Math.abs(a - 2 * b + c));
  }
  if (second.length === 0) return 0;
  second.sort((x, y) => x - y);
  return 2.4 * (second[second.length >> 1] as number);
}

/** Least-squares line level = a + b·t through the samples in [lo, hi] with levels in a band. */
function flankLine(
  t: readonly number[],
  d: Samples,
  lo: number,
  hi: number,
  minLevel: number,
  maxLevel: number,
): { a: number; b: number } | null {
  let n = 0;
  let st = 0;
  let sv = 0;
  let stt = 0;
  let stv = 0;
  for (let k = lo; k <= hi; k += 1) {
    const v = value(d, k);
    const x = t[k];
    if (v === null || x === undefined || v < minLevel || v > maxLevel) continue;
    n += 1;
    st += x;
    sv += v;
    stt += x * x;
    stv += x * v;
  }
  const det = n * stt - st * st;
  if (n < 2 || Math.abs(det) < 1e-12) return null;
  const b = (n * stv - st * sv) / det;
  return { a: (sv - b * st) / n, b };
}

/**
 * The turn as a model: a straight approach, a plateau (zero long at a sharp turn), a straight
 * departure. The two flanks are lines fitted on their middle (20–80 % of the range); the
 * plateau's level is the one that fits the samples between them best. Fitting, rather than
 * reading where the signal first comes within some distance of its top, keeps the smoothing's
 * rounding of a sharp turn from showing up as a pause.
 */
function fitTurn(
  t: readonly number[],
  d: Samples,
  from: number,
  peak: number,
  to: number,
  low: number,
  rom: number,
  noise: number,
): { from: number; to: number; level: number } | null {
  const rise = flankLine(t, d, from, peak, low + 0.2 * rom, low + 0.8 * rom);
  const fall = flankLine(t, d, peak, to, low + 0.2 * rom, low + 0.8 * rom);
  if (!rise || !fall || rise.b <= 0 || fall.b >= 0) return null;
  // Where the two lines meet: the highest the plateau can be.
  const meetT = (fall.a - rise.a) / (rise.b - fall.b);
  const ceiling = rise.a + rise.b * meetT;
  const floor = low + 0.7 * rom;
  if (!(ceiling > floor)) return null;
  const lo = nearestIndexIn(t, (floor - rise.a) / rise.b, from, peak);
  const hi = nearestIndexIn(t, (floor - fall.a) / fall.b, peak, to);
  const fits: { sse: number; from: number; to: number; level: number }[] = [];
  const steps = 60;
  for (let s = 0; s <= steps; s += 1) {
    const level = floor + ((ceiling - floor) * s) / steps;
    const start = (level - rise.a) / rise.b;
    const end = (level - fall.a) / fall.b;
    let sse = 0;
    for (let k = lo; k <= hi; k += 1) {
      const v = value(d, k);
      const x = t[k] as number;
      if (v === null) continue;
      const model = x < start ? rise.a + rise.b * x : x > end ? fall.a + fall.b * x : level;
      sse += (v - model) ** 2;
    }
    fits.push({ sse, from: start, to: end, level });
  }
  // A pause has to earn its length: the shortest one that fits about as well as the best, the
  // slack being what smoothing shaves off a sharp turn (a frame's worth of movement) and noise.
  const best = Math.min(...fits.map((f) => f.sse));
  const stepT = (t[1] ?? 0) - (t[0] ?? 0);
  const shave = ((rise.b - fall.b) / 2) * stepT;
  const slack = 1.5 * shave * shave + 0.25 * (hi - lo + 1) * noise * noise;
  const chosen = fits.reduce((pick, f) =>
    f.sse <= best + slack && f.to - f.from < pick.to - pick.from ? f : pick,
  );
  return { from: chosen.from, to: chosen.to, level: chosen.level };
}

function nearestIndexIn(t: readonly number[], time: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, nearestIndex(t, time)));
}

/** The index of the grid time nearest `time` (t sorted ascending). */
export function nearestIndex(t: readonly number[], time: number): number {
  let lo = 0;
  let hi = t.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((t[mid] as number) < time) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && Math.abs((t[lo - 1] as number) - time) <= Math.abs((t[lo] as number) - time)) {
    return lo - 1;
  }
  return lo;
}
