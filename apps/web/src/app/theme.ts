import {
  Anchor,
  Input,
  Notification,
  createTheme,
  darken,
  DEFAULT_THEME,
  lighten,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MenuProps,
  type MultiSelectProps,
  type SelectProps,
} from '@mantine/core';
import classes from './theme.module.css';

// A fresh green that reads well on gym-floor phones in both schemes.
const brand: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#0ca678',
  '#099268',
  '#087f5b',
];

/** WCAG 2.1 AA: normal text against its background. */
export const TEXT_CONTRAST = 4.5;
/** WCAG 2.1 AA: focus rings, borders and other non-text parts against what is beside them. */
export const NON_TEXT_CONTRAST = 3;

/** The WCAG 2.1 contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `color`, darkened (for light backgrounds) or lightened (for dark ones) in 5 % steps until it
 * reaches `ratio` on every background it is drawn on. Computed rather than hand-picked, so a
 * colour a later feature starts using is readable without anyone measuring it.
 */
function readableOn(
  color: string,
  backgrounds: string[],
  adjust: 'darken' | 'lighten',
  ratio = TEXT_CONTRAST,
): string {
  for (let step = 0; step <= 20; step += 1) {
    const amount = step / 20;
    const candidate =
      step === 0 ? color : adjust === 'darken' ? darken(color, amount) : lighten(color, amount);
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= ratio)) {
      return candidate;
    }
  }
  return adjust === 'darken' ? '#000000' : '#ffffff';
}

const white = DEFAULT_THEME.white;
const gray = DEFAULT_THEME.colors.gray;
const dark = DEFAULT_THEME.colors.dark;
/** Where light-scheme text sits: the page, cards, hovered rows and striped sections. */
const lightSurfaces = [white, gray[0], gray[1]];
/** Where dark-scheme text sits: the page (dark-7), cards and menus (dark-6). */
const darkSurfaces = [dark[7], dark[6]];

/**
 * A filled surface (buttons, filled badges) in one colour: the lightest shade from 6 on that
 * carries white text at AA; for colours too light at every shade (orange, yellow), shade 9
 * darkened until it does.
 */
function filledShade(shades: MantineColorsTuple): string {
  return (
    shades.slice(6).find((shade) => contrastRatio(white, shade) >= TEXT_CONTRAST) ??
    readableOn(shades[9], [white], 'darken')
  );
}

/** Every colour's text, filled, light and outline variants at AA, in both schemes. */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  const darkScheme: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    const filled = filledShade(shades);
    const filledVariables = {
      [`--mantine-color-${name}-filled`]: filled,
      // Hovering darkens: the text on it stays readable (Mantine's default lightens shade 9).
      [`--mantine-color-${name}-filled-hover`]: darken(filled, 0.1),
    };
    const lightText = readableOn(filled, lightSurfaces, 'darken');
    Object.assign(light, filledVariables, {
      [`--mantine-color-${name}-text`]: lightText,
      [`--mantine-color-${name}-outline`]: lightText,
      // Light variants (badges, active navigation) sit on shade 1 and shade 2 when hovered.
      [`--mantine-color-${name}-light-color`]: readableOn(
        shades[9],
        [shades[1], shades[2]],
        'darken',
      ),
    });
    const darkText = readableOn(shades[4], darkSurfaces, 'lighten');
    Object.assign(darkScheme, filledVariables, {
      [`--mantine-color-${name}-text`]: darkText,
      [`--mantine-color-${name}-outline`]: darkText,
    });
  }
  const primary = theme.colors[theme.primaryColor] ?? brand;
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-dimmed': readableOn(gray[6], [...lightSurfaces, primary[0]], 'darken'),
      // Placeholders are hints a person must read too (the example value of a set, say).
      '--mantine-color-placeholder': readableOn(gray[5], lightSurfaces, 'darken'),
      '--mantine-color-anchor': `var(--mantine-color-${theme.primaryColor}-text)`,
      '--mantine-color-error': 'var(--mantine-color-red-text)',
      '--mantine-color-success': 'var(--mantine-color-teal-text)',
      '--fitcoach-focus-ring': readableOn(primary[6], lightSurfaces, 'darken', NON_TEXT_CONTRAST),
    },
    dark: {
      ...darkScheme,
      '--mantine-color-dimmed': readableOn(dark[2], darkSurfaces, 'lighten'),
      '--mantine-color-placeholder': readableOn(dark[3], [...darkSurfaces, dark[5]], 'lighten'),
      '--mantine-color-anchor': `var(--mantine-color-${theme.primaryColor}-text)`,
      '--mantine-color-error': 'var(--mantine-color-red-text)',
      '--mantine-color-success': 'var(--mantine-color-teal-text)',
      '--fitcoach-focus-ring': readableOn(primary[4], darkSurfaces, 'lighten', NON_TEXT_CONTRAST),
    },
  };
};

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  // The shade `filledShade` picks for brand (the first to carry white text at AA), so that
  // Mantine's own tints and contrast colour agree with the resolver below.
  primaryShade: { light: 9, dark: 9 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  // Keyboard focus shows a ring that meets 3:1 on every surface (theme.module.css); a pointer
  // click shows none.
  focusRing: 'auto',
  focusClassName: classes.focus,
  // Members who ask their OS for less motion get no sliding indicators or transitions.
  respectReducedMotion: true,
  components: {
    // A link inside a sentence is told apart by its underline, not by its colour alone.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    Input: Input.extend({ classNames: { input: classes.input } }),
    // A menu holds only its items: the focus placeholder Mantine adds by default is an element
    // a menu may not contain (axe: aria-required-children); focus goes to the first item.
    // (Menu, Select and MultiSelect are configured without `X.extend`, which only types its
    // argument: importing them here put them, and floating-ui with them, on the first page.)
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
    // The list of options scrolls itself, not a scroll area inside it: keyboard users move
    // through it with the arrow keys from the input, and a scrolling listbox tied to its
    // combobox is known to be reachable that way (axe: scrollable-region-focusable).
    Select: {
      defaultProps: { withScrollArea: false } satisfies Partial<SelectProps>,
      styles: { options: { maxHeight: 220, overflowY: 'auto' } },
    },
    MultiSelect: {
      defaultProps: { withScrollArea: false } satisfies Partial<MultiSelectProps>,
      styles: { options: { maxHeight: 220, overflowY: 'auto' } },
    },
    // A toast's text under its title: Mantine paints it gray 6 (3.3:1 on white); the dimmed
    // colour the resolver checks against every surface instead.
    Notification: Notification.extend({ classNames: { description: classes.toastDescription } }),
  },
});
