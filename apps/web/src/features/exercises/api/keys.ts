/** The exercise library (`/api/exercise`): filtered pages, the builder's search, one exercise. */
export const exerciseKeys = {
  all: ['exercises'] as const,
  lists: () => [...exerciseKeys.all, 'list'] as const,
  /** One cache entry per filter. */
  list: (filters: { tagId: number | null; q: string }) =>
    [...exerciseKeys.lists(), { tagId: filters.tagId, q: filters.q }] as const,
  /** The builder's exercise picker: paged matches (the picker adds the typed text to the key). */
  search: () => [...exerciseKeys.all, 'search'] as const,
  details: () => [...exerciseKeys.all, 'detail'] as const,
  detail: (id: number) => [...exerciseKeys.details(), id] as const,
};

/** The tags exercises and workouts are filed under (`/api/tags`): reference data. */
export const tagKeys = {
  all: ['tags'] as const,
};
