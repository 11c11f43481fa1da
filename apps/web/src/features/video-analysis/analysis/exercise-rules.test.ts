import { analysisExerciseKeys } from '@fitcoach/shared/video-analysis';
import { describe, expect, it } from 'vitest';
import { analyse } from './analyse';
import { exerciseKeyFor, exerciseRules, faultCodes } from './exercise-rules';
import {
  between,
  frontPose,
  lerpChain,
  setOf,
  sidePose,
  standing,
  steady,
  withNoise,
} from './test-support';
import type { Chain, Posed } from './test-support';

/*
 * Each exercise's rules on synthetic sets with known answers: a clean set gives its reps and no
 * fault; a faulty one gives the fault on every rep, at a moment inside that rep.
 */

interface Case {
  name: string;
  clean: Posed;
  faulty: Record<string, Posed>;
}

const c = (over: Partial<Chain>, base: Chain = standing): Chain => ({ ...base, ...over });

const squatBottom = c({ shinLean: 25, knee: 85, hip: 75, shoulder: 40 });
const deadliftBottom = c({ shinLean: 15, knee: 110, hip: 60, shoulder: 5, elbow: 175 });
const rdlBottom = c({ shinLean: 8, knee: 160, hip: 95, shoulder: 75 });
const benchTop = c({
  ankle: [0.7, 0.9],
  shinLean: 0,
  knee: 90,
  hip: 180,
  shoulder: 90,
  elbow: 170,
});
const plankTop = c({
  ankle: [0.2, 0.85],
  shinLean: 75,
  knee: 180,
  hip: 180,
  shoulder: 75,
  elbow: 170,
});
const pressStart = c({ shoulder: 50, elbow: 55 });
const rowTop = c({ shinLean: 10, knee: 155, hip: 95, shoulder: 70, elbow: 170 });
const hang = c({ ankle: [0.5, 0.95], shinLean: 0, knee: 170, hip: 175, shoulder: 175, elbow: 170 });
const thrustBottom = c({ ankle: [0.6, 0.9], shinLean: 0, knee: 90, hip: 100, shoulder: 30 });
const lungeFront = c({ ankle: [0.55, 0.9] });
const lungeBack = c({ ankle: [0.35, 0.9] });
const lunge = (frontTurn: Partial<Chain>): Posed =>
  between(lungeFront, c({ shinLean: 15, knee: 90, hip: 100, ...frontTurn }, lungeFront), {
    rightTurn: c({ shinLean: -30, knee: 110 }, lungeBack),
  });
const raise =
  (left: number, right: number): Posed =>
  (f) =>
    frontPose({ left: 15 + (left - 15) * f, right: 15 + (right - 15) * f });

const cases: Case[] = [
  {
    name: 'Back squat',
    clean: between(standing, squatBottom),
    faulty: {
      shallow_depth: between(standing, c({ knee: 110 }, squatBottom)),
      knee_travel: between(standing, c({ shinLean: 45 }, squatBottom)),
    },
  },
  {
    // Filmed from the front: only knee cave is judged, never knee travel.
    name: 'sentadilla',
    clean: between(standing, squatBottom, { width: 0.15 }),
    faulty: {
      knee_cave: between(standing, squatBottom, { width: 0.15, kneeInAtTurn: 0.04 }),
    },
  },
  {
    name: 'Deadlift',
    clean: between(deadliftBottom, standing),
    faulty: {
      no_lockout: between(deadliftBottom, c({ hip: 158 })),
      back_angle: between(c({ shinLean: 5, knee: 160, hip: 85 }, deadliftBottom), standing),
    },
  },
  {
    name: 'Romanian deadlift',
    clean: between(standing, rdlBottom),
    faulty: {
      knees_too_bent: between(standing, c({ knee: 120 }, rdlBottom)),
      shallow_depth: between(standing, c({ hip: 128 }, rdlBottom)),
    },
  },
  {
    name: 'Press de banca',
    clean: between(benchTop, c({ elbow: 80 }, benchTop)),
    faulty: { shallow_depth: between(benchTop, c({ elbow: 108 }, benchTop)) },
  },
  {
    name: 'Push-ups',
    clean: between(plankTop, c({ elbow: 85 }, plankTop)),
    faulty: {
      hip_sag: between(c({ hip: 205 }, plankTop), c({ hip: 205, elbow: 85 }, plankTop)),
      hips_high: between(c({ hip: 150 }, plankTop), c({ hip: 150, elbow: 85 }, plankTop)),
      shallow_depth: between(plankTop, c({ elbow: 110 }, plankTop)),
    },
  },
  {
    name: 'Overhead press',
    clean: between(pressStart, c({ shoulder: 170, elbow: 175 })),
    faulty: { no_lockout: between(pressStart, c({ shoulder: 160, elbow: 150 })) },
  },
  {
    name: 'Zancadas',
    clean: lunge({}),
    faulty: { front_knee_past_toes: lunge({ shinLean: 50 }) },
  },
  {
    name: 'Bent-over row',
    clean: between(rowTop, c({ shoulder: 25, elbow: 75 }, rowTop)),
    faulty: {
      torso_too_upright: between(
        c({ hip: 135, shoulder: 30 }, rowTop),
        c({ hip: 135, shoulder: 0, elbow: 75 }, rowTop),
      ),
    },
  },
  {
    name: 'Dominadas',
    clean: between(hang, c({ shoulder: 35, elbow: 40 }, hang)),
    faulty: {
      no_full_range: between(hang, c({ shoulder: 90, elbow: 95 }, hang)),
    },
  },
  {
    name: 'Bicep curl',
    clean: between(standing, c({ elbow: 40 })),
    faulty: { swinging: between(standing, c({ elbow: 40, hip: 160 })) },
  },
  {
    name: 'Hip thrust',
    clean: between(thrustBottom, c({ hip: 178 }, thrustBottom)),
    faulty: { no_lockout: between(thrustBottom, c({ hip: 158 }, thrustBottom)) },
  },
  {
    name: 'Elevaciones laterales',
    clean: raise(90, 88),
    faulty: { too_high: raise(125, 125), asymmetry: raise(90, 65) },
  },
];

describe('exercise rules on synthetic sets', () => {
  it('covers every exercise with rules of its own', () => {
    const covered = new Set(cases.map((k) => exerciseKeyFor(k.name)));
    expect([...covered].sort()).toEqual(Object.keys(exerciseRules).sort());
    const tested = new Set(cases.flatMap((k) => Object.keys(k.faulty)));
    expect([...tested].sort()).toEqual([...faultCodes].sort());
  });

  for (const k of cases) {
    it(`${k.name}: counts a clean set and finds no fault`, () => {
      const summary = analyse(withNoise(setOf(k.clean, steady(4)), 0.004), k.name, 30);
      expect(summary.exercise_key).toBe(exerciseKeyFor(k.name));
      expect(summary.reps_detected).toBe(4);
      expect(summary.partial_reps).toBe(0);
      expect(summary.faults).toEqual([]);
    });

    for (const [code, posed] of Object.entries(k.faulty)) {
      it(`${k.name}: finds ${code} on every rep of a faulty set`, () => {
        const summary = analyse(withNoise(setOf(posed, steady(3)), 0.004), k.name, 30);
        expect(summary.reps).toHaveLength(3);
        const found = summary.faults.filter((f) => f.code === code);
        expect(found.map((f) => f.rep)).toEqual([1, 2, 3]);
        for (const fault of found) {
          const rep = summary.reps[fault.rep - 1];
          expect(fault.at_s).toBeGreaterThanOrEqual((rep?.start_s ?? 0) - 0.1);
          expect(fault.at_s).toBeLessThanOrEqual((rep?.end_s ?? 0) + 0.1);
        }
      });
    }
  }
});

describe('facing the other way', () => {
  it('judges knee travel toward the toes whichever way the lifter faces', () => {
    const left =
      (posed: Posed): Posed =>
      (f, rep) =>
        posed(f, rep).map((l) => ({ ...l, x: 1 - l.x }));
    const clean = analyse(setOf(left(between(standing, squatBottom)), steady(3)), 'squat', 30);
    expect(clean.faults).toEqual([]);
    const travel = between(standing, c({ shinLean: 45 }, squatBottom));
    const faulty = analyse(setOf(left(travel), steady(3)), 'squat', 30);
    expect(faulty.faults.map((f) => f.code)).toEqual(['knee_travel', 'knee_travel', 'knee_travel']);
  });
});

describe('lunges', () => {
  it('counts alternating legs: the front knee is whichever is more bent', () => {
    const front = c({ shinLean: 15, knee: 90, hip: 100 }, lungeFront);
    const back = c({ shinLean: -30, knee: 110 }, lungeBack);
    const posed: Posed = (f, rep) => {
      const left = rep % 2 ? lungeBack : lungeFront;
      const right = rep % 2 ? lungeFront : lungeBack;
      return sidePose({
        left: lerpChain(left, rep % 2 ? { ...back, ankle: lungeBack.ankle } : front, f),
        right: lerpChain(right, rep % 2 ? { ...front, ankle: lungeFront.ankle } : back, f),
      });
    };
    const summary = analyse(withNoise(setOf(posed, steady(6)), 0.004), 'Alternating lunges', 30);
    expect(summary).toMatchObject({ exercise_key: 'lunge', joint: 'knee', reps_detected: 6 });
    for (const rep of summary.reps) expect(Math.abs(rep.turn_angle_deg - 90)).toBeLessThan(4);
    // Front against back knee says nothing about left and right.
    expect(summary.asymmetry_deg).toBeNull();
  });
});

describe('exerciseKeyFor', () => {
  it.each([
    ['Back squat', 'squat'],
    ['Front Squats', 'squat'],
    ['sentadilla', 'squat'],
    ['Sentadillas búlgaras', 'lunge'],
    ['Walking lunges', 'lunge'],
    ['Deadlift', 'deadlift'],
    ['peso muerto', 'deadlift'],
    ['Peso muerto rumano', 'romanian_deadlift'],
    ['RDL', 'romanian_deadlift'],
    ['Bench press', 'bench_press'],
    ['press de banca', 'bench_press'],
    ['Push-ups', 'push_up'],
    ['flexiones', 'push_up'],
    ['Overhead press', 'overhead_press'],
    ['Press militar', 'overhead_press'],
    ['Barbell row', 'bent_over_row'],
    ['Remo con barra', 'bent_over_row'],
    ['Pull-up', 'pull_up'],
    ['dominadas', 'pull_up'],
    ['Bicep curl', 'bicep_curl'],
    ['Curl de bíceps', 'bicep_curl'],
    ['Hip thrust', 'hip_thrust'],
    ['Empuje de cadera', 'hip_thrust'],
    ['Lateral raise', 'lateral_raise'],
    ['Elevaciones laterales', 'lateral_raise'],
    ['Sumo deadlift', 'deadlift'],
    ['Chin-ups', 'pull_up'],
    ['Curl martillo', 'bicep_curl'],
    ['Lateral lunge', 'lunge'],
    ['Zancada lateral', 'lunge'],
    ['Upright row', 'generic'],
    ['Lat pulldown', 'generic'],
    ['Leg curl', 'generic'],
    ['Leg press', 'generic'],
    ['Cable kickback', 'generic'],
    ['', 'generic'],
  ])('%s → %s', (name, key) => {
    expect(exerciseKeyFor(name)).toBe(key);
    expect(analysisExerciseKeys).toContain(key);
  });
});
