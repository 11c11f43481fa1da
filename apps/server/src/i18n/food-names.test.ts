import { LOCALES } from '@fitcoach/shared/locales';
import { describe, expect, it } from 'vitest';
import { foodSeeds } from '../db/seed/reference/foods';
import { foodName, foodNames, servingLabel, servingLabels } from './food-names';

/*
 * Every food of the table, and every household measure it uses, has a name in every language:
 * a food added to the seed without one fails here, not on a member's diet page.
 */
const translated = LOCALES.filter((l) => l !== 'en');

describe('food names', () => {
  for (const locale of translated) {
    it(`has a ${locale} name for every food and measure, and none for foods that do not exist`, () => {
      const slugs = foodSeeds.map((f) => f.slug);
      expect(
        slugs.filter((s) => !foodNames[locale][s]),
        'missing',
      ).toEqual([]);
      expect(
        Object.keys(foodNames[locale]).filter((s) => !slugs.includes(s)),
        'stray',
      ).toEqual([]);
      const labels = [...new Set(foodSeeds.map((f) => f.serving_label))];
      expect(
        labels.filter((l) => !servingLabels[locale][l]),
        'missing',
      ).toEqual([]);
      expect(
        Object.keys(servingLabels[locale]).filter((l) => !labels.includes(l)),
        'stray',
      ).toEqual([]);
    });
  }

  it('words a food and its measure in the reader’s language', () => {
    const rice = foodSeeds.find((f) => f.slug === 'white-rice-cooked')!;
    expect(foodName(rice, 'en')).toBe('White rice, cooked');
    expect(foodName(rice, 'es')).toBe('Arroz blanco, cocido');
    expect(servingLabel(rice.serving_label, 'en')).toBe('1 cup cooked');
    expect(servingLabel(rice.serving_label, 'es')).toBe('1 taza (cocinado)');
  });
});
