/**
 * Achievement badge images: one self-contained 160×160 SVG per badge key, built from small
 * shape / glyph / tier helpers. Served as `GET /achievements/<key>.svg`.
 *
 * Families have their own silhouette and palette; within a family the tier (its index among the
 * family's thresholds) escalates the rim metal (bronze → silver → gold → emerald → diamond →
 * ruby → mythic), adds stars on top, and from emerald on a laurel wreath.
 */

export const badgeKeys = [
  'first-workout',
  'workouts-10',
  'workouts-25',
  'workouts-50',
  'workouts-100',
  'workouts-250',
  'workouts-500',
  'workouts-1000',
  'streak-days-3',
  'streak-days-7',
  'streak-days-14',
  'streak-days-30',
  'streak-days-60',
  'streak-days-100',
  'streak-weeks-4',
  'streak-weeks-8',
  'streak-weeks-12',
  'streak-weeks-26',
  'streak-weeks-52',
  'volume-1000',
  'volume-10000',
  'volume-50000',
  'volume-100000',
  'volume-500000',
  'volume-1000000',
  'pr-weight',
  'pr-reps',
  'pr-1rm',
  'challenge-won',
] as const;

export type BadgeKey = (typeof badgeKeys)[number];

const keySet: ReadonlySet<string> = new Set(badgeKeys);

export function isBadgeKey(value: string): value is BadgeKey {
  return keySet.has(value);
}

// ---------------------------------------------------------------------------------------------
// Key → description

type TieredFamily = 'workouts' | 'streak-days' | 'streak-weeks' | 'volume';
type PrKind = 'weight' | 'reps' | '1rm';

type Badge =
  | { family: 'first' }
  | { family: TieredFamily; value: number; tier: number }
  | { family: 'pr'; kind: PrKind }
  | { family: 'challenge' };

const tieredPattern = /^(workouts|streak-days|streak-weeks|volume)-(\d+)$/;

function describeBadge(key: BadgeKey): Badge {
  if (key === 'first-workout') return { family: 'first' };
  if (key === 'challenge-won') return { family: 'challenge' };
  if (key === 'pr-weight' || key === 'pr-reps' || key === 'pr-1rm') {
    return { family: 'pr', kind: key.slice(3) as PrKind };
  }
  const match = tieredPattern.exec(key);
  if (!match) throw new Error(`Unknown badge key: ${key}`);
  const family = match[1] as TieredFamily;
  const tier = badgeKeys.filter((k) => tieredPattern.exec(k)?.[1] === family).indexOf(key);
  return { family, value: Number(match[2]), tier };
}

const prTitles: Record<PrKind, string> = {
  weight: 'Personal record: heaviest weight',
  reps: 'Personal record: most reps in a set',
  '1rm': 'Personal record: best estimated one-rep max',
};

/** The accessible name of a badge, e.g. "10 workouts badge" (also usable as the image's alt). */
export function badgeTitle(key: BadgeKey): string {
  const badge = describeBadge(key);
  switch (badge.family) {
    case 'first':
      return 'First workout badge';
    case 'workouts':
      return `${badge.value} workouts badge`;
    case 'streak-days':
      return `${badge.value}-day streak badge`;
    case 'streak-weeks':
      return `${badge.value}-week streak badge`;
    case 'volume': {
      const tonnes = badge.value / 1000;
      return `${tonnes} ${tonnes === 1 ? 'tonne' : 'tonnes'} lifted badge`;
    }
    case 'pr':
      return `${prTitles[badge.kind]} badge`;
    case 'challenge':
      return 'Challenge prize badge';
  }
}

// ---------------------------------------------------------------------------------------------
// Tiny SVG builder

type Attrs = Record<string, string | number>;

const num = (v: number): string => String(Math.round(v * 10) / 10);

function el(tag: string, attrs: Attrs, children?: string): string {
  const list = Object.entries(attrs)
    .map(([name, value]) => {
      const text = typeof value === 'number' ? num(value) : value;
      return ` ${name}="${name === 'd' ? text.replace(/ (?=-)/g, '') : text}"`;
    })
    .join('');
  return children === undefined ? `<${tag}${list}/>` : `<${tag}${list}>${children}</${tag}>`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A top-to-bottom (or diagonal) linear gradient. */
function gradient(id: string, stops: readonly string[], diagonal = false): string {
  const dir = diagonal ? { x1: 0, y1: 0, x2: 1, y2: 1 } : { x1: 0, y1: 0, x2: 0, y2: 1 };
  const body = stops
    .map((color, i) => el('stop', { offset: num(i / (stops.length - 1)), 'stop-color': color }))
    .join('');
  return el('linearGradient', { id, ...dir }, body);
}

/** A point at `r` from (cx, cy), `deg` clockwise from straight up. */
function polar(cx: number, cy: number, r: number, deg: number): [number, number] {
  const a = (deg * Math.PI) / 180;
  return [cx + r * Math.sin(a), cy - r * Math.cos(a)];
}

function starPoints(cx: number, cy: number, outer: number, inner: number, n: number): string {
  const pts: string[] = [];
  for (let i = 0; i < n * 2; i++) {
    const [x, y] = polar(cx, cy, i % 2 === 0 ? outer : inner, (i * 180) / n);
    pts.push(`${num(x)},${num(y)}`);
  }
  return pts.join(' ');
}

const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';
const OUTLINE = '#1b2233';

/** Bold centred text for numbers and short labels. */
function label(text: string, y: number, size: number, fill = '#fff', shade = 'rgba(0,0,0,.28)') {
  return el(
    'text',
    {
      x: 80,
      y,
      'text-anchor': 'middle',
      'font-family': FONT,
      'font-size': size,
      'font-weight': 800,
      fill,
      stroke: shade,
      'stroke-width': 3,
      'paint-order': 'stroke',
      'stroke-linejoin': 'round',
    },
    escapeXml(text),
  );
}

/** Font size that keeps a label of this length inside a ~70 px wide area. */
const fitSize = (text: string, max: number): number =>
  Math.min(max, Math.floor(118 / Math.max(text.length, 1)));

// ---------------------------------------------------------------------------------------------
// Tiers

interface Tier {
  /** Rim gradient stops, diagonal: light → mid → dark → light sheen. */
  rim: readonly string[];
  /** Solid colour for stars and laurels. */
  solid: string;
}

const tiers: readonly Tier[] = [
  { rim: ['#f7c79b', '#c27a40', '#8a4b22', '#d9965e'], solid: '#d08a50' }, // bronze
  { rim: ['#ffffff', '#c9d2dc', '#8393a5', '#e4e9ef'], solid: '#cfd8e3' }, // silver
  { rim: ['#fff3b0', '#f8c630', '#c98a06', '#ffe066'], solid: '#fbcb3c' }, // gold
  { rim: ['#d1fae5', '#34d399', '#047857', '#a7f3d0'], solid: '#4ade80' }, // emerald
  { rim: ['#ffffff', '#bdeeff', '#56b8e8', '#eefaff'], solid: '#c4f1ff' }, // diamond
  { rim: ['#ffc2cf', '#f43f5e', '#9f1239', '#ff8aa0'], solid: '#fb7185' }, // ruby
  { rim: ['#ffd6f5', '#c084fc', '#38bdf8', '#fde68a'], solid: '#f0abfc' }, // mythic
];

const tierAt = (tier: number): Tier => tiers[Math.min(tier, tiers.length - 1)] ?? tiers[0]!;

/** Centre of every tiered body. */
const CX = 80;
const CY = 86;

/** Stars above the body: none, 1, 2, 3, then 1–2 again once the laurels appear (see crown). */
function tierStars(tier: number): string {
  const count = tier === 0 ? 0 : ((tier - 1) % 3) + 1;
  const angles = [[], [0], [-8, 8], [-15, 0, 15]][count] ?? [];
  const fill = tierAt(tier).solid;
  return angles
    .map((deg) => {
      const [x, y] = polar(CX, CY, 73, deg);
      const r = deg === 0 && count === 3 ? 8 : 6.5;
      return el('polygon', {
        points: starPoints(x, y, r, r * 0.45, 5),
        fill,
        stroke: OUTLINE,
        'stroke-width': 1.5,
        'stroke-linejoin': 'round',
      });
    })
    .join('');
}

/** A laurel wreath hugging the body's sides, from `startDeg` (bottom) up to 300°. */
function laurels(tier: number, startDeg: number): string {
  const fill = tierAt(tier).solid;
  const r = 67;
  const [sx, sy] = polar(CX, CY, r, startDeg);
  const [ex, ey] = polar(CX, CY, r, 302);
  const stem = `M${num(sx)} ${num(sy)}A${r} ${r} 0 0 1 ${num(ex)} ${num(ey)}`;
  let d = '';
  const leaf = (bx: number, by: number, deg: number, length: number) => {
    const a = (deg * Math.PI) / 180;
    const [ux, uy] = [Math.cos(a), Math.sin(a)];
    const w = length * 0.42;
    const [tx, ty] = [ux * length, uy * length];
    const c1 = [ux * length * 0.5 - uy * w, uy * length * 0.5 + ux * w];
    const c2 = [ux * length * 0.5 + uy * w - tx, uy * length * 0.5 - ux * w - ty];
    return (
      `M${num(bx)} ${num(by)}q${num(c1[0]!)} ${num(c1[1]!)} ${num(tx)} ${num(ty)}` +
      `q${num(c2[0]!)} ${num(c2[1]!)} ${num(-tx)} ${num(-ty)}Z`
    );
  };
  const steps = 5;
  for (let i = 0; i < steps; i++) {
    const deg = startDeg + ((302 - startDeg) * (i + 0.35)) / steps;
    const [x, y] = polar(CX, CY, r, deg);
    d += leaf(x, y, deg - 42, 14) + leaf(x, y, deg + 40, 11);
  }
  const [tx, ty] = polar(CX, CY, r, 302);
  d += leaf(tx, ty, 302, 13);
  const side =
    el('path', { d: stem, fill: 'none', stroke: fill, 'stroke-width': 3 }) + el('path', { d });
  return el(
    'g',
    {
      fill,
      stroke: OUTLINE,
      'stroke-width': 1,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    },
    side + el('g', { transform: 'matrix(-1 0 0 1 160 0)' }, side),
  );
}

/** A small crown above the top tier, in place of stars. */
function crown(tier: number): string {
  const gem = tierAt(tier).solid;
  return (
    el('path', {
      d: 'M64 24L61 8L71 15L80 4L89 15L99 8L96 24Z',
      fill: '#fbcb3c',
      stroke: OUTLINE,
      'stroke-width': 1.5,
      'stroke-linejoin': 'round',
    }) + el('circle', { cx: 80, cy: 18, r: 3, fill: gem, stroke: OUTLINE, 'stroke-width': 1 })
  );
}

/** Tier decorations: laurels behind the body from emerald on, stars (or the crown) above it. */
function tierDecor(tier: number, laurelStart = 205): { back: string; front: string } {
  const back = tier >= 3 ? laurels(tier, laurelStart) : '';
  return { back, front: tier >= 6 ? crown(tier) : tierStars(tier) };
}

/**
 * A body shape with a dark outline, a metallic rim and a gradient fill: the same geometry drawn
 * three times (outline stroke, rim stroke, filled body with a thin dark seam).
 */
function framed(
  tag: 'path' | 'circle' | 'polygon',
  geometry: Attrs,
  rimFill: string,
  bodyFill: string,
  seam: string,
  rimWidth = 14,
): string {
  const join = { 'stroke-linejoin': 'round' };
  return (
    el(tag, { ...geometry, ...join, fill: 'none', stroke: OUTLINE, 'stroke-width': rimWidth + 4 }) +
    el(tag, { ...geometry, ...join, fill: 'none', stroke: rimFill, 'stroke-width': rimWidth }) +
    el(tag, { ...geometry, ...join, fill: bodyFill, stroke: seam, 'stroke-width': 2.5 })
  );
}

/** The same shape shrunk towards the centre, as a faint inner highlight line. */
function innerLine(tag: 'path' | 'circle' | 'polygon', geometry: Attrs, scale: number): string {
  return el(tag, {
    ...geometry,
    fill: 'none',
    stroke: '#fff',
    'stroke-opacity': 0.28,
    'stroke-width': 1.5,
    transform: `translate(${CX} ${CY}) scale(${scale}) translate(${-CX} ${-CY})`,
  });
}

// ---------------------------------------------------------------------------------------------
// Glyphs (white, drawn around the given centre)

function dumbbell(cx: number, cy: number, fill = '#fff'): string {
  const rect = (x: number, w: number, h: number) =>
    el('rect', { x: cx + x, y: cy - h / 2, width: w, height: h, rx: 2.5 });
  return el(
    'g',
    { fill },
    rect(-18, 36, 5) + rect(-22, 7, 24) + rect(15, 7, 24) + rect(-27, 5, 15) + rect(22, 5, 15),
  );
}

function flame(cx: number, cy: number, inner: string): string {
  const p = (pts: readonly (readonly number[])[]) =>
    pts.map(([c, x, y]) => `${c === 0 ? 'M' : c === 1 ? 'C' : ''}${num(cx + x!)} ${num(cy + y!)}`);
  const outer = p([
    [0, 0, -26],
    [1, 5, -14],
    [2, 19, -8],
    [2, 18, 8],
    [1, 18, 20],
    [2, 10, 26],
    [2, 0, 26],
    [1, -11, 26],
    [2, -18, 19],
    [2, -18, 8],
    [1, -18, -1],
    [2, -13, -6],
    [2, -10, -12],
    [1, -8, -5],
    [2, -5, -2],
    [2, -3, -2],
    [1, -5, -10],
    [2, -4, -20],
    [2, 0, -26],
  ]).join(' ');
  const core = p([
    [0, 1, 0],
    [1, 4, 7],
    [2, 10, 11],
    [2, 10, 17],
    [1, 10, 23],
    [2, 5, 26],
    [2, 0, 26],
    [1, -6, 26],
    [2, -10, 22],
    [2, -10, 17],
    [1, -10, 10],
    [2, -2, 8],
    [2, 1, 0],
  ]).join(' ');
  return (
    el('path', { d: `${outer}Z`, fill: '#fff8ec' }) + el('path', { d: `${core}Z`, fill: inner })
  );
}

function calendar(cx: number, cy: number, accent: string): string {
  const x = cx - 20;
  const y = cy - 17;
  // Two rows of four day cells, the first six ticked off.
  let done = '';
  let open = '';
  for (let i = 0; i < 8; i++) {
    const cell = `M${num(x + 5 + (i % 4) * 8.5)} ${num(y + 16 + Math.floor(i / 4) * 8.5)}h5.5v5.5h-5.5Z`;
    if (i < 6) done += cell;
    else open += cell;
  }
  return (
    el('rect', { x, y, width: 40, height: 35, rx: 5, fill: '#fff' }) +
    el('path', { d: `M${x} ${y + 11}V${y + 5}a5 5 0 0 1 5-5h30a5 5 0 0 1 5 5v6Z`, fill: accent }) +
    el('rect', { x: x + 8, y: y - 5, width: 5, height: 10, rx: 2.5, fill: '#fff' }) +
    el('rect', { x: x + 27, y: y - 5, width: 5, height: 10, rx: 2.5, fill: '#fff' }) +
    el('path', { d: done, fill: accent }) +
    el('path', { d: open, fill: 'none', stroke: accent, 'stroke-width': 1.2 })
  );
}

function kettlebell(cx: number, cy: number): string {
  return (
    el('path', {
      d: `M${cx - 12} ${cy + 4}V${cy - 8}a6 6 0 0 1 6-6h12a6 6 0 0 1 6 6V${cy + 4}`,
      fill: 'none',
      stroke: '#fff',
      'stroke-width': 5,
    }) +
    el('path', {
      d: `M${cx - 10} ${cy + 22}a17 16 0 1 1 20 0Z`,
      fill: '#fff',
    })
  );
}

/** An old-school "kg" weight: a trapezoid block with a ring handle. */
function kgWeight(cx: number, cy: number, color: string, letter: string): string {
  return (
    el('circle', { cx, cy: cy - 9, r: 5, fill: 'none', stroke: color, 'stroke-width': 3 }) +
    el('path', {
      d: `M${cx - 9} ${cy - 5}h18l5 17h-28Z`,
      fill: color,
      stroke: color,
      'stroke-width': 2,
      'stroke-linejoin': 'round',
    }) +
    el(
      'text',
      {
        x: cx,
        y: cy + 9.5,
        'text-anchor': 'middle',
        'font-family': FONT,
        'font-size': 10,
        'font-weight': 800,
        fill: letter,
      },
      'kg',
    )
  );
}

function repeatArrows(cx: number, cy: number, color: string): string {
  const arc = (from: number, to: number) => {
    const [x1, y1] = polar(cx, cy, 10, from);
    const [x2, y2] = polar(cx, cy, 10, to);
    const [tx, ty] = polar(cx, cy, 10, to + 24);
    const [ax, ay] = polar(cx, cy, 15, to);
    const [bx, by] = polar(cx, cy, 5, to);
    return (
      el('path', {
        d: `M${num(x1)} ${num(y1)}A10 10 0 0 1 ${num(x2)} ${num(y2)}`,
        fill: 'none',
        stroke: color,
        'stroke-width': 3.6,
      }) +
      el('polygon', {
        points: `${num(ax)},${num(ay)} ${num(bx)},${num(by)} ${num(tx)},${num(ty)}`,
        fill: color,
      })
    );
  };
  return arc(-60, 110) + arc(120, 290);
}

function flag(cx: number, cy: number): string {
  return (
    el('rect', { x: cx - 12, y: cy - 16, width: 4, height: 32, rx: 2, fill: '#fff' }) +
    el('path', {
      d: `M${cx - 9} ${cy - 14}c7-4 12 3 22-1v15c-10 4-15-3-22 1Z`,
      fill: '#fde68a',
    })
  );
}

// ---------------------------------------------------------------------------------------------
// Families

interface Frame {
  defs: string;
  rim: string;
  body: string;
}

function frameFor(key: BadgeKey, rimStops: readonly string[], bodyStops: readonly string[]): Frame {
  return {
    defs: gradient(`${key}-rim`, rimStops, true) + gradient(`${key}-body`, bodyStops),
    rim: `url(#${key}-rim)`,
    body: `url(#${key}-body)`,
  };
}

const shieldPath = 'M80 34L120 45V80C120 106 103 124 80 136C57 124 40 106 40 80V45Z';

function workoutsBadge(key: BadgeKey, value: number, tier: number): string {
  const f = frameFor(key, tierAt(tier).rim, ['#5b6b84', '#2c3648']);
  const decor = tierDecor(tier);
  const text = String(value);
  return (
    el('defs', {}, f.defs) +
    decor.back +
    framed('path', { d: shieldPath }, f.rim, f.body, '#1e2636') +
    innerLine('path', { d: shieldPath }, 0.86) +
    dumbbell(80, 68) +
    label(text, 111, fitSize(text, 28)) +
    decor.front
  );
}

function streakDaysBadge(key: BadgeKey, value: number, tier: number): string {
  const f = frameFor(key, tierAt(tier).rim, ['#ffa24c', '#e8451e', '#b91c1c']);
  const decor = tierDecor(tier);
  const circle = { cx: CX, cy: CY, r: 48 };
  return (
    el('defs', {}, f.defs) +
    decor.back +
    framed('circle', circle, f.rim, f.body, '#7f1d1d') +
    innerLine('circle', circle, 0.88) +
    flame(80, 69, '#fb923c') +
    label(String(value), 120, fitSize(String(value), 26)) +
    decor.front
  );
}

const hexPoints = [0, 60, 120, 180, 240, 300]
  .map((deg) => polar(CX, CY, 52, deg).map(num).join(','))
  .join(' ');

function streakWeeksBadge(key: BadgeKey, value: number, tier: number): string {
  const f = frameFor(key, tierAt(tier).rim, ['#a78bfa', '#7c3aed', '#5b21b6']);
  const decor = tierDecor(tier);
  return (
    el('defs', {}, f.defs) +
    decor.back +
    framed('polygon', { points: hexPoints }, f.rim, f.body, '#3b0764') +
    innerLine('polygon', { points: hexPoints }, 0.86) +
    calendar(80, 72, '#7c3aed') +
    label(`${value} wk`, 117, 20) +
    decor.front
  );
}

const MEDAL_Y = CY - 2;

/**
 * A rosette medal: the scalloped edge is a ring of round-capped zero-length dashes (bumps) over a
 * plain ring, each drawn once dark and 4 px wider as an outline, then in the rim gradient.
 */
function medal(rim: string, body: string): string {
  const ring = (stroke: string, width: number, dashed: boolean) =>
    el('circle', {
      cx: CX,
      cy: MEDAL_Y,
      r: 50,
      fill: 'none',
      stroke,
      'stroke-width': width,
      ...(dashed ? { 'stroke-dasharray': '0 17.45', 'stroke-linecap': 'round' } : {}),
    });
  return (
    ring(OUTLINE, 21, true) +
    ring(OUTLINE, 14, false) +
    ring(rim, 17, true) +
    ring(rim, 10, false) +
    el('circle', { cx: CX, cy: MEDAL_Y, r: 44, fill: body, stroke: '#172554', 'stroke-width': 2.5 })
  );
}

function ribbonTails(): string {
  const tail = (dir: 1 | -1, fill: string) =>
    el('path', {
      d: `M${80 - dir * 6} 100L${80 - dir * 30} 152L${80 - dir * 19} 147L${80 - dir * 14} 158L${80 + dir * 12} 106Z`,
      fill,
      stroke: OUTLINE,
      'stroke-width': 2,
      'stroke-linejoin': 'round',
    });
  return tail(1, '#1e40af') + tail(-1, '#2563eb');
}

function volumeBadge(key: BadgeKey, value: number, tier: number): string {
  const f = frameFor(key, tierAt(tier).rim, ['#60a5fa', '#2563eb', '#1e3a8a']);
  const decor = tierDecor(tier, 222);
  const text = `${value / 1000} t`;
  return (
    el('defs', {}, f.defs) +
    decor.back +
    ribbonTails() +
    medal(f.rim, f.body) +
    el('circle', {
      cx: CX,
      cy: MEDAL_Y,
      r: 38,
      fill: 'none',
      stroke: '#fff',
      'stroke-opacity': 0.35,
      'stroke-width': 1.5,
      'stroke-dasharray': '2 3',
    }) +
    kettlebell(80, 62) +
    label(text, 114, fitSize(text, 22)) +
    decor.front
  );
}

function firstWorkoutBadge(key: BadgeKey): string {
  const f = frameFor(key, ['#d1fae5', '#6ee7b7', '#059669', '#a7f3d0'], ['#34d399', '#059669']);
  const burst = { points: starPoints(80, 80, 68, 56, 16) };
  return (
    el('defs', {}, f.defs) +
    framed('polygon', burst, f.rim, f.body, '#064e3b', 6) +
    el('circle', { cx: 80, cy: 80, r: 42, fill: '#065f46', stroke: '#d1fae5', 'stroke-width': 3 }) +
    flag(82, 66) +
    label('1st', 108, 24, '#fff', 'rgba(0,0,0,.35)')
  );
}

const prAccents: Record<PrKind, readonly [string, string, string]> = {
  weight: ['#f87171', '#dc2626', '#7f1d1d'],
  reps: ['#2dd4bf', '#0d9488', '#134e4a'],
  '1rm': ['#a78bfa', '#7c3aed', '#3b0764'],
};

function trophy(key: BadgeKey, kind: PrKind): string {
  const engrave = prAccents[kind][2];
  const glyph =
    kind === 'weight'
      ? kgWeight(80, 62, engrave, '#fde68a')
      : kind === 'reps'
        ? repeatArrows(80, 60, engrave)
        : label('1RM', 65, 14, engrave, 'none');
  return cup(key, glyph);
}

/** A gold cup with `glyph` engraved on it. */
function cup(key: BadgeKey, glyph: string): string {
  const gold = `url(#${key}-gold)`;
  const handle = (dir: 1 | -1) =>
    el('path', {
      d: `M${80 - dir * 22} 48H${80 - dir * 31}C${80 - dir * 33} 62 ${80 - dir * 27} 72 ${80 - dir * 16} 74`,
      fill: 'none',
      stroke: gold,
      'stroke-width': 5,
      'stroke-linecap': 'round',
    });
  return (
    handle(1) +
    handle(-1) +
    el('path', {
      d: 'M56 40H104V56C104 74 94 86 80 88C66 86 56 74 56 56Z',
      fill: gold,
      stroke: '#92400e',
      'stroke-width': 2,
    }) +
    el('rect', { x: 75, y: 87, width: 10, height: 10, fill: '#d97706' }) +
    el('rect', {
      x: 64,
      y: 95,
      width: 32,
      height: 9,
      rx: 2.5,
      fill: gold,
      stroke: '#92400e',
      'stroke-width': 2,
    }) +
    glyph
  );
}

/** A challenge won: a cup with a star on a violet ground, and a "WIN" ribbon. */
function challengeBadge(key: BadgeKey): string {
  const f = frameFor(key, tiers[2]!.rim, ['#c4b5fd', '#7c3aed', '#2e1065']);
  const circle = { cx: 80, cy: 78, r: 52 };
  const star = el('polygon', {
    points: starPoints(80, 60, 10, 4.5, 5),
    fill: '#4c1d95',
    stroke: '#fde68a',
    'stroke-width': 1,
  });
  return (
    el('defs', {}, f.defs + gradient(`${key}-gold`, ['#fff1a8', '#fbbf24', '#d97706'], true)) +
    framed('circle', circle, f.rim, f.body, '#1f1300', 10) +
    innerLine('circle', circle, 0.9) +
    cup(key, star) +
    banner('WIN')
  );
}

function prBanner(): string {
  return banner('PR');
}

function banner(word: string): string {
  const tail = (dir: 1 | -1) =>
    el('path', {
      d: `M${80 - dir * 36} 112H${80 - dir * 56}L${80 - dir * 49} 122L${80 - dir * 56} 132H${80 - dir * 36}Z`,
      fill: '#b45309',
      stroke: OUTLINE,
      'stroke-width': 2,
      'stroke-linejoin': 'round',
    });
  return (
    tail(1) +
    tail(-1) +
    el('rect', {
      x: 38,
      y: 106,
      width: 84,
      height: 24,
      rx: 3,
      fill: '#fbbf24',
      stroke: OUTLINE,
      'stroke-width': 2,
    }) +
    label(word, 125, 20, '#78350f', 'none')
  );
}

function prBadge(key: BadgeKey, kind: PrKind): string {
  const f = frameFor(key, tiers[2]!.rim, prAccents[kind]);
  const circle = { cx: 80, cy: 78, r: 52 };
  return (
    el('defs', {}, f.defs + gradient(`${key}-gold`, ['#fff1a8', '#fbbf24', '#d97706'], true)) +
    framed('circle', circle, f.rim, f.body, '#1f1300', 10) +
    innerLine('circle', circle, 0.9) +
    trophy(key, kind) +
    prBanner()
  );
}

// ---------------------------------------------------------------------------------------------

function badgeArt(key: BadgeKey): string {
  const badge = describeBadge(key);
  switch (badge.family) {
    case 'first':
      return firstWorkoutBadge(key);
    case 'workouts':
      return workoutsBadge(key, badge.value, badge.tier);
    case 'streak-days':
      return streakDaysBadge(key, badge.value, badge.tier);
    case 'streak-weeks':
      return streakWeeksBadge(key, badge.value, badge.tier);
    case 'volume':
      return volumeBadge(key, badge.value, badge.tier);
    case 'pr':
      return prBadge(key, badge.kind);
    case 'challenge':
      return challengeBadge(key);
  }
}

/** A complete, self-contained SVG document for the badge (no scripts, no external references). */
export function badgeSvg(key: BadgeKey): string {
  const title = escapeXml(badgeTitle(key));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" ` +
    `role="img" aria-labelledby="${key}-title">` +
    `<title id="${key}-title">${title}</title>` +
    badgeArt(key) +
    '</svg>'
  );
}
