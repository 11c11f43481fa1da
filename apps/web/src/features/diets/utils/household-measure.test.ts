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

  it('makes Spanish labels agree too, leaving what follows "de", "en" or "(" as it is', () => {
    expect(householdMeasure(0.25, '2 cucharadas')).toBe('½ cucharada');
    expect(householdMeasure(1.5, '1 taza (cocinado)')).toBe('1½ tazas (cocinado)');
    expect(householdMeasure(2, '1 zanahoria mediana')).toBe('2 zanahorias medianas');
    expect(householdMeasure(0.5, '2 higos medianos')).toBe('1 higo mediano');
    expect(householdMeasure(2, '3 claras de huevo grande')).toBe('6 claras de huevo grande');
    expect(householdMeasure(2, '1 taza de granos')).toBe('2 tazas de granos');
    expect(householdMeasure(0.5, '2 dátiles')).toBe('1 dátil');
    expect(householdMeasure(6, '1/4 de taza')).toBe('1½ tazas');
    expect(householdMeasure(1, '1/4 de taza')).toBe('¼ de taza');
  });

  it('keeps grams whole: a Spanish "57 g" serving × 2.5 is 143 g, not "142½ g"', () => {
    expect(householdMeasure(2.5, '57 g', (n) => n.toLocaleString('es'))).toBe('143 g');
    expect(householdMeasure(0.75, '113 g (cocinado)')).toBe('85 g (cocinado)');
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
