/*
 * MediaPipe Pose's 33 body landmarks, the few the analysis reads, and one frame of its output.
 * "Left" and "right" are the person's own sides, as MediaPipe names them.
 */

export const LANDMARK = {
  nose: 0,
  leftShoulder: 11,
  rightShoulder: 12,
  leftElbow: 13,
  rightElbow: 14,
  leftWrist: 15,
  rightWrist: 16,
  leftHip: 23,
  rightHip: 24,
  leftKnee: 25,
  rightKnee: 26,
  leftAnkle: 27,
  rightAnkle: 28,
  leftHeel: 29,
  rightHeel: 30,
  leftFootIndex: 31,
  rightFootIndex: 32,
} as const;

export const LANDMARK_COUNT = 33;

/** Below this MediaPipe's own visibility score a landmark is a guess: treated as unknown. */
export const MIN_VISIBILITY = 0.5;

export type Side = 'left' | 'right';
export const sides: readonly Side[] = ['left', 'right'];

export type BodyPart = 'shoulder' | 'elbow' | 'wrist' | 'hip' | 'knee' | 'ankle' | 'heel' | 'foot';

const sideIndex: Record<Side, Record<BodyPart, number>> = {
  left: {
    shoulder: LANDMARK.leftShoulder,
    elbow: LANDMARK.leftElbow,
    wrist: LANDMARK.leftWrist,
    hip: LANDMARK.leftHip,
    knee: LANDMARK.leftKnee,
    ankle: LANDMARK.leftAnkle,
    heel: LANDMARK.leftHeel,
    foot: LANDMARK.leftFootIndex,
  },
  right: {
    shoulder: LANDMARK.rightShoulder,
    elbow: LANDMARK.rightElbow,
    wrist: LANDMARK.rightWrist,
    hip: LANDMARK.rightHip,
    knee: LANDMARK.rightKnee,
    ankle: LANDMARK.rightAnkle,
    heel: LANDMARK.rightHeel,
    foot: LANDMARK.rightFootIndex,
  },
};

/** The landmark index of a body part on one side, e.g. `landmarkIndex('left', 'knee')` is 25. */
export function landmarkIndex(side: Side, part: BodyPart): number {
  return sideIndex[side][part];
}

/** x and y are normalised image coordinates (0..1, y grows downwards); z is MediaPipe's depth. */
export interface Landmark {
  x: number;
  y: number;
  z: number;
  visibility: number;
}

export interface PoseFrame {
  /** Seconds into the video. */
  t: number;
  /** The 33 landmarks, or null when no person was found in the frame. */
  landmarks: Landmark[] | null;
}

/** A point in a plane where x and y have the same unit (x scaled by the image's aspect). */
export interface Point {
  x: number;
  y: number;
}

/**
 * A landmark as a point whose x and y share a unit, or null when it is missing or barely seen.
 * `aspect` is the image's width / height: normalised x and y are fractions of different lengths,
 * so angles on a 16:9 video would be skewed without it.
 */
export function visiblePoint(
  landmarks: readonly Landmark[] | null,
  index: number,
  aspect = 1,
): Point | null {
  const landmark = landmarks?.[index];
  if (!landmark || !(landmark.visibility >= MIN_VISIBILITY)) return null;
  if (!Number.isFinite(landmark.x) || !Number.isFinite(landmark.y)) return null;
  return { x: landmark.x * aspect, y: landmark.y };
}
