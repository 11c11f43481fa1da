import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DietFood, DietPlan } from '@fitcoach/shared/diets';
import type { MealPreference, WorkoutGoal } from '@fitcoach/shared/profile';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { diets, dietVersions, sharedDiets, type GeneratedBy } from '../../db/schema/coach';
import { foods } from '../../db/schema/reference';

export type DietRow = typeof diets.$inferSelect;

export type TableFood = DietFood & { retired: boolean };

/**
 * The food table as the diet engine reads it. Retired foods are in it (a diet that has one still
 * shows it) with `retired` set: the planners leave them out (see `plannableFoods`).
 */
export async function listFoods(db: Executor): Promise<TableFood[]> {
  const rows = await db.select().from(foods).orderBy(asc(foods.id));
  return rows.map((f) => ({
    retired: f.retiredAt !== null,
    id: f.id,
    slug: f.slug,
    name: f.name,
    category: f.category,
    kcal: f.kcal,
    protein_g: f.proteinG,
    carbs_g: f.carbsG,
    fat_g: f.fatG,
    diet_tags: f.dietTags,
    meals: f.meals,
    serving_g: f.servingG,
    serving_label: f.servingLabel,
  }));
}

export async function insertDiet(
  db: Executor,
  values: {
    ownerId: number;
    title: string;
    mealPreference: MealPreference;
    goal: WorkoutGoal;
    plan: DietPlan;
    generatedBy: GeneratedBy;
  },
): Promise<number> {
  const [row] = await db
    .insert(diets)
    .values({ ...values, plan: values.plan })
    .returning({ id: diets.id });
  return row!.id;
}

export async function insertVersion(
  db: Executor,
  values: {
    dietId: number;
    version: number;
    plan: DietPlan;
    changeRequest: string;
    summary: string;
  },
): Promise<void> {
  await db.insert(dietVersions).values({ ...values, plan: values.plan });
}

export async function updateDiet(
  db: Executor,
  id: number,
  values: { plan: DietPlan; version: number; mealPreference: MealPreference; title: string },
): Promise<void> {
  await db
    .update(diets)
    .set({
      plan: values.plan,
      version: values.version,
      mealPreference: values.mealPreference,
      title: values.title,
      updatedAt: sql`now()`,
    })
    .where(eq(diets.id, id));
}

/** The diet with its owner's name; `forUpdate` locks it for a change (one version at a time). */
export async function findDiet(db: Executor, id: number, forUpdate = false) {
  const query = db
    .select({ diet: diets, ownerName: users.name })
    .from(diets)
    .innerJoin(users, eq(users.id, diets.ownerId))
    .where(eq(diets.id, id));
  const [row] = forUpdate ? await query.for('update', { of: diets }) : await query;
  return row;
}

/** Diets by id with their owners' names (for cards other features list). */
export async function findDiets(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ diet: diets, ownerName: users.name })
    .from(diets)
    .innerJoin(users, eq(users.id, diets.ownerId))
    .where(inArray(diets.id, ids));
}

export async function isSharedWith(db: Executor, dietId: number, userId: number) {
  const [row] = await db
    .select({ id: sharedDiets.id })
    .from(sharedDiets)
    .where(and(eq(sharedDiets.dietId, dietId), eq(sharedDiets.toUserId, userId)));
  return !!row;
}

/** The member's diets and those shared with them, most recently changed first. */
export async function listVisibleDiets(db: Executor, userId: number) {
  const shared = db
    .select({ dietId: sharedDiets.dietId })
    .from(sharedDiets)
    .where(eq(sharedDiets.toUserId, userId));
  return db
    .select({ diet: diets, ownerName: users.name })
    .from(diets)
    .innerJoin(users, eq(users.id, diets.ownerId))
    .where(or(eq(diets.ownerId, userId), sql`${diets.id} IN ${shared}`))
    .orderBy(desc(diets.updatedAt), desc(diets.id))
    .limit(200);
}

/** Records a share; false when it was already shared with this member (nothing inserted). */
export async function insertShare(db: Executor, dietId: number, fromId: number, toId: number) {
  const rows = await db
    .insert(sharedDiets)
    .values({ dietId, fromUserId: fromId, toUserId: toId })
    .onConflictDoNothing({ target: [sharedDiets.dietId, sharedDiets.toUserId] })
    .returning({ id: sharedDiets.id });
  return rows.length > 0;
}

export async function listVersions(db: Executor, dietId: number) {
  return db
    .select()
    .from(dietVersions)
    .where(eq(dietVersions.dietId, dietId))
    .orderBy(desc(dietVersions.version));
}

export async function findVersion(db: Executor, dietId: number, version: number) {
  const [row] = await db
    .select()
    .from(dietVersions)
    .where(and(eq(dietVersions.dietId, dietId), eq(dietVersions.version, version)));
  return row;
}
