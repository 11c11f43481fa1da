import type { Locale } from '@fitcoach/shared/locales';

/*
 * The trainer personas' words in the languages other than English, keyed by the persona's slug
 * (the seed's key; ids differ between databases). Like food-names.ts, a server-side catalogue
 * rather than a column per language: the seed keeps one English row per persona, and
 * persona-texts.test.ts fails when a seeded persona has no text here. Names stay as they are.
 */

type Translated = Exclude<Locale, 'en'>;

export interface PersonaText {
  description: string;
  specialty: string;
  tone: string;
  greeting: string;
  example_questions: string[];
}

export const personaTexts: Record<Translated, Readonly<Record<string, PersonaText>>> = {
  es: {},
};
