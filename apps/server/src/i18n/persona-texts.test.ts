import { describe, expect, it } from 'vitest';
import { trainerPersonaSeeds } from '../db/seed/reference/trainer-personas';
import { personaTexts } from './persona-texts';

describe('persona texts', () => {
  it('words every seeded persona in Spanish, question for question', () => {
    const es = personaTexts.es;
    expect(Object.keys(es).sort()).toEqual(trainerPersonaSeeds.map((p) => p.slug).sort());
    for (const seed of trainerPersonaSeeds) {
      const text = es[seed.slug];
      if (!text) throw new Error(`no Spanish text for ${seed.slug}`);
      for (const field of ['description', 'specialty', 'tone', 'greeting'] as const) {
        expect(text[field].trim(), `${seed.slug}.${field}`).not.toBe('');
        expect(text[field], `${seed.slug}.${field}`).not.toBe(seed[field]);
      }
      expect(text.example_questions.length, seed.slug).toBe(seed.example_questions.length);
    }
  });
});
