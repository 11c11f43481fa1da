import { LANDMARK, LANDMARK_COUNT } from './landmarks';
import type { Landmark, PoseFrame, Side } from './landmarks';

/*
 * Synthetic people for the analysis tests: a 2D stick figure posed by its joint angles (forward
 * kinematics), moved through reps on a known schedule, then made noisy or patchy on purpose.
 * Only tests import this file.
 */

type Vec = [number, number];

/** One side's chain, built up from the ankle; angles in degrees. */
export interface Chain {
  /** Where the ankle is (normalised image coordinates). */
  ankle: Vec;
  /** The shin's lean from straight up, toward the way the person faces. */
  shinLean: number;
  /** Interior angles: 180 is straight. The hip may pass 180 (hyper-extension, a sagging plank). */
  knee: number;
  hip: number;
  /** Arm against the torso: 0 hanging along it, 90 raised forward, 180 overhead. */
  shoulder: number;
  elbow: number;
}

export interface SidePose {
  left: Chain;
  /** Defaults to the left chain. */
  right?: Chain;
  /** +1 faces +x (default), -1 faces -x. */
  facing?: 1 | -1;
  /** The left chain is drawn this far toward +x of the right one (0: a pure side view). */
  width?: number;
  /** Moves each knee this far toward the middle (knees caving in a front-ish view). */
  kneeIn?: number;
  visibility?: Partial<Record<Side, number>>;
}

const LENGTH = { shin: 0.2, thigh: 0.2, torso: 0.25, arm: 0.14, forearm: 0.12, head: 0.09 };

const rad = (deg: number): number => (deg * Math.PI) / 180;
/** A unit step at `phi` degrees from straight up, positive toward the facing direction. */
const step = (phi: number, facing: number, length: number): Vec => [
  facing * Math.sin(rad(phi)) * length,
  -Math.cos(rad(phi)) * length,
];
const add = (a: Vec, b: Vec): Vec => [a[0] + b[0], a[1] + b[1]];

interface ChainPoints {
  ankle: Vec;
  knee: Vec;
  hip: Vec;
  shoulder: Vec;
  elbow: Vec;
  wrist: Vec;
  heel: Vec;
  foot: Vec;
  torsoPhi: number;
}

function chainPoints(c: Chain, facing: number): ChainPoints {
  const shinPhi = c.shinLean;
  const thighPhi = shinPhi - (180 - c.knee);
  const torsoPhi = thighPhi + (180 - c.hip);
  const armPhi = torsoPhi + 180 - c.shoulder;
  const forearmPhi = armPhi - (180 - c.elbow);
  const knee = add(c.ankle, step(shinPhi, facing, LENGTH.shin));
  const hip = add(knee, step(thighPhi, facing, LENGTH.thigh));
  const shoulder = add(hip, step(torsoPhi, facing, LENGTH.torso));
  const elbow = add(shoulder, step(armPhi, facing, LENGTH.arm));
  const wrist = add(elbow, step(forearmPhi, facing, LENGTH.forearm));
  // Feet stay flat on the floor whatever the shin does.
  const heel = add(c.ankle, [-facing * 0.03, 0.03]);
  const foot = add(c.ankle, [facing * 0.1, 0.03]);
  return { ankle: c.ankle, knee, hip, shoulder, elbow, wrist, heel, foot, torsoPhi };
}

function landmark([x, y]: Vec, visibility: number): Landmark {
  return { x, y, z: 0, visibility };
}

/** The 33 landmarks of a side-on (or, with `width`, oblique) stick figure. */
export function sidePose(pose: SidePose): Landmark[] {
  const facing = pose.facing ?? 1;
  const width = pose.width ?? 0;
  const shift = (p: Vec, dx: number): Vec => [p[0] + dx, p[1]];
  const left = chainPoints(pose.left, facing);
  const right = chainPoints(pose.right ?? pose.left, facing);
  const points: Record<Side, ChainPoints> = { left, right };
  const out: Landmark[] = [];
  const nose = add(
    add(
      [(left.shoulder[0] + right.shoulder[0]) / 2, (left.shoulder[1] + right.shoulder[1]) / 2],
      step(left.torsoPhi, facing, LENGTH.head),
    ),
    [facing * 0.02, 0],
  );
  for (let i = 0; i < LANDMARK_COUNT; i += 1) out.push(landmark(nose, 0.99));
  for (const side of ['left', 'right'] as const) {
    const p = points[side];
    const dx = side === 'left' ? width / 2 : -width / 2;
    const inward = side === 'left' ? -(pose.kneeIn ?? 0) : (pose.kneeIn ?? 0);
    const v = pose.visibility?.[side] ?? 0.99;
    const put = (index: number, at: Vec): void => {
      out[index] = landmark(shift(at, dx), v);
    };
    const l = side === 'left';
    put(l ? LANDMARK.leftShoulder : LANDMARK.rightShoulder, p.shoulder);
    put(l ? LANDMARK.leftElbow : LANDMARK.rightElbow, p.elbow);
    put(l ? LANDMARK.leftWrist : LANDMARK.rightWrist, p.wrist);
    put(l ? LANDMARK.leftHip : LANDMARK.rightHip, p.hip);
    put(l ? LANDMARK.leftKnee : LANDMARK.rightKnee, shift(p.knee, inward));
    put(l ? LANDMARK.leftAnkle : LANDMARK.rightAnkle, p.ankle);
    put(l ? LANDMARK.leftHeel : LANDMARK.rightHeel, p.heel);
    put(l ? LANDMARK.leftFootIndex : LANDMARK.rightFootIndex, p.foot);
  }
  return out;
}

/** A figure facing the camera with straight arms raised sideways (lateral raise). */
export function frontPose(abduction: Record<Side, number>): Landmark[] {
  const out: Landmark[] = [];
  for (let i = 0; i < LANDMARK_COUNT; i += 1) out.push(landmark([0.5, 0.2], 0.99));
  for (const side of ['left', 'right'] as const) {
    // Facing the camera, the person's left is on the image's right.
    const out_ = side === 'left' ? 1 : -1;
    const shoulder: Vec = [0.5 + out_ * 0.1, 0.3];
    const hip: Vec = [0.5 + out_ * 0.07, 0.55];
    const a = rad(abduction[side]);
    const elbow = add(shoulder, [out_ * Math.sin(a) * LENGTH.arm, Math.cos(a) * LENGTH.arm]);
    const wrist = add(elbow, [out_ * Math.sin(a) * LENGTH.forearm, Math.cos(a) * LENGTH.forearm]);
    const knee: Vec = [hip[0], 0.75];
    const ankle: Vec = [hip[0], 0.95];
    const l = side === 'left';
    const put = (index: number, at: Vec): void => {
      out[index] = landmark(at, 0.99);
    };
    put(l ? LANDMARK.leftShoulder : LANDMARK.rightShoulder, shoulder);
    put(l ? LANDMARK.leftElbow : LANDMARK.rightElbow, elbow);
    put(l ? LANDMARK.leftWrist : LANDMARK.rightWrist, wrist);
    put(l ? LANDMARK.leftHip : LANDMARK.rightHip, hip);
    put(l ? LANDMARK.leftKnee : LANDMARK.rightKnee, knee);
    put(l ? LANDMARK.leftAnkle : LANDMARK.rightAnkle, ankle);
    put(l ? LANDMARK.leftHeel : LANDMARK.rightHeel, add(ankle, [0, 0.02]));
    put(l ? LANDMARK.leftFootIndex : LANDMARK.rightFootIndex, add(ankle, [0, 0.03]));
  }
  return out;
}

/** One rep's timing, seconds, and how deep it goes (1: to the turn pose, 0.5: half way). */
export interface RepSpec {
  down: number;
  pause: number;
  up: number;
  /** Time at the start position after the rep. */
  rest: number;
  depth?: number;
}

/**
 * Where in its reps the figure is at time `t`: 0 at the start position, `depth` at the turn,
 * moving at a steady rate in between. `lead` seconds at the start position come first.
 */
export function phaseAt(t: number, reps: readonly RepSpec[], lead: number): number {
  let t0 = lead;
  if (t < t0) return 0;
  for (const rep of reps) {
    const depth = rep.depth ?? 1;
    const u = t - t0;
    if (u < rep.down) return (depth * u) / rep.down;
    if (u < rep.down + rep.pause) return depth;
    if (u < rep.down + rep.pause + rep.up) return depth * (1 - (u - rep.down - rep.pause) / rep.up);
    t0 += rep.down + rep.pause + rep.up + rep.rest;
    if (t < t0) return 0;
  }
  return 0;
}

/** The schedule's length with its lead. */
export function scheduleLength(reps: readonly RepSpec[], lead: number): number {
  return reps.reduce((sum, r) => sum + r.down + r.pause + r.up + r.rest, lead);
}

/** The known moments of rep n (0-based): start, turn reached, turn left, end. */
export function repTimes(
  reps: readonly RepSpec[],
  lead: number,
  n: number,
): { start: number; pauseStart: number; pauseEnd: number; end: number } {
  let t0 = lead;
  for (let k = 0; k < n; k += 1) {
    const r = reps[k] as RepSpec;
    t0 += r.down + r.pause + r.up + r.rest;
  }
  const r = reps[n] as RepSpec;
  return {
    start: t0,
    pauseStart: t0 + r.down,
    pauseEnd: t0 + r.down + r.pause,
    end: t0 + r.down + r.pause + r.up,
  };
}

export function lerp(a: number, b: number, f: number): number {
  return a + (b - a) * f;
}

/** Every numeric field of two chains, mixed. */
export function lerpChain(a: Chain, b: Chain, f: number): Chain {
  return {
    ankle: [lerp(a.ankle[0], b.ankle[0], f), lerp(a.ankle[1], b.ankle[1], f)],
    shinLean: lerp(a.shinLean, b.shinLean, f),
    knee: lerp(a.knee, b.knee, f),
    hip: lerp(a.hip, b.hip, f),
    shoulder: lerp(a.shoulder, b.shoulder, f),
    elbow: lerp(a.elbow, b.elbow, f),
  };
}

/** Frames at `fps` for `duration` seconds, posed by `at(t)` (null: no person). */
export function framesOf(
  duration: number,
  fps: number,
  at: (t: number) => Landmark[] | null,
): PoseFrame[] {
  const n = Math.round(duration * fps);
  return Array.from({ length: n }, (_, i) => {
    const t = i / fps;
    return { t, landmarks: at(t) };
  });
}

/** A seeded uniform random source (mulberry32), so a failing test fails the same way again. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Gaussian jitter of `sigma` (normalised units) on every landmark's x and y. */
export function withNoise(frames: PoseFrame[], sigma: number, seed = 1): PoseFrame[] {
  const rand = random(seed);
  const gauss = (): number => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  return frames.map((f) => ({
    t: f.t,
    landmarks:
      f.landmarks?.map((l) => ({ ...l, x: l.x + sigma * gauss(), y: l.y + sigma * gauss() })) ??
      null,
  }));
}

/** Each frame loses its person with probability `p`. */
export function dropRandom(frames: PoseFrame[], p: number, seed = 2): PoseFrame[] {
  const rand = random(seed);
  return frames.map((f) => (rand() < p ? { t: f.t, landmarks: null } : f));
}

/** No person from `from` to `to` seconds. */
export function dropBetween(frames: PoseFrame[], from: number, to: number): PoseFrame[] {
  return frames.map((f) => (f.t >= from && f.t < to ? { t: f.t, landmarks: null } : f));
}

/** Which rep (0-based) is under way at time `t`, or -1 outside reps. */
export function repIndexAt(t: number, reps: readonly RepSpec[], lead: number): number {
  let t0 = lead;
  for (let k = 0; k < reps.length; k += 1) {
    const r = reps[k] as RepSpec;
    const end = t0 + r.down + r.pause + r.up;
    if (t >= t0 && t < end) return k;
    t0 = end + r.rest;
  }
  return -1;
}

/** A figure posed by how far it is into its rep (0..1) and which rep it is. */
export type Posed = (phase: number, rep: number) => Landmark[];

/** A whole set: `lead` seconds at the start, the reps, `tail` seconds after, at `fps`. */
export function setOf(
  posed: Posed,
  reps: readonly RepSpec[],
  options: { fps?: number; lead?: number; tail?: number } = {},
): PoseFrame[] {
  const fps = options.fps ?? 30;
  const lead = options.lead ?? 1;
  const length = scheduleLength(reps, lead) + (options.tail ?? 0.5);
  return framesOf(length, fps, (t) => posed(phaseAt(t, reps, lead), repIndexAt(t, reps, lead)));
}

/** A figure moving between two side-on poses (both sides alike unless `right` is given). */
export function between(
  start: Chain,
  turn: Chain,
  extra: Omit<SidePose, 'left' | 'right'> & { rightTurn?: Chain; kneeInAtTurn?: number } = {},
): Posed {
  const { rightTurn, kneeInAtTurn, ...rest } = extra;
  return (f) =>
    sidePose({
      ...rest,
      left: lerpChain(start, turn, f),
      right: lerpChain(start, rightTurn ?? turn, f),
      kneeIn: (kneeInAtTurn ?? 0) * f,
    });
}

/** Steady reps: `n` alike. */
export function steady(n: number, over: Partial<RepSpec> = {}): RepSpec[] {
  return Array.from({ length: n }, () => ({ down: 1.2, pause: 0.3, up: 0.8, rest: 0.7, ...over }));
}

export const standing: Chain = {
  ankle: [0.45, 0.9],
  shinLean: 3,
  knee: 177,
  hip: 177,
  shoulder: 10,
  elbow: 170,
};
