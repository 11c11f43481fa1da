import { Box } from '@mantine/core';
import { useEffect, useRef, type RefObject } from 'react';
import type { PoseFrame } from '../pose/pose-protocol';

/** MediaPipe Pose's skeleton: which landmarks a line joins (the package's POSE_CONNECTIONS). */
const CONNECTIONS: readonly (readonly [number, number])[] = [
  [11, 12],
  [11, 13],
  [13, 15],
  [12, 14],
  [14, 16],
  [11, 23],
  [12, 24],
  [23, 24],
  [23, 25],
  [25, 27],
  [24, 26],
  [26, 28],
  [27, 29],
  [28, 30],
  [29, 31],
  [30, 32],
  [27, 31],
  [28, 32],
  [15, 17],
  [15, 19],
  [17, 19],
  [16, 18],
  [16, 20],
  [18, 20],
  [0, 1],
  [1, 2],
  [2, 3],
  [3, 7],
  [0, 4],
  [4, 5],
  [5, 6],
  [6, 8],
  [9, 10],
];
/** A landmark the model barely saw is not drawn. */
const MIN_VISIBILITY = 0.5;

/** The tracked frame nearest `t` (frames are in time order). */
function frameAt(frames: readonly PoseFrame[], t: number): PoseFrame | null {
  let lo = 0;
  let hi = frames.length - 1;
  if (hi < 0) return null;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((frames[mid]?.t ?? 0) < t) lo = mid + 1;
    else hi = mid;
  }
  const after = frames[lo];
  const before = frames[lo - 1];
  if (before && after && t - before.t < after.t - t) return before;
  return after ?? null;
}

function draw(canvas: HTMLCanvasElement, video: HTMLVideoElement, frames: readonly PoseFrame[]) {
  const width = video.clientWidth;
  const height = video.clientHeight;
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, width, height);
  const landmarks = frameAt(frames, video.currentTime)?.landmarks;
  if (!landmarks || !video.videoWidth) return;
  // The picture is letterboxed inside the element (object-fit: contain).
  const scale = Math.min(width / video.videoWidth, height / video.videoHeight);
  const w = video.videoWidth * scale;
  const h = video.videoHeight * scale;
  const x0 = (width - w) / 2;
  const y0 = (height - h) / 2;
  const point = (i: number) => {
    const l = landmarks[i];
    return l && l.visibility >= MIN_VISIBILITY ? { x: x0 + l.x * w, y: y0 + l.y * h } : null;
  };
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#40c057';
  for (const [a, b] of CONNECTIONS) {
    const p = point(a);
    const q = point(b);
    if (!p || !q) continue;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.stroke();
  }
  ctx.fillStyle = '#fab005';
  for (let i = 0; i < landmarks.length; i++) {
    const p = point(i);
    if (!p) continue;
    ctx.beginPath();
    ctx.arc(p.x, p.y, 4, 0, Math.PI * 2);
    ctx.fill();
  }
}

export interface SkeletonVideoProps {
  src: string;
  /** The tracked poses to draw over the picture (none: the plain video). */
  frames?: readonly PoseFrame[] | null;
  label: string;
  /** The player, for seeking to a moment. */
  videoRef: RefObject<HTMLVideoElement | null>;
  poster?: string | null;
}

/** The video with the tracked skeleton drawn over it on a canvas, following playback and seeks. */
export function SkeletonVideo({ src, frames, label, videoRef, poster }: SkeletonVideoProps) {
  const canvas = useRef<HTMLCanvasElement | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    const target = canvas.current;
    if (!video || !target || !frames?.length) return;
    let handle = 0;
    const redraw = () => draw(target, video, frames);
    // Every painted frame while playing; seeks and pauses redraw once.
    const loop = () => {
      redraw();
      handle = video.paused ? 0 : requestAnimationFrame(loop);
    };
    const onPlay = () => {
      if (!handle) handle = requestAnimationFrame(loop);
    };
    const events = ['seeked', 'loadeddata', 'pause', 'timeupdate'] as const;
    for (const e of events) video.addEventListener(e, redraw);
    video.addEventListener('play', onPlay);
    window.addEventListener('resize', redraw);
    redraw();
    return () => {
      cancelAnimationFrame(handle);
      for (const e of events) video.removeEventListener(e, redraw);
      video.removeEventListener('play', onPlay);
      window.removeEventListener('resize', redraw);
    };
  }, [frames, src, videoRef]);

  return (
    <Box pos="relative" style={{ lineHeight: 0 }}>
      <video
        ref={videoRef}
        src={src}
        poster={poster ?? undefined}
        controls
        playsInline
        muted
        aria-label={label}
        style={{ width: '100%', maxHeight: '50vh', background: 'black', objectFit: 'contain' }}
      />
      <canvas
        ref={canvas}
        aria-hidden
        style={{
          position: 'absolute',
          inset: 0,
          pointerEvents: 'none',
          width: '100%',
          height: '100%',
        }}
      />
    </Box>
  );
}
