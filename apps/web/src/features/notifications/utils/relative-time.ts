const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const dateOnly = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short' });
const dateWithYear = new Intl.DateTimeFormat('en', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "yesterday", "3 days ago", then the date. */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const at = new Date(iso);
  const elapsed = now - at.getTime();
  if (Number.isNaN(elapsed)) return '';
  // A clock a little ahead of ours still reads as now.
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return (at.getFullYear() === new Date(now).getFullYear() ? dateOnly : dateWithYear).format(at);
}
