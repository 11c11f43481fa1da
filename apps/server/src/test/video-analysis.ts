import type { AnalysisSummary } from '@fitcoach/shared/video-analysis';

/**
 * What the browser would send for a 12-second clip of three squats, the third shallow: full
 * reps 2, a partial one, a `shallow_depth` fault on it.
 */
export function squatSummary(overrides: Partial<AnalysisSummary> = {}): AnalysisSummary {
  const rep = (number: number, start: number, turnAngle: number, partial: boolean) => ({
    number,
    start_s: start,
    turn_s: start + 1.5,
    end_s: start + 3,
    rom_deg: 170 - turnAngle,
    turn_angle_deg: turnAngle,
    down_s: 1.4,
    pause_s: 0.2,
    up_s: 1.4,
    asymmetry_deg: 3,
    partial,
  });
  return {
    exercise_key: 'squat',
    joint: 'knee',
    duration_s: 12,
    fps: 30,
    frames_analysed: 360,
    frames_with_person: 350,
    reps_detected: 2,
    partial_reps: 1,
    reps: [rep(1, 1, 80, false), rep(2, 4.5, 84, false), rep(3, 8, 120, true)],
    avg_rom_deg: 88,
    avg_down_s: 1.4,
    avg_pause_s: 0.2,
    avg_up_s: 1.4,
    asymmetry_deg: 3,
    faults: [{ code: 'shallow_depth', rep: 3, at_s: 9.5 }],
    angle_series: [
      [0, 170],
      [2.5, 80],
      [4, 170],
      [6, 84],
      [7.5, 170],
      [9.5, 120],
      [11, 170],
    ],
    ...overrides,
  };
}
