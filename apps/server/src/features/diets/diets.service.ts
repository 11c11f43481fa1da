import { randomInt } from 'node:crypto';
import {
  type DietChange,
  type DietChangeResult,
  type DietDetail,
  type DietFood,
  type DietList,
  type DietMeal,
  type DietPlan,
  type DietSummary,
  type DietVersionList,
  type ShareDietInput,
  type ShareDietResult,
  dietPlanSchema,
} from '@fitcoach/shared/diets';
import type { MealType } from '@fitcoach/shared/foods';
import type { Locale } from '@fitcoach/shared/locales';
import { ageOn } from '@fitcoach/shared/profile';
import type { VirtualTrainerRequest } from '@fitcoach/shared/virtual-trainer';
import {
  applyChanges,
  DietChangeRefused,
  diffPlans,
  parseChangeRequest,
  type ParsedRequest,
  type RefusalReason,
} from '../../coach/providers/local/diet-changes';
import {
  basePlan,
  dayTotals,
  DietPlanningError,
  localFoodPicker,
  mealTotals,
  nutrientsOf,
  planMeals,
  roundTotals,
  type DietFoodPicker,
} from '../../coach/providers/local/diet-planner';
import { say } from '../../coach/coach-text';
import { appModel, fallbackNotice } from '../../coach/providers/app-model';
import { createModelFoodPicker } from '../../coach/providers/model-diet';
import { readChangeRequestWithModel } from '../../coach/providers/model-diet-changes';
import type { Executor, Transaction } from '../../db/client';
import { foodName, servingLabel } from '../../i18n/food-names';
import { text, translate, word, type Text, type TextKey, type TextValue } from '../../i18n/i18n';
import { forbidden, HttpError } from '../../lib/http-error';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import { assertMayShareWith, isBlockedEitherWay } from '../friends/friends.service';
import { notify, sharedDietTitle } from '../notifications/notifications.service';
import { findUserById } from '../users/users.service';
import * as repo from './diets.repository';

/** When the request names no training week, plan for a common one (and say so in the notes). */
const DEFAULT_FREQUENCY = 3;
const DEFAULT_LENGTH = 45;

/** A copy's title stays as long as a program's at most (a long one keeps its own title). */
const TITLE_MAX = 120;

const dietNotFound = () => new HttpError(404, 'not_found', text('errors:diets.notFound'));
const unprocessable = (key: TextKey, values?: Record<string, string | number>) =>
  new HttpError(422, 'unprocessable', text(key, values));

const t = (locale: Locale, key: string, values?: Record<string, unknown>) =>
  translate(locale, `errors:diets.${key}`, values);

/** "Vegan day, 1,631 kcal": written once, in the language of the member it was made for. */
function titleFor(plan: DietPlan, locale: Locale): string {
  return capitalise(
    t(locale, 'title', {
      preference: t(locale, `preference.${plan.meal_preference}`),
      kcal: plan.targets.kcal,
    }),
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function readPlan(row: repo.DietRow): DietPlan {
  return dietPlanSchema.parse(row.plan);
}

/**
 * Makes a diet for the virtual trainer's `diet` action and saves it as the member's (version 1).
 * Body data the request leaves out comes from the profile (weight, height, birth date, goal,
 * meal preference); the notes say what was taken from where.
 */
export async function generateDiet(
  ctx: ServiceContext,
  viewer: Viewer,
  request: VirtualTrainerRequest,
  picker?: DietFoodPicker,
): Promise<{ diet_id: number; notes: string[] }> {
  const user = await findUserById(ctx.db, viewer.id);
  if (!user) throw forbidden();
  const locale = viewer.locale;
  const notes: string[] = [];
  const age = request.age ?? ageOn(user.birthDate);
  if (request.age === undefined) notes.push(t(locale, 'notes.ageFromProfile', { age }));
  notes.push(
    t(locale, 'notes.bodyFromProfile', {
      weight: Math.round(user.weightKg * 10) / 10,
      height: Math.round(user.heightCm),
    }),
  );
  const frequency = request.workout_frequency ?? DEFAULT_FREQUENCY;
  const length = request.workout_length ?? DEFAULT_LENGTH;
  if (request.workout_frequency === undefined || request.workout_length === undefined) {
    notes.push(t(locale, 'notes.assumedWeek', { frequency, length }));
  }
  const goal = request.workout_goal ?? user.workoutGoal;
  if (!request.workout_goal) {
    notes.push(t(locale, 'notes.goalFromProfile', { goal: say(locale, `goal.${goal}`) }));
  }
  const base = basePlan({
    gender: request.gender ?? user.gender,
    age,
    weight_kg: user.weightKg,
    height_cm: user.heightCm,
    workout_frequency: frequency,
    workout_length: length,
    goal,
    meal_preference: request.meal_preference ?? user.mealPreference,
    seed: request.seed ?? randomInt(0, 2 ** 31 - 1),
  });
  const foods = plannableFoods(await repo.listFoods(ctx.db), null);
  const model = picker ? null : appModel(ctx);
  const modelPicker = model
    ? createModelFoodPicker(model, base.targets, base.meal_preference)
    : null;
  const chosen = picker ?? modelPicker ?? localFoodPicker;
  let plan: DietPlan;
  try {
    plan = { ...base, meals: await planMeals(foods, base, chosen) };
  } catch (error) {
    if (error instanceof DietPlanningError) throw unprocessable('errors:diets.cannotPlan');
    throw error;
  }
  let provider = chosen.name;
  let fallback: string | null = null;
  if (model && modelPicker) {
    const outcome = modelPicker.outcome();
    if (outcome.used) {
      notes.push(say(locale, 'model.foods', { model: model.model }));
    } else {
      provider = 'local';
      fallback = outcome.failure
        ? fallbackNotice(outcome.failure, 'diet', locale)
        : say(locale, 'model.foodsMissed');
      notes.push(fallback);
    }
  }
  notes.push(
    t(locale, 'notes.targets', {
      kcal: plan.targets.kcal,
      bmr: plan.inputs.bmr,
      factor: plan.inputs.activity_factor,
      adjustment: `${plan.inputs.goal_adjustment >= 0 ? '+' : '−'}${Math.abs(Math.round(plan.inputs.goal_adjustment * 100))}`,
    }),
  );
  const dietId = await ctx.transaction(async (tx) => {
    const id = await repo.insertDiet(tx, {
      ownerId: viewer.id,
      title: titleFor(plan, locale),
      mealPreference: plan.meal_preference,
      goal,
      plan,
      generatedBy: {
        provider,
        trainer_action: 'diet',
        request: { ...request },
        ...(fallback ? { fallback_notice: fallback } : {}),
      },
    });
    await repo.insertVersion(tx, {
      dietId: id,
      version: 1,
      plan,
      changeRequest: '',
      summary: t(locale, 'firstVersion'),
    });
    return id;
  });
  return { diet_id: dietId, notes };
}

interface Visible {
  diet: repo.DietRow;
  ownerName: string;
  isOwner: boolean;
}

/**
 * The diet if the viewer may see it: their own, or one a friend shared with them (and neither
 * has blocked the other since). Anything else is a 404, so ids of private diets do not leak.
 */
async function findVisible(db: Executor, viewer: Viewer, id: number): Promise<Visible> {
  const found = await repo.findDiet(db, id);
  if (!found) throw dietNotFound();
  if (found.diet.ownerId === viewer.id) return { ...found, isOwner: true };
  const shared =
    (await repo.isSharedWith(db, id, viewer.id)) &&
    !(await isBlockedEitherWay(db, viewer.id, found.diet.ownerId));
  if (!shared) throw dietNotFound();
  return { ...found, isOwner: false };
}

async function findOwned(db: Executor, viewer: Viewer, id: number): Promise<Visible> {
  const found = await findVisible(db, viewer, id);
  if (!found.isOwner) throw new HttpError(403, 'forbidden', text('errors:diets.ownerOnly'));
  return found;
}

function summaryOf(row: repo.DietRow, ownerName: string, viewer: Viewer): DietSummary {
  const plan = row.plan as Partial<DietPlan>;
  return {
    id: row.id,
    title: row.title,
    meal_preference: row.mealPreference,
    goal: row.goal,
    version: row.version,
    kcal: plan.targets?.kcal ?? 0,
    owner: { id: row.ownerId, name: ownerName },
    shared_with_me: row.ownerId !== viewer.id,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Food names and household measures are the reader's language's: the plan keeps only ids. */
function detailOf(found: Visible, plan: DietPlan, foods: DietFood[], viewer: Viewer): DietDetail {
  const foodsById = new Map(foods.map((f) => [f.id, f]));
  const meals: DietMeal[] = plan.meals.map((meal) => ({
    meal: meal.meal,
    items: meal.items.flatMap((item) => {
      const food = foodsById.get(item.food_id);
      if (!food) return [];
      const n = roundTotals(nutrientsOf(food, item.grams));
      return [
        {
          food_id: food.id,
          name: foodName(food, viewer.locale),
          category: food.category,
          grams: item.grams,
          // Household measure to the nearest quarter serving, never shown as zero.
          servings: Math.max(0.25, Math.round((item.grams / food.serving_g) * 4) / 4),
          serving_label: servingLabel(food.serving_label, viewer.locale),
          ...n,
        },
      ];
    }),
    totals: roundTotals(mealTotals(meal, foodsById)),
  }));
  return {
    ...summaryOf(found.diet, found.ownerName, viewer),
    is_owner: found.isOwner,
    targets: plan.targets,
    totals: roundTotals(dayTotals(plan.meals, foodsById)),
    inputs: plan.inputs,
    exclusions: plan.exclusions,
    protein_focus: plan.protein_focus,
    kcal_override: plan.kcal_override,
    meals,
    notes: [],
  };
}

export async function listDiets(ctx: ServiceContext, viewer: Viewer): Promise<DietList> {
  const rows = await repo.listVisibleDiets(ctx.db, viewer.id);
  const visible: DietSummary[] = [];
  for (const row of rows) {
    if (
      row.diet.ownerId !== viewer.id &&
      (await isBlockedEitherWay(ctx.db, viewer.id, row.diet.ownerId))
    ) {
      continue;
    }
    visible.push(summaryOf(row.diet, row.ownerName, viewer));
  }
  return { items: visible };
}

export async function getDiet(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
): Promise<DietDetail> {
  const found = await findVisible(ctx.db, viewer, id);
  return detailOf(found, readPlan(found.diet), await repo.listFoods(ctx.db), viewer);
}

/**
 * The foods a plan may use: those not retired (the admin area's Content tab), and those it
 * already has, which stay in it and keep counting. A new plan gets no retired food.
 */
function plannableFoods(table: repo.TableFood[], plan: DietPlan | null): DietFood[] {
  const has = new Set(plan?.meals.flatMap((m) => m.items.map((i) => i.food_id)) ?? []);
  return table
    .filter((f) => !f.retired || has.has(f.id))
    .map(({ retired: _retired, ...food }) => food);
}

/** How one understood change reads ("no dairy", "more protein at breakfast"). */
export function describeChange(change: DietChange, locale: Locale): string {
  const meal = (m: string) => t(locale, `meal.${m}`);
  switch (change.type) {
    case 'kcal':
      return t(locale, 'change.kcal', { kcal: change.kcal });
    case 'kcal_step':
      return t(locale, change.direction === 'more' ? 'change.kcalMore' : 'change.kcalLess');
    case 'preference':
      return t(locale, 'change.preference', {
        preference: t(locale, `preference.${change.preference}`),
      });
    case 'exclude':
      return t(locale, 'change.exclude', { exclusion: t(locale, `exclusion.${change.exclusion}`) });
    case 'exclude_food':
      return t(locale, 'change.excludeFood', { word: change.word });
    case 'protein': {
      const key = `change.protein${change.direction === 'more' ? 'More' : 'Less'}${change.meal ? 'At' : ''}`;
      return t(locale, key, change.meal ? { meal: meal(change.meal) } : {});
    }
    case 'swap':
      return t(locale, 'change.swap', { meal: meal(change.meal) });
  }
}

function describeAll(changes: DietChange[], locale: Locale): string {
  return changes.length === 0
    ? t(locale, 'understoodNothing')
    : changes.map((c) => describeChange(c, locale)).join('; ');
}

/** One problem of a refused request, worded in the member's language. */
function reasonText(why: RefusalReason, locale: Locale): Text {
  const values: Record<string, TextValue> = {};
  for (const [name, value] of Object.entries(why)) {
    if (typeof value === 'string' || typeof value === 'number') values[name] = value;
  }
  // Between the quotes each language uses ("“a”, “b”", "«a», «b»").
  if (why.reason === 'not_understood') values.unknown = why.unknown.join(t(locale, 'quoteJoin'));
  if (why.reason === 'unsupported') {
    values.unsupported = why.unsupported.join(t(locale, 'quoteJoin'));
  }
  if (why.reason === 'already_preference')
    values.preference = t(locale, `preference.${why.preference}`);
  if (why.reason === 'already_excluded') values.exclusion = t(locale, `exclusion.${why.exclusion}`);
  if (why.reason === 'no_other_foods' || why.reason === 'meal_protein_not_raised') {
    values.meal = capitalise(t(locale, `meal.${why.meal}`));
  }
  if (why.reason === 'conflict') {
    values.first = describeChange(why.first, locale);
    values.second = describeChange(why.second, locale);
  }
  return text(`errors:diets.reasons.${why.reason}`, values);
}

/** "Changed to a different lunch." and, when kept meals' amounts moved, which ones. */
function changeSummary(understood: DietChange[], rebalanced: MealType[], locale: Locale): string {
  const summary = t(locale, 'summary', { changes: describeAll(understood, locale) });
  if (rebalanced.length === 0) return summary;
  const meals = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    rebalanced.map((m) => t(locale, `meal.${m}`)),
  );
  return `${summary} ${t(locale, 'rebalanced', { meals })}`;
}

interface ReadRequest {
  parsed: ParsedRequest;
  /** For the answer's `notes`: who read the request. */
  notes: string[];
  /** Why the model's reading was not used, also told when the change is refused. */
  fallback: string | null;
}

/**
 * Reads a change request: with `AI_PROVIDER=openai` the model turns the member's words into
 * change operations (any phrasing, any language); if it fails, the local parser's reading is
 * used and the answer says why. Either way the local engine applies them.
 */
async function readChangeRequest(
  ctx: ServiceContext,
  locale: Locale,
  changeRequest: string,
  plan: DietPlan,
  foods: DietFood[],
): Promise<ReadRequest> {
  const model = appModel(ctx);
  if (!model)
    return { parsed: parseChangeRequest(changeRequest, foods), notes: [], fallback: null };
  const read = await readChangeRequestWithModel(model, changeRequest, plan, foods);
  if (read.ok) {
    return {
      parsed: read.parsed,
      notes: [say(locale, 'model.changeRequest', { model: model.model })],
      fallback: null,
    };
  }
  // Worded like every other model fallback (the coach catalogue): why, then what was done.
  const fallback = fallbackNotice(read.failure, 'changeRequest', locale);
  return { parsed: parseChangeRequest(changeRequest, foods), notes: [fallback], fallback };
}

/**
 * `PUT /api/diet/:id`: revises the diet as the member asked in plain words, keeps the new
 * version, and answers the diet with a diff. A request it cannot apply is a 422 that names what
 * it understood and why it could not (never a silent no-op).
 */
export async function changeDiet(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  changeRequest: string,
): Promise<DietChangeResult> {
  const owned = await findOwned(ctx.db, viewer, id);
  const table = await repo.listFoods(ctx.db);
  const foods = plannableFoods(table, readPlan(owned.diet));
  // Read before the transaction: a model may take seconds, and the diet's row stays locked for
  // the whole transaction. The operations do not depend on the version they are applied to.
  const read = await readChangeRequest(
    ctx,
    viewer.locale,
    changeRequest,
    readPlan(owned.diet),
    foods,
  );
  return ctx.transaction(async (tx) => {
    // Locked: two edits at once would both build on the same version.
    const found = await findOwned(tx, viewer, id);
    const locked = await repo.findDiet(tx, id, true);
    const current = readPlan(locked!.diet);
    const { parsed } = read;
    let revised: DietPlan;
    let understood: DietChange[];
    let rebalanced: MealType[];
    try {
      ({
        plan: revised,
        understood,
        rebalanced,
      } = applyChanges(current, parsed, plannableFoods(table, current)));
    } catch (error) {
      if (!(error instanceof DietChangeRefused)) throw error;
      // Every problem in the message and one issue each, so all can be fixed in one go.
      const reasons = error.reasons.map((why) => reasonText(why, viewer.locale));
      throw new HttpError(
        422,
        'unprocessable',
        text('errors:diets.refused', {
          understood: describeAll(error.understood, viewer.locale),
          reason: [
            ...reasons.map((r) => word(r, viewer.locale)),
            ...(read.fallback ? [read.fallback] : []),
          ].join(' '),
        }),
        reasons.map((message) => ({ path: 'change_request', message })),
      );
    }
    const version = locked!.diet.version + 1;
    const summary = changeSummary(understood, rebalanced, viewer.locale);
    await repo.updateDiet(tx, id, {
      plan: revised,
      version,
      mealPreference: revised.meal_preference,
      title: titleFor(revised, viewer.locale),
    });
    await repo.insertVersion(tx, {
      dietId: id,
      version,
      plan: revised,
      changeRequest,
      summary,
    });
    const after = await repo.findDiet(tx, id);
    const foodsById = new Map(table.map((f) => [f.id, f]));
    return {
      diet: detailOf({ ...found, diet: after!.diet }, revised, table, viewer),
      diff: diffPlans(current, revised, foodsById, viewer.locale),
      summary,
      notes: read.notes,
    };
  });
}

/** Restores an earlier version as a new one (history is never rewritten). */
export async function restoreDiet(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  version: number,
): Promise<DietChangeResult> {
  await findOwned(ctx.db, viewer, id);
  const foods = await repo.listFoods(ctx.db);
  return ctx.transaction(async (tx) => {
    const found = await findOwned(tx, viewer, id);
    const locked = (await repo.findDiet(tx, id, true))!;
    const target = await repo.findVersion(tx, id, version);
    if (!target) throw unprocessableVersion('errors:diets.versionNotFound', version, 404);
    if (version === locked.diet.version)
      throw unprocessableVersion('errors:diets.versionCurrent', version, 422);
    const current = readPlan(locked.diet);
    const restored = dietPlanSchema.parse(target.plan);
    const next = locked.diet.version + 1;
    await repo.updateDiet(tx, id, {
      plan: restored,
      version: next,
      mealPreference: restored.meal_preference,
      title: titleFor(restored, viewer.locale),
    });
    await repo.insertVersion(tx, {
      dietId: id,
      version: next,
      plan: restored,
      changeRequest: '',
      summary: t(viewer.locale, 'restored', { version }),
    });
    const after = (await repo.findDiet(tx, id))!;
    return {
      diet: detailOf({ ...found, diet: after.diet }, restored, foods, viewer),
      diff: diffPlans(current, restored, new Map(foods.map((f) => [f.id, f])), viewer.locale),
      summary: t(viewer.locale, 'restored', { version }),
      notes: [],
    };
  });
}

function unprocessableVersion(key: TextKey, version: number, status: 404 | 422) {
  return new HttpError(
    status,
    status === 404 ? 'not_found' : 'unprocessable',
    text(key, { version }),
  );
}

export async function listVersions(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
): Promise<DietVersionList> {
  const found = await findVisible(ctx.db, viewer, id);
  const rows = await repo.listVersions(ctx.db, id);
  return {
    items: rows.map((row) => {
      const plan = row.plan as Partial<DietPlan>;
      return {
        version: row.version,
        change_request: row.changeRequest,
        summary: row.summary,
        kcal: plan.targets?.kcal ?? 0,
        meal_preference: plan.meal_preference ?? found.diet.mealPreference,
        created_at: row.createdAt.toISOString(),
        current: row.version === found.diet.version,
      };
    }),
  };
}

/**
 * `POST /api/diet/share_diet`: the owner shares with a friend (never a blocked member); sharing
 * again changes nothing and tells the friend nothing new.
 */
export async function shareDiet(
  ctx: ServiceContext,
  viewer: Viewer,
  input: ShareDietInput,
): Promise<ShareDietResult> {
  const { db } = ctx;
  const found = await findVisible(db, viewer, input.diet_id);
  if (!found.isOwner) throw forbidden(text('errors:diets.shareOwnerOnly'));
  await assertMayShareWith(db, viewer.id, input.friend_id, 'diets');
  const sharer = await findUserById(db, viewer.id);
  await ctx.transaction(async (tx, changes) => {
    if (!(await repo.insertShare(tx, input.diet_id, viewer.id, input.friend_id))) return;
    await notify(tx, changes, {
      userId: input.friend_id,
      kind: 'diet_shared',
      title: sharedDietTitle(sharer?.name),
      body: found.diet.title,
      link: `/diets/${input.diet_id}`,
      actorId: viewer.id,
    });
  });
  return {
    status: 'shared',
    message: translate(viewer.locale, 'notifications:shareResult', { title: found.diet.title }),
  };
}

/**
 * `POST /api/diet/:id/copy`: the member's own diet from one they may see (theirs, or one a
 * friend shared with them). The copy starts at version 1 with the source's current plan; later
 * changes to either never reach the other.
 */
export async function copyDiet(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
): Promise<DietDetail> {
  await findVisible(ctx.db, viewer, id);
  const copyId = await ctx.transaction((tx) => copyDietIn(tx, viewer, id, { markAsCopy: true }));
  return getDiet(ctx, viewer, copyId);
}

/**
 * Copies a diet as the member's inside the caller's transaction (the caller checked access).
 * `markAsCopy` names it "… (copy)"; a program's copy keeps its days' titles, as it does its
 * workouts'.
 */
export async function copyDietIn(
  tx: Transaction,
  viewer: Viewer,
  id: number,
  { markAsCopy = false }: { markAsCopy?: boolean } = {},
): Promise<number> {
  const found = await repo.findDiet(tx, id);
  if (!found) throw dietNotFound();
  const plan = readPlan(found.diet);
  const source = found.diet.title;
  // "(copy)" in the copier's language, as copied workouts, programs and threads are named.
  const title = markAsCopy ? t(viewer.locale, 'copyTitle', { title: source }) : source;
  const copyId = await repo.insertDiet(tx, {
    ownerId: viewer.id,
    title: title.length > TITLE_MAX ? source.slice(0, TITLE_MAX) : title,
    mealPreference: found.diet.mealPreference,
    goal: found.diet.goal,
    plan,
    generatedBy: found.diet.generatedBy ?? {
      provider: 'local',
      trainer_action: 'diet',
      request: {},
    },
  });
  await repo.insertVersion(tx, {
    dietId: copyId,
    version: 1,
    plan,
    changeRequest: '',
    summary: t(viewer.locale, 'copiedVersion', {
      title: source,
      version: found.diet.version,
    }),
  });
  return copyId;
}

/** Diet cards by id, for lists other features make (the diets shared with a member). */
export async function dietSummaries(
  db: Executor,
  viewer: Viewer,
  ids: number[],
): Promise<Map<number, DietSummary>> {
  const rows = await repo.findDiets(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.diet.id, summaryOf(r.diet, r.ownerName, viewer)]));
}
