/**
 * Estimated one-rep max by the Epley formula: weight × (1 + reps / 30). One rep is the weight
 * itself; no reps or no weight estimates nothing.
 */
export function epleyOneRepMax(weight: number, reps: number): number {
  if (!(weight > 0) || !(reps > 0)) return 0;
  if (reps === 1) return weight;
  return weight * (1 + reps / 30);
}
