import { describe, expect, it } from 'vitest';
import {
  cleanSignal,
  downsample,
  fillGaps,
  medianFilter,
  movingAverage,
  oddWindow,
  quantile,
  resample,
  segments,
  toUniformGrid,
} from './signal';

describe('toUniformGrid', () => {
  it('puts irregular samples on the nearest slot and leaves missed slots empty', () => {
    const grid = toUniformGrid([0, 0.11, 0.19, 0.52], [1, 2, 3, 4], 10);
    expect(grid.t.map((x) => Math.round(x * 100) / 100)).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5]);
    expect(grid.v).toEqual([1, 2, 3, null, null, 4]);
    expect(grid.source).toEqual([0, 1, 2, -1, -1, 3]);
  });

  it('stops at the longest clip the contract allows', () => {
    const grid = toUniformGrid([0, 10_000], [1, 2], 240);
    expect(grid.t).toHaveLength(600 * 240);
    expect(grid.v[1]).toBeNull();
  });

  it('handles nothing', () => {
    expect(toUniformGrid([], [], 30)).toEqual({ t: [], v: [], source: [] });
  });
});

describe('fillGaps and segments', () => {
  it('interpolates short gaps and leaves long ones and the ends open', () => {
    const v = [null, 0, null, null, 3, null, null, null, null, 8, null];
    expect(fillGaps(v, 2)).toEqual([null, 0, 1, 2, 3, null, null, null, null, 8, null]);
    expect(segments(fillGaps(v, 2))).toEqual([
      [1, 5],
      [9, 10],
    ]);
    expect(segments([])).toEqual([]);
  });
});

describe('filters', () => {
  it('a median removes a one-frame spike; an average keeps a ramp where it was', () => {
    expect(medianFilter([1, 1, 50, 1, 1], 3)).toEqual([1, 1, 1, 1, 1]);
    expect(movingAverage([0, 1, 2, 3, 4], 3)).toEqual([0.5, 1, 2, 3, 3.5]);
  });

  it('never averages across an open gap', () => {
    expect(movingAverage([0, 0, null, 9, 9], 3)).toEqual([0, 0, null, 9, 9]);
  });

  it('sizes windows in time', () => {
    expect(oddWindow(0.1, 30)).toBe(3);
    expect(oddWindow(0.1, 60)).toBe(7);
    expect(oddWindow(0.01, 30)).toBe(1);
  });

  it('cleans a noisy ramp close to the truth', () => {
    const truth = Array.from({ length: 60 }, (_, i) => i * 2);
    const noisy = truth.map((x, i) => x + (i % 2 ? 3 : -3));
    const cleaned = cleanSignal(noisy, 30);
    const inner = cleaned
      .slice(3, -3)
      .map((x, i) => Math.abs((x as number) - (truth[i + 3] as number)));
    expect(Math.max(...inner)).toBeLessThan(2);
  });
});

describe('resample, quantile, downsample', () => {
  it('resamples linearly and not across a hole', () => {
    expect(resample([0, 1, 2, 3], [0, 10, null, 30], [0, 0.5, 1, 1.5, 3, 4])).toEqual([
      0,
      5,
      10,
      null,
      30,
      null,
    ]);
  });

  it('finds quantiles of what is known', () => {
    expect(quantile([3, null, 1, 2], 0.5)).toBe(2);
    expect(quantile([0, 10], 0.25)).toBe(2.5);
    expect(quantile([null], 0.5)).toBeNull();
  });

  it('keeps at most max points, first and last included', () => {
    const points = Array.from({ length: 1000 }, (_, i) => i);
    const kept = downsample(points, 600);
    expect(kept).toHaveLength(600);
    expect(kept[0]).toBe(0);
    expect(kept[599]).toBe(999);
    expect(downsample([1, 2], 600)).toEqual([1, 2]);
  });
});
