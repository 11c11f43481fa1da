import type { AnalysisSummary, VideoAnalysis } from '@fitcoach/shared/video-analysis';

/** A saved analysis for component tests: `reps` full reps of `rom` degrees, `down + up` s each. */
export function savedAnalysis(
  id: number,
  {
    name = 'Barbell back squat',
    createdAt = '2026-11-02T10:00:00Z',
    reps = 5,
    rom = 90,
    down = 1,
    up = 1,
    set = null,
  }: {
    name?: string;
    createdAt?: string;
    reps?: number;
    rom?: number | null;
    down?: number;
    up?: number;
    set?: VideoAnalysis['set'];
  } = {},
): VideoAnalysis {
  const summary: AnalysisSummary = {
    exercise_key: 'squat',
    joint: 'knee',
    duration_s: 30,
    fps: 15,
    frames_analysed: 450,
    frames_with_person: 450,
    reps_detected: reps,
    partial_reps: 0,
    reps: [],
    avg_rom_deg: rom,
    avg_down_s: down,
    avg_pause_s: 0,
    avg_up_s: up,
    asymmetry_deg: null,
    faults: [],
    angle_series: [],
  };
  return {
    id,
    user: { id: 1, name: 'Maya' },
    exercise_name: name,
    summary,
    set,
    video: null,
    review: { status: 'none', coach: null, requested_at: null },
    comments: [],
    created_at: createdAt,
  };
}
