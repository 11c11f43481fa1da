import { describe, expect, it } from 'vitest';
import { readWorkoutFilters, workoutListUrl, writeWorkoutFilters } from './get-workouts';

describe('readWorkoutFilters', () => {
  it('reads scope, tag, search and goal from the page URL', () => {
    expect(
      readWorkoutFilters(new URLSearchParams('scope=library&tag_id=8&q=bag&goal=boxing')),
    ).toEqual({ scope: 'library', tagId: 8, q: 'bag', goal: 'boxing' });
  });

  it('reads unknown values as the defaults', () => {
    expect(readWorkoutFilters(new URLSearchParams('scope=everyone&tag_id=x&goal=yoga'))).toEqual({
      scope: 'all',
      tagId: null,
      q: '',
      goal: null,
    });
  });
});

describe('writeWorkoutFilters', () => {
  it('changes only what is given and leaves defaults out of the URL', () => {
    const params = new URLSearchParams('tag_id=8&q=bag');
    expect(writeWorkoutFilters(params, { scope: 'mine' }).toString()).toBe(
      'tag_id=8&q=bag&scope=mine',
    );
    expect(
      writeWorkoutFilters(new URLSearchParams('scope=mine&goal=hiit&tag_id=8'), {
        scope: 'all',
        goal: null,
        tagId: null,
      }).toString(),
    ).toBe('');
  });
});

describe('workoutListUrl', () => {
  it('always names the scope and passes the other filters when set', () => {
    expect(workoutListUrl({ scope: 'all', tagId: null, q: '', goal: null }, null)).toBe(
      '/api/workout?scope=all&limit=24',
    );
    expect(workoutListUrl({ scope: 'shared', tagId: 3, q: 'row', goal: 'cardio' }, 'c1')).toBe(
      '/api/workout?scope=shared&limit=24&tag_id=3&q=row&goal=cardio&cursor=c1',
    );
  });
});
