import { describe, expect, it } from 'vitest';
import { moveItem, removeAt, replaceAt } from './list-moves';

describe('moveItem', () => {
  it('moves an item up and down without touching the original', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 1, 0)).toEqual(['b', 'a', 'c']);
    expect(moveItem(list, 1, 2)).toEqual(['a', 'c', 'b']);
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a']);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('ignores moves past either end', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
    expect(moveItem([], 0, 1)).toEqual([]);
  });
});

describe('removeAt and replaceAt', () => {
  it('return changed copies', () => {
    const list = [1, 2, 3];
    expect(removeAt(list, 1)).toEqual([1, 3]);
    expect(removeAt(list, 5)).toEqual([1, 2, 3]);
    expect(replaceAt(list, 2, 9)).toEqual([1, 2, 9]);
    expect(list).toEqual([1, 2, 3]);
  });
});
