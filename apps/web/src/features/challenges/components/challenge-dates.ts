/** A challenge's YYYY-MM-DD dates are calendar days, shown as such whatever the time zone. */
export function calendarDay(date: string): Date {
  return new Date(`${date}T12:00:00`);
}

export const DAY_FORMAT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
};
