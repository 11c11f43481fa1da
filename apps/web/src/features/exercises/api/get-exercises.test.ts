import { describe, expect, it } from 'vitest';
import { exerciseListUrl, exercisesQueryKey } from './get-exercises';

describe('exerciseListUrl', () => {
  it('asks for a page of the whole library', () => {
    expect(exerciseListUrl({ tagId: null, q: '' }, null)).toBe('/api/exercise?limit=24');
  });

  it('passes the tag, search and cursor when there are some', () => {
    expect(exerciseListUrl({ tagId: 8, q: 'jab cross' }, 'abc=')).toBe(
      '/api/exercise?limit=24&tag_id=8&q=jab+cross&cursor=abc%3D',
    );
  });
});

describe('exercisesQueryKey', () => {
  it('is one cache entry per filter', () => {
    expect(exercisesQueryKey({ tagId: 8, q: '' })).toEqual([
      'exercises',
      'list',
      { tagId: 8, q: '' },
    ]);
  });
});
