import {
  DEFAULT_LOCALE,
  LOCALES,
  localeSchema,
  matchLocale,
  type Locale,
} from '@fitcoach/shared/locales';
import { validationLoaders } from '@fitcoach/shared/validation-messages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { english, NAMESPACES, type LazyNamespace, type Namespace } from './resources';

/** The member's choice on this device, so the first paint is already in their language. */
const STORAGE_KEY = 'fitcoach-locale';

// Every catalogue but English, loaded only when its language is chosen.
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/en/*.json',
]);

// The English of the lazy namespaces (resources.ts), loaded when a page first needs them.
const lazyEnglish = import.meta.glob<{ default: Record<string, unknown> }>(
  '../locales/en/video-analysis.json',
);

export const i18n = i18next.createInstance();

let featureTexts: Promise<void> | null = null;

/**
 * Loads the English of every feature (resources.ts, FEATURE_NAMESPACES) once, before the first
 * signed-in page renders: the router's signed-in layout and the other pages outside it wait for
 * it. The language shown, if not English, loaded all its namespaces with it (loadCatalogues).
 */
export function loadFeatureTexts(): Promise<void> {
  featureTexts ??= import('./feature-catalogues')
    .then(({ featureEnglish }) => {
      for (const [ns, texts] of Object.entries(featureEnglish)) {
        i18n.addResourceBundle(DEFAULT_LOCALE, ns, texts, true, true);
      }
    })
    .catch((error: unknown) => {
      featureTexts = null; // a failed chunk load is tried again on the next navigation
      throw error;
    });
  return featureTexts;
}

/**
 * Loads a lazy namespace's texts (English, the fallback, and the language shown) before a page
 * or modal that uses it renders. Other languages' catalogues load with their language anyway.
 */
export async function loadNamespace(ns: LazyNamespace): Promise<void> {
  if (i18n.hasResourceBundle(DEFAULT_LOCALE, ns)) return;
  const load = lazyEnglish[`../locales/en/${ns}.json`];
  if (!load) throw new Error(`No English catalogue for ${ns}`);
  i18n.addResourceBundle(DEFAULT_LOCALE, ns, (await load()).default, true, true);
}

/**
 * Loads a lazy namespace in every language, whichever is shown: for texts a page matches
 * against in any language (the analysis modal's suggested exercise names).
 */
export async function loadNamespaceEverywhere(ns: LazyNamespace): Promise<void> {
  await loadNamespace(ns);
  await Promise.all(
    LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map(async (locale) => {
      if (i18n.hasResourceBundle(locale, ns)) return;
      const load = catalogues[`../locales/${locale}/${ns}.json`];
      if (load) i18n.addResourceBundle(locale, ns, (await load()).default, true, true);
    }),
  );
}

function storedLocale(): Locale | null {
  try {
    const parsed = localeSchema.safeParse(window.localStorage.getItem(STORAGE_KEY));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // storage blocked (private mode, sandboxed frame)
  }
}

/** The stored choice, else the browser's languages, else English. */
export function detectLocale(): Locale {
  if (typeof window === 'undefined') return DEFAULT_LOCALE;
  return storedLocale() ?? matchLocale(navigator.languages ?? [navigator.language]);
}

async function loadCatalogues(locale: Locale): Promise<void> {
  if (locale === DEFAULT_LOCALE) return;
  await Promise.all(
    NAMESPACES.map(async (ns: Namespace) => {
      if (i18n.hasResourceBundle(locale, ns)) return;
      const load =
        ns === 'validation'
          ? validationLoaders[locale]
          : catalogues[`../locales/${locale}/${ns}.json`];
      if (!load) return; // not translated yet: English is the fallback
      i18n.addResourceBundle(locale, ns, (await load()).default, true, true);
    }),
  );
}

function applyToDocument(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Starts i18n before the first render, in the detected language. */
export async function startI18n(locale: Locale = detectLocale()): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: { en: english },
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: NAMESPACES,
    defaultNS: 'common',
    // React escapes what it renders; escaping here too would show `&amp;` to members.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await changeLocale(locale, { remember: false });
}

/**
 * Switches the app's language (loading its catalogues first, so no text flashes in English).
 * `remember` keeps the choice on this device; the profile keeps it across devices.
 */
export async function changeLocale(locale: Locale, { remember = true } = {}): Promise<void> {
  await loadCatalogues(locale);
  await i18n.changeLanguage(locale);
  applyToDocument(locale);
  if (!remember) return;
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

/** The language the app shows now. */
export function currentLocale(): Locale {
  const parsed = localeSchema.safeParse(i18n.resolvedLanguage ?? i18n.language);
  return parsed.success ? parsed.data : DEFAULT_LOCALE;
}

/**
 * Shows a member's language: the one on their profile, else this device's (its stored choice,
 * else the browser's). Never stored on the device: a member's choice follows their account, so
 * whoever signs in next on this browser does not inherit it. `null` (signed out, or no choice)
 * goes back to the device's language.
 */
export async function showMemberLocale(locale: Locale | null): Promise<void> {
  const wanted = locale ?? detectLocale();
  if (wanted !== currentLocale()) await changeLocale(wanted, { remember: false });
}

/**
 * Forgets this device's choice and follows the browser's languages again (the profile's
 * "Browser default").
 */
export async function followBrowserLocale(): Promise<void> {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
  await changeLocale(detectLocale(), { remember: false });
}
