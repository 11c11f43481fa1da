import { describe, expect, it } from 'vitest';
import { equipmentTypes, exerciseKinds, muscleGroups, tagSlugs } from '@fitcoach/shared/exercises';
import { dietTags, foodCategories, mealTypes } from '@fitcoach/shared/foods';
import { exerciseSeeds } from './exercises';
import { foodSeeds } from './foods';
import { tagSeeds } from './tags';
import { trainerPersonaSeeds } from './trainer-personas';

const kebabCase = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const dupes = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) dupes.add(value);
    seen.add(value);
  }
  return [...dupes];
}

function notIn<T extends string>(values: readonly string[], vocabulary: readonly T[]): string[] {
  const allowed = new Set<string>(vocabulary);
  return values.filter((value) => !allowed.has(value));
}

describe('tag seeds', () => {
  it('has exactly one entry for every tag slug and nothing else', () => {
    const slugs = tagSeeds.map((tag) => tag.slug);
    expect(duplicates(slugs)).toEqual([]);
    expect([...slugs].sort()).toEqual([...tagSlugs].sort());
  });

  it('gives every tag a non-empty, unique human name', () => {
    for (const tag of tagSeeds) {
      expect(tag.name.trim(), tag.slug).not.toBe('');
      expect(tag.name, tag.slug).not.toBe(tag.slug);
    }
    expect(duplicates(tagSeeds.map((tag) => tag.name.toLowerCase()))).toEqual([]);
  });
});

describe('exercise seeds', () => {
  it('has at least 160 exercises, 35 of them timed', () => {
    expect(exerciseSeeds.length).toBeGreaterThanOrEqual(160);
    expect(exerciseSeeds.filter((e) => e.kind === 'timed').length).toBeGreaterThanOrEqual(35);
  });

  it('uses unique kebab-case slugs and unique names', () => {
    expect(duplicates(exerciseSeeds.map((e) => e.slug))).toEqual([]);
    expect(duplicates(exerciseSeeds.map((e) => e.name.toLowerCase()))).toEqual([]);
    const badSlugs = exerciseSeeds.map((e) => e.slug).filter((slug) => !kebabCase.test(slug));
    expect(badSlugs).toEqual([]);
  });

  it('only uses tags, muscles and equipment from the shared vocabularies', () => {
    for (const e of exerciseSeeds) {
      expect(notIn(e.tags, tagSlugs), `${e.slug} tags`).toEqual([]);
      expect(notIn(e.primary_muscles, muscleGroups), `${e.slug} primary`).toEqual([]);
      expect(notIn(e.secondary_muscles, muscleGroups), `${e.slug} secondary`).toEqual([]);
      expect(notIn(e.equipment, equipmentTypes), `${e.slug} equipment`).toEqual([]);
      expect(notIn([e.kind], exerciseKinds), `${e.slug} kind`).toEqual([]);
    }
  });

  it('has well-formed lists on every exercise', () => {
    for (const e of exerciseSeeds) {
      expect(e.tags.length, `${e.slug} tag count`).toBeGreaterThanOrEqual(2);
      expect(e.tags.length, `${e.slug} tag count`).toBeLessThanOrEqual(5);
      expect(duplicates(e.tags), `${e.slug} duplicate tags`).toEqual([]);
      expect(e.primary_muscles.length, `${e.slug} primary muscles`).toBeGreaterThan(0);
      expect(e.equipment.length, `${e.slug} equipment`).toBeGreaterThan(0);
      const overlap = e.secondary_muscles.filter((m) => e.primary_muscles.includes(m));
      expect(overlap, `${e.slug} primary/secondary overlap`).toEqual([]);
    }
  });

  it('has 3 to 6 full-sentence steps and a short description', () => {
    for (const e of exerciseSeeds) {
      expect(e.name.trim(), e.slug).not.toBe('');
      expect(e.steps.length, `${e.slug} step count`).toBeGreaterThanOrEqual(3);
      expect(e.steps.length, `${e.slug} step count`).toBeLessThanOrEqual(6);
      for (const step of e.steps) {
        expect(step, e.slug).toMatch(/^[A-Z0-9].*[.!]$/);
      }
      expect(e.description, e.slug).toMatch(/^[A-Z0-9].*\.$/);
      const sentences = e.description.split(/(?<=\.)\s+(?=[A-Z])/);
      expect(sentences.length, `${e.slug} description sentences`).toBeLessThanOrEqual(2);
    }
  });

  it('pairs timed with a positive duration and reps with null', () => {
    for (const e of exerciseSeeds) {
      if (e.kind === 'timed') {
        expect(e.default_duration_seconds, e.slug).not.toBeNull();
        expect(e.default_duration_seconds ?? 0, e.slug).toBeGreaterThan(0);
        expect(e.default_duration_seconds ?? 0, e.slug).toBeLessThanOrEqual(3600);
      } else {
        expect(e.kind, e.slug).toBe('reps');
        expect(e.default_duration_seconds, e.slug).toBeNull();
      }
      expect(e.video_url, e.slug).toBeNull();
    }
  });

  it('covers the main training styles', () => {
    const count = (tag: (typeof tagSlugs)[number]) =>
      exerciseSeeds.filter((e) => e.tags.includes(tag)).length;
    for (const tag of tagSlugs) {
      expect(count(tag), `exercises tagged ${tag}`).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('food seeds', () => {
  it('has at least 210 foods with unique kebab-case slugs', () => {
    expect(foodSeeds.length).toBeGreaterThanOrEqual(210);
    expect(duplicates(foodSeeds.map((f) => f.slug))).toEqual([]);
    expect(duplicates(foodSeeds.map((f) => f.name.toLowerCase()))).toEqual([]);
    expect(foodSeeds.map((f) => f.slug).filter((slug) => !kebabCase.test(slug))).toEqual([]);
  });

  it('only uses categories, diet tags and meals from the shared vocabularies', () => {
    for (const f of foodSeeds) {
      expect(notIn([f.category], foodCategories), f.slug).toEqual([]);
      expect(notIn(f.diet_tags, dietTags), `${f.slug} diet tags`).toEqual([]);
      expect(notIn(f.meals, mealTypes), `${f.slug} meals`).toEqual([]);
      expect(duplicates(f.diet_tags), `${f.slug} duplicate diet tags`).toEqual([]);
      expect(duplicates(f.meals), `${f.slug} duplicate meals`).toEqual([]);
    }
  });

  it('covers every food category', () => {
    for (const category of foodCategories) {
      expect(
        foodSeeds.filter((f) => f.category === category).length,
        `foods in ${category}`,
      ).toBeGreaterThanOrEqual(5);
    }
  });

  it('has non-negative macros, fiber within carbs and a sensible serving', () => {
    for (const f of foodSeeds) {
      for (const value of [f.kcal, f.protein_g, f.carbs_g, f.fat_g, f.fiber_g]) {
        expect(value, f.slug).toBeGreaterThanOrEqual(0);
      }
      expect(f.fiber_g, `${f.slug} fiber`).toBeLessThanOrEqual(f.carbs_g);
      expect(f.protein_g + f.carbs_g + f.fat_g, `${f.slug} grams`).toBeLessThanOrEqual(100);
      expect(f.kcal, `${f.slug} kcal`).toBeLessThanOrEqual(900);
      expect(f.serving_g, `${f.slug} serving`).toBeGreaterThan(0);
      expect(f.serving_label.trim(), `${f.slug} serving label`).not.toBe('');
      expect(f.meals.length, `${f.slug} meals`).toBeGreaterThan(0);
    }
  });

  it('has kcal consistent with 4/4/9 macros', () => {
    for (const f of foodSeeds) {
      const fromMacros = 4 * f.protein_g + 4 * f.carbs_g + 9 * f.fat_g;
      const tolerance = Math.max(0.2 * f.kcal, 30);
      expect(
        Math.abs(f.kcal - fromMacros),
        `${f.slug}: ${f.kcal} vs ${fromMacros}`,
      ).toBeLessThanOrEqual(tolerance);
    }
  });

  it('keeps diet tags coherent', () => {
    const animalCategories = new Set(['meat', 'poultry', 'fish_and_seafood', 'dairy', 'eggs']);
    const flesh = new Set(['meat', 'poultry']);
    for (const f of foodSeeds) {
      const tags = new Set(f.diet_tags);
      if (tags.has('keto')) {
        expect(f.carbs_g - f.fiber_g, `${f.slug} keto net carbs`).toBeLessThanOrEqual(10);
      }
      if (tags.has('vegan')) {
        expect(tags.has('vegetarian'), `${f.slug} vegan ⇒ vegetarian`).toBe(true);
        expect(tags.has('dairy_free'), `${f.slug} vegan ⇒ dairy_free`).toBe(true);
        expect(animalCategories.has(f.category), `${f.slug} vegan animal food`).toBe(false);
      }
      if (tags.has('vegetarian')) {
        expect(tags.has('pescatarian'), `${f.slug} vegetarian ⇒ pescatarian`).toBe(true);
        expect(f.category === 'fish_and_seafood', `${f.slug} vegetarian fish`).toBe(false);
      }
      if (flesh.has(f.category)) {
        expect(tags.has('pescatarian'), `${f.slug} meat is not pescatarian`).toBe(false);
        expect(tags.has('vegetarian'), `${f.slug} meat is not vegetarian`).toBe(false);
      }
      if (f.category === 'dairy') {
        expect(tags.has('dairy_free'), `${f.slug} dairy is not dairy_free`).toBe(false);
      }
      if (tags.has('paleo')) {
        expect(
          ['grains', 'bread_and_pasta', 'legumes', 'dairy'].includes(f.category),
          `${f.slug} paleo category`,
        ).toBe(false);
      }
      if (tags.has('gluten_free')) {
        const name = f.name.toLowerCase();
        expect(name, `${f.slug} gluten`).not.toMatch(
          /\b(wheat|barley|rye|couscous|bulgur|farro|seitan|pasta|bagels?|pitas?|muffins?|pretzels?|crackers?)\b/,
        );
        if (/\boats?\b/.test(name)) expect(name, f.slug).toContain('certified gluten-free');
      }
    }
  });

  it('offers at least 15 foods for every diet tag and every meal type', () => {
    for (const tag of dietTags) {
      expect(
        foodSeeds.filter((f) => f.diet_tags.includes(tag)).length,
        `foods tagged ${tag}`,
      ).toBeGreaterThanOrEqual(15);
    }
    for (const meal of mealTypes) {
      expect(
        foodSeeds.filter((f) => f.meals.includes(meal)).length,
        `foods for ${meal}`,
      ).toBeGreaterThanOrEqual(15);
    }
  });

  it('offers plenty of vegan protein sources', () => {
    const veganProtein = foodSeeds.filter((f) => f.diet_tags.includes('vegan') && f.protein_g >= 7);
    expect(veganProtein.length).toBeGreaterThanOrEqual(15);
  });
});

describe('trainer persona seeds', () => {
  it('has at least 4 personas with unique slugs, names and specialties', () => {
    expect(trainerPersonaSeeds.length).toBeGreaterThanOrEqual(4);
    expect(duplicates(trainerPersonaSeeds.map((p) => p.slug))).toEqual([]);
    expect(duplicates(trainerPersonaSeeds.map((p) => p.name))).toEqual([]);
    expect(duplicates(trainerPersonaSeeds.map((p) => p.specialty))).toEqual([]);
    expect(duplicates(trainerPersonaSeeds.map((p) => p.tone))).toEqual([]);
  });

  it('fills in every field', () => {
    for (const p of trainerPersonaSeeds) {
      expect(p.slug, p.slug).toMatch(kebabCase);
      for (const text of [p.name, p.description, p.specialty, p.tone, p.greeting]) {
        expect(text.trim(), p.slug).not.toBe('');
      }
      expect(p.example_questions.length, p.slug).toBeGreaterThanOrEqual(4);
      expect(p.example_questions.length, p.slug).toBeLessThanOrEqual(6);
      for (const question of p.example_questions) {
        expect(question, p.slug).toMatch(/\?$/);
      }
    }
  });
});
