import type { AnalysisExerciseKey } from '@fitcoach/shared/video-analysis';
import { angleAt, angleToHorizontal } from './angles';
import type { Joint } from './angles';
import { LANDMARK, visiblePoint } from './landmarks';
import type { BodyPart, Landmark, Point, Side } from './landmarks';
import type { Direction, RepWindow } from './rep-counter';

/*
 * What each exercise tracks and which faults it looks for. Thresholds are coaching rules of
 * thumb for a side-on camera (the usual way to film a set); the knee-cave rule is the one that
 * needs a camera in front, and it stays silent when the view is from the side.
 */

/** What a fault rule can read about one rep. */
export interface RuleContext {
  /** The side whose joint was tracked. */
  side: Side;
  /** Grid times, seconds. */
  t: readonly number[];
  /** The tracked joint's cleaned angle on each side (null where unseen). */
  angle: Record<Side, readonly (number | null)[]>;
  /** The landmarks at a grid index (the nearest frame with a person, within a few frames). */
  landmarks(i: number): readonly Landmark[] | null;
  /** A body part's point (x scaled by the aspect) at a grid index, or null if unseen. */
  point(i: number, side: Side, part: BodyPart): Point | null;
  /** Any joint's angle at a grid index (from that frame's landmarks), or null if unseen. */
  jointAngle(i: number, joint: Joint, side: Side): number | null;
  /** The torso's lean from vertical at a grid index, or null. */
  torsoLean(i: number, side: Side): number | null;
}

/** A fault found in a rep: the grid index where it shows. */
export type FaultCheck = (rep: RepWindow, ctx: RuleContext) => number | null;

export interface FaultRule {
  code: string;
  check: FaultCheck;
  /** Depth-type faults say nothing new about a rep already flagged partial. */
  fullRepsOnly?: boolean;
}

export interface ExerciseRule {
  key: AnalysisExerciseKey;
  joint: Joint;
  direction: Direction;
  /**
   * The turn angle a full rep reaches: at most this for `down` exercises, at least for `up`.
   * Null (generic) when only the set's own range says what full is.
   */
  fullRangeDeg: number | null;
  /**
   * `better`: the side seen more often (both sides kept for symmetry);
   * `bent`: per frame the more bent of the two (a lunge's front leg changes from rep to rep).
   */
  sideChoice: 'better' | 'bent';
  faults: FaultRule[];
}

// ---------------------------------------------------------------------------------------------
// Helpers the rules share.

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i += 1) out.push(i);
  return out;
}

/** The index in the rep (start..end) where `measure` is largest, with its value. */
function worst(
  rep: RepWindow,
  measure: (i: number) => number | null,
  pick: 'max' | 'min' = 'max',
): { i: number; v: number } | null {
  let best: { i: number; v: number } | null = null;
  for (const i of range(rep.startIdx, rep.endIdx)) {
    const v = measure(i);
    if (v === null) continue;
    if (!best || (pick === 'max' ? v > best.v : v < best.v)) best = { i, v };
  }
  return best;
}

/** The rep's turn angle; depth rules compare it with a threshold. */
const turnAngle = (rep: RepWindow): number => rep.turn_angle_deg;

/** +1 if the person faces +x (toes ahead of the heel), -1 if -x, null if the foot is unseen. */
function facing(ctx: RuleContext, i: number, side: Side): 1 | -1 | null {
  const heel = ctx.point(i, side, 'heel');
  const toe = ctx.point(i, side, 'foot');
  if (!heel || !toe || Math.abs(toe.x - heel.x) < 1e-3) return null;
  return toe.x > heel.x ? 1 : -1;
}

/** How far the knee is ahead of the toes, in shin lengths (negative: behind them). */
function kneePastToes(ctx: RuleContext, i: number, side: Side): number | null {
  const knee = ctx.point(i, side, 'knee');
  const ankle = ctx.point(i, side, 'ankle');
  const toe = ctx.point(i, side, 'foot');
  const dir = facing(ctx, i, side);
  if (!knee || !ankle || !toe || dir === null) return null;
  const shin = Math.hypot(knee.x - ankle.x, knee.y - ankle.y);
  return shin > 1e-6 ? ((knee.x - toe.x) * dir) / shin : null;
}

/** Shoulders as wide as half the torso's length or more: the camera is in front, not beside. */
function frontView(ctx: RuleContext, i: number): boolean {
  const ls = ctx.point(i, 'left', 'shoulder');
  const rs = ctx.point(i, 'right', 'shoulder');
  const lh = ctx.point(i, 'left', 'hip');
  const rh = ctx.point(i, 'right', 'hip');
  if (!ls || !rs || !lh || !rh) return false;
  const torso = Math.hypot((ls.x + rs.x - lh.x - rh.x) / 2, (ls.y + rs.y - lh.y - rh.y) / 2);
  return Math.abs(ls.x - rs.x) >= 0.5 * torso;
}

/**
 * The shoulder–hip–ankle line's bend, signed: negative when the hips sag below the line (toward
 * the floor, y down), positive when they pike above it.
 */
function bodyLine(ctx: RuleContext, i: number, side: Side): number | null {
  const s = ctx.point(i, side, 'shoulder');
  const h = ctx.point(i, side, 'hip');
  const a = ctx.point(i, side, 'ankle');
  if (!s || !h || !a) return null;
  const bend = angleAt(s, h, a);
  if (bend === null) return null;
  // Where the straight shoulder–ankle line passes at the hip's x, and whether the hip is below.
  const f = Math.abs(a.x - s.x) < 1e-9 ? 0.5 : (h.x - s.x) / (a.x - s.x);
  const lineY = s.y + f * (a.y - s.y);
  return h.y > lineY ? -(180 - bend) : 180 - bend;
}

const depthFault = (maxTurnDeg: number): FaultRule => ({
  code: 'shallow_depth',
  fullRepsOnly: true,
  check: (rep) => (turnAngle(rep) > maxTurnDeg ? rep.turnIdx : null),
});

const lockoutFault = (minTurnDeg: number): FaultRule => ({
  code: 'no_lockout',
  fullRepsOnly: true,
  check: (rep) => (turnAngle(rep) < minTurnDeg ? rep.turnIdx : null),
});

// ---------------------------------------------------------------------------------------------
// The rules.

const squat: ExerciseRule = {
  key: 'squat',
  joint: 'knee',
  direction: 'down',
  fullRangeDeg: 120,
  sideChoice: 'better',
  faults: [
    // Thighs short of parallel: the knee stays more open than ~100° at the bottom.
    depthFault(100),
    {
      // From the side: the knee travels well past the toes (heels likely lifting).
      code: 'knee_travel',
      check: (rep, ctx) => {
        if (frontView(ctx, rep.turnIdx)) return null;
        const found = worst(rep, (i) => kneePastToes(ctx, i, ctx.side));
        return found && found.v > 0.15 ? found.i : null;
      },
    },
    {
      // From the front: the knees fall inwards, closer together than the ankles.
      code: 'knee_cave',
      check: (rep, ctx) => {
        const i = rep.turnIdx;
        if (!frontView(ctx, i)) return null;
        const lk = ctx.point(i, 'left', 'knee');
        const rk = ctx.point(i, 'right', 'knee');
        const la = ctx.point(i, 'left', 'ankle');
        const ra = ctx.point(i, 'right', 'ankle');
        if (!lk || !rk || !la || !ra) return null;
        const ankles = Math.abs(la.x - ra.x);
        return ankles > 1e-3 && Math.abs(lk.x - rk.x) < 0.75 * ankles ? i : null;
      },
    },
  ],
};

const deadlift: ExerciseRule = {
  key: 'deadlift',
  joint: 'hip',
  // From the floor: the hips open to standing and close again.
  direction: 'up',
  fullRangeDeg: 150,
  sideChoice: 'better',
  faults: [
    lockoutFault(165),
    {
      // Hips shooting up: the back near horizontal (< 20° above it) as the bar leaves the floor.
      code: 'back_angle',
      check: (rep, ctx) => {
        const found = worst(
          { ...rep, endIdx: rep.turnIdx },
          (i) => {
            const lean = ctx.torsoLean(i, ctx.side);
            const hip = ctx.angle[ctx.side][i] ?? null;
            // Only while the hips are still closed: near the floor, not at lockout.
            return lean === null || hip === null || hip > rep.turn_angle_deg - 0.5 * rep.rom_deg
              ? null
              : 90 - Math.min(90, lean);
          },
          'min',
        );
        return found && found.v < 20 ? found.i : null;
      },
    },
  ],
};

const romanianDeadlift: ExerciseRule = {
  key: 'romanian_deadlift',
  joint: 'hip',
  direction: 'down',
  fullRangeDeg: 135,
  sideChoice: 'better',
  faults: [
    depthFault(120),
    {
      // A hinge, not a squat: the knees stay soft (above ~135°), not deeply bent.
      code: 'knees_too_bent',
      check: (rep, ctx) => {
        const found = worst(rep, (i) => ctx.jointAngle(i, 'knee', ctx.side), 'min');
        return found && found.v < 135 ? found.i : null;
      },
    },
  ],
};

const benchPress: ExerciseRule = {
  key: 'bench_press',
  joint: 'elbow',
  direction: 'down',
  fullRangeDeg: 120,
  sideChoice: 'better',
  faults: [depthFault(100)],
};

const pushUp: ExerciseRule = {
  key: 'push_up',
  joint: 'elbow',
  direction: 'down',
  fullRangeDeg: 120,
  sideChoice: 'better',
  faults: [
    depthFault(100),
    {
      // The shoulder–hip–ankle line bends more than ~20° with the hips low.
      code: 'hip_sag',
      check: (rep, ctx) => {
        const found = worst(rep, (i) => bodyLine(ctx, i, ctx.side), 'min');
        return found && found.v < -20 ? found.i : null;
      },
    },
    {
      code: 'hips_high',
      check: (rep, ctx) => {
        const found = worst(rep, (i) => bodyLine(ctx, i, ctx.side), 'max');
        return found && found.v > 20 ? found.i : null;
      },
    },
  ],
};

const overheadPress: ExerciseRule = {
  key: 'overhead_press',
  joint: 'elbow',
  // From the shoulders: the elbows open overhead and close again.
  direction: 'up',
  fullRangeDeg: 140,
  sideChoice: 'better',
  faults: [lockoutFault(160)],
};

const lunge: ExerciseRule = {
  key: 'lunge',
  joint: 'knee',
  direction: 'down',
  fullRangeDeg: 120,
  sideChoice: 'bent',
  faults: [
    depthFault(105),
    {
      code: 'front_knee_past_toes',
      check: (rep, ctx) => {
        const found = worst(rep, (i) => {
          // The front leg is the more bent one at that moment.
          const l = ctx.jointAngle(i, 'knee', 'left');
          const r = ctx.jointAngle(i, 'knee', 'right');
          const front: Side = l === null ? 'right' : r === null || l <= r ? 'left' : 'right';
          return kneePastToes(ctx, i, front);
        });
        return found && found.v > 0.15 ? found.i : null;
      },
    },
  ],
};

const bentOverRow: ExerciseRule = {
  key: 'bent_over_row',
  joint: 'elbow',
  direction: 'down',
  fullRangeDeg: 120,
  sideChoice: 'better',
  faults: [
    {
      // Rowing from a near-standing torso turns it into a shrug: more than 45° above horizontal.
      code: 'torso_too_upright',
      check: (rep, ctx) => {
        const i = rep.turnIdx;
        const hip = ctx.point(i, ctx.side, 'hip');
        const shoulder = ctx.point(i, ctx.side, 'shoulder');
        const lift = hip && shoulder ? angleToHorizontal(hip, shoulder) : null;
        return lift !== null && lift > 45 ? i : null;
      },
    },
  ],
};

const pullUp: ExerciseRule = {
  key: 'pull_up',
  joint: 'elbow',
  direction: 'down',
  fullRangeDeg: 100,
  sideChoice: 'better',
  faults: [
    {
      // Chin not above the hands at the top, or arms not straight (< 150°) at the bottom.
      code: 'no_full_range',
      check: (rep, ctx) => {
        // The chin's best moment around the top: one noisy frame must not fail the rep.
        let chinAbove = false;
        let seen = false;
        for (let i = rep.turnIdx - 3; i <= rep.turnIdx + 3; i += 1) {
          const lm = ctx.landmarks(i);
          const nose = visiblePoint(lm, LANDMARK.nose);
          const wrists = [
            visiblePoint(lm, LANDMARK.leftWrist),
            visiblePoint(lm, LANDMARK.rightWrist),
          ].filter((p): p is Point => p !== null);
          if (!nose || wrists.length === 0) continue;
          seen = true;
          const handY = wrists.reduce((sum, p) => sum + p.y, 0) / wrists.length;
          if (nose.y < handY) chinAbove = true;
        }
        if (seen && !chinAbove) return rep.turnIdx;
        for (const i of [rep.startIdx, rep.endIdx]) {
          const elbow = ctx.angle[ctx.side][i] ?? null;
          if (elbow !== null && elbow < 150) return i;
        }
        return null;
      },
    },
  ],
};

const bicepCurl: ExerciseRule = {
  key: 'bicep_curl',
  joint: 'elbow',
  direction: 'down',
  fullRangeDeg: 90,
  sideChoice: 'better',
  faults: [
    {
      // Body English: the torso's lean changes by more than ~12° within the rep.
      code: 'swinging',
      check: (rep, ctx) => {
        const most = worst(rep, (i) => ctx.torsoLean(i, ctx.side), 'max');
        const least = worst(rep, (i) => ctx.torsoLean(i, ctx.side), 'min');
        return most && least && most.v - least.v > 12 ? most.i : null;
      },
    },
  ],
};

const hipThrust: ExerciseRule = {
  key: 'hip_thrust',
  joint: 'hip',
  direction: 'up',
  fullRangeDeg: 150,
  sideChoice: 'better',
  faults: [lockoutFault(165)],
};

const lateralRaise: ExerciseRule = {
  key: 'lateral_raise',
  joint: 'shoulder',
  direction: 'up',
  fullRangeDeg: 70,
  sideChoice: 'better',
  faults: [
    {
      // Past ~110° the traps take over from the side delts.
      code: 'too_high',
      check: (rep) => (turnAngle(rep) > 110 ? rep.turnIdx : null),
    },
    {
      // One arm more than 15° higher than the other at the top.
      code: 'asymmetry',
      check: (rep, ctx) => {
        const l = ctx.angle.left[rep.turnIdx] ?? null;
        const r = ctx.angle.right[rep.turnIdx] ?? null;
        return l !== null && r !== null && Math.abs(l - r) > 15 ? rep.turnIdx : null;
      },
    },
  ],
};

export const exerciseRules: Record<Exclude<AnalysisExerciseKey, 'generic'>, ExerciseRule> = {
  squat,
  deadlift,
  romanian_deadlift: romanianDeadlift,
  bench_press: benchPress,
  push_up: pushUp,
  overhead_press: overheadPress,
  lunge,
  bent_over_row: bentOverRow,
  pull_up: pullUp,
  bicep_curl: bicepCurl,
  hip_thrust: hipThrust,
  lateral_raise: lateralRaise,
};

/** Any other exercise: the joint and direction come from the video; range and tempo only. */
export function genericRule(joint: Joint, direction: Direction): ExerciseRule {
  return { key: 'generic', joint, direction, fullRangeDeg: null, sideChoice: 'better', faults: [] };
}

/** Every fault code the rules can report, for the text catalogue. */
export const faultCodes: readonly string[] = [
  ...new Set(Object.values(exerciseRules).flatMap((rule) => rule.faults.map((f) => f.code))),
];

// ---------------------------------------------------------------------------------------------
// Names people type, in English and Spanish, to the rules' keys. Checked in order: the more
// specific names first ("romanian deadlift" before "deadlift", "split squat" before "squat").

const namePatterns: [RegExp, AnalysisExerciseKey][] = [
  [
    /\b(leg curls?|hamstring|femoral|curl de piernas?|curl de isquios?|upright rows?|remo al menton|leg press|prensa|press de piernas?)\b/,
    'generic',
  ],
  [/\b(romanian|rdl|rumano|stiff[ -]?leg(ged)?|piernas rigidas)\b/, 'romanian_deadlift'],
  [/\b(dead[ -]?lifts?|peso muerto)\b/, 'deadlift'],
  [
    /\b(hip[ -]?thrusts?|glute bridges?|empuje de cadera|puente de gluteos?|elevacion de cadera)\b/,
    'hip_thrust',
  ],
  [/\b(push[ -]?ups?|press[ -]?ups?|flexion(es)?( de brazos)?|lagartijas?)\b/, 'push_up'],
  [/\b(pull[ -]?ups?|chin[ -]?ups?|dominadas?)\b/, 'pull_up'],
  [/\b(bench|press de banca|press banca|press en banco|banca)\b/, 'bench_press'],
  [
    /\b(overhead|ohp|military|shoulder press|push press|press militar|press de hombros?|press sobre la cabeza|press por encima)\b/,
    'overhead_press',
  ],
  [/\b(lunges?|split squats?|bulgarian|zancadas?|estocadas?|bulgaras?)\b/, 'lunge'],
  [
    /\b(lateral raises?|side raises?|lateral|laterales|elevaciones? laterales?|vuelos? laterales?)\b/,
    'lateral_raise',
  ],
  [/\b(curls?|biceps?)\b/, 'bicep_curl'],
  [/\b(rows?|remo)\b/, 'bent_over_row'],
  [/\b(squats?|sentadillas?|goblet)\b/, 'squat'],
];

/** The rule key for a typed exercise name ("Back squat", "sentadilla", "Push-ups", …). */
export function exerciseKeyFor(name: string): AnalysisExerciseKey {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  for (const [pattern, key] of namePatterns) if (pattern.test(plain)) return key;
  return 'generic';
}
