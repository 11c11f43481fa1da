/**
 * Diets (`/api/diet`). A change or restore refreshes the diet, its versions and the list
 * (titles and calories show there); everything sits under `dietKeys.all`.
 */
export const dietKeys = {
  all: ['diets'] as const,
  list: () => [...dietKeys.all, 'list'] as const,
  detail: (id: number) => [...dietKeys.all, 'detail', id] as const,
  versions: (id: number) => [...dietKeys.all, 'detail', id, 'versions'] as const,
};
