import { ANALYSIS_MAX_SECONDS, ANGLE_SERIES_MAX } from '@fitcoach/shared/video-analysis';
import type { AnalysisSummary, Fault, Rep } from '@fitcoach/shared/video-analysis';
import { jointAngle, joints, partPoint, torsoLean } from './angles';
import type { Joint } from './angles';
import { exerciseKeyFor, exerciseRules, genericRule } from './exercise-rules';
import type { ExerciseRule, RuleContext } from './exercise-rules';
import { sides } from './landmarks';
import type { Landmark, PoseFrame, Side } from './landmarks';
import { countReps } from './rep-counter';
import type { Direction, RepWindow } from './rep-counter';
import { cleanSignal, downsample, quantile, toUniformGrid } from './signal';
import type { Samples } from './signal';

/*
 * The whole analysis of one clip: pose frames in, the summary the server keeps out. Pure and
 * synchronous, so it runs as well in a worker as in a test.
 */

/** Below this share of frames with a person, the caller says no person was found. */
export const MIN_PERSON_COVERAGE = 0.3;

/** The share (0..1) of frames in which a person was found; 0 for no frames. */
export function personCoverage(frames: readonly PoseFrame[]): number {
  if (frames.length === 0) return 0;
  return frames.filter((f) => f.landmarks !== null).length / frames.length;
}

/** True when too few frames show a person for the analysis to mean anything. */
export function noPersonFound(frames: readonly PoseFrame[]): boolean {
  return personCoverage(frames) < MIN_PERSON_COVERAGE;
}

export interface AnalyseOptions {
  /** The video's width / height (default 1): angles are measured in undistorted pixels. */
  aspect?: number;
}

/** A rep counts as partial when its range is under this share of the set's largest. */
const PARTIAL_OF_BEST = 0.6;
/** How far (grid slots) a fault rule may look for a frame with a person. */
const NEAREST_FRAME_SLOTS = 3;

const round = (x: number, places: number): number => {
  const f = 10 ** places;
  return Math.round(x * f) / f;
};
const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));
const seconds = (x: number): number => clamp(round(x, 3), 0, ANALYSIS_MAX_SECONDS);
const degrees = (x: number): number => clamp(round(x, 1), 0, 360);

function mean(values: readonly number[]): number | null {
  return values.length ? values.reduce((sum, x) => sum + x, 0) / values.length : null;
}

function countValid(values: Samples): number {
  let n = 0;
  for (const v of values) if (v !== null) n += 1;
  return n;
}

/** Whether a signal starts near its top (so its reps go down first) or near its bottom. */
function startingDirection(values: Samples): Direction {
  const lo = quantile(values, 0.02) ?? 0;
  const hi = quantile(values, 0.98) ?? 0;
  const first = values.filter((v): v is number => v !== null).slice(0, 15);
  const start = quantile(first, 0.5) ?? lo;
  return start > (lo + hi) / 2 ? 'down' : 'up';
}

/** Summarises a clip's pose frames for an exercise typed by name, at the video's `fps`. */
export function analyse(
  frames: readonly PoseFrame[],
  exerciseName: string,
  fps: number,
  options: AnalyseOptions = {},
): AnalysisSummary {
  const aspect = options.aspect && options.aspect > 0 ? options.aspect : 1;
  const rate = fps > 0 && Number.isFinite(fps) ? fps : 30;
  const grid = toUniformGrid(
    frames.map((f) => f.t),
    frames.map(() => null),
    rate,
  );
  const t = grid.t;
  const frameAt = (i: number): readonly Landmark[] | null =>
    frames[grid.source[i] ?? -1]?.landmarks ?? null;
  // A fault rule may land on a slot the gap filling made up: use the nearest real frame.
  const landmarksNear = (i: number): readonly Landmark[] | null => {
    for (let k = 0; k <= NEAREST_FRAME_SLOTS; k += 1) {
      const found = frameAt(i - k) ?? frameAt(i + k);
      if (found) return found;
    }
    return null;
  };

  const rawAngles = (joint: Joint): Record<Side, Samples> => ({
    left: t.map((_, i) => jointAngle(frameAt(i), joint, 'left', aspect)),
    right: t.map((_, i) => jointAngle(frameAt(i), joint, 'right', aspect)),
  });
  const cleaned = (raw: Record<Side, Samples>): Record<Side, Samples> => ({
    left: cleanSignal(raw.left, rate),
    right: cleanSignal(raw.right, rate),
  });

  const key = exerciseKeyFor(exerciseName);
  let rule: ExerciseRule;
  let raw: Record<Side, Samples>;
  let clean: Record<Side, Samples>;
  let genericSide: Side | null = null;
  if (key === 'generic') {
    // The joint that moves the most, on the side where it moves the most.
    let best = { joint: 'knee' as Joint, range: -1, raw: rawAngles('knee'), side: 'left' as Side };
    let bestClean = cleaned(best.raw);
    for (const joint of joints) {
      const r = joint === 'knee' ? best.raw : rawAngles(joint);
      const c = joint === 'knee' ? bestClean : cleaned(r);
      for (const side of sides) {
        const range = (quantile(c[side], 0.98) ?? 0) - (quantile(c[side], 0.02) ?? 0);
        if (range > best.range) {
          best = { joint, range, raw: r, side };
          bestClean = c;
        }
      }
    }
    raw = best.raw;
    clean = bestClean;
    genericSide = best.side;
    rule = genericRule(best.joint, startingDirection(clean[best.side]));
  } else {
    rule = exerciseRules[key];
    raw = rawAngles(rule.joint);
    clean = cleaned(raw);
  }

  const side: Side =
    genericSide ?? (countValid(raw.right) > countValid(raw.left) ? 'right' : 'left');
  const tracked: Samples =
    rule.sideChoice === 'bent'
      ? clean.left.map((l, i) => {
          const r = clean.right[i] ?? null;
          return l === null ? r : r === null ? l : Math.min(l, r);
        })
      : clean[side];

  const windows = countReps(t, tracked, { direction: rule.direction });
  const bestRom = Math.max(0, ...windows.map((w) => w.rom_deg));
  const isPartial = (w: RepWindow): boolean =>
    w.rom_deg < PARTIAL_OF_BEST * bestRom ||
    (rule.fullRangeDeg !== null &&
      (rule.direction === 'down'
        ? w.turn_angle_deg > rule.fullRangeDeg
        : w.turn_angle_deg < rule.fullRangeDeg));

  const ctx: RuleContext = {
    side,
    t,
    angle: clean,
    landmarks: landmarksNear,
    point: (i, s, part) => partPoint(landmarksNear(i), s, part, aspect),
    jointAngle: (i, joint, s) => jointAngle(landmarksNear(i), joint, s, aspect),
    torsoLean: (i, s) => torsoLean(landmarksNear(i), s, aspect),
  };

  const reps: Rep[] = [];
  const faults: Fault[] = [];
  windows.forEach((w, n) => {
    const partial = isPartial(w);
    const l = clean.left[w.turnIdx] ?? null;
    const r = clean.right[w.turnIdx] ?? null;
    const asymmetry = rule.sideChoice === 'better' && l !== null && r !== null ? l - r : null;
    reps.push({
      number: n + 1,
      start_s: seconds(w.start_s),
      turn_s: seconds(w.turn_s),
      end_s: seconds(w.end_s),
      rom_deg: degrees(w.rom_deg),
      turn_angle_deg: degrees(w.turn_angle_deg),
      down_s: seconds(w.down_s),
      pause_s: seconds(w.pause_s),
      up_s: seconds(w.up_s),
      asymmetry_deg: asymmetry === null ? null : clamp(round(asymmetry, 1), -360, 360),
      partial,
    });
    for (const fault of rule.faults) {
      if (partial && fault.fullRepsOnly) continue;
      const at = fault.check(w, ctx);
      if (at !== null) faults.push({ code: fault.code, rep: n + 1, at_s: seconds(t[at] ?? 0) });
    }
  });

  const full = reps.filter((r) => !r.partial);
  // Averages describe the full reps; a set of only partial reps still gets its own figures.
  const basis = full.length ? full : reps;
  const avg = (pick: (r: Rep) => number, places: number): number | null => {
    const m = mean(basis.map(pick));
    return m === null ? null : round(m, places);
  };
  const asymmetries = reps.flatMap((r) =>
    r.asymmetry_deg === null ? [] : [Math.abs(r.asymmetry_deg)],
  );
  const meanAsymmetry = mean(asymmetries);

  const series: [number, number][] = [];
  tracked.forEach((v, i) => {
    if (v !== null) series.push([seconds(t[i] ?? 0), degrees(v)]);
  });

  const lastT = frames.reduce((m, f) => Math.max(m, f.t), 0);
  return {
    exercise_key: rule.key,
    joint: rule.joint,
    duration_s: frames.length ? seconds(lastT + 1 / rate) : 0,
    fps: clamp(round(rate, 3), 0, 240),
    frames_analysed: frames.length,
    frames_with_person: frames.filter((f) => f.landmarks !== null).length,
    reps_detected: full.length,
    partial_reps: reps.length - full.length,
    reps,
    avg_rom_deg: avg((r) => r.rom_deg, 1),
    avg_down_s: avg((r) => r.down_s, 3),
    avg_pause_s: avg((r) => r.pause_s, 3),
    avg_up_s: avg((r) => r.up_s, 3),
    asymmetry_deg: meanAsymmetry === null ? null : round(meanAsymmetry, 1),
    faults,
    angle_series: downsample(series, ANGLE_SERIES_MAX),
  };
}
