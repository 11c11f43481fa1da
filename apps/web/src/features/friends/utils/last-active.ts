const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Within this, a friend counts as active now (last_active_at is marked once a minute). */
export const ACTIVE_NOW_MS = 5 * MINUTE;

/** A past moment in words, in the shown language: "5 minutes ago", "yesterday", "3 weeks ago". */
export function timeAgo(iso: string, locale: string, now = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (elapsed < HOUR) return format.format(-Math.max(1, Math.round(elapsed / MINUTE)), 'minute');
  if (elapsed < DAY) return format.format(-Math.round(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return format.format(-Math.round(elapsed / DAY), 'day');
  if (elapsed < 30 * DAY) return format.format(-Math.round(elapsed / (7 * DAY)), 'week');
  if (elapsed < 365 * DAY) return format.format(-Math.round(elapsed / (30 * DAY)), 'month');
  return format.format(-Math.round(elapsed / (365 * DAY)), 'year');
}
