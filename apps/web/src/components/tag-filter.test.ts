import { describe, expect, it } from 'vitest';
import {
  SEARCH_MAX_LENGTH,
  filterFormKey,
  isTagFilterActive,
  readTagFilter,
  toTagFilterBody,
  writeTagFilter,
} from './tag-filter';

describe('readTagFilter', () => {
  it('reads the tag id and search text of a page URL', () => {
    expect(readTagFilter(new URLSearchParams('tag_id=8&q=%20jab%20'))).toEqual({
      tagId: 8,
      q: 'jab',
    });
    expect(readTagFilter(new URLSearchParams(''))).toEqual({ tagId: null, q: '' });
  });

  it('reads a malformed tag as no filter and caps the search like the API', () => {
    for (const tag of ['', 'abc', '0', '-3', '1.5']) {
      expect(readTagFilter(new URLSearchParams({ tag_id: tag })).tagId).toBeNull();
    }
    const long = 'x'.repeat(SEARCH_MAX_LENGTH + 20);
    expect(readTagFilter(new URLSearchParams({ q: long })).q).toHaveLength(SEARCH_MAX_LENGTH);
  });
});

describe('writeTagFilter', () => {
  it('sets the filter, drops empty values and keeps other parameters', () => {
    const params = new URLSearchParams('scope=mine&tag_id=3&q=old');
    expect(writeTagFilter(params, { tagId: 8, q: ' jab ' }).toString()).toBe(
      'scope=mine&tag_id=8&q=jab',
    );
    expect(writeTagFilter(params, { tagId: null, q: '  ' }).toString()).toBe('scope=mine');
    // The original is left alone.
    expect(params.toString()).toBe('scope=mine&tag_id=3&q=old');
  });
});

describe('toTagFilterBody', () => {
  it('posts an empty tag_id to clear the filter', () => {
    expect(toTagFilterBody({ tagId: null, q: '' })).toEqual({ tag_id: '', q: '' });
    expect(toTagFilterBody({ tagId: 8, q: ' squat ' })).toEqual({ tag_id: 8, q: 'squat' });
  });
});

describe('isTagFilterActive', () => {
  it('is active with a tag or search text', () => {
    expect(isTagFilterActive({ tagId: null, q: '' })).toBe(false);
    expect(isTagFilterActive({ tagId: 1, q: '' })).toBe(true);
    expect(isTagFilterActive({ tagId: null, q: 'row' })).toBe(true);
  });
});

describe('filterFormKey', () => {
  it('keeps the form through its own submissions and restarts it on other navigation', () => {
    expect(filterFormKey({ key: 'new', state: { filterFormKey: 'form-1' } })).toBe('form-1');
    expect(filterFormKey({ key: 'new', state: null })).toBe('new');
    expect(filterFormKey({ key: 'new', state: { listSearch: '?q=x' } })).toBe('new');
  });
});
