/** Where the app serves @mediapipe/pose's files (set by vite.config.ts from the package). */
declare const __MEDIAPIPE_POSE_BASE__: string;
