import { englishValidation } from '@fitcoach/shared/validation-messages';
import auth from '../locales/en/auth.json';
import common from '../locales/en/common.json';

/**
 * The English catalogues the first page needs: `common` for the shell and shared components,
 * `auth` for signing in and up, and the shared schemas' messages. English is every other
 * language's fallback; other languages load when chosen. Keys are typed from the files
 * (i18next.d.ts), so a `t()` call naming a missing key fails the type check.
 */
export const english = {
  common,
  auth,
  /** The shared schemas' messages: the server words its API issues from the same catalogue. */
  validation: englishValidation,
};

/**
 * One namespace per feature; their English loads with the signed-in pages (feature-catalogues.ts,
 * loadFeatureTexts), keeping some 90 KB of texts off the first page. A new feature adds its
 * namespace here and in feature-catalogues.ts.
 */
export const FEATURE_NAMESPACES = [
  'admin',
  'challenges',
  'chat',
  'coaching',
  'content',
  'diets',
  'exercises',
  'friends',
  'feed',
  'friends-invite',
  'mail',
  'notifications',
  'profile',
  'programs',
  'reports',
  'stats',
  'system',
  'teams',
  'team-stats',
  'virtual-trainer',
  'trainer',
  'workout-logs',
  'workouts',
] as const;
export type FeatureNamespace = (typeof FEATURE_NAMESPACES)[number];

/**
 * Namespaces whose English loads on demand (loadNamespace), kept off every page but those that
 * show them: the exercise video analysis is a modal few members open.
 */
export const LAZY_NAMESPACES = ['video-analysis'] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];

export type Namespace = keyof typeof english | FeatureNamespace | LazyNamespace;
export const NAMESPACES = [
  ...Object.keys(english),
  ...FEATURE_NAMESPACES,
  ...LAZY_NAMESPACES,
] as Namespace[];
/** Namespaces whose catalogues live in packages/shared, not in apps/web/src/locales. */
export const SHARED_NAMESPACES: readonly Namespace[] = ['validation'];
