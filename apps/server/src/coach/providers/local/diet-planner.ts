import {
  DIET_KCAL_TOLERANCE,
  DIET_MACRO_TOLERANCE,
  type DietExclusion,
  type DietFood,
  type DietPlan,
  type MacroTargets,
  type PlanMeal,
} from '@fitcoach/shared/diets';
import { mealTypes, type MealType } from '@fitcoach/shared/foods';
import type { MealPreference } from '@fitcoach/shared/profile';
import { computeTargets, type TargetInputs } from './diet-targets';

/** Share of the day's calories each meal carries. */
export const mealShares: Record<MealType, number> = {
  breakfast: 0.25,
  lunch: 0.33,
  dinner: 0.3,
  snack: 0.12,
};

type Role = 'protein' | 'carb' | 'fat' | 'veg' | 'fruit';

/** Each meal's plate: a protein, a starch, produce and a fat, so meals look like meals. */
const mealRoles: Record<MealType, Role[]> = {
  breakfast: ['protein', 'carb', 'fruit', 'fat'],
  lunch: ['protein', 'carb', 'veg', 'veg', 'fat'],
  dinner: ['protein', 'carb', 'veg', 'veg', 'fat'],
  snack: ['protein', 'fruit', 'fat'],
};

/** Roles added on later attempts when the first plates cannot reach the targets. */
const extraRoles: Role[][] = [[], ['protein'], ['carb'], ['fat'], ['protein', 'fat']];

const proteinShare = (f: DietFood) => (f.kcal > 0 ? (f.protein_g * 4) / f.kcal : 0);
const carbShare = (f: DietFood) => (f.kcal > 0 ? (f.carbs_g * 4) / f.kcal : 0);
const fatShareOf = (f: DietFood) => (f.kcal > 0 ? (f.fat_g * 9) / f.kcal : 0);

const proteinCategories = new Set([
  'eggs',
  'dairy',
  'meat',
  'poultry',
  'fish_and_seafood',
  'plant_protein',
  'legumes',
]);
const carbCategories = new Set(['grains', 'bread_and_pasta', 'legumes', 'fruits']);
const fatCategories = new Set(['oils_and_fats', 'nuts_and_seeds']);

function fitsRole(food: DietFood, role: Role, keto: boolean): boolean {
  switch (role) {
    case 'protein':
      return proteinCategories.has(food.category) && proteinShare(food) >= 0.25;
    case 'carb':
      // Keto has no starch: its "carb" slot is another vegetable.
      return keto
        ? food.category === 'vegetables'
        : (carbCategories.has(food.category) && carbShare(food) >= 0.5) || isStarchyVegetable(food);
    case 'fat':
      return fatCategories.has(food.category) && fatShareOf(food) >= 0.5;
    case 'veg':
      return food.category === 'vegetables';
    case 'fruit':
      return keto
        ? food.category === 'vegetables' || food.category === 'fruits'
        : food.category === 'fruits';
  }
}

/** Potatoes, sweet potatoes, squash: the starch of paleo plates. */
const isStarchyVegetable = (f: DietFood) =>
  f.category === 'vegetables' && f.kcal >= 60 && carbShare(f) >= 0.7;

const nutNames =
  /almond|cashew|pecan|pistachio|walnut|hazelnut|peanut|macadamia|brazil nut|mixed nuts|nut butter/i;
const soyNames = /\bsoy|tofu|tempeh|edamame|miso/i;
// A whole word: "Egg noodles" and "Quail eggs" carry egg, "Eggplant" does not.
const eggNames = /\beggs?\b/i;

/** Whether a food may appear under this exclusion ("no dairy", "no nuts", …). */
export function allowedUnderExclusion(food: DietFood, exclusion: DietExclusion): boolean {
  switch (exclusion) {
    case 'dairy':
      return food.category !== 'dairy' && food.diet_tags.includes('dairy_free');
    case 'meat':
      return food.category !== 'meat' && food.category !== 'poultry';
    case 'fish':
      return food.category !== 'fish_and_seafood';
    case 'eggs':
      return food.category !== 'eggs' && !eggNames.test(food.name);
    case 'nuts':
      return !nutNames.test(food.name);
    case 'gluten':
      return food.diet_tags.includes('gluten_free');
    case 'soy':
      return !soyNames.test(food.name);
  }
}

/** Whether a food fits a meal preference: omnivore takes all, the others the food's diet_tags. */
export function fitsPreference(food: DietFood, preference: MealPreference): boolean {
  return preference === 'omnivore' || food.diet_tags.includes(preference);
}

/** The foods a plan may use: its preference, its exclusions, minus foods left out by name. */
export function allowedFoods(
  foods: readonly DietFood[],
  plan: Pick<DietPlan, 'meal_preference' | 'exclusions' | 'excluded_food_ids'>,
): DietFood[] {
  const excludedIds = new Set(plan.excluded_food_ids);
  return foods.filter(
    (f) =>
      !excludedIds.has(f.id) &&
      fitsPreference(f, plan.meal_preference) &&
      plan.exclusions.every((e) => allowedUnderExclusion(f, e)),
  );
}

/** What a food picker is offered for one meal: its roles and the foods that may fill each. */
export interface MealCandidates {
  meal: MealType;
  slots: { role: Role; candidates: DietFood[] }[];
}

export interface PickRequest {
  meals: MealCandidates[];
  plan: Pick<DietPlan, 'seed' | 'meal_seeds' | 'protein_focus'>;
  attempt: number;
  /** Foods to avoid per meal (a "swap lunch" avoids the lunch it replaces). */
  avoid: Partial<Record<MealType, number[]>>;
  /** Meals that keep their foods (a "swap lunch" keeps the others): a picker may skip them. */
  keep?: MealPicks;
}

/** Food ids chosen per meal; any id outside the meal's candidates is dropped by the planner. */
export type MealPicks = Partial<Record<MealType, number[]>>;

/**
 * The provider-shaped seam: a picker chooses foods from the candidate lists; the planner sets
 * grams and recomputes every total from the food table. The local picker is seeded random; an
 * `openai` picker can ask a model to choose from the same lists.
 */
export interface DietFoodPicker {
  readonly name: 'local' | 'openai';
  pick(request: PickRequest): MealPicks | Promise<MealPicks>;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every platform. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const mealIndex: Record<MealType, number> = { breakfast: 1, lunch: 2, dinner: 3, snack: 4 };

/** Seeded random picks; each meal has its own stream, so a change to one meal leaves the others' foods. */
export const localFoodPicker: DietFoodPicker = {
  name: 'local',
  pick({ meals, plan, attempt, avoid, keep = {} }) {
    const picks: MealPicks = {};
    // Kept meals' foods count as used, so a new lunch does not repeat dinner's.
    const usedToday = new Set<number>(Object.values(keep).flat());
    for (const { meal, slots } of meals) {
      if (keep[meal]) {
        picks[meal] = keep[meal];
        continue;
      }
      const random = seededRandom(
        plan.seed * 31 +
          plan.meal_seeds[meal] * 7919 +
          mealIndex[meal] * 104729 +
          attempt * 15485863,
      );
      const avoidHere = new Set(avoid[meal] ?? []);
      const chosen: number[] = [];
      for (const { role, candidates } of slots) {
        let pool = candidates.filter((f) => !chosen.includes(f.id));
        const fresh = pool.filter((f) => !avoidHere.has(f.id) && !usedToday.has(f.id));
        if (fresh.length > 0) pool = fresh;
        else {
          const notAvoided = pool.filter((f) => !avoidHere.has(f.id));
          if (notAvoided.length > 0) pool = notAvoided;
        }
        if (pool.length === 0) continue;
        if (role === 'protein') {
          // Lean sources first (the top half by protein share), the leanest for a focused meal,
          // so high protein targets stay reachable.
          pool = [...pool].sort((a, b) => proteinShare(b) - proteinShare(a) || a.id - b.id);
          const focus = plan.protein_focus.includes(meal);
          pool = pool.slice(0, Math.max(1, Math.ceil(pool.length / (focus ? 4 : 2))));
        }
        const food = pool[Math.floor(random() * pool.length)]!;
        chosen.push(food.id);
        usedToday.add(food.id);
      }
      picks[meal] = chosen;
    }
    return picks;
  },
};

/** The candidate lists for each meal under a plan's constraints. */
export function mealCandidates(
  allowed: readonly DietFood[],
  keto: boolean,
  attempt: number,
): MealCandidates[] {
  const extras = extraRoles[attempt % extraRoles.length]!;
  return mealTypes.map((meal) => {
    const roles = [...mealRoles[meal], ...(meal === 'snack' ? [] : extras)];
    const forMeal = allowed.filter((f) => f.meals.includes(meal));
    return {
      meal,
      slots: roles.map((role) => {
        let candidates = forMeal.filter((f) => fitsRole(f, role, keto));
        // A role no food of this meal fills (a vegan breakfast protein) borrows from other meals.
        if (candidates.length === 0) candidates = allowed.filter((f) => fitsRole(f, role, keto));
        return { role, candidates };
      }),
    };
  });
}

const MIN_GRAMS = 5;
const MAX_GRAMS = 450;

function gramBounds(food: DietFood): [number, number] {
  const lo = Math.max(MIN_GRAMS, Math.min(0.25 * food.serving_g, 30));
  const hi = Math.min(MAX_GRAMS, Math.max(3 * food.serving_g, 60));
  return [lo, hi];
}

interface Row {
  coefficients: Map<number, number>;
  target: number;
  weight: number;
}

/**
 * Grams for the chosen foods: bounded least squares on relative error (projected coordinate
 * descent; small problems, so a few hundred sweeps converge). Rows: day calories (weighted
 * most), each macro, each meal's calorie share, and more protein for focused meals.
 */
export function solveGrams(
  picks: { meal: MealType; foods: DietFood[] }[],
  targets: MacroTargets,
  proteinFocus: readonly MealType[],
  /** Grams that stay as they are, per meal and food id (the meals a swap keeps). */
  fixed: Partial<Record<MealType, ReadonlyMap<number, number>>> = {},
): PlanMeal[] {
  const vars: { meal: MealType; food: DietFood; lo: number; hi: number }[] = [];
  for (const { meal, foods } of picks) {
    for (const food of foods) {
      const kept = fixed[meal]?.get(food.id);
      const [lo, hi] = kept === undefined ? gramBounds(food) : [kept, kept];
      vars.push({ meal, food, lo: lo / 100, hi: hi / 100 });
    }
  }
  const rows: Row[] = [];
  const addRow = (
    target: number,
    weight: number,
    coef: (v: (typeof vars)[number]) => number,
    only?: MealType,
  ) => {
    if (target <= 0) return;
    const coefficients = new Map<number, number>();
    vars.forEach((v, j) => {
      if (only && v.meal !== only) return;
      const c = coef(v);
      if (c !== 0) coefficients.set(j, c);
    });
    rows.push({ coefficients, target, weight: weight / (target * target) });
  };
  addRow(targets.kcal, 4, (v) => v.food.kcal);
  addRow(targets.protein_g, 2, (v) => v.food.protein_g);
  addRow(targets.carbs_g, 2, (v) => v.food.carbs_g);
  addRow(targets.fat_g, 2, (v) => v.food.fat_g);
  const mealsPresent = new Set(vars.map((v) => v.meal));
  for (const meal of mealsPresent) {
    addRow(targets.kcal * mealShares[meal], 0.3, (v) => v.food.kcal, meal);
    if (proteinFocus.includes(meal)) {
      addRow(targets.protein_g * mealShares[meal] * 1.6, 0.5, (v) => v.food.protein_g, meal);
    }
  }
  // Start every food at one serving (clamped), then descend.
  const x = vars.map((v) => Math.min(v.hi, Math.max(v.lo, v.food.serving_g / 100)));
  const residual = rows.map((r) => {
    let s = -r.target;
    for (const [j, c] of r.coefficients) s += c * x[j]!;
    return s;
  });
  const columns: { row: number; c: number }[][] = vars.map(() => []);
  rows.forEach((r, i) => {
    for (const [j, c] of r.coefficients) columns[j]!.push({ row: i, c });
  });
  for (let sweep = 0; sweep < 300; sweep++) {
    let moved = 0;
    for (let j = 0; j < vars.length; j++) {
      let g = 0;
      let h = 0;
      for (const { row, c } of columns[j]!) {
        const w = rows[row]!.weight;
        g += w * c * residual[row]!;
        h += w * c * c;
      }
      if (h === 0) continue;
      const next = Math.min(vars[j]!.hi, Math.max(vars[j]!.lo, x[j]! - g / h));
      const delta = next - x[j]!;
      if (delta !== 0) {
        for (const { row, c } of columns[j]!) residual[row]! += c * delta;
        x[j] = next;
        moved += Math.abs(delta);
      }
    }
    if (moved < 1e-6) break;
  }
  return picks.map(({ meal }) => ({
    meal,
    items: vars
      .map((v, j) => ({ v, grams: Math.round(x[j]! * 100) }))
      .filter(({ v }) => v.meal === meal)
      .map(({ v, grams }) => ({ food_id: v.food.id, grams })),
  }));
}

/** Nutrients of `grams` of a food, from its per-100 g values. */
export function nutrientsOf(food: DietFood, grams: number): MacroTargets {
  const f = grams / 100;
  return {
    kcal: food.kcal * f,
    protein_g: food.protein_g * f,
    carbs_g: food.carbs_g * f,
    fat_g: food.fat_g * f,
  };
}

const zero = (): MacroTargets => ({ kcal: 0, protein_g: 0, carbs_g: 0, fat_g: 0 });

function add(a: MacroTargets, b: MacroTargets): MacroTargets {
  return {
    kcal: a.kcal + b.kcal,
    protein_g: a.protein_g + b.protein_g,
    carbs_g: a.carbs_g + b.carbs_g,
    fat_g: a.fat_g + b.fat_g,
  };
}

/** A meal's totals, always from the food table (never from what a provider claimed). */
export function mealTotals(meal: PlanMeal, foodsById: ReadonlyMap<number, DietFood>): MacroTargets {
  return meal.items.reduce((sum, item) => {
    const food = foodsById.get(item.food_id);
    return food ? add(sum, nutrientsOf(food, item.grams)) : sum;
  }, zero());
}

export function dayTotals(
  meals: readonly PlanMeal[],
  foodsById: ReadonlyMap<number, DietFood>,
): MacroTargets {
  return meals.reduce((sum, meal) => add(sum, mealTotals(meal, foodsById)), zero());
}

export function roundTotals(t: MacroTargets): MacroTargets {
  const r1 = (n: number) => Math.round(n * 10) / 10;
  return {
    kcal: Math.round(t.kcal),
    protein_g: r1(t.protein_g),
    carbs_g: r1(t.carbs_g),
    fat_g: r1(t.fat_g),
  };
}

/** ±5 % of the calorie target and ±10 % of each macro. */
export function meetsTargets(totals: MacroTargets, targets: MacroTargets): boolean {
  const within = (v: number, t: number, tol: number) => Math.abs(v - t) <= t * tol;
  return (
    within(totals.kcal, targets.kcal, DIET_KCAL_TOLERANCE) &&
    within(totals.protein_g, targets.protein_g, DIET_MACRO_TOLERANCE) &&
    within(totals.carbs_g, targets.carbs_g, DIET_MACRO_TOLERANCE) &&
    within(totals.fat_g, targets.fat_g, DIET_MACRO_TOLERANCE)
  );
}

export class DietPlanningError extends Error {
  constructor(readonly reason: 'no_foods' | 'targets_unreachable') {
    super(
      reason === 'no_foods'
        ? 'no foods fit these constraints'
        : 'targets unreachable with these foods',
    );
    this.name = 'DietPlanningError';
  }
}

export const PLAN_ATTEMPTS = 15;

/** Turns a picker's answer into checked meals: ids outside the candidates are dropped. */
function checkedPicks(
  picks: MealPicks,
  meals: MealCandidates[],
  foodsById: ReadonlyMap<number, DietFood>,
) {
  return meals.map(({ meal, slots }) => {
    const offered = new Set(slots.flatMap((s) => s.candidates.map((f) => f.id)));
    const ids = [...new Set(picks[meal] ?? [])].filter((id) => offered.has(id));
    return { meal, foods: ids.map((id) => foodsById.get(id)!) };
  });
}

export interface PlanConstraints extends Pick<
  DietPlan,
  'meal_preference' | 'exclusions' | 'excluded_food_ids' | 'protein_focus' | 'seed' | 'meal_seeds'
> {
  targets: MacroTargets;
}

function prepare(
  foods: readonly DietFood[],
  constraints: PlanConstraints,
  avoid: Partial<Record<MealType, number[]>>,
) {
  const allowed = allowedFoods(foods, constraints);
  if (allowed.length === 0) throw new DietPlanningError('no_foods');
  const foodsById = new Map(foods.map((f) => [f.id, f]));
  const keto = constraints.meal_preference === 'keto';
  return {
    requestFor(attempt: number) {
      const meals = mealCandidates(allowed, keto, attempt);
      const request: PickRequest = { meals, plan: constraints, attempt, avoid };
      return { meals, request };
    },
    /** The picks with grams, or null when they miss the targets. */
    solve(picks: MealPicks, meals: MealCandidates[]): PlanMeal[] | null {
      const checked = checkedPicks(picks, meals, foodsById).filter((m) => m.foods.length > 0);
      const planned = solveGrams(checked, constraints.targets, constraints.protein_focus);
      return meetsTargets(dayTotals(planned, foodsById), constraints.targets) ? planned : null;
    },
  };
}

/**
 * The day's meals for these targets and constraints. Tries the picker's plates, then plates
 * with an extra protein, starch or fat, until one lands within tolerance; a miss is never
 * returned as if it fit (DietPlanningError instead).
 */
export async function planMeals(
  foods: readonly DietFood[],
  constraints: PlanConstraints,
  picker: DietFoodPicker = localFoodPicker,
  avoid: Partial<Record<MealType, number[]>> = {},
): Promise<PlanMeal[]> {
  const planner = prepare(foods, constraints, avoid);
  for (let attempt = 0; attempt < PLAN_ATTEMPTS; attempt++) {
    const { meals, request } = planner.requestFor(attempt);
    const planned = planner.solve(await picker.pick(request), meals);
    if (planned) return planned;
  }
  throw new DietPlanningError('targets_unreachable');
}

/** The same with the local picker, synchronously (property tests and benchmarks). */
export function planMealsLocal(
  foods: readonly DietFood[],
  constraints: PlanConstraints,
  avoid: Partial<Record<MealType, number[]>> = {},
): PlanMeal[] {
  const planner = prepare(foods, constraints, avoid);
  for (let attempt = 0; attempt < PLAN_ATTEMPTS; attempt++) {
    const { meals, request } = planner.requestFor(attempt);
    const planned = planner.solve(localFoodPicker.pick(request) as MealPicks, meals);
    if (planned) return planned;
  }
  throw new DietPlanningError('targets_unreachable');
}

/** A day where only some meals were planned afresh; `rebalanced` names kept meals whose grams moved. */
export interface PartialReplan {
  meals: PlanMeal[];
  rebalanced: MealType[];
}

/**
 * Plans some meals afresh and keeps the others' foods (a "swap lunch"). First the kept meals keep
 * their grams too and only the new meals' grams are solved; only when no such day meets the
 * targets are the kept meals' grams solved again (their foods still stay), and the answer says
 * which kept meals moved. Never changes a kept meal's foods: DietPlanningError instead.
 */
export function replanMealsLocal(
  foods: readonly DietFood[],
  constraints: PlanConstraints,
  current: readonly PlanMeal[],
  replan: readonly MealType[],
  avoid: Partial<Record<MealType, number[]>> = {},
): PartialReplan {
  const kept = current.filter((m) => !replan.includes(m.meal));
  const keep: MealPicks = Object.fromEntries(
    kept.map((m) => [m.meal, m.items.map((i) => i.food_id)]),
  );
  const fixed: Partial<Record<MealType, Map<number, number>>> = Object.fromEntries(
    kept.map((m) => [m.meal, new Map(m.items.map((i) => [i.food_id, i.grams]))]),
  );
  const allowed = allowedFoods(foods, constraints);
  if (allowed.length === 0) throw new DietPlanningError('no_foods');
  const foodsById = new Map(foods.map((f) => [f.id, f]));
  const keto = constraints.meal_preference === 'keto';
  for (const holdGrams of [true, false]) {
    for (let attempt = 0; attempt < PLAN_ATTEMPTS; attempt++) {
      const meals = mealCandidates(allowed, keto, attempt);
      const picks = localFoodPicker.pick({ meals, plan: constraints, attempt, avoid, keep });
      const chosen = meals
        .map(({ meal }) => {
          const keptMeal = kept.find((m) => m.meal === meal);
          if (keptMeal) {
            return { meal, foods: keptMeal.items.map((i) => foodsById.get(i.food_id)!) };
          }
          return checkedPicks(picks as MealPicks, meals, foodsById).find((m) => m.meal === meal)!;
        })
        .filter((m) => m.foods.length > 0);
      const planned = solveGrams(
        chosen,
        constraints.targets,
        constraints.protein_focus,
        holdGrams ? fixed : {},
      );
      if (!meetsTargets(dayTotals(planned, foodsById), constraints.targets)) continue;
      const rebalanced = kept
        .filter((m) => {
          const now = planned.find((p) => p.meal === m.meal)?.items ?? [];
          return m.items.some((i) => now.find((n) => n.food_id === i.food_id)?.grams !== i.grams);
        })
        .map((m) => m.meal);
      return { meals: planned, rebalanced };
    }
  }
  throw new DietPlanningError('targets_unreachable');
}

export interface DietRequestInputs extends TargetInputs {
  meal_preference: MealPreference;
  seed: number;
}

/** A plan's constraints and targets before meals: what a new diet starts from. */
export function basePlan(request: DietRequestInputs): Omit<DietPlan, 'meals'> {
  const base = {
    meal_preference: request.meal_preference,
    exclusions: [],
    excluded_food_ids: [],
    protein_focus: [],
    kcal_override: null,
    protein_boost: 1,
    seed: request.seed,
    meal_seeds: { breakfast: 0, lunch: 0, dinner: 0, snack: 0 },
  };
  return withTargets({
    ...base,
    inputs: { ...pickInputs(request), bmr: 0, activity_factor: 0, goal_adjustment: 0 },
  });
}

function pickInputs(i: TargetInputs): TargetInputs {
  return {
    gender: i.gender,
    age: i.age,
    weight_kg: i.weight_kg,
    height_cm: i.height_cm,
    workout_frequency: i.workout_frequency,
    workout_length: i.workout_length,
    goal: i.goal,
  };
}

/** Recomputes targets (and the inputs' derived figures) from a plan's inputs and options. */
export function withTargets<P extends Omit<DietPlan, 'meals' | 'targets'>>(
  plan: P,
): P & { targets: MacroTargets } {
  const computed = computeTargets(plan.inputs, {
    meal_preference: plan.meal_preference,
    kcal_override: plan.kcal_override,
    protein_boost: plan.protein_boost,
  });
  return {
    ...plan,
    targets: computed.targets,
    inputs: {
      ...plan.inputs,
      bmr: computed.bmr,
      activity_factor: computed.activity_factor,
      goal_adjustment: computed.goal_adjustment,
    },
  };
}

/** A whole new day with the local engine. */
export function generatePlanLocal(
  foods: readonly DietFood[],
  request: DietRequestInputs,
): DietPlan {
  const base = basePlan(request);
  return { ...base, meals: planMealsLocal(foods, base) };
}
