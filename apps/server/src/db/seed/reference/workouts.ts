import type { WorkoutExerciseSeed, WorkoutGroupSeed, WorkoutSeed } from './reference-types';

/**
 * FitCoach's library workouts, written in FitCoach's own words.
 *
 * Conventions:
 * - Weights are in kilograms and are a sensible starting load for the workout's level. Dumbbell
 *   and kettlebell weights are per bell (a pair of 12s is written 12). Null means bodyweight, or a
 *   timed / cardio effort with no load.
 * - Loaded carries, sled work and medicine-ball drills carry a weight as well, because the load is
 *   part of the prescription.
 * - A Tabata block is 8 rounds of 20 s work / 10 s rest: sets 8, duration 20, rest 10, with a
 *   minute of rest after the block.
 * - In a superset or circuit, `sets` is the number of rounds; the short exercise rest is the
 *   transition, and the group rest is taken after each round.
 */

/** A rep-counted exercise: sets × reps (× weight). */
function reps(
  exercise: string,
  sets: number,
  repCount: number,
  weightKg: number | null,
  restSeconds: number,
): WorkoutExerciseSeed {
  return {
    exercise,
    sets,
    reps: repCount,
    weight_kg: weightKg,
    duration_seconds: null,
    rest_seconds: restSeconds,
  };
}

/** A timed exercise: sets × a duration in seconds (a carry or a sled may carry a load). */
function timed(
  exercise: string,
  sets: number,
  durationSeconds: number,
  restSeconds: number,
  weightKg: number | null = null,
): WorkoutExerciseSeed {
  return {
    exercise,
    sets,
    reps: null,
    weight_kg: weightKg,
    duration_seconds: durationSeconds,
    rest_seconds: restSeconds,
  };
}

function single(
  restSeconds: number,
  notes: string,
  exercise: WorkoutExerciseSeed,
): WorkoutGroupSeed {
  return { kind: 'single', rest_seconds: restSeconds, notes, exercises: [exercise] };
}

function superset(
  restSeconds: number,
  notes: string,
  ...exercises: WorkoutExerciseSeed[]
): WorkoutGroupSeed {
  return { kind: 'superset', rest_seconds: restSeconds, notes, exercises };
}

function circuit(
  restSeconds: number,
  notes: string,
  ...exercises: WorkoutExerciseSeed[]
): WorkoutGroupSeed {
  return { kind: 'circuit', rest_seconds: restSeconds, notes, exercises };
}

export const workoutSeeds: WorkoutSeed[] = [
  // ── Weight lifting ─────────────────────────────────────────────────────────
  {
    slug: 'barbell-strength-5x5',
    title: 'Barbell strength 5×5',
    description:
      'Three big barbell lifts for five heavy sets of five, the backbone of a simple strength program. Add a little weight each session while every rep stays crisp.',
    goal: 'weight_lifting',
    level: 'intermediate',
    estimated_minutes: 60,
    tags: ['strength', 'free_weights', 'full_body', 'intermediate'],
    groups: [
      circuit(
        30,
        'Easy warm-up: loosen the hips and shoulders before touching the bar.',
        reps('leg-swings', 1, 10, null, 0),
        reps('band-pull-apart', 1, 15, null, 0),
        reps('air-squat', 1, 10, null, 0),
      ),
      single(
        120,
        'Brace before every rep and hit parallel. Work up to the top weight over a few lighter sets first.',
        reps('barbell-back-squat', 5, 5, 80, 180),
      ),
      single(
        120,
        'Shoulder blades pinned back, bar to the lower chest, feet driving into the floor.',
        reps('barbell-bench-press', 5, 5, 60, 180),
      ),
      single(
        90,
        'Flat back, torso near 45°, pull the bar to your belly button.',
        reps('barbell-bent-over-row', 5, 5, 50, 120),
      ),
      superset(
        60,
        'Finish with trunk work: slow, controlled, no sagging hips.',
        timed('plank', 3, 45, 15),
        reps('dead-bug', 3, 10, null, 15),
      ),
    ],
  },
  {
    slug: 'push-day-hypertrophy',
    title: 'Push day: chest, shoulders and triceps',
    description:
      'A hypertrophy session for the pressing muscles, moving from a heavy compound press to supersets of isolation work. Aim to finish each set one or two reps short of failure.',
    goal: 'weight_lifting',
    level: 'intermediate',
    estimated_minutes: 50,
    tags: ['hypertrophy', 'push', 'upper_body', 'free_weights'],
    groups: [
      single(
        90,
        'Controlled two-second lowering, then press hard.',
        reps('barbell-bench-press', 4, 8, 60, 120),
      ),
      single(
        60,
        'Bench at about 30°. Let the dumbbells stretch the chest at the bottom.',
        reps('incline-dumbbell-press', 3, 10, 22, 90),
      ),
      superset(
        75,
        'Press first, then go straight to raises with light bells.',
        reps('dumbbell-shoulder-press', 3, 10, 16, 15),
        reps('dumbbell-lateral-raise', 3, 15, 8, 0),
      ),
      superset(
        60,
        'Keep the elbows still on both moves and squeeze the triceps at lockout.',
        reps('cable-triceps-pushdown', 3, 12, 25, 15),
        reps('dumbbell-overhead-triceps-extension', 3, 12, 14, 0),
      ),
      single(
        60,
        'Light and smooth: hug a big tree and squeeze for a second.',
        reps('cable-crossover', 3, 15, 12, 60),
      ),
    ],
  },
  {
    slug: 'pull-day-hypertrophy',
    title: 'Pull day: back and biceps',
    description:
      'Vertical and horizontal pulling to build a wider, thicker back, finished with rear delts and arms. Control every lowering phase.',
    goal: 'weight_lifting',
    level: 'intermediate',
    estimated_minutes: 50,
    tags: ['hypertrophy', 'pull', 'upper_body', 'free_weights'],
    groups: [
      single(
        90,
        'Full hang at the bottom, chest to the bar at the top. Use a band if you cannot get six.',
        reps('pull-up', 4, 6, null, 120),
      ),
      single(
        90,
        'Hinge to about 45° and keep the torso still as you row.',
        reps('barbell-bent-over-row', 4, 8, 50, 90),
      ),
      superset(
        60,
        'Row to the hip, then keep the arms long on the pulldown and drive with the lats.',
        reps('one-arm-dumbbell-row', 3, 10, 26, 15),
        reps('straight-arm-pulldown', 3, 12, 20, 0),
      ),
      superset(
        60,
        'Light weights, high elbows, pause when the shoulder blades squeeze.',
        reps('face-pull', 3, 15, 15, 15),
        reps('dumbbell-rear-delt-fly', 3, 15, 6, 0),
      ),
      superset(
        60,
        'No swinging: elbows stay pinned to your sides.',
        reps('barbell-curl', 3, 10, 25, 15),
        reps('hammer-curl', 3, 12, 12, 0),
      ),
    ],
  },
  {
    slug: 'leg-day-hypertrophy',
    title: 'Leg day: quads, hamstrings and calves',
    description:
      'A demanding lower-body session built around heavy squats and Romanian deadlifts, followed by single-leg and machine work for volume. Expect sore legs tomorrow.',
    goal: 'weight_lifting',
    level: 'advanced',
    estimated_minutes: 65,
    tags: ['hypertrophy', 'legs', 'lower_body', 'advanced'],
    groups: [
      circuit(
        30,
        'Warm-up: open the hips and ankles before loading them.',
        reps('standing-hip-circles', 1, 10, null, 0),
        reps('knee-to-wall-ankle-mobilisation', 1, 10, null, 0),
        reps('goblet-squat', 1, 10, 16, 0),
      ),
      single(
        120,
        'Deep and controlled; leave one rep in the tank on every set.',
        reps('barbell-back-squat', 4, 8, 100, 150),
      ),
      single(
        90,
        'Push the hips back until the hamstrings are loaded; keep the bar against the thighs.',
        reps('romanian-deadlift', 4, 10, 90, 120),
      ),
      single(
        60,
        'Rear foot on the bench, most weight on the front heel. The numbers are per leg.',
        reps('bulgarian-split-squat', 3, 10, 20, 60),
      ),
      superset(
        60,
        'Squeeze at the top of each extension and curl; slow on the way back.',
        reps('leg-extension', 3, 15, 45, 15),
        reps('lying-leg-curl', 3, 12, 40, 0),
      ),
      superset(
        60,
        'Full range on the calves with a pause at the bottom stretch.',
        reps('standing-calf-raise', 4, 15, 70, 15),
        reps('hanging-leg-raise', 4, 12, null, 0),
      ),
    ],
  },
  {
    slug: 'dumbbell-full-body-beginner',
    title: 'Dumbbell full body for beginners',
    description:
      'A first strength workout with a pair of dumbbells and a bench, covering squat, push, pull and hinge. Learn the movements with light weights before adding load.',
    goal: 'weight_lifting',
    level: 'beginner',
    estimated_minutes: 35,
    tags: ['full_body', 'free_weights', 'strength', 'beginner'],
    groups: [
      single(
        60,
        'Hold the dumbbell at your chest, sit between your heels and stand tall.',
        reps('goblet-squat', 3, 10, 12, 60),
      ),
      single(
        60,
        'Lower the dumbbells to chest level with elbows at about 45°.',
        reps('dumbbell-bench-press', 3, 10, 10, 60),
      ),
      single(
        60,
        'One knee and hand on the bench; pull the dumbbell to your hip. Sets are per arm.',
        reps('one-arm-dumbbell-row', 3, 10, 12, 45),
      ),
      single(
        60,
        'Soft knees, push the hips back, dumbbells close to the legs.',
        reps('dumbbell-romanian-deadlift', 3, 10, 12, 60),
      ),
      superset(
        60,
        'Press overhead without arching your back, then bridge and squeeze the glutes.',
        reps('dumbbell-shoulder-press', 2, 10, 6, 15),
        reps('glute-bridge', 2, 12, null, 0),
      ),
      single(0, 'Straight line from head to heels; breathe.', timed('plank', 3, 30, 30)),
    ],
  },
  {
    slug: 'machine-full-body-beginner',
    title: 'Machine full body starter',
    description:
      'A gym-floor introduction that uses guided machines so you can focus on effort rather than balance. Every major muscle group gets worked in about half an hour.',
    goal: 'weight_lifting',
    level: 'beginner',
    estimated_minutes: 30,
    tags: ['machines', 'full_body', 'beginner'],
    groups: [
      single(
        60,
        'Feet shoulder-width on the platform; do not lock the knees at the top.',
        reps('leg-press', 3, 12, 60, 60),
      ),
      single(
        60,
        'Set the handles at mid-chest and press smoothly.',
        reps('machine-chest-press', 3, 12, 25, 60),
      ),
      superset(
        60,
        'Pull the bar to the upper chest, then row to the ribs with a tall posture.',
        reps('lat-pulldown', 3, 12, 30, 15),
        reps('seated-cable-row', 3, 12, 25, 0),
      ),
      superset(
        60,
        'Slow curls, then light presses overhead.',
        reps('seated-leg-curl', 2, 12, 25, 15),
        reps('machine-shoulder-press', 2, 12, 15, 0),
      ),
      single(
        0,
        'Press the lower back into the floor the whole time.',
        reps('dead-bug', 2, 10, null, 30),
      ),
    ],
  },
  {
    slug: 'heavy-pull-and-power',
    title: 'Heavy pull and power',
    description:
      'An advanced strength day pairing explosive cleans with heavy deadlifts and front squats. Keep reps low and quality high; stop a set the moment technique slips.',
    goal: 'weight_lifting',
    level: 'advanced',
    estimated_minutes: 70,
    tags: ['strength', 'power', 'free_weights', 'advanced'],
    groups: [
      single(
        90,
        'Fast elbows, catch high in a quarter squat. Every rep starts from a dead stop.',
        reps('power-clean', 5, 3, 75, 120),
      ),
      single(
        120,
        'Wedge into the bar, push the floor away, lock out with the glutes.',
        reps('barbell-deadlift', 5, 3, 170, 180),
      ),
      single(
        120,
        'Elbows high, torso upright, drive straight up.',
        reps('barbell-front-squat', 4, 5, 100, 150),
      ),
      superset(
        90,
        'Row explosively from the floor, then strict pull-ups.',
        reps('pendlay-row', 4, 6, 80, 30),
        reps('pull-up', 4, 8, null, 0),
      ),
      superset(
        60,
        'Heavy carry with a tall posture, then a slow rollout.',
        timed('farmers-carry', 3, 40, 30, 36),
        reps('ab-wheel-rollout', 3, 10, null, 0),
      ),
    ],
  },

  // ── CrossFit ───────────────────────────────────────────────────────────────
  {
    slug: 'crossfit-chipper',
    title: 'The long chipper',
    description:
      'One long list of movements done once through, chipping away at each before moving on. Pace the first half so you can keep moving through the second.',
    goal: 'crossfit',
    level: 'advanced',
    estimated_minutes: 35,
    tags: ['crossfit', 'full_body', 'endurance', 'advanced'],
    groups: [
      circuit(
        60,
        'Warm-up: two easy rounds to raise the heart rate.',
        timed('rowing-machine-steady', 2, 120, 0),
        reps('inchworm', 2, 5, null, 0),
        reps('air-squat', 2, 15, null, 0),
      ),
      circuit(
        180,
        'For time: work down the list once. Break big sets early, not late.',
        reps('wall-ball', 1, 50, 9, 0),
        reps('box-jump', 1, 40, null, 0),
        reps('kettlebell-swing', 1, 30, 24, 0),
        reps('toes-to-bar', 1, 20, null, 0),
        reps('hang-power-clean', 1, 20, 60, 0),
        reps('burpee', 1, 20, null, 0),
        timed('double-unders', 1, 120, 0),
      ),
      single(
        0,
        'Cool down: breathe slowly and let the heart rate come back.',
        timed('childs-pose', 1, 120, 0),
      ),
    ],
  },
  {
    slug: 'crossfit-emom-couplet',
    title: 'Ten-minute EMOM and thruster couplet',
    description:
      'Every minute on the minute, a short barbell-and-burpee couplet, then three fast rounds of thrusters and pull-ups. Fast transitions, honest rest.',
    goal: 'crossfit',
    level: 'intermediate',
    estimated_minutes: 35,
    tags: ['crossfit', 'full_body', 'power', 'intermediate'],
    groups: [
      circuit(
        30,
        'Warm-up: loosen the shoulders and hips before the bar comes out.',
        timed('jumping-jacks', 2, 45, 0),
        reps('band-shoulder-dislocate', 2, 10, null, 0),
        reps('lunge-with-twist', 2, 8, null, 0),
      ),
      circuit(
        0,
        'EMOM 10: start each round at the top of the minute and rest what is left.',
        reps('hang-power-clean', 10, 3, 50, 0),
        reps('burpee', 10, 5, null, 30),
      ),
      circuit(
        120,
        'Three rounds for time: keep the thrusters unbroken if you can.',
        reps('barbell-thruster', 3, 12, 35, 0),
        reps('pull-up', 3, 10, null, 60),
      ),
      single(
        0,
        'Hollow hold to finish: lower back glued to the floor.',
        timed('hollow-body-hold', 3, 30, 30),
      ),
    ],
  },
  {
    slug: 'crossfit-foundations',
    title: 'CrossFit foundations',
    description:
      'A gentle introduction to functional fitness: learn the kettlebell swing and box step-over, then put simple movements together in a short circuit.',
    goal: 'crossfit',
    level: 'beginner',
    estimated_minutes: 30,
    tags: ['crossfit', 'full_body', 'beginner'],
    groups: [
      circuit(
        30,
        'Warm-up: easy pace, full range.',
        timed('rowing-machine-steady', 1, 180, 0),
        reps('walking-knee-hug', 1, 10, null, 0),
        reps('inchworm', 1, 5, null, 0),
      ),
      single(
        60,
        'Skill practice: snap the hips, let the bell float to chest height.',
        reps('kettlebell-swing', 4, 10, 12, 60),
      ),
      circuit(
        60,
        'Four rounds at a steady pace; walk between stations.',
        reps('air-squat', 4, 12, null, 10),
        reps('incline-push-up', 4, 10, null, 10),
        reps('box-step-over', 4, 10, null, 10),
        reps('kettlebell-swing', 4, 10, 12, 0),
      ),
      single(0, 'Finish lying down and breathing slowly.', timed('childs-pose', 1, 60, 0)),
    ],
  },

  // ── HIIT ───────────────────────────────────────────────────────────────────
  {
    slug: 'twenty-minute-hiit-circuit',
    title: '20-minute HIIT circuit',
    description:
      'A no-equipment interval circuit: 40 seconds of hard work and a 20-second transition at each of five stations, four rounds through. The main circuit takes exactly twenty minutes.',
    goal: 'hiit',
    level: 'intermediate',
    estimated_minutes: 25,
    tags: ['hiit', 'bodyweight', 'full_body', 'home'],
    groups: [
      circuit(
        30,
        'Warm-up: build from easy to brisk.',
        timed('jumping-jacks', 1, 45, 0),
        timed('high-knees', 1, 30, 0),
        reps('inchworm', 1, 5, null, 0),
      ),
      circuit(
        0,
        'Go hard for each station, then 20 seconds to move to the next one; the last transition is your rest between rounds.',
        reps('squat-thrust', 4, 10, null, 20),
        timed('mountain-climbers', 4, 40, 20),
        reps('jumping-lunge', 4, 12, null, 20),
        timed('speed-skaters', 4, 40, 20),
        timed('plank-jacks', 4, 40, 20),
      ),
      single(
        0,
        'Cool down: slow breaths into the hips.',
        timed('worlds-greatest-stretch', 1, 60, 0),
      ),
    ],
  },
  {
    slug: 'starter-hiit-at-home',
    title: 'Starter HIIT at home',
    description:
      'Intervals for people new to HIIT: simple moves, generous rest and a clear finish line. Work at a pace where you could still say a few words.',
    goal: 'hiit',
    level: 'beginner',
    estimated_minutes: 25,
    tags: ['hiit', 'bodyweight', 'home', 'beginner'],
    groups: [
      circuit(
        30,
        'Warm-up: march, circle the arms, loosen up.',
        timed('arm-circles', 1, 30, 0),
        reps('standing-hip-circles', 1, 10, null, 0),
        timed('butt-kicks', 1, 30, 0),
      ),
      circuit(
        90,
        'Three rounds. Step the moves down if you need to; keep moving.',
        reps('air-squat', 3, 12, null, 15),
        reps('incline-push-up', 3, 8, null, 15),
        timed('jumping-jacks', 3, 30, 15),
        reps('glute-bridge', 3, 12, null, 15),
      ),
      circuit(
        60,
        'Two rounds of core to finish.',
        timed('high-knees', 2, 20, 15),
        reps('dead-bug', 2, 8, null, 15),
      ),
      single(0, 'Stretch and let the breathing settle.', timed('childs-pose', 1, 60, 0)),
    ],
  },
  {
    slug: 'hiit-engine-builder',
    title: 'HIIT engine builder',
    description:
      'Equipment-heavy intervals that push power output and recovery between efforts: air bike, sled, ropes and slams. Every work bout is meant to be near-maximal.',
    goal: 'hiit',
    level: 'advanced',
    estimated_minutes: 40,
    tags: ['hiit', 'power', 'endurance', 'advanced'],
    groups: [
      single(
        60,
        'Warm-up spin, gradually raising the cadence.',
        timed('stationary-bike-steady', 1, 300, 0),
      ),
      single(
        60,
        'All-out sprints with full recovery between them.',
        timed('air-bike-sprint', 6, 20, 70),
      ),
      circuit(
        90,
        'Four rounds; no rest inside a round, full effort on every station.',
        timed('sled-push', 4, 20, 10, 60),
        timed('battle-rope-waves', 4, 30, 10),
        reps('medicine-ball-slam', 4, 12, 8, 10),
        reps('burpee-broad-jump', 4, 6, null, 0),
      ),
      superset(
        60,
        'Three rounds of a short finisher.',
        reps('tuck-jump', 3, 10, null, 15),
        timed('mountain-climbers', 3, 30, 0),
      ),
      single(0, 'Cool down on the bike, easy legs.', timed('stationary-bike-steady', 1, 240, 0)),
    ],
  },

  // ── Cardio ─────────────────────────────────────────────────────────────────
  {
    slug: 'steady-state-row-and-ride',
    title: 'Steady-state row and ride',
    description:
      'Long, even-paced efforts on the rower and the bike to build an aerobic base. Stay at a pace where you can breathe through your nose or hold a conversation.',
    goal: 'cardio',
    level: 'intermediate',
    estimated_minutes: 50,
    tags: ['cardio', 'endurance', 'machines'],
    groups: [
      circuit(
        30,
        'Loosen up before settling in.',
        reps('leg-swings', 1, 10, null, 0),
        timed('arm-circles', 1, 30, 0),
      ),
      single(
        120,
        'Legs, body, arms on each stroke; about 22 strokes a minute.',
        timed('rowing-machine-steady', 1, 1500, 0),
      ),
      single(60, 'Easy, steady cadence around 85 rpm.', timed('stationary-bike-steady', 1, 900, 0)),
      circuit(
        0,
        'Cool-down stretches.',
        timed('kneeling-hip-flexor-stretch', 1, 45, 0),
        timed('supine-hamstring-stretch', 1, 45, 0),
        timed('childs-pose', 1, 60, 0),
      ),
    ],
  },
  {
    slug: 'incline-walk-and-easy-spin',
    title: 'Incline walk and easy spin',
    description:
      'A low-impact cardio session for beginners: a brisk incline walk followed by an easy ride. Great for building the habit and for active recovery days.',
    goal: 'cardio',
    level: 'beginner',
    estimated_minutes: 40,
    tags: ['cardio', 'machines', 'beginner'],
    groups: [
      single(
        60,
        'Start flat and raise the incline over the first few minutes; avoid holding the rails.',
        timed('treadmill-incline-walk', 1, 1200, 0),
      ),
      single(
        60,
        'Light resistance, relaxed shoulders.',
        timed('stationary-bike-steady', 1, 900, 0),
      ),
      circuit(
        0,
        'Stretch the calves and quads after the walk.',
        timed('wall-calf-stretch', 1, 30, 0),
        timed('standing-quad-stretch', 1, 30, 0),
        timed('kneeling-hip-flexor-stretch', 1, 45, 0),
      ),
    ],
  },
  {
    slug: 'treadmill-and-bike-intervals',
    title: 'Treadmill and bike intervals',
    description:
      'Hard intervals on three machines to raise your top-end speed and how fast you recover. Every sprint should feel like a nine out of ten.',
    goal: 'cardio',
    level: 'advanced',
    estimated_minutes: 55,
    tags: ['cardio', 'hiit', 'endurance', 'advanced'],
    groups: [
      single(60, 'Easy run, last two minutes a little quicker.', timed('treadmill-run', 1, 600, 0)),
      single(
        120,
        'Straddle the belt to recover between sprints.',
        timed('treadmill-sprint', 8, 30, 90),
      ),
      single(
        120,
        'Hard against heavy resistance, then spin easy.',
        timed('stationary-bike-intervals', 6, 30, 60),
      ),
      single(60, 'Strong, even strokes at race pace.', timed('rowing-sprint-intervals', 4, 60, 60)),
      single(0, 'Spin the legs out.', timed('stationary-bike-steady', 1, 300, 0)),
    ],
  },
  {
    slug: 'jump-rope-cardio-ladder',
    title: 'Jump rope cardio ladder',
    description:
      'A jump rope session that climbs from basic bounces to alternate-foot running and double-unders. It builds rhythm, calves and conditioning with one cheap piece of kit.',
    goal: 'cardio',
    level: 'intermediate',
    estimated_minutes: 30,
    tags: ['cardio', 'endurance', 'home', 'intermediate'],
    groups: [
      single(
        60,
        'Light and bouncy on the balls of the feet.',
        timed('jump-rope-basic-bounce', 3, 60, 30),
      ),
      single(
        60,
        'Run in place over the rope; keep the wrists doing the work.',
        timed('jump-rope-alternate-foot', 4, 120, 45),
      ),
      single(
        60,
        'Jump a little higher and whip the rope fast. Switch to singles if you trip.',
        timed('double-unders', 5, 45, 45),
      ),
      circuit(
        0,
        'Calves and hips cool-down.',
        timed('wall-calf-stretch', 1, 30, 0),
        timed('deep-squat-hold', 1, 60, 0),
      ),
    ],
  },

  // ── Tabata ─────────────────────────────────────────────────────────────────
  {
    slug: 'classic-bodyweight-tabata',
    title: 'Classic bodyweight Tabata',
    description:
      'Four Tabata blocks of eight rounds, each 20 seconds flat out and 10 seconds off, with a minute between blocks. Short, brutal and equipment-free.',
    goal: 'tabata',
    level: 'intermediate',
    estimated_minutes: 25,
    tags: ['tabata', 'hiit', 'bodyweight', 'home'],
    groups: [
      circuit(
        60,
        'Warm-up before the first block.',
        timed('jumping-jacks', 1, 60, 0),
        reps('inchworm', 1, 5, null, 0),
        timed('a-skip', 1, 30, 0),
      ),
      single(60, 'Block 1: drive the knees fast.', timed('mountain-climbers', 8, 20, 10)),
      single(60, 'Block 2: stay light and tall.', timed('high-knees', 8, 20, 10)),
      single(
        60,
        'Block 3: long lateral leaps, stick each landing.',
        timed('speed-skaters', 8, 20, 10),
      ),
      single(
        60,
        'Block 4: hips level as the feet jump in and out.',
        timed('plank-jacks', 8, 20, 10),
      ),
      single(0, 'Walk it off and stretch.', timed('downward-dog', 1, 45, 0)),
    ],
  },
  {
    slug: 'tabata-first-timer',
    title: 'Tabata for first-timers',
    description:
      'Two Tabata blocks with simple, low-skill moves and a proper warm-up and cool-down. Learn the 20-on, 10-off rhythm before adding more blocks.',
    goal: 'tabata',
    level: 'beginner',
    estimated_minutes: 15,
    tags: ['tabata', 'bodyweight', 'home', 'beginner'],
    groups: [
      circuit(
        60,
        'Warm-up: easy movement for a few minutes.',
        timed('arm-circles', 1, 30, 0),
        reps('walking-knee-hug', 1, 10, null, 0),
        timed('butt-kicks', 1, 30, 0),
      ),
      single(
        60,
        'Block 1: steady jacks; step them out if needed.',
        timed('jumping-jacks', 8, 20, 10),
      ),
      single(60, 'Block 2: knees up, arms pumping.', timed('high-knees', 8, 20, 10)),
      circuit(
        0,
        'Cool down.',
        timed('standing-quad-stretch', 1, 30, 0),
        timed('childs-pose', 1, 60, 0),
      ),
    ],
  },
  {
    slug: 'machine-and-rope-tabata',
    title: 'Air bike, rope and rower Tabata',
    description:
      'Four equipment Tabata blocks that let you go truly all-out without technical breakdown. Each block is 8 rounds of 20 seconds on, 10 off.',
    goal: 'tabata',
    level: 'advanced',
    estimated_minutes: 30,
    tags: ['tabata', 'hiit', 'cardio', 'advanced'],
    groups: [
      single(
        60,
        'Warm up on the rower, building to a hard last minute.',
        timed('rowing-machine-steady', 1, 300, 0),
      ),
      single(
        60,
        'Block 1: everything you have on the air bike.',
        timed('air-bike-sprint', 8, 20, 10),
      ),
      single(
        60,
        'Block 2: fast, continuous waves from a half squat.',
        timed('battle-rope-waves', 8, 20, 10),
      ),
      single(
        60,
        'Block 3: sprint strokes; legs first.',
        timed('rowing-sprint-intervals', 8, 20, 10),
      ),
      superset(
        60,
        'Block 4: alternate slams and double-unders, four rounds each.',
        timed('battle-rope-slams', 4, 20, 10),
        timed('double-unders', 4, 20, 10),
      ),
      single(0, 'Easy spin to cool down.', timed('stationary-bike-steady', 1, 180, 0)),
    ],
  },

  // ── Boxing ─────────────────────────────────────────────────────────────────
  {
    slug: 'boxing-fundamentals',
    title: 'Boxing fundamentals',
    description:
      'Stance, footwork and the basic punches, built up step by step and finished with shadowboxing rounds. No bag needed, just space to move.',
    goal: 'boxing',
    level: 'beginner',
    estimated_minutes: 35,
    tags: ['boxing', 'bodyweight', 'home', 'beginner'],
    groups: [
      single(30, 'Warm up with an easy skip.', timed('jump-rope-basic-bounce', 2, 60, 30)),
      single(
        60,
        'Small steps, never cross your feet, hands up.',
        timed('boxing-footwork-drill', 3, 60, 30),
      ),
      superset(
        60,
        'Snap the jab back to your face; turn the rear hip on the cross.',
        reps('jab-cross', 3, 20, null, 15),
        reps('jab-cross-hook', 3, 12, null, 0),
      ),
      superset(
        60,
        'Defence: move the head off the line, then roll under.',
        timed('slip-drill', 3, 45, 15),
        reps('bob-and-weave', 3, 10, null, 0),
      ),
      single(
        60,
        'Put it together: move, punch, defend. Relaxed shoulders.',
        timed('shadowboxing-round', 3, 120, 60),
      ),
      single(0, 'Stretch the shoulders.', timed('cross-body-shoulder-stretch', 2, 30, 0)),
    ],
  },
  {
    slug: 'heavy-bag-rounds',
    title: 'Heavy bag rounds',
    description:
      'A classic boxing gym session: skip, shadowbox, then six three-minute rounds on the heavy bag with a minute of rest. Finish with body shots and core work.',
    goal: 'boxing',
    level: 'intermediate',
    estimated_minutes: 60,
    tags: ['boxing', 'cardio', 'endurance', 'intermediate'],
    groups: [
      single(60, 'Three rounds of rope to warm up.', timed('jump-rope-alternate-foot', 3, 180, 60)),
      single(
        60,
        'Shadowbox with intent: visualise an opponent.',
        timed('shadowboxing-round', 2, 180, 60),
      ),
      single(
        90,
        'Three-minute rounds: mix combinations, keep moving around the bag, exhale on every punch.',
        timed('heavy-bag-round', 6, 180, 60),
      ),
      superset(
        60,
        'Dig to the body, then 20 seconds of all-out straight punches.',
        reps('body-hook', 3, 20, null, 10),
        timed('heavy-bag-power-burst', 3, 20, 0),
      ),
      superset(
        0,
        'Core to finish.',
        reps('russian-twist', 2, 20, null, 15),
        timed('plank', 2, 45, 15),
      ),
    ],
  },
  {
    slug: 'fight-camp-boxing-conditioning',
    title: 'Fight-camp boxing conditioning',
    description:
      'A hard session modelled on a fight camp: long bag work with short rest, then punch-speed sprints and head movement under fatigue. For experienced boxers with solid technique.',
    goal: 'boxing',
    level: 'advanced',
    estimated_minutes: 65,
    tags: ['boxing', 'endurance', 'hiit', 'advanced'],
    groups: [
      single(60, 'Fast rope: mix in double-unders.', timed('double-unders', 3, 120, 30)),
      single(60, 'Sharp footwork in and out of range.', timed('boxing-footwork-drill', 2, 90, 30)),
      single(
        60,
        'Eight rounds, 45 seconds rest: the championship distance feeling.',
        timed('heavy-bag-round', 8, 180, 45),
      ),
      circuit(
        90,
        'Three rounds: hand speed, head movement, then power.',
        timed('straight-punch-sprints', 3, 20, 10),
        reps('bob-and-weave', 3, 10, null, 10),
        timed('heavy-bag-power-burst', 3, 20, 10),
        reps('uppercut-combination', 3, 20, null, 0),
      ),
      superset(
        60,
        'Trunk strength for absorbing body shots.',
        reps('v-up', 3, 15, null, 10),
        timed('side-plank', 3, 30, 0),
      ),
      single(0, 'Cool down and loosen the neck.', timed('neck-side-stretch', 2, 30, 0)),
    ],
  },

  // ── Kickboxing ─────────────────────────────────────────────────────────────
  {
    slug: 'kickboxing-basics',
    title: 'Kickboxing basics',
    description:
      'The core kicks and knees of kickboxing, learned slowly and then linked with punches. Good balance and a turned hip matter more than power today.',
    goal: 'kickboxing',
    level: 'beginner',
    estimated_minutes: 35,
    tags: ['kickboxing', 'bodyweight', 'balance', 'beginner'],
    groups: [
      circuit(
        30,
        'Warm up the hips: kicks need them loose.',
        reps('leg-swings', 2, 10, null, 0),
        reps('standing-hip-circles', 2, 10, null, 0),
        timed('high-knees', 2, 30, 0),
      ),
      superset(
        60,
        'Teep: lift the knee, push through the ball of the foot. Then snap the basic punches.',
        reps('teep-kick', 3, 10, null, 15),
        reps('jab-cross', 3, 20, null, 0),
      ),
      single(
        60,
        'Pivot on the standing foot and turn the hip over. Slow reps per side.',
        reps('roundhouse-kick', 3, 10, null, 45),
      ),
      single(
        60,
        'Grab the guard, drive the knee up and through.',
        timed('alternating-knee-strikes', 3, 30, 30),
      ),
      single(
        60,
        'Flow: punches, kicks and knees at an easy pace.',
        timed('shadow-kickboxing-round', 3, 120, 60),
      ),
      single(0, 'Stretch the hips after all that kicking.', timed('butterfly-stretch', 1, 45, 0)),
    ],
  },
  {
    slug: 'kickboxing-bag-session',
    title: 'Kickboxing bag session',
    description:
      'Combinations and kicks on the heavy bag followed by five full kickboxing rounds. Build power through the hips and keep the guard up between strikes.',
    goal: 'kickboxing',
    level: 'intermediate',
    estimated_minutes: 55,
    tags: ['kickboxing', 'cardio', 'power', 'intermediate'],
    groups: [
      single(
        60,
        'Warm-up round: move, jab, loosen up.',
        timed('shadow-kickboxing-round', 2, 180, 60),
      ),
      superset(
        60,
        'Punches set up the kick: jab, cross, then roundhouse off the rear leg. Reps per side.',
        reps('jab-cross-roundhouse', 4, 10, null, 15),
        reps('low-kick', 4, 10, null, 0),
      ),
      superset(
        60,
        'Quick hop switch into the kick, then lift the shin to check.',
        reps('switch-kick', 3, 10, null, 15),
        reps('shin-check-drill', 3, 10, null, 0),
      ),
      single(
        90,
        'Five bag rounds: combinations of three to five strikes, always finish with a kick or a knee.',
        timed('kickboxing-heavy-bag-round', 5, 180, 60),
      ),
      superset(
        0,
        'Core for rotation power.',
        reps('bicycle-crunch', 3, 20, null, 15),
        reps('russian-twist', 3, 20, null, 0),
      ),
    ],
  },
  {
    slug: 'kickboxing-power-and-pace',
    title: 'Kickboxing power and pace',
    description:
      'An advanced session mixing explosive kicks, plyometrics and long bag rounds with short rest. It trains you to keep kicking hard when you are tired.',
    goal: 'kickboxing',
    level: 'advanced',
    estimated_minutes: 55,
    tags: ['kickboxing', 'power', 'plyometrics', 'advanced'],
    groups: [
      single(60, 'Rope warm-up with quick feet.', timed('jump-rope-alternate-foot', 2, 180, 30)),
      circuit(
        60,
        'Power primer: explode on every jump, then kick with full hip turn.',
        reps('tuck-jump', 3, 6, null, 15),
        reps('roundhouse-kick', 3, 8, null, 15),
        reps('lateral-bounds', 3, 8, null, 0),
      ),
      superset(
        60,
        'Side kick with the heel, then a front push kick. Reps per side.',
        reps('side-kick', 3, 10, null, 15),
        reps('teep-kick', 3, 12, null, 0),
      ),
      single(
        60,
        'Six rounds with 45 seconds rest. Keep the output high in the last minute of each round.',
        timed('kickboxing-heavy-bag-round', 6, 180, 45),
      ),
      circuit(
        60,
        'Two rounds of a clinch-and-sprint finisher.',
        timed('alternating-knee-strikes', 2, 30, 10),
        reps('sprawl', 2, 10, null, 10),
        timed('straight-punch-sprints', 2, 20, 0),
      ),
      single(0, 'Open the hips before you leave.', timed('pigeon-stretch', 2, 60, 0)),
    ],
  },

  // ── Sport ──────────────────────────────────────────────────────────────────
  {
    slug: 'basketball-court-conditioning',
    title: 'Basketball court conditioning',
    description:
      'Game-like conditioning for basketball: defensive slides, suicides and repeated jumps, with rest that mirrors stoppages in play. Do it on a court if you can.',
    goal: 'sport',
    level: 'intermediate',
    estimated_minutes: 45,
    tags: ['sport_conditioning', 'cardio', 'plyometrics', 'intermediate'],
    groups: [
      circuit(
        30,
        'Dynamic warm-up along the baseline.',
        timed('a-skip', 2, 30, 0),
        timed('carioca', 2, 30, 0),
        reps('leg-swings', 2, 10, null, 0),
      ),
      single(
        60,
        'Stay low, push off the trail foot, never cross your feet.',
        timed('defensive-slides', 6, 30, 30),
      ),
      single(
        120,
        'Touch every line. Rest matches a free-throw break.',
        timed('line-drill-suicides', 6, 60, 60),
      ),
      superset(
        90,
        'Rebound jumps: land soft, then a quick lateral bound each way.',
        reps('box-jump', 4, 6, null, 15),
        reps('lateral-bounds', 4, 8, null, 0),
      ),
      superset(
        60,
        'Core and ankles for staying upright through contact.',
        timed('side-plank', 3, 30, 10),
        timed('single-leg-balance', 3, 30, 0),
      ),
    ],
  },
  {
    slug: 'volleyball-jump-and-shoulder-conditioning',
    title: 'Volleyball jump and shoulder conditioning',
    description:
      'Conditioning for volleyball players: repeated jumps for blocking and attacking, quick lateral movement, and shoulder care for a healthy hitting arm.',
    goal: 'sport',
    level: 'intermediate',
    estimated_minutes: 40,
    tags: ['sport_conditioning', 'plyometrics', 'upper_body', 'intermediate'],
    groups: [
      circuit(
        30,
        'Warm up the shoulders and hips.',
        reps('band-pull-apart', 2, 15, null, 0),
        timed('arm-circles', 2, 30, 0),
        reps('walking-knee-hug', 2, 10, null, 0),
      ),
      single(
        90,
        'Block jumps: tall arms, quick off the floor, soft landing.',
        reps('tuck-jump', 4, 8, null, 60),
      ),
      superset(
        60,
        'Shuffle along the net, then sprint back to base.',
        timed('defensive-slides', 4, 20, 10),
        timed('backpedal-to-sprint', 4, 20, 0),
      ),
      single(60, 'Explode up onto the box and step down.', reps('box-jump', 4, 5, null, 60)),
      superset(
        60,
        'Shoulder care for hitters: slow and controlled.',
        reps('face-pull', 3, 15, 12, 15),
        reps('band-shoulder-dislocate', 3, 10, null, 0),
      ),
      single(0, 'Trunk stability for the attack swing.', reps('pallof-press', 3, 10, 10, 30)),
    ],
  },
  {
    slug: 'soccer-match-fitness',
    title: 'Soccer match fitness',
    description:
      'Repeated-sprint conditioning for soccer: short sprints, changes of direction and longer runs that reflect ninety minutes of play. Recover actively by jogging back.',
    goal: 'sport',
    level: 'advanced',
    estimated_minutes: 50,
    tags: ['sport_conditioning', 'endurance', 'lower_body', 'advanced'],
    groups: [
      circuit(
        30,
        'Dynamic warm-up over 20 metres.',
        timed('a-skip', 2, 30, 0),
        timed('carioca', 2, 30, 0),
        timed('butt-kicks', 2, 30, 0),
      ),
      single(
        90,
        'Ten sprints of 20 seconds, walk back to the start as recovery.',
        timed('flat-sprint', 10, 20, 40),
      ),
      single(
        120,
        'Turn hard at each cone, low centre of gravity.',
        timed('shuttle-run', 6, 30, 30),
      ),
      single(
        120,
        'Backpedal like tracking a runner, then turn and chase.',
        timed('backpedal-to-sprint', 6, 20, 40),
      ),
      single(
        90,
        'Longer efforts for the second half of a match.',
        timed('line-drill-suicides', 4, 60, 60),
      ),
      superset(
        60,
        'Hamstring and groin protection, a must for soccer players.',
        reps('nordic-hamstring-curl', 3, 5, null, 30),
        timed('copenhagen-plank', 3, 20, 0),
      ),
    ],
  },
  {
    slug: 'team-sport-fitness-starter',
    title: 'Team-sport fitness starter',
    description:
      'A first conditioning session for recreational team-sport players returning to the pitch or court. Builds running fitness and change of direction without overdoing it.',
    goal: 'sport',
    level: 'beginner',
    estimated_minutes: 25,
    tags: ['sport_conditioning', 'cardio', 'bodyweight', 'beginner'],
    groups: [
      circuit(
        30,
        'Warm-up: easy skipping and leg swings.',
        timed('a-skip', 2, 30, 0),
        reps('leg-swings', 2, 10, null, 0),
      ),
      single(60, 'Three-quarter pace, relaxed arms.', timed('flat-sprint', 6, 15, 45)),
      single(60, 'Side to side, feet apart, eyes up.', timed('defensive-slides', 4, 20, 40)),
      circuit(
        60,
        'Two rounds of simple strength for the legs and trunk.',
        reps('air-squat', 2, 12, null, 15),
        reps('bodyweight-reverse-lunge', 2, 8, null, 15),
        timed('plank', 2, 30, 0),
      ),
      single(0, 'Stretch the hamstrings.', timed('supine-hamstring-stretch', 2, 45, 0)),
    ],
  },
  {
    slug: 'recovery-mobility-flow',
    title: 'Recovery and mobility flow',
    description:
      'A gentle off-day session of foam rolling, mobility drills and long stretches to help athletes recover between games or hard training. Move slowly and breathe.',
    goal: 'sport',
    level: 'beginner',
    estimated_minutes: 25,
    tags: ['mobility', 'stretching', 'beginner', 'home'],
    groups: [
      circuit(
        0,
        'Roll slowly; pause on tender spots for a few breaths.',
        timed('foam-roll-thoracic', 1, 90, 10),
        timed('foam-roll-quads', 1, 90, 10),
        timed('foam-roll-calves', 1, 90, 0),
      ),
      circuit(
        30,
        'Spine and hip mobility: two gentle rounds.',
        reps('cat-cow', 2, 10, null, 0),
        reps('open-book-rotation', 2, 8, null, 0),
        reps('hip-90-90-switch', 2, 8, null, 0),
      ),
      single(30, 'Hold each side, reach long.', timed('worlds-greatest-stretch', 2, 60, 15)),
      circuit(
        0,
        'Long holds: relax into each one, both sides where it applies.',
        timed('pigeon-stretch', 2, 60, 10),
        timed('kneeling-hip-flexor-stretch', 2, 45, 10),
        timed('downward-dog', 1, 45, 10),
        timed('childs-pose', 1, 90, 0),
      ),
    ],
  },

  // ── Sport-specific ─────────────────────────────────────────────────────────
  {
    slug: 'jump-power-for-court-athletes',
    title: 'Jump power for court athletes',
    description:
      'Sport-specific power training for basketball and volleyball players: Olympic-lift derivatives, heavy squats and advanced plyometrics for a higher vertical. Train fresh, not tired.',
    goal: 'sport_specific',
    level: 'advanced',
    estimated_minutes: 55,
    tags: ['power', 'plyometrics', 'lower_body', 'advanced'],
    groups: [
      circuit(
        30,
        'Prime the legs.',
        reps('leg-swings', 1, 10, null, 0),
        reps('walking-knee-hug', 1, 10, null, 0),
        reps('broad-jump', 1, 3, null, 0),
      ),
      single(
        120,
        'Step off, touch and go: minimal ground contact.',
        reps('depth-jump', 4, 5, null, 90),
      ),
      single(120, 'Explosive from the hang; fast elbows.', reps('hang-power-clean', 5, 3, 70, 120)),
      superset(
        120,
        'Contrast pair: heavy squats, then jump straight after.',
        reps('barbell-back-squat', 4, 4, 110, 20),
        reps('box-jump', 4, 4, null, 0),
      ),
      superset(
        90,
        'Single-leg power and ankle stiffness. Reps per leg.',
        reps('single-leg-hop', 3, 6, null, 15),
        reps('bulgarian-split-squat', 3, 6, 24, 0),
      ),
      single(
        0,
        'Protect the hamstrings: lower as slowly as you can.',
        reps('nordic-hamstring-curl', 3, 5, null, 60),
      ),
    ],
  },
  {
    slug: 'agility-and-change-of-direction',
    title: 'Agility and change of direction',
    description:
      'Footwork ladders, shuttles and cone drills to sharpen first-step quickness and cutting for field and court sports. Quality beats fatigue: rest fully between reps.',
    goal: 'sport_specific',
    level: 'intermediate',
    estimated_minutes: 35,
    tags: ['sport_conditioning', 'plyometrics', 'balance', 'intermediate'],
    groups: [
      circuit(
        30,
        'Warm-up: skip and shuffle.',
        timed('a-skip', 2, 30, 0),
        timed('carioca', 2, 30, 0),
      ),
      superset(
        60,
        'Quick, light contacts in the ladder.',
        timed('ladder-quick-feet', 4, 20, 20),
        timed('icky-shuffle', 4, 20, 0),
      ),
      single(
        90,
        'Low hips at every cut; touch the line with your hand.',
        reps('pro-agility-shuttle', 6, 1, null, 60),
      ),
      single(
        90,
        'Sprint, shuffle, backpedal: face forward throughout.',
        reps('t-drill', 5, 1, null, 60),
      ),
      superset(
        60,
        'Stick each landing for a count of two.',
        reps('lateral-bounds', 3, 8, null, 15),
        reps('single-leg-hop', 3, 6, null, 0),
      ),
      single(0, 'Ankle and knee control.', timed('single-leg-balance', 2, 30, 15)),
    ],
  },
  {
    slug: 'rotational-power-for-hitters-and-throwers',
    title: 'Rotational power for hitters and throwers',
    description:
      'Sport-specific training for baseball, softball, tennis and golf: medicine-ball throws and landmine rotations for power, anti-rotation core work for control.',
    goal: 'sport_specific',
    level: 'intermediate',
    estimated_minutes: 40,
    tags: ['power', 'core', 'sport_conditioning', 'intermediate'],
    groups: [
      circuit(
        30,
        'Warm up the thoracic spine and hips.',
        reps('open-book-rotation', 2, 8, null, 0),
        reps('lunge-with-twist', 2, 8, null, 0),
        reps('band-pull-apart', 2, 15, null, 0),
      ),
      single(
        60,
        'Load the back hip, then throw hard into a wall. Reps per side.',
        reps('medicine-ball-rotational-throw', 4, 6, 4, 45),
      ),
      single(
        60,
        'Pivot the back foot and rotate from the hips, not the arms.',
        reps('landmine-rotation', 3, 8, 20, 60),
      ),
      superset(
        60,
        'Chop on a diagonal, then resist the twist.',
        reps('cable-woodchopper', 3, 10, 15, 15),
        reps('pallof-press', 3, 10, 10, 0),
      ),
      superset(
        60,
        'Upper-body push power, then a single-arm press.',
        reps('medicine-ball-chest-pass', 3, 8, 4, 15),
        reps('landmine-press', 3, 8, 20, 0),
      ),
      single(0, 'Shoulder health for the throwing arm.', reps('face-pull', 3, 15, 12, 45)),
    ],
  },
  {
    slug: 'athletic-foundations-beginner',
    title: 'Athletic foundations',
    description:
      'A starting point for young or new athletes: landing mechanics, basic sprint drills, balance and bodyweight strength that every sport builds on.',
    goal: 'sport_specific',
    level: 'beginner',
    estimated_minutes: 30,
    tags: ['sport_conditioning', 'balance', 'bodyweight', 'beginner'],
    groups: [
      circuit(
        30,
        'Warm-up: two relaxed rounds.',
        timed('a-skip', 2, 20, 0),
        reps('walking-knee-hug', 2, 8, null, 0),
        reps('inchworm', 2, 4, null, 0),
      ),
      single(
        60,
        'Jump forward and freeze on landing: knees over toes, hips back.',
        reps('broad-jump', 4, 4, null, 45),
      ),
      single(
        60,
        'Quick, light feet; stay on the balls of your feet.',
        timed('ladder-quick-feet', 4, 20, 30),
      ),
      superset(
        60,
        'Balance work: steady hips, soft knee.',
        timed('single-leg-balance', 2, 30, 10),
        reps('single-leg-reach', 2, 8, null, 0),
      ),
      circuit(
        60,
        'Basic strength, two rounds: a light dumbbell for the squat only.',
        reps('goblet-squat', 2, 10, 8, 15),
        reps('push-up', 2, 8, null, 15),
        reps('glute-bridge', 2, 12, null, 15),
        reps('bird-dog', 2, 8, null, 0),
      ),
      single(0, 'Stretch the hip flexors.', timed('kneeling-hip-flexor-stretch', 2, 45, 0)),
    ],
  },
];
