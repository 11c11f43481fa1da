/**
 * A food's household measure as a cook reads it: the serving label's own amount multiplied out
 * ("1/2 cup" × 3 → "1½ cups", "2 medium figs" × 0.25 → "½ medium fig") instead of
 * "3 × 1/2 cup". Amounts round to the nearest eighth below 1 and the nearest quarter above,
 * never to nothing. A label without a leading amount keeps the "n × label" form (null here).
 */

const glyphs: Record<number, string> = {
  0.125: '⅛',
  0.25: '¼',
  0.375: '⅜',
  0.5: '½',
  0.625: '⅝',
  0.75: '¾',
  0.875: '⅞',
};

/** Units and nouns in the food table's labels that take an "s" for more than one. */
const countable = new Set([
  'cup',
  'slice',
  'bar',
  'scoop',
  'can',
  'pot',
  'egg',
  'fig',
  'kiwi',
  'apricot',
  'olive',
  'spear',
  'cracker',
  'wing',
  'fillet',
  'patty',
  'date',
  'nut',
  'piece',
  'stalk',
  'leaf',
  'clove',
  'tortilla',
  'muffin',
  'banana',
  'apple',
  'orange',
  'pear',
  'peach',
  'plum',
  'carrot',
  'potato',
  'tomato',
]);

const irregular: Record<string, string> = {
  patty: 'patties',
  leaf: 'leaves',
  potato: 'potatoes',
  tomato: 'tomatoes',
};
const singular = Object.fromEntries(
  [...countable].map((w) => [irregular[w] ?? `${w}s`, w] as const),
);

const leadingAmount = /^(\d+)(?:\s+(\d+)\/(\d+)|\/(\d+))?\s+(.+)$/;

function parseLabel(label: string): { amount: number; rest: string } | null {
  const match = leadingAmount.exec(label.trim());
  if (!match) return null;
  const [, whole, mixedTop, mixedBottom, bottom, rest] = match;
  let amount = Number(whole);
  if (mixedTop && mixedBottom) amount += Number(mixedTop) / Number(mixedBottom);
  if (bottom) amount /= Number(bottom);
  if (!Number.isFinite(amount) || amount <= 0) return null;
  return { amount, rest: rest! };
}

function rounded(amount: number): number {
  const step = amount < 1 ? 0.125 : 0.25;
  return Math.max(0.125, Math.round(amount / step) * step);
}

function formatAmount(amount: number, formatNumber: (n: number) => string): string {
  const whole = Math.floor(amount);
  const glyph = glyphs[amount - whole];
  if (glyph === undefined) return formatNumber(amount);
  return whole === 0 ? glyph : `${formatNumber(whole)}${glyph}`;
}

/** Each word that names what is counted takes the number's form (one cup, two cups). */
function agree(rest: string, plural: boolean): string {
  return rest
    .split(' ')
    .map((word) => {
      const lower = word.toLowerCase();
      if (plural && countable.has(lower)) return irregular[lower] ?? `${word}s`;
      if (!plural && singular[lower]) return singular[lower];
      return word;
    })
    .join(' ');
}

export function householdMeasure(
  servings: number,
  label: string,
  formatNumber: (n: number) => string = String,
): string | null {
  const parsed = parseLabel(label);
  if (!parsed || !(servings > 0)) return null;
  const amount = rounded(servings * parsed.amount);
  return `${formatAmount(amount, formatNumber)} ${agree(parsed.rest, amount > 1)}`;
}
