/*
 * One-dimensional signals sampled on a uniform time grid, with null where nothing was measured.
 * Everything here is O(n · window) and allocation-light: a 30 s clip is ~900 samples.
 */

export type Samples = (number | null)[];

/** The longest grid built: 10 minutes at 240 fps (the contract's limits). */
const MAX_GRID = 600 * 240;

/**
 * Puts samples taken at times `ts` (seconds, any spacing, possibly out of order) on a uniform grid
 * of `fps` starting at the first time. Each grid slot takes the sample nearest in time (a later
 * one wins a tie); slots no sample reached stay null.
 */
export function toUniformGrid(
  ts: readonly number[],
  values: readonly (number | null)[],
  fps: number,
): { t: number[]; v: Samples; source: number[] } {
  if (ts.length === 0 || !(fps > 0)) return { t: [], v: [], source: [] };
  let t0 = Infinity;
  let t1 = -Infinity;
  for (const t of ts) {
    if (t < t0) t0 = t;
    if (t > t1) t1 = t;
  }
  // Capped: a caller passing milliseconds for seconds must not allocate millions of slots.
  const n = Math.min(Math.round((t1 - t0) * fps) + 1, MAX_GRID);
  const t = Array.from({ length: n }, (_, i) => t0 + i / fps);
  const v: Samples = new Array<number | null>(n).fill(null);
  // Which input sample each slot came from (-1: none), so callers can reach the raw frame.
  const source = new Array<number>(n).fill(-1);
  const distance = new Array<number>(n).fill(Infinity);
  ts.forEach((time, k) => {
    const i = Math.round((time - t0) * fps);
    if (i >= n) return;
    const d = Math.abs(time - (t[i] ?? time));
    if (d <= (distance[i] ?? Infinity)) {
      distance[i] = d;
      source[i] = k;
      v[i] = values[k] ?? null;
    }
  });
  return { t, v, source };
}

/**
 * Fills runs of up to `maxGap` nulls that have a value on both sides by linear interpolation;
 * longer runs (and runs at either end) stay null, so the signal splits there.
 */
export function fillGaps(values: readonly (number | null)[], maxGap: number): Samples {
  const out: Samples = values.slice();
  let last = -1;
  for (let i = 0; i < out.length; i += 1) {
    const value = out[i];
    if (value === null || value === undefined) continue;
    const gap = i - last - 1;
    const before = last >= 0 ? out[last] : null;
    if (gap > 0 && gap <= maxGap && before !== null && before !== undefined) {
      for (let k = 1; k <= gap; k += 1) out[last + k] = before + ((value - before) * k) / (gap + 1);
    }
    last = i;
  }
  return out;
}

/** The [start, end) index ranges of the non-null runs. */
export function segments(values: readonly (number | null)[]): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  values.forEach((value, i) => {
    if (value !== null && start < 0) start = i;
    if (value === null && start >= 0) {
      runs.push([start, i]);
      start = -1;
    }
  });
  if (start >= 0) runs.push([start, values.length]);
  return runs;
}

function windowed(
  values: readonly (number | null)[],
  window: number,
  reduce: (inWindow: number[]) => number,
): Samples {
  const half = Math.floor(Math.max(1, window) / 2);
  const buffer: number[] = [];
  return values.map((value, i) => {
    if (value === null) return null;
    buffer.length = 0;
    // Only the same run: a window never reaches across a gap that was left open.
    for (let k = i - 1; k >= i - half && values[k] !== null && k >= 0; k -= 1)
      buffer.push(values[k] as number);
    buffer.push(value);
    for (let k = i + 1; k <= i + half && k < values.length && values[k] !== null; k += 1)
      buffer.push(values[k] as number);
    return reduce(buffer);
  });
}

/** A running median: removes single-frame spikes (a landmark jumping to the wrong limb). */
export function medianFilter(values: readonly (number | null)[], window: number): Samples {
  return windowed(values, window, (w) => {
    w.sort((a, b) => a - b);
    const mid = w.length >> 1;
    return w.length % 2 ? (w[mid] as number) : ((w[mid - 1] as number) + (w[mid] as number)) / 2;
  });
}

/** A centred moving average: evens out jitter without shifting the signal in time. */
export function movingAverage(values: readonly (number | null)[], window: number): Samples {
  return windowed(values, window, (w) => w.reduce((sum, x) => sum + x, 0) / w.length);
}

/** Window length in samples for a duration, odd and at least 1. */
export function oddWindow(seconds: number, fps: number): number {
  const n = Math.max(1, Math.round(seconds * fps));
  return n % 2 ? n : n + 1;
}

/**
 * The analysis's smoothing: gaps up to `maxGapS` filled, then a ~0.1 s median and a ~0.1 s
 * moving average. Short windows on purpose: longer ones flatten the turn of a quick rep and
 * would invent a pause there.
 */
export function cleanSignal(
  values: readonly (number | null)[],
  fps: number,
  maxGapS = 0.6,
): Samples {
  const filled = fillGaps(values, Math.round(maxGapS * fps));
  const window = oddWindow(0.1, fps);
  return movingAverage(medianFilter(filled, window), window);
}

/** Linear resampling of a signal on grid `ts` at times `at`; null outside or across nulls. */
export function resample(
  ts: readonly number[],
  values: readonly (number | null)[],
  at: readonly number[],
): Samples {
  let k = 0;
  return at.map((time) => {
    while (k < ts.length - 2 && (ts[k + 1] as number) < time) k += 1;
    const ta = ts[k];
    const tb = ts[k + 1];
    const a = values[k];
    const b = values[k + 1];
    if (ta === undefined) return null;
    if (tb === undefined || time <= ta) return time === ta && a !== undefined ? a : null;
    if (time > tb || a === null || b === null || a === undefined || b === undefined) {
      return time === tb && b !== undefined ? b : null;
    }
    return a + ((b - a) * (time - ta)) / (tb - ta);
  });
}

/** The q-quantile (0..1) of the non-null values, linear between ranks; null if none. */
export function quantile(values: readonly (number | null)[], q: number): number | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const rank = Math.min(1, Math.max(0, q)) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (rank - lo);
}

/** At most `max` of the points, evenly spread, always keeping the first and the last. */
export function downsample<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return points.slice();
  if (max <= 0) return [];
  if (max === 1) return [points[0] as T];
  return Array.from(
    { length: max },
    (_, i) => points[Math.round((i * (points.length - 1)) / (max - 1))] as T,
  );
}
