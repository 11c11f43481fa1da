import { describe, expect, it } from 'vitest';
import { tagSlugs } from '@fitcoach/shared/exercises';
import { workoutGoals } from '@fitcoach/shared/profile';
import { groupKinds, MAX_REPS, MAX_SETS, workoutLevels } from '@fitcoach/shared/workouts';
import { exerciseSeeds } from './exercises';
import type { WorkoutExerciseSeed } from './reference-types';
import { workoutSeeds } from './workouts';

const kebabCase = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const exerciseKindBySlug = new Map(exerciseSeeds.map((e) => [e.slug, e.kind]));

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const dupes = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) dupes.add(value);
    seen.add(value);
  }
  return [...dupes];
}

function isIntIn(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/** Every exercise of every workout, labelled with where it sits for readable failures. */
const allExercises: { where: string; item: WorkoutExerciseSeed }[] = workoutSeeds.flatMap((w) =>
  w.groups.flatMap((g, gi) =>
    g.exercises.map((item, ei) => ({
      where: `${w.slug} group ${gi + 1} exercise ${ei + 1} (${item.exercise})`,
      item,
    })),
  ),
);

describe('workout seeds', () => {
  it('has at least 24 workouts with unique kebab-case slugs and unique titles', () => {
    expect(workoutSeeds.length).toBeGreaterThanOrEqual(24);
    const slugs = workoutSeeds.map((w) => w.slug);
    expect(duplicates(slugs)).toEqual([]);
    expect(slugs.filter((slug) => !kebabCase.test(slug))).toEqual([]);
    expect(duplicates(workoutSeeds.map((w) => w.title.toLowerCase()))).toEqual([]);
  });

  it('covers every workout goal at least twice', () => {
    for (const goal of workoutGoals) {
      const count = workoutSeeds.filter((w) => w.goal === goal).length;
      expect(count, goal).toBeGreaterThanOrEqual(2);
    }
    const unknown = workoutSeeds.filter(
      (w) => !(workoutGoals as readonly string[]).includes(w.goal),
    );
    expect(unknown.map((w) => w.slug)).toEqual([]);
  });

  it('uses every level and only known levels', () => {
    for (const level of workoutLevels) {
      expect(
        workoutSeeds.some((w) => w.level === level),
        level,
      ).toBe(true);
    }
    const unknown = workoutSeeds.filter(
      (w) => !(workoutLevels as readonly string[]).includes(w.level),
    );
    expect(unknown.map((w) => w.slug)).toEqual([]);
  });

  it('gives every workout a title, a 1–3 sentence description and 10–90 minutes', () => {
    for (const w of workoutSeeds) {
      expect(w.title.trim(), w.slug).not.toBe('');
      expect(w.title.length, w.slug).toBeLessThanOrEqual(120);
      const sentences = w.description.trim().match(/[.!?](?=\s|$)/g) ?? [];
      expect(sentences.length, `${w.slug} description sentences`).toBeGreaterThanOrEqual(1);
      expect(sentences.length, `${w.slug} description sentences`).toBeLessThanOrEqual(3);
      expect(isIntIn(w.estimated_minutes, 10, 90), `${w.slug} estimated_minutes`).toBe(true);
    }
  });

  it('tags each workout with 2–5 distinct tags from the vocabulary', () => {
    const allowed = new Set<string>(tagSlugs);
    for (const w of workoutSeeds) {
      expect(w.tags.length, `${w.slug} tag count`).toBeGreaterThanOrEqual(2);
      expect(w.tags.length, `${w.slug} tag count`).toBeLessThanOrEqual(5);
      expect(duplicates(w.tags), `${w.slug} duplicate tags`).toEqual([]);
      expect(
        w.tags.filter((tag) => !allowed.has(tag)),
        `${w.slug} unknown tags`,
      ).toEqual([]);
    }
  });

  it('has 3–10 groups per workout with valid kinds, sizes, rest and notes', () => {
    for (const w of workoutSeeds) {
      expect(w.groups.length, `${w.slug} group count`).toBeGreaterThanOrEqual(3);
      expect(w.groups.length, `${w.slug} group count`).toBeLessThanOrEqual(10);
      w.groups.forEach((g, gi) => {
        const where = `${w.slug} group ${gi + 1}`;
        expect(groupKinds, where).toContain(g.kind);
        if (g.kind === 'single') {
          expect(g.exercises.length, `${where} (single)`).toBe(1);
        } else {
          expect(g.exercises.length, `${where} (${g.kind})`).toBeGreaterThanOrEqual(2);
          expect(g.exercises.length, `${where} (${g.kind})`).toBeLessThanOrEqual(10);
        }
        expect(isIntIn(g.rest_seconds, 0, 900), `${where} rest_seconds`).toBe(true);
        expect(typeof g.notes, `${where} notes`).toBe('string');
        expect(g.notes.length, `${where} notes`).toBeLessThanOrEqual(500);
      });
    }
  });

  it('mixes single groups with supersets or circuits across the library', () => {
    const kinds = new Set(workoutSeeds.flatMap((w) => w.groups.map((g) => g.kind)));
    expect([...kinds].sort()).toEqual([...groupKinds].sort());
  });

  it('only references exercises that exist in the exercise library', () => {
    const missing = allExercises
      .filter(({ item }) => !exerciseKindBySlug.has(item.exercise))
      .map(({ where }) => where);
    expect(missing).toEqual([]);
  });

  it('prescribes reps for rep exercises and a duration for timed ones', () => {
    for (const { where, item } of allExercises) {
      const kind = exerciseKindBySlug.get(item.exercise);
      if (kind === 'reps') {
        expect(item.duration_seconds, `${where} duration`).toBeNull();
        expect(item.reps, `${where} reps`).not.toBeNull();
        expect(isIntIn(item.reps ?? Number.NaN, 1, MAX_REPS), `${where} reps range`).toBe(true);
      } else if (kind === 'timed') {
        expect(item.reps, `${where} reps`).toBeNull();
        expect(item.duration_seconds, `${where} duration`).not.toBeNull();
        expect(
          isIntIn(item.duration_seconds ?? Number.NaN, 5, 3600),
          `${where} duration range`,
        ).toBe(true);
      } else {
        expect.fail(`${where}: unknown exercise`);
      }
    }
  });

  it('keeps sets, rest and weight within the builder limits', () => {
    for (const { where, item } of allExercises) {
      expect(isIntIn(item.sets, 1, MAX_SETS), `${where} sets`).toBe(true);
      expect(isIntIn(item.rest_seconds, 0, 900), `${where} rest_seconds`).toBe(true);
      if (item.weight_kg !== null) {
        expect(Number.isFinite(item.weight_kg), `${where} weight`).toBe(true);
        expect(item.weight_kg, `${where} weight`).toBeGreaterThanOrEqual(0);
        expect(item.weight_kg, `${where} weight`).toBeLessThanOrEqual(2000);
      }
    }
  });

  it('loads barbell, dumbbell, kettlebell and machine lifts and leaves bodyweight work unloaded', () => {
    const equipmentBySlug = new Map(exerciseSeeds.map((e) => [e.slug, e.equipment]));
    const loaded = new Set(['barbell', 'dumbbell', 'kettlebell', 'machine', 'cable', 'ez_bar']);
    for (const { where, item } of allExercises) {
      const equipment = equipmentBySlug.get(item.exercise) ?? [];
      const kind = exerciseKindBySlug.get(item.exercise);
      if (kind === 'reps' && equipment.some((e) => loaded.has(e))) {
        expect(item.weight_kg, `${where} needs a starting weight`).not.toBeNull();
        expect(item.weight_kg ?? 0, `${where} weight`).toBeGreaterThan(0);
      }
      if (equipment.length > 0 && equipment.every((e) => e === 'bodyweight' || e === 'mat')) {
        expect(item.weight_kg, `${where} is bodyweight`).toBeNull();
      }
    }
  });
});
