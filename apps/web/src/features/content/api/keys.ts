import type { ContentKind, ContentStatus } from '@fitcoach/shared/content';

export interface ContentFilter {
  q: string;
  status: ContentStatus;
}

/** The one query-key factory of the admin area's Content tab. */
export const contentKeys = {
  all: ['content'] as const,
  kind: (kind: ContentKind) => [...contentKeys.all, kind] as const,
  list: (kind: ContentKind, filter: ContentFilter) =>
    [...contentKeys.kind(kind), 'list', { q: filter.q, status: filter.status }] as const,
  /** The tags an exercise may carry (the tag picker). */
  tagOptions: () => [...contentKeys.all, 'tag-options'] as const,
  /** The admin's own workouts, to copy one into the library. */
  myWorkouts: () => [...contentKeys.all, 'my-workouts'] as const,
};

/**
 * Every Content tab write: other features' pages (the library, the builder's pickers, the
 * trainer's personas, workout pages) read it again (app/cross-feature-refresh.ts).
 */
export const contentMutationKeys = {
  write: () => ['content', 'write'] as const,
};
