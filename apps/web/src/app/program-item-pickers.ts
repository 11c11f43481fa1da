import { getDiets } from '../features/diets/api/get-diets';
import { dietKeys } from '../features/diets/api/keys';
import { getWorkouts } from '../features/workouts/api/get-workouts';
import { workoutKeys } from '../features/workouts/api/keys';
import type { ItemPicker } from '../features/programs/components/program-builder';

/** Workouts the member may put in a program (theirs, the library's, shared), searched on the server. */
const workoutPicker: ItemPicker = {
  queryKey: workoutKeys.search(),
  search: async (q, cursor, signal) => {
    const page = await getWorkouts({ scope: 'all', tagId: null, q, goal: null }, cursor, signal);
    return {
      items: page.items.map((w) => ({ id: w.id, title: w.title })),
      next_cursor: page.next_cursor,
    };
  },
};

/** The member's diets and those shared with them (a short list: filtered here by title). */
const dietPicker: ItemPicker = {
  queryKey: dietKeys.search(),
  search: async (q, _cursor, signal) => {
    const list = await getDiets(signal);
    const needle = q.trim().toLowerCase();
    return {
      items: list.items
        .filter((d) => d.title.toLowerCase().includes(needle))
        .map((d) => ({ id: d.id, title: d.title })),
      next_cursor: null,
    };
  },
};

export const programItemPickers = { workout: workoutPicker, diets: dietPicker };
