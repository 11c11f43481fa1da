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
/**
 * The Spanish labels' words that count (decision 0025 words labels in the member's language),
 * adjectives included, since they agree with their noun: "2 zanahorias medianas".
 */
const spanishPlurals: Record<string, string> = {
  taza: 'tazas',
  cucharada: 'cucharadas',
  cucharadita: 'cucharaditas',
  rebanada: 'rebanadas',
  tarrina: 'tarrinas',
  huevo: 'huevos',
  cacito: 'cacitos',
  lata: 'latas',
  escurrida: 'escurridas',
  barrita: 'barritas',
  aceituna: 'aceitunas',
  espárrago: 'espárragos',
  galleta: 'galletas',
  orejón: 'orejones',
  bolita: 'bolitas',
  filete: 'filetes',
  alita: 'alitas',
  nuez: 'nueces',
  clara: 'claras',
  higo: 'higos',
  dátil: 'dátiles',
  tortita: 'tortitas',
  pomelo: 'pomelos',
  aguacate: 'aguacates',
  contramuslo: 'contramuslos',
  paquete: 'paquetes',
  pechuga: 'pechugas',
  cajita: 'cajitas',
  zanahoria: 'zanahorias',
  bagel: 'bagels',
  pata: 'patas',
  yema: 'yemas',
  pita: 'pitas',
  jamoncito: 'jamoncitos',
  chuleta: 'chuletas',
  botella: 'botellas',
  mediano: 'medianos',
  mediana: 'medianas',
  pequeño: 'pequeños',
  pequeña: 'pequeñas',
  grande: 'grandes',
};
const plurals: Record<string, string> = {
  ...Object.fromEntries([...countable].map((w) => [w, irregular[w] ?? `${w}s`] as const)),
  ...spanishPlurals,
};
const singular = Object.fromEntries(Object.entries(plurals).map(([one, many]) => [many, one]));

/** Metric units: their amount is a whole number, never "142½ g". */
const metric = new Set(['g', 'ml']);

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

/**
 * Each word that names what is counted takes the number's form (one cup, two cups), up to a
 * "de", "en" or "(": what follows describes it ("claras de huevo grande", "(23 nuts)").
 */
function agree(rest: string, plural: boolean): string {
  let counted = true;
  return rest
    .split(' ')
    .map((word) => {
      const lower = word.toLowerCase();
      if (lower === 'de' || lower === 'en' || lower.startsWith('(')) counted = false;
      if (!counted) return word;
      if (plural && plurals[lower]) return plurals[lower];
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
  const unit = parsed.rest.split(' ')[0]!;
  if (metric.has(unit))
    return `${formatNumber(Math.max(1, Math.round(servings * parsed.amount)))} ${parsed.rest}`;
  const amount = rounded(servings * parsed.amount);
  // "¼ de taza" but "1½ tazas".
  const rest = amount >= 1 ? parsed.rest.replace(/^de /, '') : parsed.rest;
  return `${formatAmount(amount, formatNumber)} ${agree(rest, amount > 1)}`;
}
