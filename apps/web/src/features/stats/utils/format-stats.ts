/** "12,340" for big totals; one decimal for small values such as a 1RM of 81.7. */
export function formatStatNumber(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: Math.abs(value) < 1000 ? 1 : 0 });
}

/** Time trained as a number and its unit: "45" min, or "13.9" h once past an hour. */
export function formatMinutes(minutes: number): { value: string; unit: string } {
  if (minutes < 60) return { value: String(minutes), unit: 'min' };
  const hours = minutes / 60;
  return {
    value: hours.toLocaleString('en-US', { maximumFractionDigits: hours < 100 ? 1 : 0 }),
    unit: 'h',
  };
}

/**
 * "Nov 18, 2026" for a YYYY-MM-DD day or an ISO timestamp. A bare day is read as local
 * midnight, so it never shows as the day before in zones west of UTC.
 */
export function formatDay(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
