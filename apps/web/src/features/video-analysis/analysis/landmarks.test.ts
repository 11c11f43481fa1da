import { describe, expect, it } from 'vitest';
import { LANDMARK, LANDMARK_COUNT, landmarkIndex, visiblePoint } from './landmarks';
import type { Landmark } from './landmarks';

const at = (x: number, y: number, visibility = 0.9): Landmark => ({ x, y, z: 0, visibility });

describe('landmarks', () => {
  it("uses MediaPipe Pose's indices", () => {
    expect(LANDMARK_COUNT).toBe(33);
    expect(LANDMARK.nose).toBe(0);
    expect([landmarkIndex('left', 'shoulder'), landmarkIndex('right', 'shoulder')]).toEqual([
      11, 12,
    ]);
    expect([landmarkIndex('left', 'elbow'), landmarkIndex('right', 'wrist')]).toEqual([13, 16]);
    expect([landmarkIndex('left', 'hip'), landmarkIndex('right', 'knee')]).toEqual([23, 26]);
    expect([landmarkIndex('left', 'ankle'), landmarkIndex('right', 'heel')]).toEqual([27, 30]);
    expect([landmarkIndex('left', 'foot'), landmarkIndex('right', 'foot')]).toEqual([31, 32]);
  });

  it('treats a barely seen, missing or broken landmark as unknown', () => {
    const frame = [at(0.5, 0.5), at(0.2, 0.3, 0.49), at(Number.NaN, 0.1)];
    expect(visiblePoint(frame, 0)).toEqual({ x: 0.5, y: 0.5 });
    expect(visiblePoint(frame, 1)).toBeNull();
    expect(visiblePoint(frame, 2)).toBeNull();
    expect(visiblePoint(frame, 5)).toBeNull();
    expect(visiblePoint(null, 0)).toBeNull();
  });

  it('scales x by the aspect so both axes share a unit', () => {
    expect(visiblePoint([at(0.5, 0.5)], 0, 16 / 9)).toEqual({ x: 0.5 * (16 / 9), y: 0.5 });
  });
});
