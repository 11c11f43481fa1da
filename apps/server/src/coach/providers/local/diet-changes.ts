import {
  DIET_KCAL,
  type DietChange,
  type DietDiff,
  type DietDiffItem,
  type DietExclusion,
  type DietFood,
  type DietPlan,
  type PlanMeal,
} from '@fitcoach/shared/diets';
import { mealTypes, type MealType } from '@fitcoach/shared/foods';
import { DEFAULT_LOCALE, type Locale } from '@fitcoach/shared/locales';
import type { MealPreference } from '@fitcoach/shared/profile';
import { foodName, translatedFoodNames } from '../../../i18n/food-names';
import {
  allowedFoods,
  DietPlanningError,
  fitsPreference,
  mealTotals,
  planMealsLocal,
  replanMealsLocal,
  withTargets,
} from './diet-planner';

export interface ParsedRequest {
  changes: DietChange[];
  /** Parts of the request no rule understood, as the member wrote them. */
  unknown: string[];
  /**
   * Parts a model understood but no change operation can express ("make it cheaper"), as the
   * member wrote them; the local parser leaves this out.
   */
  unsupported?: string[];
}

/*
 * The parser reads English and Spanish alike, whatever the member's locale: a member may type
 * either. Text is lower-cased and stripped of accents first ("lácteos" = "lacteos"), so the
 * Spanish words below are written without them.
 */

/** Words that carry no meaning of their own in a request ("please make it vegan"). */
const filler = new Set(
  `please pls i i'd id i'm im am want would like to make it my the a an me some can could you
  diet plan meal meals be go switch change set target aim for at around about of per day daily
  only just instead with have let's lets rather use should need prefer also bit little lot much
  in on more less
  por favor porfa quiero quisiera queria me gustaria hazla hazlo haz hacer pon ponme poner dame
  la el lo los las un una unos unas de del al en para con mi mis dieta plan comidas dia diario
  diaria diarias diarios que sea ser solo solamente ahora tambien necesito prefiero objetivo
  meta alrededor aproximadamente unas cambia cambiar cambiala pasa pasar pasala paso mas menos
  poco mucho algo total hoy gracias`.split(/\s+/),
);

const exclusionWords: Record<string, DietExclusion> = {
  dairy: 'dairy',
  milk: 'dairy',
  lactose: 'dairy',
  meat: 'meat',
  'red meat': 'meat',
  fish: 'fish',
  seafood: 'fish',
  egg: 'eggs',
  eggs: 'eggs',
  nut: 'nuts',
  nuts: 'nuts',
  gluten: 'gluten',
  wheat: 'gluten',
  soy: 'soy',
  soya: 'soy',
  lacteos: 'dairy',
  lacteo: 'dairy',
  leche: 'dairy',
  lactosa: 'dairy',
  carne: 'meat',
  carnes: 'meat',
  'carne roja': 'meat',
  'carnes rojas': 'meat',
  pescado: 'fish',
  pescados: 'fish',
  marisco: 'fish',
  mariscos: 'fish',
  huevo: 'eggs',
  huevos: 'eggs',
  'frutos secos': 'nuts',
  'fruto seco': 'nuts',
  nueces: 'nuts',
  trigo: 'gluten',
  soja: 'soy',
};

const preferenceWords: Record<string, MealPreference> = {
  omnivore: 'omnivore',
  vegetarian: 'vegetarian',
  veggie: 'vegetarian',
  vegan: 'vegan',
  'plant based': 'vegan',
  'plant-based': 'vegan',
  pescatarian: 'pescatarian',
  pescetarian: 'pescatarian',
  keto: 'keto',
  ketogenic: 'keto',
  paleo: 'paleo',
  mediterranean: 'mediterranean',
  omnivoro: 'omnivore',
  omnivora: 'omnivore',
  vegetariano: 'vegetarian',
  vegetariana: 'vegetarian',
  vegano: 'vegan',
  vegana: 'vegan',
  'basada en plantas': 'vegan',
  'a base de plantas': 'vegan',
  pescetariano: 'pescatarian',
  pescetariana: 'pescatarian',
  pescatariano: 'pescatarian',
  pescatariana: 'pescatarian',
  cetogenica: 'keto',
  cetogenico: 'keto',
  paleolitica: 'paleo',
  mediterranea: 'mediterranean',
  mediterraneo: 'mediterranean',
};

const mealWords: Record<string, MealType> = {
  breakfast: 'breakfast',
  lunch: 'lunch',
  dinner: 'dinner',
  supper: 'dinner',
  snack: 'snack',
  snacks: 'snack',
  desayuno: 'breakfast',
  // In Spain "la comida" is the midday meal (the catalogue's "almuerzo").
  comida: 'lunch',
  almuerzo: 'lunch',
  cena: 'dinner',
  merienda: 'snack',
  meriendas: 'snack',
  tentempie: 'snack',
  tentempies: 'snack',
};

const moreWords = new Set([
  'more',
  'extra',
  'higher',
  'increase',
  'raise',
  'add',
  'bigger',
  'high',
  'mas',
  'aumenta',
  'aumentar',
  'sube',
  'subir',
  'mayor',
  'alta',
  'alto',
  'anade',
  'anadir',
]);
const lessWords = new Set([
  'less',
  'lower',
  'fewer',
  'reduce',
  'decrease',
  'cut',
  'smaller',
  'low',
  'menos',
  'reducir',
  'baja',
  'bajar',
  'menor',
  'recorta',
]);
const excludeWords = [
  'no',
  'without',
  'remove',
  'drop',
  'avoid',
  'exclude',
  'skip',
  'not',
  "don't",
  'dont',
  'cut',
  'ban',
  'hold',
  'lose',
  'out',
  'sin',
  'nada',
  'ni',
  'quita',
  'quitar',
  'quitame',
  'elimina',
  'eliminar',
  'evita',
  'evitar',
  'excluye',
  'excluir',
  'fuera',
];
/** Words between "no"/"sin" and what to leave out ("I don't eat fish", "no quiero lácteos"). */
const excludeLinkers = [
  'eat',
  'any',
  'the',
  'more',
  'quiero',
  'como',
  'comer',
  'tomo',
  'tomar',
  'de',
  'el',
  'la',
  'los',
  'las',
  'mas',
];
const swapWords = new Set([
  'swap',
  'replace',
  'different',
  'new',
  'another',
  'other',
  'change',
  'switch',
  'redo',
  'cambia',
  'cambiar',
  'cambiame',
  'otro',
  'otra',
  'distinto',
  'distinta',
  'diferente',
  'nuevo',
  'nueva',
  'reemplaza',
  'reemplazar',
  'sustituye',
  'sustituir',
  'rehaz',
  'rehacer',
]);
const proteinWords = new Set(['protein', 'proteins', 'proteina', 'proteinas']);
const calorieWords = new Set([
  'calories',
  'calorie',
  'kcal',
  'cal',
  'cals',
  'energy',
  'total',
  'calorias',
  'caloria',
  'kilocalorias',
  'energia',
]);
/** "More food" / "más comida": the day's calories (checked after "comida" as lunch fails). */
const foodWords = new Set(['food', 'comida']);

// Joiners between clauses, English and Spanish ("no dairy and 1800 kcal", "sin lácteos y 1800
// kcal"); whole words only, accented letters counting as letters. A comma or point inside a
// number ("2,100", "1.800") joins nothing.
const clauseSplit =
  /\s*(?:[;&+]|,(?!\d{3}(?!\d))|\.(?!\d)|(?<!\p{L})(?:and|plus|but|then|also|y|ni|pero|luego|ademas|además|tambien|también)(?!\p{L}))\s*/iu;

/** Lower case without accents, so "Sin Lácteos" and "sin lacteos" read the same. */
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function tokens(clause: string): string[] {
  return clause
    .toLowerCase()
    .replace(/[!?¡¿"“”«»()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

const onlyFiller = (words: string[]) => words.every((w) => filler.has(w));

/** Singular form for name matching: "bananas" → "banana", "berries" → "berry". */
function singular(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('oes') && word.length > 4) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && word.length > 3) return word.slice(0, -1);
  return word;
}

const wordPattern = (phrase: string) => new RegExp(`(^|\\s)${phrase}(?=\\s|$)`);

function direction(words: string[]): 'more' | 'less' | null {
  if (words.some((w) => moreWords.has(w))) return 'more';
  if (words.some((w) => lessWords.has(w))) return 'less';
  return null;
}

function parseClause(clause: string, foods: readonly DietFood[]): DietChange | null {
  // Courtesy words at either end carry nothing ("dairy-free please", "sin lácteos, por favor").
  const text = normalise(clause)
    .trim()
    .replace(/[!?¡¿"“”«»()]/g, ' ')
    .trim()
    .replace(/^(?:please|pls|ok|okay|vale|por favor)\s+/, '')
    .replace(/\s+(?:please|pls|thanks|thank you|por favor|gracias)$/, '');
  const words = tokens(text);
  if (words.length === 0) return null;

  // "1800 kcal", "set calories to 2,100", "2000 calories a day", "1.800 calorías al día"
  const kcalMatch =
    /(?<![\d.,])(\d{1,3}(?:[.,]\d{3})+|\d{3,7})(?![\d]|[.,]\d)\s*(k?cals?|kilocalories|calories|kilocalorias|calorias)?(?!\p{L})/u.exec(
      text,
    );
  if (kcalMatch) {
    const rest = tokens(text.replace(kcalMatch[0], ' ')).filter((w) => !calorieWords.has(w));
    if (onlyFiller(rest)) return { type: 'kcal', kcal: Number(kcalMatch[1]!.replace(/[.,]/g, '')) };
    return null;
  }

  // "more calories", "fewer calories", "más calorías", "menos comida"
  const step = direction(words);
  const calorieWord = words.some((w) => calorieWords.has(w));
  if (calorieWord || words.some((w) => foodWords.has(w))) {
    const rest = words.filter(
      (w) => !calorieWords.has(w) && !foodWords.has(w) && !moreWords.has(w) && !lessWords.has(w),
    );
    if (step && onlyFiller(rest)) return { type: 'kcal_step', direction: step };
    // "comida" is also lunch ("cambia la comida"): read on.
    if (calorieWord || words.includes('food')) return null;
  }

  // "more protein at breakfast", "less protein", "más proteína en el desayuno"
  if (words.some((w) => proteinWords.has(w))) {
    const mealWord = words.find((w) => w in mealWords);
    const rest = words.filter(
      (w) => !proteinWords.has(w) && !moreWords.has(w) && !lessWords.has(w) && !(w in mealWords),
    );
    if (step && onlyFiller(rest)) {
      return { type: 'protein', direction: step, meal: mealWord ? mealWords[mealWord]! : null };
    }
    return null;
  }

  // "swap lunch", "a different breakfast", "cambia la comida", "otra cena"
  const mealWord = words.find((w) => w in mealWords);
  if (mealWord && words.some((w) => swapWords.has(w))) {
    const rest = words.filter((w) => w !== mealWord && !swapWords.has(w));
    if (onlyFiller(rest)) return { type: 'swap', meal: mealWords[mealWord]! };
    return null;
  }

  // "vegetarian", "make it vegan", "go keto", "plant based", "hazla vegetariana"
  for (const [word, preference] of Object.entries(preferenceWords)) {
    const pattern = wordPattern(word);
    if (pattern.test(text)) {
      const rest = tokens(text.replace(pattern, ' '));
      if (onlyFiller(rest)) return { type: 'preference', preference };
    }
  }

  // "dairy free", "gluten-free", "libre de gluten"
  const freeMatch =
    /^(.*?\s)?([a-z]+)[\s-]free$/.exec(text) ?? /^(.*?\s)?libres? de\s+(.+)$/.exec(text);
  // "no dairy", "without eggs", "remove bananas", "I don't eat fish", "sin lácteos", "no como carne"
  const excludeMatch = new RegExp(
    `(?:^|\\s)(?:${excludeWords.join('|')})\\s+(?:(?:${excludeLinkers.join('|')})\\s+)*(.+)$`,
  ).exec(text);
  const subjectWords = tokens(freeMatch?.[2] ?? excludeMatch?.[1] ?? '');
  // Trailing courtesy ("no dairy at all please") says nothing about what to leave out.
  while (subjectWords.length > 1 && filler.has(subjectWords.at(-1)!)) subjectWords.pop();
  const subject = subjectWords.join(' ');
  if (subject) {
    const before = freeMatch ? (freeMatch[1] ?? '') : text.slice(0, excludeMatch!.index);
    if (!onlyFiller(tokens(before))) return null;
    const exclusion = exclusionWords[subject];
    if (exclusion) return { type: 'exclude', exclusion };
    const name = singular(subject);
    if (name.length >= 3 && !filler.has(name)) {
      // A food is named as the diet page shows it, in English or in the member's language;
      // a translated name must start a word ("sin jamón" must not reach "champiñones").
      const wordStart = new RegExp(`(?:^|[^\\p{L}])${escapeRegExp(name)}`, 'u');
      const ids = foods
        .filter(
          (f) =>
            normalise(f.name).includes(name) ||
            translatedFoodNames(f).some((n) => wordStart.test(normalise(n))),
        )
        .map((f) => f.id);
      if (ids.length > 0) return { type: 'exclude_food', word: name, food_ids: ids };
    }
    return null;
  }
  return null;
}

/** Reads a change request in plain words: every clause is understood or reported. */
export function parseChangeRequest(request: string, foods: readonly DietFood[]): ParsedRequest {
  const changes: DietChange[] = [];
  const unknown: string[] = [];
  for (const clause of request.split(clauseSplit)) {
    const trimmed = clause.trim();
    if (!trimmed || onlyFiller(tokens(trimmed))) continue;
    let change = parseClause(trimmed, foods);
    // "no dairy and eggs", "sin lácteos ni huevos": a bare subject after an exclusion is one too.
    const previous = changes.at(-1);
    if (!change && (previous?.type === 'exclude' || previous?.type === 'exclude_food')) {
      const inherited = parseClause(`no ${trimmed}`, foods);
      if (inherited?.type === 'exclude' || inherited?.type === 'exclude_food') change = inherited;
    }
    if (change) changes.push(change);
    else unknown.push(trimmed);
  }
  return { changes, unknown };
}

/** Why a change could not be made (worded by the service). */
export type RefusalReason =
  | { reason: 'not_understood'; unknown: string[] }
  | { reason: 'unsupported'; unsupported: string[] }
  | { reason: 'nothing_asked' }
  | { reason: 'kcal_out_of_range'; kcal: number; min: number; max: number }
  | { reason: 'already_kcal'; kcal: number }
  | { reason: 'already_preference'; preference: MealPreference }
  | { reason: 'already_excluded'; exclusion: DietExclusion }
  | { reason: 'food_not_in_plan'; word: string }
  | { reason: 'protein_at_limit' }
  | { reason: 'no_foods' }
  | { reason: 'targets_unreachable' }
  | { reason: 'no_other_foods'; meal: MealType }
  | { reason: 'meal_protein_not_raised'; meal: MealType }
  | { reason: 'conflict'; first: DietChange; second: DietChange };

export class DietChangeRefused extends Error {
  /** The first problem (kept for callers that name one). */
  readonly why: RefusalReason;

  constructor(
    readonly understood: DietChange[],
    /** Every problem found with the request, in the order of its clauses: at least one. */
    readonly reasons: RefusalReason[],
  ) {
    super(`diet change refused: ${reasons.map((r) => r.reason).join(', ')}`);
    this.name = 'DietChangeRefused';
    this.why = reasons[0]!;
  }
}

/** The exclusions a preference already implies (vegan already has no dairy, meat, fish, eggs). */
export const impliedExclusions: Partial<Record<MealPreference, DietExclusion[]>> = {
  vegan: ['dairy', 'meat', 'fish', 'eggs'],
  vegetarian: ['meat', 'fish'],
  pescatarian: ['meat'],
  paleo: ['dairy', 'gluten'],
  dairy_free: ['dairy'],
  gluten_free: ['gluten'],
};

const KCAL_STEP = 0.1;
const PROTEIN_STEP = 1.15;
const PROTEIN_BOOST_MAX = 1.6;
const PROTEIN_BOOST_MIN = 0.6;

export interface AppliedChange {
  plan: DietPlan;
  understood: DietChange[];
  /** Meals the request did not name whose grams moved to hold the day's targets (foods kept). */
  rebalanced: MealType[];
}

/**
 * Applies understood changes to a plan and replans the day; checks afterwards that each change
 * really happened. Anything it cannot do throws DietChangeRefused naming what it understood and
 * every problem it found (not only the first), so the member can fix them all at once.
 */
export function applyChanges(
  plan: DietPlan,
  parsed: ParsedRequest,
  foods: readonly DietFood[],
): AppliedChange {
  const understood = parsed.changes;
  const problems: RefusalReason[] = [];
  // A problem with one clause is noted and the others still checked; nothing is applied unless
  // every clause can be.
  const problem = (why: RefusalReason) => {
    problems.push(why);
  };
  const refuse = (why: RefusalReason): never => {
    throw new DietChangeRefused(understood, [...problems, why]);
  };
  const refuseIfProblems = () => {
    if (problems.length > 0) throw new DietChangeRefused(understood, problems);
  };
  const unsupported = parsed.unsupported ?? [];
  if (parsed.unknown.length > 0) problem({ reason: 'not_understood', unknown: parsed.unknown });
  if (unsupported.length > 0) problem({ reason: 'unsupported', unsupported });
  if (understood.length === 0) {
    refuseIfProblems();
    refuse({ reason: 'nothing_asked' });
  }

  const next: Omit<DietPlan, 'meals' | 'targets'> = {
    ...plan,
    exclusions: [...plan.exclusions],
    excluded_food_ids: [...plan.excluded_food_ids],
    protein_focus: [...plan.protein_focus],
    meal_seeds: { ...plan.meal_seeds },
  };
  const avoid: Partial<Record<MealType, number[]>> = {};
  const seen = new Map<string, DietChange>();
  const planFoodIds = new Set(plan.meals.flatMap((m) => m.items.map((i) => i.food_id)));
  let finalPreference = plan.meal_preference;
  for (const change of understood) {
    if (change.type === 'preference') finalPreference = change.preference;
  }

  for (const change of understood) {
    // Two changes of one kind that disagree ("1800 kcal and 2000 kcal") cannot both be met.
    const key =
      change.type === 'kcal' || change.type === 'kcal_step'
        ? 'kcal'
        : change.type === 'preference'
          ? 'preference'
          : change.type === 'protein'
            ? `protein`
            : null;
    if (key) {
      const earlier = seen.get(key);
      if (earlier && JSON.stringify(earlier) !== JSON.stringify(change)) {
        if (!(
          earlier.type === 'protein' &&
          change.type === 'protein' &&
          earlier.direction === change.direction
        )) {
          problem({ reason: 'conflict', first: earlier, second: change });
          continue;
        }
      }
      seen.set(key, change);
    }
    switch (change.type) {
      case 'kcal': {
        if (change.kcal < DIET_KCAL.min || change.kcal > DIET_KCAL.max) {
          problem({
            reason: 'kcal_out_of_range',
            kcal: change.kcal,
            min: DIET_KCAL.min,
            max: DIET_KCAL.max,
          });
        } else if (change.kcal === plan.targets.kcal) {
          problem({ reason: 'already_kcal', kcal: change.kcal });
        } else next.kcal_override = change.kcal;
        break;
      }
      case 'kcal_step': {
        const factor = change.direction === 'more' ? 1 + KCAL_STEP : 1 - KCAL_STEP;
        const kcal = Math.round((plan.targets.kcal * factor) / 10) * 10;
        if (kcal < DIET_KCAL.min || kcal > DIET_KCAL.max) {
          problem({ reason: 'kcal_out_of_range', kcal, min: DIET_KCAL.min, max: DIET_KCAL.max });
        } else next.kcal_override = kcal;
        break;
      }
      case 'preference': {
        if (change.preference === plan.meal_preference) {
          problem({ reason: 'already_preference', preference: change.preference });
        } else next.meal_preference = change.preference;
        break;
      }
      case 'exclude': {
        // A no-op only if the day already leaves it out and still will: "vegetarian and no
        // fish" or "no soy, no soy" on an omnivore day, and "omnivore but no dairy" on a vegan
        // one, all ask for something real, whatever the clauses' order.
        const impliedBefore = impliedExclusions[plan.meal_preference] ?? [];
        const impliedAfter = impliedExclusions[finalPreference] ?? [];
        if (
          plan.exclusions.includes(change.exclusion) ||
          (impliedBefore.includes(change.exclusion) && impliedAfter.includes(change.exclusion))
        ) {
          problem({ reason: 'already_excluded', exclusion: change.exclusion });
        } else if (!next.exclusions.includes(change.exclusion)) {
          next.exclusions.push(change.exclusion);
        }
        break;
      }
      case 'exclude_food': {
        // Leaving out a food the day does not have would change nothing: say so instead.
        if (!change.food_ids.some((id) => planFoodIds.has(id))) {
          problem({ reason: 'food_not_in_plan', word: change.word });
          break;
        }
        for (const id of change.food_ids) {
          if (!next.excluded_food_ids.includes(id)) next.excluded_food_ids.push(id);
        }
        break;
      }
      case 'protein': {
        const boost =
          change.direction === 'more'
            ? Math.min(PROTEIN_BOOST_MAX, next.protein_boost * PROTEIN_STEP)
            : Math.max(PROTEIN_BOOST_MIN, next.protein_boost / PROTEIN_STEP);
        const meal = change.meal;
        if (change.direction === 'more' && meal && !next.protein_focus.includes(meal)) {
          next.protein_focus.push(meal);
        } else if (change.direction === 'less' && meal) {
          next.protein_focus = next.protein_focus.filter((m) => m !== meal);
        }
        next.protein_boost = Math.round(boost * 1000) / 1000;
        break;
      }
      case 'swap': {
        next.meal_seeds[change.meal] += 1;
        avoid[change.meal] = (plan.meals.find((m) => m.meal === change.meal)?.items ?? []).map(
          (i) => i.food_id,
        );
        break;
      }
    }
  }

  // Exclusions the member named stay, even when a new preference implies them too: going
  // vegan and later vegetarian must not bring back the dairy they asked to leave out.

  const withNewTargets = withTargets(next);
  for (const change of understood) {
    if (change.type !== 'protein') continue;
    const before = plan.targets.protein_g;
    const after = withNewTargets.targets.protein_g;
    // The protein target is capped (35 % of calories, boost limits): when it cannot move, a
    // focused meal alone may still carry more, so only refuse if neither moves.
    if (
      (change.direction === 'more' && after <= before && !change.meal) ||
      (change.direction === 'less' && after >= before)
    ) {
      problem({ reason: 'protein_at_limit' });
    }
  }
  refuseIfProblems();

  // Swapping meals and nothing else keeps every other meal's foods (their grams move only if
  // the day's targets need it, and the answer says so); any other change replans the day.
  const swapOnly = understood.every((c) => c.type === 'swap');
  let meals: PlanMeal[];
  let rebalanced: MealType[] = [];
  try {
    if (swapOnly) {
      const swapped = understood.flatMap((c) => (c.type === 'swap' ? [c.meal] : []));
      ({ meals, rebalanced } = replanMealsLocal(foods, withNewTargets, plan.meals, swapped, avoid));
    } else {
      meals = planMealsLocal(foods, withNewTargets, avoid);
    }
  } catch (error) {
    if (error instanceof DietPlanningError) refuse({ reason: error.reason });
    throw error;
  }
  const revised: DietPlan = { ...withNewTargets, meals };
  verifyChanges(plan, revised, understood, foods, problem);
  refuseIfProblems();
  return { plan: revised, understood, rebalanced };
}

/** Checks the revised day does what was asked; the planner's constraints make most of it hold. */
function verifyChanges(
  before: DietPlan,
  after: DietPlan,
  understood: DietChange[],
  foods: readonly DietFood[],
  refuse: (why: RefusalReason) => void,
) {
  const foodsById = new Map(foods.map((f) => [f.id, f]));
  const allowed = new Set(allowedFoods(foods, after).map((f) => f.id));
  if (after.meals.some((m) => m.items.some((i) => !allowed.has(i.food_id)))) {
    refuse({ reason: 'no_foods' });
  }
  for (const change of understood) {
    if (change.type === 'swap') {
      const old = new Set(
        before.meals.find((m) => m.meal === change.meal)?.items.map((i) => i.food_id) ?? [],
      );
      const now =
        after.meals.find((m) => m.meal === change.meal)?.items.map((i) => i.food_id) ?? [];
      if (now.length === 0 || now.every((id) => old.has(id)))
        refuse({ reason: 'no_other_foods', meal: change.meal });
    }
    if (change.type === 'protein' && change.direction === 'more' && change.meal) {
      const mealBefore = before.meals.find((m) => m.meal === change.meal);
      const mealAfter = after.meals.find((m) => m.meal === change.meal);
      const was = mealBefore ? mealTotals(mealBefore, foodsById).protein_g : 0;
      const now = mealAfter ? mealTotals(mealAfter, foodsById).protein_g : 0;
      if (now <= was) refuse({ reason: 'meal_protein_not_raised', meal: change.meal });
    }
  }
}

/** What changed between two versions of a day: meals, foods and grams, targets. */
export function diffPlans(
  before: DietPlan,
  after: DietPlan,
  foods: ReadonlyMap<number, DietFood>,
  locale: Locale = DEFAULT_LOCALE,
): DietDiff {
  const mealsBefore = new Set(before.meals.map((m) => m.meal));
  const mealsAfter = new Set(after.meals.map((m) => m.meal));
  const items: DietDiffItem[] = [];
  for (const meal of mealTypes) {
    const was = new Map(
      (before.meals.find((m) => m.meal === meal)?.items ?? []).map((i) => [i.food_id, i.grams]),
    );
    const now = new Map(
      (after.meals.find((m) => m.meal === meal)?.items ?? []).map((i) => [i.food_id, i.grams]),
    );
    const name = (id: number) => {
      const food = foods.get(id);
      return food ? foodName(food, locale) : `#${id}`;
    };
    for (const [id, grams] of was) {
      if (!now.has(id)) {
        items.push({
          meal,
          food_id: id,
          name: name(id),
          change: 'removed',
          grams_before: grams,
          grams_after: null,
        });
      } else if (now.get(id) !== grams) {
        items.push({
          meal,
          food_id: id,
          name: name(id),
          change: 'changed',
          grams_before: grams,
          grams_after: now.get(id)!,
        });
      }
    }
    for (const [id, grams] of now) {
      if (!was.has(id)) {
        items.push({
          meal,
          food_id: id,
          name: name(id),
          change: 'added',
          grams_before: null,
          grams_after: grams,
        });
      }
    }
  }
  return {
    meals_added: mealTypes.filter((m) => mealsAfter.has(m) && !mealsBefore.has(m)),
    meals_removed: mealTypes.filter((m) => mealsBefore.has(m) && !mealsAfter.has(m)),
    items,
    targets_before: before.targets,
    targets_after: after.targets,
    meal_preference_before: before.meal_preference,
    meal_preference_after: after.meal_preference,
  };
}

/** Whether every food of a plan fits its preference (for checks and tests). */
export function planFitsPreference(plan: DietPlan, foods: ReadonlyMap<number, DietFood>): boolean {
  return plan.meals.every((m) =>
    m.items.every((i) => {
      const food = foods.get(i.food_id);
      return !!food && fitsPreference(food, plan.meal_preference);
    }),
  );
}
