import { landmarkIndex, visiblePoint } from './landmarks';
import type { BodyPart, Landmark, Point, Side } from './landmarks';

/*
 * Joint and segment angles in the image plane, in degrees. A 2D camera sees a projection, so the
 * rules that read these angles assume a side view unless they say otherwise.
 */

const DEG = 180 / Math.PI;

/** The angle at b between the rays b→a and b→c, 0..180 degrees; null if a or c sits on b. */
export function angleAt(a: Point, b: Point, c: Point): number | null {
  const ux = a.x - b.x;
  const uy = a.y - b.y;
  const vx = c.x - b.x;
  const vy = c.y - b.y;
  const lengths = Math.hypot(ux, uy) * Math.hypot(vx, vy);
  if (lengths < 1e-12) return null;
  // atan2 of cross and dot stays accurate near 0 and 180, where acos loses precision.
  return Math.abs(Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)) * DEG;
}

/**
 * How far the segment from `lower` to `upper` leans from straight up, 0..180 degrees
 * (0 upright, 90 horizontal). E.g. hip→shoulder gives the torso's lean.
 */
export function angleToVertical(lower: Point, upper: Point): number | null {
  const dx = upper.x - lower.x;
  const dy = lower.y - upper.y; // image y grows downwards
  if (Math.hypot(dx, dy) < 1e-12) return null;
  return Math.abs(Math.atan2(dx, dy)) * DEG;
}

/** How far a segment rises above the horizontal, 0..90 degrees, whichever way it points. */
export function angleToHorizontal(a: Point, b: Point): number | null {
  const dx = Math.abs(b.x - a.x);
  const dy = Math.abs(b.y - a.y);
  if (Math.hypot(dx, dy) < 1e-12) return null;
  return Math.atan2(dy, dx) * DEG;
}

export type Joint = 'knee' | 'hip' | 'elbow' | 'shoulder';
export const joints: readonly Joint[] = ['knee', 'hip', 'elbow', 'shoulder'];

/** The three body parts whose middle one is the joint. */
export const jointParts: Record<Joint, readonly [BodyPart, BodyPart, BodyPart]> = {
  knee: ['hip', 'knee', 'ankle'],
  hip: ['shoulder', 'hip', 'knee'],
  elbow: ['shoulder', 'elbow', 'wrist'],
  // The arm against the torso: ~0 hanging, 90 raised level (abduction or flexion), 180 overhead.
  shoulder: ['hip', 'shoulder', 'elbow'],
};

/** A body part's point on one side, or null when not seen well enough. */
export function partPoint(
  landmarks: readonly Landmark[] | null,
  side: Side,
  part: BodyPart,
  aspect = 1,
): Point | null {
  return visiblePoint(landmarks, landmarkIndex(side, part), aspect);
}

/** A joint's angle on one side of one frame; null when any of its three points is unknown. */
export function jointAngle(
  landmarks: readonly Landmark[] | null,
  joint: Joint,
  side: Side,
  aspect = 1,
): number | null {
  const [p, q, r] = jointParts[joint];
  const a = partPoint(landmarks, side, p, aspect);
  const b = partPoint(landmarks, side, q, aspect);
  const c = partPoint(landmarks, side, r, aspect);
  return a && b && c ? angleAt(a, b, c) : null;
}

/** The torso's lean from vertical (hip→shoulder) on one side; null when not seen. */
export function torsoLean(
  landmarks: readonly Landmark[] | null,
  side: Side,
  aspect = 1,
): number | null {
  const hip = partPoint(landmarks, side, 'hip', aspect);
  const shoulder = partPoint(landmarks, side, 'shoulder', aspect);
  return hip && shoulder ? angleToVertical(hip, shoulder) : null;
}
