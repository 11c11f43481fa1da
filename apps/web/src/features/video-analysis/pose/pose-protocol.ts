/*
 * What the page and the pose worker say to each other. Frames go as ImageBitmaps (transferred,
 * not copied); landmarks come back as plain arrays.
 */

/** One of MediaPipe Pose's 33 landmarks: x and y normalised to the frame (0–1). */
export interface PoseLandmark {
  x: number;
  y: number;
  z: number;
  visibility: number;
}

/** The pose seen at `t` seconds into the video, or null when no person was found. */
export interface PoseFrame {
  t: number;
  landmarks: PoseLandmark[] | null;
}

export type ToPoseWorker =
  | {
      type: 'init';
      /** The folder the app serves @mediapipe/pose's files from. */
      base: string;
      /** 0 lite, 1 full. */
      modelComplexity: 0 | 1;
    }
  | { type: 'frame'; id: number; t: number; image: ImageBitmap };

export type FromPoseWorker =
  | { type: 'ready'; ms: number }
  | { type: 'result'; id: number; landmarks: PoseLandmark[] | null; ms: number }
  | { type: 'error'; id: number | null; message: string };
