import { describe, expect, it } from 'vitest';
import { exerciseListUrl } from './get-exercises';
import { exerciseKeys } from './keys';

describe('exerciseListUrl', () => {
  it('asks for a page of the whole library', () => {
    expect(exerciseListUrl({ tagId: null, q: '' }, null)).toBe('/api/exercise?limit=24');
  });

  it('asks for another page size when told', () => {
    expect(exerciseListUrl({ tagId: null, q: 'bench' }, null, 30)).toBe(
      '/api/exercise?limit=30&q=bench',
    );
  });

  it('passes the tag, search and cursor when there are some', () => {
    expect(exerciseListUrl({ tagId: 8, q: 'jab cross' }, 'abc=')).toBe(
      '/api/exercise?limit=24&tag_id=8&q=jab+cross&cursor=abc%3D',
    );
  });
});

describe('exerciseKeys.list', () => {
  it('is one cache entry per filter', () => {
    expect(exerciseKeys.list({ tagId: 8, q: '' })).toEqual([
      'exercises',
      'list',
      { tagId: 8, q: '' },
    ]);
  });
});
