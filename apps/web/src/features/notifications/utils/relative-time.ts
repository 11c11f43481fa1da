import { formatDate } from '../../../i18n/format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relative(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format;
}

export interface RelativeTimeOptions {
  /** The moment the time is read from (the list's opening). */
  now?: number;
  /** The shown language: Intl words the rest ("5 minutes ago", "hace 5 minutos"). */
  locale: string;
  /** The catalogue's "just now": Intl's own word for zero ("now") reads too abruptly here. */
  justNow: string;
}

/** "just now", "5 minutes ago", "yesterday", "3 days ago", then the date. */
export function formatRelativeTime(
  iso: string,
  { now = Date.now(), locale, justNow }: RelativeTimeOptions,
): string {
  const at = new Date(iso);
  const elapsed = now - at.getTime();
  if (Number.isNaN(elapsed)) return '';
  // A clock a little ahead of ours still reads as now.
  if (elapsed < MINUTE) return justNow;
  if (elapsed < HOUR) return relative(locale).format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative(locale).format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative(locale).format(-Math.floor(elapsed / DAY), 'day');
  const sameYear = at.getFullYear() === new Date(now).getFullYear();
  return formatDate(
    locale,
    at,
    sameYear
      ? { day: 'numeric', month: 'short' }
      : { day: 'numeric', month: 'short', year: 'numeric' },
  );
}
