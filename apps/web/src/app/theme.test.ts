import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  cssVariablesResolver,
  NON_TEXT_CONTRAST,
  TEXT_CONTRAST,
  theme,
} from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const { light, dark } = cssVariablesResolver(full);
const gray = full.colors.gray;
const darkShades = full.colors.dark;

function variable(scheme: Record<string, string>, name: string): string {
  const value = scheme[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

describe('theme contrast (WCAG 2.1 AA)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it.each(Object.keys(full.colors))('%s: filled surfaces carry white text', (name) => {
    for (const scheme of [light, dark]) {
      const filled = variable(scheme, `--mantine-color-${name}-filled`);
      expect(contrastRatio('#ffffff', filled)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      const hover = variable(scheme, `--mantine-color-${name}-filled-hover`);
      expect(contrastRatio('#ffffff', hover)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it.each(Object.keys(full.colors))('%s: text and light variants are readable', (name) => {
    const shades = full.colors[name]!;
    const lightText = variable(light, `--mantine-color-${name}-text`);
    for (const surface of ['#ffffff', gray[0], gray[1]]) {
      expect(contrastRatio(lightText, surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    const badgeText = variable(light, `--mantine-color-${name}-light-color`);
    for (const badge of [shades[1], shades[2]]) {
      expect(contrastRatio(badgeText, badge)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    const darkText = variable(dark, `--mantine-color-${name}-text`);
    for (const surface of [darkShades[7], darkShades[6]]) {
      expect(contrastRatio(darkText, surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('keeps Mantine’s primary shade on the shade the primary colour is filled with', () => {
    const shade = full.primaryShade as { light: number; dark: number };
    const brand = full.colors[full.primaryColor]!;
    expect(variable(light, `--mantine-color-${full.primaryColor}-filled`)).toBe(brand[shade.light]);
    expect(variable(dark, `--mantine-color-${full.primaryColor}-filled`)).toBe(brand[shade.dark]);
  });

  it('dims secondary text only as far as AA allows', () => {
    const lightDimmed = variable(light, '--mantine-color-dimmed');
    for (const surface of ['#ffffff', gray[0], gray[1]]) {
      expect(contrastRatio(lightDimmed, surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    const darkDimmed = variable(dark, '--mantine-color-dimmed');
    for (const surface of [darkShades[7], darkShades[6]]) {
      expect(contrastRatio(darkDimmed, surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    // Still dimmer than body text, or it would not be secondary.
    expect(contrastRatio(lightDimmed, '#ffffff')).toBeLessThan(contrastRatio('#000000', '#ffffff'));
    expect(contrastRatio(darkDimmed, darkShades[7])).toBeLessThan(
      contrastRatio(darkShades[0], darkShades[7]),
    );
  });

  it('keeps placeholders readable on inputs', () => {
    const lightPlaceholder = variable(light, '--mantine-color-placeholder');
    for (const surface of ['#ffffff', gray[1]]) {
      expect(contrastRatio(lightPlaceholder, surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    const darkPlaceholder = variable(dark, '--mantine-color-placeholder');
    for (const surface of [darkShades[6], darkShades[5]]) {
      expect(contrastRatio(darkPlaceholder, surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('draws the focus ring at 3:1 on the page and on cards', () => {
    const lightRing = variable(light, '--fitcoach-focus-ring');
    for (const surface of ['#ffffff', gray[0], gray[1]]) {
      expect(contrastRatio(lightRing, surface)).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
    }
    const darkRing = variable(dark, '--fitcoach-focus-ring');
    for (const surface of [darkShades[7], darkShades[6]]) {
      expect(contrastRatio(darkRing, surface)).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
    }
  });
});
