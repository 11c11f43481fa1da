import { ANALYSIS_MAX_SECONDS } from '@fitcoach/shared/video-analysis';
import type { PoseEngine } from './pose-engine';
import type { PoseFrame } from './pose-protocol';

/** Frames per second of video looked at: enough for reps and tempo, a third of a 45 fps phone. */
export const SAMPLE_FPS = 15;
/** Frames are scaled down to this longest side before tracking (the model looks at 256 px). */
const FRAME_MAX_SIDE = 640;
/** A video that has not shown its first frame by then is taken as undecodable. */
const OPEN_TIMEOUT_MS = 20_000;

/** The browser cannot play the chosen file (not a video, or a format or codec it lacks). */
export class VideoDecodeError extends Error {
  constructor(
    message: string,
    readonly reason: 'unsupported' | 'too_long' = 'unsupported',
  ) {
    super(message);
    this.name = 'VideoDecodeError';
  }
}

export interface TrackingProgress {
  phase: 'model' | 'frames';
  /** 0–100 over the frames (0 while the model loads). */
  percent: number;
}

export interface TrackingTimings {
  /** Waiting for the model (0 when it was already loaded). */
  modelMs: number;
  /** Seeking the video and copying frames, on the page. */
  decodeMs: number;
  /** The worker's time on frames (model inference). */
  inferMs: number;
  totalMs: number;
  frames: number;
  /** Frames tracked per second of wall time, once the model was loaded. */
  framesPerSecond: number;
}

export interface TrackedVideo {
  frames: PoseFrame[];
  fps: number;
  durationS: number;
  width: number;
  height: number;
  timings: TrackingTimings;
}

export interface TrackOptions {
  signal?: AbortSignal;
  onProgress?: (progress: TrackingProgress) => void;
  fps?: number;
}

/** Waits for one of `events` on the video (rejecting on `error`, a time-out or the abort). */
function once(
  video: HTMLVideoElement,
  events: string[],
  signal: AbortSignal | undefined,
  timeoutMs = 0,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (finish: () => void) => {
      for (const e of events) video.removeEventListener(e, onEvent);
      video.removeEventListener('error', onError);
      signal?.removeEventListener('abort', onAbort);
      clearTimeout(timer);
      finish();
    };
    const onEvent = () => done(resolve);
    const onError = () =>
      done(() => reject(new VideoDecodeError(video.error?.message || 'The video cannot be read')));
    const onAbort = () => done(() => reject(signal?.reason as Error));
    const timer =
      timeoutMs > 0
        ? setTimeout(
            () => done(() => reject(new VideoDecodeError('The video did not load'))),
            timeoutMs,
          )
        : undefined;
    for (const e of events) video.addEventListener(e, onEvent);
    video.addEventListener('error', onError);
    signal?.addEventListener('abort', onAbort);
  });
}

async function seek(video: HTMLVideoElement, t: number, signal: AbortSignal | undefined) {
  const arrived = once(video, ['seeked'], signal);
  video.currentTime = t;
  await arrived;
}

/**
 * A recording made by a browser's MediaRecorder says nothing of its length (duration
 * Infinity) until the player has been to its end: seeking far past it makes the browser read it.
 */
async function learnDuration(video: HTMLVideoElement, signal: AbortSignal | undefined) {
  if (Number.isFinite(video.duration)) return;
  const known = once(video, ['durationchange'], signal, OPEN_TIMEOUT_MS);
  video.currentTime = Number.MAX_SAFE_INTEGER;
  await known;
  while (!Number.isFinite(video.duration))
    await once(video, ['durationchange'], signal, OPEN_TIMEOUT_MS);
  await seek(video, 0, signal);
}

function frameSize(video: HTMLVideoElement) {
  const scale = Math.min(1, FRAME_MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
  return {
    resizeWidth: Math.max(1, Math.round(video.videoWidth * scale)),
    resizeHeight: Math.max(1, Math.round(video.videoHeight * scale)),
  };
}

/**
 * Tracks the pose in a video, `fps` frames per second of it, in order. Frames are had by seeking
 * a <video> element to each moment and copying it to an ImageBitmap for the pose worker; the
 * next frame is sought while the worker tracks the last one. Rejects with a VideoDecodeError
 * when the browser cannot play the file, the signal's reason when cancelled, or the engine's
 * error when the model fails.
 */
export async function trackVideo(
  file: Blob,
  engine: PoseEngine,
  options: TrackOptions = {},
): Promise<TrackedVideo> {
  const { signal, onProgress } = options;
  const fps = options.fps ?? SAMPLE_FPS;
  const started = performance.now();
  signal?.throwIfAborted();
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const opened = once(video, ['loadeddata'], signal, OPEN_TIMEOUT_MS);
    video.src = url;
    await opened;
    if (video.videoWidth === 0 || video.videoHeight === 0) {
      throw new VideoDecodeError('The file has no picture');
    }
    await learnDuration(video, signal);
    const durationS = video.duration;
    if (durationS > ANALYSIS_MAX_SECONDS) {
      throw new VideoDecodeError('The video is too long', 'too_long');
    }

    onProgress?.({ phase: 'model', percent: 0 });
    const modelStarted = performance.now();
    await Promise.race([
      engine.ready,
      new Promise((_, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      }),
    ]);
    const modelMs = performance.now() - modelStarted;

    // Frames at 0, 1/fps, 2/fps… up to the last moment the video shows.
    const count = Math.max(1, Math.floor(durationS * fps) + 1);
    const frames: PoseFrame[] = new Array<PoseFrame>(count);
    const size = frameSize(video);
    let decodeMs = 0;
    let inferMs = 0;
    let done = 0;
    const framesStarted = performance.now();
    onProgress?.({ phase: 'frames', percent: 0 });
    let previous: Promise<void> | null = null;
    for (let i = 0; i < count; i++) {
      signal?.throwIfAborted();
      const t = Math.min(i / fps, durationS);
      const decodeStarted = performance.now();
      await seek(video, t, signal);
      const image = await createImageBitmap(video, { ...size, resizeQuality: 'low' });
      decodeMs += performance.now() - decodeStarted;
      // One frame in the worker at a time; this one was decoded while it worked.
      if (previous) await previous;
      if (signal?.aborted) {
        image.close();
        signal.throwIfAborted();
      }
      const index = i;
      previous = engine.detect(image, t).then((detection) => {
        frames[index] = { t, landmarks: detection.landmarks };
        inferMs += detection.ms;
        done += 1;
        onProgress?.({ phase: 'frames', percent: Math.floor((done / count) * 100) });
      });
      // Awaited on the next turn; until then a failure must not count as unhandled.
      previous.catch(() => {});
    }
    if (previous) await previous;
    const finished = performance.now();
    const totalMs = finished - started;
    return {
      frames,
      fps,
      durationS,
      width: video.videoWidth,
      height: video.videoHeight,
      timings: {
        modelMs,
        decodeMs,
        inferMs,
        totalMs,
        frames: count,
        framesPerSecond: count / ((finished - framesStarted) / 1000),
      },
    };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
