import type { FromPoseWorker, PoseLandmark, ToPoseWorker } from './pose-protocol';

/** Why pose tracking could not start or stopped: the browser, the model or a frame. */
export class PoseEngineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PoseEngineError';
  }
}

export interface PoseDetection {
  landmarks: PoseLandmark[] | null;
  /** The worker's time on this frame (the model's inference and its own preparation), ms. */
  ms: number;
}

/** MediaPipe Pose, running in a worker: load it once, then give it frames. */
export interface PoseEngine {
  /** Resolves with the model's load time (ms) once it can take frames. */
  ready: Promise<number>;
  /** Tracks the pose in one frame; the bitmap is handed over (closed after use). */
  detect(image: ImageBitmap, t: number): Promise<PoseDetection>;
  close(): void;
}

/**
 * Starts the pose worker and loads the model (script, WebAssembly, packed assets: some 15 MB,
 * fetched once and then cached). Called when the analysis modal opens, so the model is warm by
 * the time a video is chosen; never on a page's first load.
 */
export function startPoseEngine(options: { modelComplexity?: 0 | 1 } = {}): PoseEngine {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') {
    const unsupported = Promise.reject(
      new PoseEngineError('This browser cannot run the pose model (no OffscreenCanvas).'),
    );
    return {
      ready: unsupported,
      detect: () => unsupported.then(() => ({ landmarks: null, ms: 0 })),
      close() {},
    };
  }
  const worker = new Worker(new URL('./pose.worker.ts', import.meta.url), {
    name: 'mediapipe-pose',
  });
  const pending = new Map<
    number,
    { resolve: (d: PoseDetection) => void; reject: (e: Error) => void }
  >();
  let nextId = 1;
  let closed = false;
  let resolveReady: (ms: number) => void = () => {};
  let rejectReady: (error: Error) => void = () => {};
  const ready = new Promise<number>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  // A failure to load is reported to whoever awaits `ready` or a frame; unobserved, it is not
  // an unhandled rejection.
  ready.catch(() => {});

  const failAll = (error: Error) => {
    rejectReady(error);
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  worker.onmessage = (event: MessageEvent<FromPoseWorker>) => {
    const message = event.data;
    if (message.type === 'ready') {
      resolveReady(message.ms);
    } else if (message.type === 'result') {
      pending.get(message.id)?.resolve({ landmarks: message.landmarks, ms: message.ms });
      pending.delete(message.id);
    } else if (message.id === null) {
      failAll(new PoseEngineError(message.message));
    } else {
      pending.get(message.id)?.reject(new PoseEngineError(message.message));
      pending.delete(message.id);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    failAll(new PoseEngineError(event.message || 'The pose worker failed'));
  };

  const send = (message: ToPoseWorker, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  send({
    type: 'init',
    base: __MEDIAPIPE_POSE_BASE__,
    modelComplexity: options.modelComplexity ?? 1,
  });

  return {
    ready,
    detect(image, t) {
      if (closed) {
        image.close();
        return Promise.reject(new PoseEngineError('The pose model was closed'));
      }
      const id = nextId++;
      return new Promise<PoseDetection>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        send({ type: 'frame', id, t, image }, [image]);
      });
    },
    close() {
      if (closed) return;
      closed = true;
      worker.terminate();
      failAll(new PoseEngineError('The pose model was closed'));
    },
  };
}
