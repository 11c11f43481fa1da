/*
 * MediaPipe Pose in a dedicated (classic) worker, so tracking a video's frames never blocks the
 * page. The legacy solution supports workers itself: it loads its scripts with importScripts
 * and draws on an OffscreenCanvas. Its script is the app's copy (see vite.config.ts), loaded
 * here and not bundled, so none of it reaches a page's JavaScript.
 *
 * No import statements: Vite's dev server serves a classic worker as it is, and a file with
 * imports (even type-only ones) comes out as a module with `export {}`, which a classic worker
 * cannot run. Types are reached with import() type queries instead.
 */

/* eslint-disable @typescript-eslint/consistent-type-imports -- no import statements (above) */
type PoseSolution = import('@mediapipe/pose').Pose;
type Results = import('@mediapipe/pose').Results;
type FromPoseWorker = import('./pose-protocol').FromPoseWorker;
type ToPoseWorker = import('./pose-protocol').ToPoseWorker;
type PoseLandmark = import('./pose-protocol').PoseLandmark;
/* eslint-enable @typescript-eslint/consistent-type-imports */

interface WorkerScope {
  importScripts(...urls: string[]): void;
  postMessage(message: FromPoseWorker): void;
  onmessage: ((event: MessageEvent<ToPoseWorker>) => void) | null;
  Pose?: new (config: { locateFile: (file: string) => string }) => PoseSolution;
  /** Read by the packed-assets loader as its Emscripten `Module` (see init). */
  createMediapipeSolutionsPackedAssets?: { locateFile: (file: string) => string };
}

const scope = self as unknown as WorkerScope;

let pose: PoseSolution | null = null;
let latest: PoseLandmark[] | null = null;
/** Frames are handled one at a time, in order: the solution's graph is not re-entrant. */
let queue: Promise<void> = Promise.resolve();

function post(message: FromPoseWorker) {
  scope.postMessage(message);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The third gap: on a page the solution keeps the WebGL context of its canvas to upload frames
 * with, but its worker path never sets it, so the first frame fails ("reading 'canvas'"). It is
 * the context of the solution's OffscreenCanvas, which getContext hands out again. The names
 * are the minified ones of @mediapipe/pose 0.5.1675469404 (pinned in package.json): the Pose
 * wraps its Solution as `h`, whose canvas is `m` and context `K`.
 */
function shareGlContext(solutionOwner: PoseSolution) {
  const solution = (solutionOwner as unknown as { h?: { m?: unknown; K?: unknown } }).h;
  if (!solution || !(solution.m instanceof OffscreenCanvas)) {
    throw new Error('@mediapipe/pose is not the version this worker was written for');
  }
  const gl = solution.m.getContext('webgl2') ?? solution.m.getContext('webgl');
  if (!gl) throw new Error('WebGL is not available to the pose model');
  solution.K ??= gl;
}

async function init(base: string, modelComplexity: 0 | 1) {
  const started = performance.now();
  const locateFile = (file: string) => `${base}${file}`;
  scope.importScripts(locateFile('pose.js'));
  if (!scope.Pose) throw new Error('pose.js did not define Pose');
  // Two gaps in the solution's worker path. It passes its packed-assets loader's `Module` to
  // the WebAssembly, without the locateFile it gives on a page: without this, the .data and
  // .wasm files would be looked for beside this worker's own script.
  scope.createMediapipeSolutionsPackedAssets = { locateFile };
  // And it loads every file of its list with importScripts, the model too; the model is fetched
  // again (as data) when modelComplexity is applied, so the script load of it is skipped.
  const importScripts = scope.importScripts.bind(scope);
  scope.importScripts = (...urls: string[]) =>
    importScripts(...urls.filter((url) => !url.endsWith('.tflite')));
  pose = new scope.Pose({ locateFile });
  pose.setOptions({
    modelComplexity,
    smoothLandmarks: true,
    enableSegmentation: false,
    minDetectionConfidence: 0.5,
    minTrackingConfidence: 0.5,
  });
  pose.onResults((results: Results) => {
    // Results without a person carry no landmarks at all.
    const found = results.poseLandmarks as PoseLandmark[] | undefined;
    latest = found
      ? found.map((l) => ({ x: l.x, y: l.y, z: l.z, visibility: l.visibility ?? 0 }))
      : null;
    // The solution hands back the frame it drew as an ImageBitmap; nothing here shows it.
    const image = results.image as unknown;
    if (image instanceof ImageBitmap) image.close();
  });
  await pose.initialize();
  shareGlContext(pose);
  post({ type: 'ready', ms: performance.now() - started });
}

async function detect(id: number, t: number, image: ImageBitmap) {
  const started = performance.now();
  try {
    if (!pose) throw new Error('The pose model is not loaded');
    latest = null;
    // The timestamp is the video's own clock (ms), so landmark smoothing follows the video.
    await pose.send({ image: image as unknown as HTMLCanvasElement }, Math.round(t * 1000));
    post({ type: 'result', id, landmarks: latest, ms: performance.now() - started });
  } finally {
    image.close();
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  queue = queue
    .then(() =>
      message.type === 'init'
        ? init(message.base, message.modelComplexity)
        : detect(message.id, message.t, message.image),
    )
    .catch((error: unknown) => {
      post({
        type: 'error',
        id: message.type === 'frame' ? message.id : null,
        message: messageOf(error),
      });
    });
};
