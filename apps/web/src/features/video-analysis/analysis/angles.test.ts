import { describe, expect, it } from 'vitest';
import { angleAt, angleToHorizontal, angleToVertical, jointAngle, torsoLean } from './angles';
import { sidePose } from './test-support';
import type { Chain } from './test-support';

const p = (x: number, y: number) => ({ x, y });

describe('angleAt', () => {
  it('measures the angle at the middle point', () => {
    expect(angleAt(p(1, 0), p(0, 0), p(0, 1))).toBeCloseTo(90);
    expect(angleAt(p(1, 0), p(0, 0), p(-1, 0))).toBeCloseTo(180);
    expect(angleAt(p(1, 0), p(0, 0), p(1, 0))).toBeCloseTo(0);
    expect(angleAt(p(1, 0), p(0, 0), p(1, 1))).toBeCloseTo(45);
    // The same whichever side the bend is on.
    expect(angleAt(p(1, 0), p(0, 0), p(1, -1))).toBeCloseTo(45);
  });

  it('has no angle when an end sits on the joint', () => {
    expect(angleAt(p(0, 0), p(0, 0), p(1, 1))).toBeNull();
  });
});

describe('segment angles', () => {
  it('measures lean from vertical with y growing downwards', () => {
    expect(angleToVertical(p(0, 1), p(0, 0))).toBeCloseTo(0); // upright
    expect(angleToVertical(p(0, 1), p(1, 0))).toBeCloseTo(45);
    expect(angleToVertical(p(0, 0), p(1, 0))).toBeCloseTo(90); // horizontal
    expect(angleToVertical(p(0, 0), p(0, 1))).toBeCloseTo(180); // upside down
    expect(angleToVertical(p(0, 0), p(0, 0))).toBeNull();
  });

  it('measures rise above horizontal either way round', () => {
    expect(angleToHorizontal(p(0, 0), p(1, 0))).toBeCloseTo(0);
    expect(angleToHorizontal(p(0, 0), p(-1, -1))).toBeCloseTo(45);
    expect(angleToHorizontal(p(0, 0), p(0, 1))).toBeCloseTo(90);
  });
});

describe('joint angles on a figure', () => {
  const chain: Chain = {
    ankle: [0.5, 0.9],
    shinLean: 20,
    knee: 95,
    hip: 80,
    shoulder: 30,
    elbow: 120,
  };

  it('reads back the angles the figure was posed with', () => {
    const landmarks = sidePose({ left: chain, right: { ...chain, knee: 110 } });
    expect(jointAngle(landmarks, 'knee', 'left')).toBeCloseTo(95, 5);
    expect(jointAngle(landmarks, 'knee', 'right')).toBeCloseTo(110, 5);
    expect(jointAngle(landmarks, 'hip', 'left')).toBeCloseTo(80, 5);
    expect(jointAngle(landmarks, 'shoulder', 'left')).toBeCloseTo(30, 5);
    expect(jointAngle(landmarks, 'elbow', 'left')).toBeCloseTo(120, 5);
    // shin 20 forward, thigh 85 back from it, torso 100 forward from the thigh: 35° lean.
    expect(torsoLean(landmarks, 'left')).toBeCloseTo(35, 5);
  });

  it('reads a hip past straight as its interior angle', () => {
    const landmarks = sidePose({ left: { ...chain, knee: 180, hip: 200 } });
    expect(jointAngle(landmarks, 'hip', 'left')).toBeCloseTo(160, 5);
  });

  it('knows nothing about a side seen too poorly', () => {
    const landmarks = sidePose({ left: chain, visibility: { right: 0.3 } });
    expect(jointAngle(landmarks, 'knee', 'right')).toBeNull();
    expect(torsoLean(landmarks, 'right')).toBeNull();
    expect(jointAngle(null, 'knee', 'left')).toBeNull();
  });

  it('undoes the stretch of a wide video', () => {
    const square = sidePose({ left: chain });
    // The same figure in a 16:9 frame: x fractions shrink by 9/16.
    const wide = square.map((l) => ({ ...l, x: 0.5 + ((l.x - 0.5) * 9) / 16 }));
    expect(jointAngle(wide, 'knee', 'left', 16 / 9)).toBeCloseTo(95, 5);
    expect(Math.abs((jointAngle(wide, 'knee', 'left') ?? 0) - 95)).toBeGreaterThan(5);
  });
});
