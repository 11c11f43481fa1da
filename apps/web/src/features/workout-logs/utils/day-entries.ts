import type { ReactNode } from 'react';

/** Something another feature shows in the history on its day (a game), composed in app/. */
export interface DayEntry {
  key: string;
  /** YYYY-MM-DD */
  date: string;
  node: ReactNode;
}

export type HistoryRow<Log> = { kind: 'log'; log: Log } | { kind: 'entry'; entry: DayEntry };

/**
 * The loaded logs (newest first) with the other entries on their days, newest first too; an
 * entry on a log's day comes before it. While older logs are still to load, entries older than
 * the last loaded log wait for them, so "Load more" never puts a log above an entry it follows.
 */
export function withDayEntries<Log extends { performed_on: string }>(
  logs: readonly Log[],
  entries: readonly DayEntry[],
  complete: boolean,
): HistoryRow<Log>[] {
  const oldest = logs[logs.length - 1]?.performed_on;
  const shown = [...entries]
    .filter((e) => complete || (oldest !== undefined && e.date >= oldest))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const rows: HistoryRow<Log>[] = [];
  let next = 0;
  for (const log of logs) {
    while (next < shown.length && shown[next]!.date >= log.performed_on) {
      rows.push({ kind: 'entry', entry: shown[next++]! });
    }
    rows.push({ kind: 'log', log });
  }
  while (next < shown.length) rows.push({ kind: 'entry', entry: shown[next++]! });
  return rows;
}
