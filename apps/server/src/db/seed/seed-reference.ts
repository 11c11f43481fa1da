import { inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { exercises, exerciseTags, foods, tags, trainerPersonas } from '../schema/reference';
import { eq } from 'drizzle-orm';
import * as workoutStore from '../../features/workouts/workouts.repository';
import { workouts } from '../schema/workouts';
import { exerciseSeeds } from './reference/exercises';
import { foodSeeds } from './reference/foods';
import { tagSeeds } from './reference/tags';
import { trainerPersonaSeeds } from './reference/trainer-personas';
import { workoutSeeds } from './reference/workouts';

/** `excluded.<col>` for an upsert's SET list. */
const excluded = (column: string) => sql.raw(`excluded."${column}"`);

async function upsertTags(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .insert(tags)
    .values(tagSeeds.map((t) => ({ slug: t.slug, name: t.name })))
    .onConflictDoUpdate({
      target: tags.slug,
      set: { name: excluded('name') },
      // What an admin changed stays as they left it (docs/decisions/0036).
      setWhere: isNull(tags.editedAt),
    })
    .returning({ id: tags.id, slug: tags.slug });
  // Rows the upsert left alone (edited by an admin) are not returned: look them up too.
  const all = await db
    .select({ id: tags.id, slug: tags.slug })
    .from(tags)
    .where(
      inArray(
        tags.slug,
        tagSeeds.map((t) => t.slug),
      ),
    );
  return new Map([...all, ...rows].map((r) => [r.slug, r.id]));
}

async function upsertExercises(
  db: Executor,
  tagIds: Map<string, number>,
): Promise<Map<string, number>> {
  const rows = await db
    .insert(exercises)
    .values(
      exerciseSeeds.map((e) => ({
        slug: e.slug,
        name: e.name,
        description: e.description,
        steps: e.steps,
        primaryMuscles: e.primary_muscles,
        secondaryMuscles: e.secondary_muscles,
        equipment: e.equipment,
        kind: e.kind,
        defaultDurationSeconds: e.default_duration_seconds,
        videoUrl: e.video_url,
      })),
    )
    .onConflictDoUpdate({
      target: exercises.slug,
      set: {
        name: excluded('name'),
        description: excluded('description'),
        steps: excluded('steps'),
        primaryMuscles: excluded('primary_muscles'),
        secondaryMuscles: excluded('secondary_muscles'),
        equipment: excluded('equipment'),
        kind: excluded('kind'),
        defaultDurationSeconds: excluded('default_duration_seconds'),
        videoUrl: excluded('video_url'),
      },
      setWhere: isNull(exercises.editedAt),
    })
    .returning({ id: exercises.id, slug: exercises.slug });
  const seeded = new Map(rows.map((r) => [r.slug, r.id]));
  const all = await db
    .select({ id: exercises.id, slug: exercises.slug })
    .from(exercises)
    .where(
      inArray(
        exercises.slug,
        exerciseSeeds.map((e) => e.slug),
      ),
    );
  const ids = new Map(all.map((r) => [r.slug, r.id]));
  // The seed owns the tags of the seeded exercises it rewrote: replace them wholesale.
  if (seeded.size > 0) {
    await db.delete(exerciseTags).where(inArray(exerciseTags.exerciseId, [...seeded.values()]));
  }
  const links = exerciseSeeds
    .filter((e) => seeded.has(e.slug))
    .flatMap((e) =>
      e.tags.map((slug) => {
        const exerciseId = ids.get(e.slug);
        const tagId = tagIds.get(slug);
        if (exerciseId === undefined || tagId === undefined) {
          throw new Error(`seed: unknown tag ${slug} on exercise ${e.slug}`);
        }
        return { exerciseId, tagId };
      }),
    );
  if (links.length > 0) await db.insert(exerciseTags).values(links);
  return ids;
}

/** FitCoach's public library workouts, matched by slug and rewritten in place. */
async function upsertWorkouts(
  db: Executor,
  tagIds: Map<string, number>,
  exerciseIds: Map<string, number>,
): Promise<void> {
  const idOf = (map: Map<string, number>, slug: string, what: string) => {
    const id = map.get(slug);
    if (id === undefined) throw new Error(`seed: unknown ${what} ${slug}`);
    return id;
  };
  for (const w of workoutSeeds) {
    const content: workoutStore.WorkoutContent = {
      title: w.title,
      description: w.description,
      goal: w.goal,
      level: w.level,
      estimatedMinutes: w.estimated_minutes,
      isPublic: true,
      tagIds: w.tags.map((t) => idOf(tagIds, t, 'tag')),
      groups: w.groups.map((g) => ({
        kind: g.kind,
        restSeconds: g.rest_seconds,
        notes: g.notes,
        exercises: g.exercises.map((e) => ({
          exerciseId: idOf(exerciseIds, e.exercise, 'exercise'),
          sets: e.sets,
          reps: e.reps,
          weightKg: e.weight_kg,
          durationSeconds: e.duration_seconds,
          restSeconds: e.rest_seconds,
        })),
      })),
    };
    const [existing] = await db
      .select({ id: workouts.id, editedAt: workouts.editedAt })
      .from(workouts)
      .where(eq(workouts.slug, w.slug));
    // A library workout an admin changed stays as they left it.
    if (existing?.editedAt) continue;
    if (existing) await workoutStore.updateWorkout(db, existing.id, content);
    else await workoutStore.insertWorkout(db, null, content, { slug: w.slug });
  }
}

async function upsertFoods(db: Executor): Promise<void> {
  await db
    .insert(foods)
    .values(
      foodSeeds.map((f) => ({
        slug: f.slug,
        name: f.name,
        category: f.category,
        kcal: f.kcal,
        proteinG: f.protein_g,
        carbsG: f.carbs_g,
        fatG: f.fat_g,
        fiberG: f.fiber_g,
        dietTags: f.diet_tags,
        meals: f.meals,
        servingG: f.serving_g,
        servingLabel: f.serving_label,
      })),
    )
    .onConflictDoUpdate({
      target: foods.slug,
      set: {
        name: excluded('name'),
        category: excluded('category'),
        kcal: excluded('kcal'),
        proteinG: excluded('protein_g'),
        carbsG: excluded('carbs_g'),
        fatG: excluded('fat_g'),
        fiberG: excluded('fiber_g'),
        dietTags: excluded('diet_tags'),
        meals: excluded('meals'),
        servingG: excluded('serving_g'),
        servingLabel: excluded('serving_label'),
      },
      setWhere: isNull(foods.editedAt),
    });
}

async function upsertPersonas(db: Executor): Promise<void> {
  await db
    .insert(trainerPersonas)
    .values(
      trainerPersonaSeeds.map((p) => ({
        slug: p.slug,
        name: p.name,
        description: p.description,
        specialty: p.specialty,
        tone: p.tone,
        greeting: p.greeting,
        exampleQuestions: p.example_questions,
      })),
    )
    .onConflictDoUpdate({
      target: trainerPersonas.slug,
      set: {
        name: excluded('name'),
        description: excluded('description'),
        specialty: excluded('specialty'),
        tone: excluded('tone'),
        greeting: excluded('greeting'),
        exampleQuestions: excluded('example_questions'),
      },
      setWhere: isNull(trainerPersonas.editedAt),
    });
}

/** Loads the reference data (tags, exercises, foods, personas, library workouts); safe to run again. */
export async function seedReferenceData(db: Executor): Promise<void> {
  const tagIds = await upsertTags(db);
  const exerciseIds = await upsertExercises(db, tagIds);
  await upsertWorkouts(db, tagIds, exerciseIds);
  await upsertFoods(db);
  await upsertPersonas(db);
}

export const referenceData = {
  tagSeeds,
  exerciseSeeds,
  foodSeeds,
  trainerPersonaSeeds,
  workoutSeeds,
};
