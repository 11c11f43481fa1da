import MiniSearch from 'minisearch';

/** A library exercise as the steps answer needs it. */
export interface StepsExercise {
  id: number;
  name: string;
  steps: string[];
  kind: 'reps' | 'timed';
  equipment: string[];
}

export interface StepsAnswer {
  steps: string[];
  cues: string[];
  mistakes: string[];
}

interface Pattern {
  name: string;
  match: RegExp;
  cues: string[];
  mistakes: string[];
}

/**
 * Coaching per movement pattern, in FitCoach's words. Order matters: the first pattern whose
 * words appear in the exercise's name wins ("Romanian deadlift" is a hinge before anything else).
 */
const PATTERNS: Pattern[] = [
  {
    name: 'olympic',
    match: /\b(clean|snatch|jerk|high pull)\b/i,
    cues: [
      'Start the pull slowly and accelerate once the bar passes the knees.',
      'Drive with the legs and hips; the arms only guide the bar.',
      'Keep the bar close to the body the whole way up.',
      'Meet the bar with a solid catch position, elbows fast.',
    ],
    mistakes: [
      'Pulling early with the arms instead of finishing the hip drive.',
      'Letting the bar swing away from the body.',
      'Using a load that turns the lift into a slow muscle-up.',
    ],
  },
  {
    name: 'hinge',
    match:
      /\b(deadlift|rdl|good morning|swing|pull-through|pull through|hip hinge|hyperextension|back extension)\b/i,
    cues: [
      'Push the hips back as if closing a door behind you.',
      'Keep a long, neutral spine and the weight close to your legs.',
      'Brace your trunk before each rep and breathe between reps.',
      'Finish by squeezing the glutes, not by leaning back.',
    ],
    mistakes: [
      'Rounding the lower back to reach the floor.',
      'Turning the hinge into a squat by bending the knees too much.',
      'Letting the weight drift away from the body.',
      'Over-arching the lower back at the top.',
    ],
  },
  {
    name: 'hip-extension',
    match: /\b(hip thrust|glute bridge|bridge|kickback)\b/i,
    cues: [
      'Tuck the chin and keep the ribs down.',
      'Drive through the heels and pause with the glutes squeezed at the top.',
      'Move from the hips, keeping the spine still.',
    ],
    mistakes: [
      'Arching the lower back to fake extra height.',
      'Pushing through the toes so the thighs take over.',
      'Rushing the top instead of pausing.',
    ],
  },
  {
    name: 'lunge',
    match: /\b(lunge|split squat|step-up|step up|pistol|skater)\b/i,
    cues: [
      'Keep most of the weight on the front foot.',
      'Let the front knee travel forward in line with the toes.',
      'Stay tall through the trunk and control the way down.',
      'Use a wall or support for balance while you learn it.',
    ],
    mistakes: [
      'A stance so narrow that balance becomes the exercise.',
      'The front knee collapsing inwards.',
      'Pushing off the back foot instead of the front one.',
    ],
  },
  {
    name: 'squat',
    match: /\b(squat|leg press|thruster|wall sit|sissy)\b/i,
    cues: [
      'Brace your trunk before you descend and keep it braced.',
      'Spread the floor with your feet so the knees track over the toes.',
      'Sit down between your hips, chest proud, heels down.',
      'Drive up through the whole foot at the same pace the hips rise.',
    ],
    mistakes: [
      'Knees caving in on the way up.',
      'Heels lifting off the floor.',
      'Hips shooting up first so the squat becomes a good morning.',
      'Cutting depth short as the set gets hard.',
    ],
  },
  {
    name: 'vertical-push',
    match:
      /\b(overhead press|shoulder press|military press|push press|arnold|landmine press|handstand|pike push)\b/i,
    cues: [
      'Squeeze the glutes and brace so the lower back stays neutral.',
      'Press in a straight line and bring the head through once the weight passes it.',
      'Finish with the weight stacked over the shoulders and mid-foot.',
    ],
    mistakes: [
      'Leaning back and turning the press into an incline press.',
      'Flaring the elbows far out at the bottom.',
      'Pressing the weight forward instead of up.',
    ],
  },
  {
    name: 'horizontal-push',
    match:
      /\b(bench|push-up|push up|press-up|chest press|dip|floor press|fly|crossover|pec deck)\b/i,
    cues: [
      'Set the shoulder blades back and down before the first rep.',
      'Keep the elbows at roughly 45 degrees from the body.',
      'Control the lowering phase and touch the same spot each rep.',
      'Keep the body tight from head to heels (or feet planted on a bench).',
    ],
    mistakes: [
      'Bouncing the weight off the chest.',
      'Elbows flared straight out to the sides.',
      'Hips sagging (push-ups) or lifting off the bench (presses).',
      'Half reps as the set gets hard.',
    ],
  },
  {
    name: 'vertical-pull',
    match: /\b(pull-up|pull up|chin-up|chin up|pulldown|pull-down|muscle-up)\b/i,
    cues: [
      'Start each rep by pulling the shoulder blades down.',
      'Drive the elbows down towards the hips.',
      'Lower all the way under control to a full hang or stretch.',
    ],
    mistakes: [
      'Swinging or kipping to get the chin over the bar.',
      'Shrugging the shoulders up to the ears.',
      'Stopping reps short of a full range.',
    ],
  },
  {
    name: 'horizontal-pull',
    match: /\b(row|face pull|pull-apart|pullover|rear delt|reverse fly)\b/i,
    cues: [
      'Keep a neutral spine and a still trunk.',
      'Lead with the elbows and squeeze the shoulder blades together at the end.',
      'Lower the weight with control until the arms are long.',
    ],
    mistakes: [
      'Jerking the weight up with the lower back.',
      'Shrugging instead of pulling back.',
      'Cutting the stretch short at the bottom.',
    ],
  },
  {
    name: 'arms',
    match: /\b(curl|extension|skull crusher|pushdown|kickback|triceps|biceps)\b/i,
    cues: [
      'Keep the upper arms still; only the elbow moves.',
      'Take two to three seconds on the way down.',
      'Use the full range, from long arms to a full squeeze.',
    ],
    mistakes: [
      'Swinging the body to move the weight.',
      'Letting the elbows drift forward or flare.',
      'Going too heavy for clean reps.',
    ],
  },
  {
    name: 'raise',
    match: /\b(raise|shrug|upright row|y-raise)\b/i,
    cues: [
      'Lead with the elbows and keep a soft bend in them.',
      'Lift under control and pause briefly at the top.',
      'Keep the neck relaxed and the ribs down.',
    ],
    mistakes: [
      'Swinging the weights up with momentum.',
      'Lifting far above shoulder height with a pinch in the shoulder.',
      'Using weights too heavy to control.',
    ],
  },
  {
    name: 'core',
    match:
      /\b(plank|crunch|sit-up|sit up|twist|rotation|woodchop|dead bug|bird dog|hollow|leg raise|knee raise|ab wheel|rollout|mountain climber|v-up|flutter|get-up|windmill|pallof)\b/i,
    cues: [
      'Brace as if expecting a light punch to the stomach.',
      'Keep the lower back from arching off the floor or sagging.',
      'Breathe steadily; do not hold the breath for the whole set.',
    ],
    mistakes: [
      'Pulling on the neck in crunches and sit-ups.',
      'Letting the hips sag or pike in planks.',
      'Rushing reps so momentum does the work.',
    ],
  },
  {
    name: 'calf',
    match: /\bcalf\b|\bcalves\b/i,
    cues: [
      'Go through the full range, from a deep stretch to high on the toes.',
      'Pause at the top and at the bottom of each rep.',
    ],
    mistakes: ['Bouncing at the bottom.', 'Short, fast reps that skip the stretch.'],
  },
  {
    name: 'jump',
    match: /\b(jump\w*|burpees?|bound\w*|hops?|skips?|jacks?|box|broad)\b/i,
    cues: [
      'Land softly on the whole foot with the knees in line with the toes.',
      'Swing the arms to help the take-off.',
      'Reset between reps if landings get sloppy.',
    ],
    mistakes: [
      'Landing stiff-legged or on the heels.',
      'Knees caving in on landing.',
      'Jumping down from a high box instead of stepping down.',
    ],
  },
  {
    name: 'cardio',
    match:
      /\b(run|running|sprint|jog|bike|cycling|row machine|rowing|erg|elliptical|stair|swim|walk|jump rope|skipping|shadowbox|punch|kick|bag)\b/i,
    cues: [
      'Settle into a pace you can hold for the whole interval.',
      'Keep the shoulders relaxed and breathe rhythmically.',
      'Stay light and quick rather than long and heavy with each stride or strike.',
    ],
    mistakes: [
      'Starting too fast and fading halfway.',
      'Tensing the shoulders and holding the breath.',
      'Skipping the warm-up before hard efforts.',
    ],
  },
  {
    name: 'carry',
    match: /\b(carry|walk|farmer|suitcase|yoke)\b/i,
    cues: [
      'Stand tall with the shoulders down and back.',
      'Take short, controlled steps.',
      'Grip hard and keep the weights from swinging.',
    ],
    mistakes: ['Leaning to one side.', 'Rushing so the weights swing.'],
  },
  {
    name: 'stretch',
    match: /\b(stretch|mobility|yoga|pose|cat|cow|child|foam)\b/i,
    cues: [
      'Move into the position slowly and breathe out as you go deeper.',
      'Aim for a gentle pull, never pain.',
    ],
    mistakes: ['Bouncing into the stretch.', 'Holding the breath.'],
  },
];

const GENERAL: Record<'reps' | 'timed', Pick<Pattern, 'cues' | 'mistakes'>> = {
  reps: {
    cues: [
      'Move under control on the way down and with intent on the way up.',
      'Keep the same range of motion for every rep.',
      'Stop the set when your form starts to change.',
    ],
    mistakes: ['Using momentum instead of muscle.', 'Going heavier than you can control.'],
  },
  timed: {
    cues: [
      'Pick a pace you can hold for the whole interval.',
      'Breathe steadily throughout.',
      'Keep good position even as you tire.',
    ],
    mistakes: ['Starting too fast.', 'Letting posture collapse near the end.'],
  },
};

/** The coaching pattern an exercise's name belongs to, if any. */
export function patternOf(name: string): string | null {
  return PATTERNS.find((p) => p.match.test(name))?.name ?? null;
}

/** Steps from the library, with the cues and common mistakes of the exercise's pattern. */
export function stepsFor(exercise: StepsExercise): StepsAnswer {
  const pattern = PATTERNS.find((p) => p.match.test(exercise.name));
  const coaching = pattern ?? GENERAL[exercise.kind];
  return {
    steps: exercise.steps.length > 0 ? exercise.steps : [],
    cues: coaching.cues,
    mistakes: coaching.mistakes,
  };
}

export interface NamedExercise {
  id: number;
  name: string;
}

export type NameMatch =
  { found: true; id: number; name: string } | { found: false; closest: string[] };

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The library exercise a member means by a name: exact (ignoring case and punctuation), else
 * the best fuzzy match that matched every word they typed; otherwise the closest names, so the
 * answer can say what was meant.
 */
export function matchExerciseName(query: string, library: NamedExercise[]): NameMatch {
  const wanted = norm(query);
  const exact = library.find((e) => norm(e.name) === wanted);
  if (exact) return { found: true, id: exact.id, name: exact.name };

  const search = new MiniSearch<NamedExercise>({
    fields: ['name'],
    storeFields: ['name'],
    processTerm: (term) => {
      const t = term.toLowerCase();
      // Plurals ("squats") and singulars ("squat") are one word here.
      return t.length > 3 && t.endsWith('s') && !t.endsWith('ss') ? t.slice(0, -1) : t;
    },
    tokenize: (text) => text.split(/[\s\-_/,.()]+/).filter(Boolean),
    searchOptions: {
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 4 ? 0.25 : false),
      combineWith: 'OR',
    },
  });
  search.addAll(library);
  const words = new Set(
    query
      .toLowerCase()
      .split(/[\s\-_/,.()]+/)
      .filter(Boolean)
      .map((t) => (t.length > 3 && t.endsWith('s') && !t.endsWith('ss') ? t.slice(0, -1) : t)),
  );
  const results = search.search(query);
  const best = results
    .filter((r) => r.queryTerms.length >= words.size)
    // Equal scores: the shorter name is the plainer exercise ("Push-up" before "Decline push-up").
    .sort((a, b) => b.score - a.score || String(a.name).length - String(b.name).length)[0];
  if (best && words.size > 0) return { found: true, id: Number(best.id), name: String(best.name) };
  return { found: false, closest: results.slice(0, 3).map((r) => String(r.name)) };
}
