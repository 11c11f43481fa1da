/**
 * Diets (`/api/diet`). A change or restore refreshes the diet, its versions and the list
 * (titles and calories show there); everything sits under `dietKeys.all`.
 */
export const dietKeys = {
  all: ['diets'] as const,
  list: () => [...dietKeys.all, 'list'] as const,
  /** The program builder's picker: the member's diets filtered by title. */
  search: () => [...dietKeys.all, 'list', 'search'] as const,
  detail: (id: number) => [...dietKeys.all, 'detail', id] as const,
  versions: (id: number) => [...dietKeys.all, 'detail', id, 'versions'] as const,
};
