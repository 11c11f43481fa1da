import { describe, expect, it } from 'vitest';
import { householdMeasure } from './household-measure';

describe('householdMeasure', () => {
  it('multiplies the label’s amount out, with fractions a cook reads', () => {
    expect(householdMeasure(1.75, '1 cup')).toBe('1¾ cups');
    expect(householdMeasure(3, '1/2 cup')).toBe('1½ cups');
    expect(householdMeasure(0.25, '2 medium figs')).toBe('½ medium fig');
    expect(householdMeasure(0.25, '1 kiwi')).toBe('¼ kiwi');
    expect(householdMeasure(2, '1 large egg')).toBe('2 large eggs');
    expect(householdMeasure(1, '1 cup cooked')).toBe('1 cup cooked');
    expect(householdMeasure(2, '5 small patties')).toBe('10 small patties');
    expect(householdMeasure(0.2, '1 patty')).toBe('¼ patty');
  });

  it('never rounds an amount away, and keeps units that do not count', () => {
    expect(householdMeasure(0.25, '1/4 cup')).toBe('⅛ cup');
    expect(householdMeasure(0.01, '1 tbsp')).toBe('⅛ tbsp');
    expect(householdMeasure(2.5, '4 oz cooked')).toBe('10 oz cooked');
    expect(householdMeasure(1.5, '1 1/2 cups')).toBe('2¼ cups');
  });

  it('formats whole numbers with the locale’s formatter', () => {
    expect(householdMeasure(1000, '1 oz', (n) => n.toLocaleString('en'))).toBe('1,000 oz');
  });

  it('answers null when the label has no leading amount or the servings are not positive', () => {
    expect(householdMeasure(2, 'a handful')).toBeNull();
    expect(householdMeasure(0, '1 cup')).toBeNull();
    expect(householdMeasure(Number.NaN, '1 cup')).toBeNull();
  });
});
