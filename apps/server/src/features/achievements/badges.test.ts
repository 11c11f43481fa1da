import { describe, expect, it } from 'vitest';
import { badgeKeys, badgeSvg, badgeTitle, isBadgeKey } from './badges';

const NAME = '[A-Za-z_][\\w:.-]*';
const ATTR = `\\s+${NAME}="[^"<]*"`;
const TAG = new RegExp(`^<(/?)(${NAME})((?:${ATTR})*)\\s*(/?)>$`);
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);/g;

/**
 * A strict little well-formedness check for the subset of XML the badges use: one root element,
 * balanced and properly nested tags, quoted and unique attributes, no stray `<` or `&` in text.
 * Returns the problems found (empty when well-formed).
 */
function xmlProblems(doc: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  let roots = 0;
  let last = 0;
  const checkText = (text: string) => {
    if (text.replace(ENTITY, '').includes('&')) problems.push(`stray & in ${text}`);
    if (stack.length === 0 && text.trim() !== '') problems.push(`text outside the root: ${text}`);
  };
  for (const match of doc.matchAll(/<[^<>]*>/g)) {
    checkText(doc.slice(last, match.index));
    last = match.index + match[0].length;
    const tag = TAG.exec(match[0]);
    if (!tag) {
      problems.push(`malformed tag ${match[0]}`);
      continue;
    }
    const [, closing, name = '', attrs = '', selfClosing] = tag;
    const attrNames = [...attrs.matchAll(new RegExp(`(${NAME})=`, 'g'))].map((m) => m[1]);
    if (new Set(attrNames).size !== attrNames.length)
      problems.push(`duplicate attribute in <${name}>`);
    if (attrs.replace(ENTITY, '').match(/&/)) problems.push(`stray & in <${name}> attributes`);
    if (closing) {
      if (attrs || selfClosing) problems.push(`malformed closing tag ${match[0]}`);
      if (stack.pop() !== name) problems.push(`unbalanced </${name}>`);
    } else {
      if (stack.length === 0) roots++;
      if (!selfClosing) stack.push(name);
    }
  }
  checkText(doc.slice(last));
  if (doc.slice(last).includes('<')) problems.push('unterminated tag');
  if (stack.length > 0) problems.push(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

describe('xmlProblems (the checker itself)', () => {
  it('accepts well-formed XML and rejects broken XML', () => {
    expect(xmlProblems('<a x="1"><b/><c>t &amp; u</c></a>')).toEqual([]);
    expect(xmlProblems('<a><b></a>')).not.toEqual([]);
    expect(xmlProblems('<a></a><a></a>')).not.toEqual([]);
    expect(xmlProblems('<a x=1></a>')).not.toEqual([]);
    expect(xmlProblems('<a x="1" x="2"></a>')).not.toEqual([]);
    expect(xmlProblems('<a>fish & chips</a>')).not.toEqual([]);
    expect(xmlProblems('<a><b></a')).not.toEqual([]);
  });
});

describe('badgeKeys', () => {
  it('lists the 29 badges once each, in order', () => {
    expect(badgeKeys).toHaveLength(29);
    expect(new Set(badgeKeys).size).toBe(29);
    expect(badgeKeys[0]).toBe('first-workout');
    expect(badgeKeys.slice(-4)).toEqual(['pr-weight', 'pr-reps', 'pr-1rm', 'challenge-won']);
  });
});

describe('isBadgeKey', () => {
  it('is true for every badge key', () => {
    for (const key of badgeKeys) expect(isBadgeKey(key)).toBe(true);
  });

  it('is false for anything else', () => {
    for (const value of ['nope', '../etc', '', 'workouts-11', 'first-workout.svg', 'PR-REPS']) {
      expect(isBadgeKey(value)).toBe(false);
    }
  });
});

describe('badgeSvg', () => {
  it.each(badgeKeys)('renders %s as a safe, self-contained, well-formed SVG', (key) => {
    const svg = badgeSvg(key);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('viewBox="0 0 160 160"');
    expect(svg).toContain('width="160"');
    expect(svg).toContain('height="160"');
    expect(svg).toMatch(/<title[^>]*>[^<]+ badge<\/title>/);
    expect(svg).toContain(`<title id="${key}-title">${badgeTitle(key)}</title>`);
    expect(svg.endsWith('</svg>')).toBe(true);

    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('href="http');
    expect(svg).not.toContain('foreignObject');
    expect(svg).not.toMatch(/<image|@import|@font-face|javascript:|\son[a-z]+=/i);
    // Every url() points at a gradient inside the document.
    for (const [, ref] of svg.matchAll(/url\(([^)]*)\)/g)) {
      expect(ref).toMatch(/^#/);
      expect(svg).toContain(`id="${ref!.slice(1)}"`);
    }
    const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id!.startsWith(key)).toBe(true);

    expect(new TextEncoder().encode(svg).length).toBeLessThan(6 * 1024);
    expect(xmlProblems(svg)).toEqual([]);
  });

  it('draws a different image for every badge', () => {
    // Ignore the key-derived ids and title: the artwork itself must differ.
    const art = badgeKeys.map((key) =>
      badgeSvg(key)
        .replaceAll(key, 'KEY')
        .replace(/<title[^>]*>.*<\/title>/, ''),
    );
    expect(new Set(art).size).toBe(badgeKeys.length);
  });

  it('shows the number, the day count, the week count and tonnes', () => {
    expect(badgeSvg('workouts-250')).toContain('>250</text>');
    expect(badgeSvg('streak-days-30')).toContain('>30</text>');
    expect(badgeSvg('streak-weeks-12')).toContain('>12 wk</text>');
    expect(badgeSvg('volume-1000')).toContain('>1 t</text>');
    expect(badgeSvg('volume-1000000')).toContain('>1000 t</text>');
    for (const key of ['pr-weight', 'pr-reps', 'pr-1rm'] as const) {
      expect(badgeSvg(key)).toContain('>PR</text>');
    }
  });

  it('names each badge for screen readers', () => {
    expect(badgeTitle('first-workout')).toBe('First workout badge');
    expect(badgeTitle('workouts-10')).toBe('10 workouts badge');
    expect(badgeTitle('streak-days-7')).toBe('7-day streak badge');
    expect(badgeTitle('streak-weeks-52')).toBe('52-week streak badge');
    expect(badgeTitle('volume-1000')).toBe('1 tonne lifted badge');
    expect(badgeTitle('volume-50000')).toBe('50 tonnes lifted badge');
    expect(badgeTitle('pr-1rm')).toBe('Personal record: best estimated one-rep max badge');
    expect(badgeTitle('challenge-won')).toBe('Challenge prize badge');
  });
});
