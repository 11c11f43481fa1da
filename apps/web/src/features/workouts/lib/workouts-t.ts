import type { TFunction } from 'i18next';

/**
 * The `t` of the workouts namespace, for helpers outside components: a component passes its own
 * (from `useTranslation('workouts')`), so helpers word things in the language on screen.
 */
export type WorkoutsT = TFunction<'workouts'>;
