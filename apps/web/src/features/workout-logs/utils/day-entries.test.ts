import { describe, expect, it } from 'vitest';
import { withDayEntries, type DayEntry } from './day-entries';

const log = (id: number, performed_on: string) => ({ id, performed_on });
const entry = (key: string, date: string): DayEntry => ({ key, date, node: null });
const keys = (rows: ReturnType<typeof withDayEntries<{ id: number; performed_on: string }>>) =>
  rows.map((r) => (r.kind === 'log' ? `log${r.log.id}` : r.entry.key));

describe('withDayEntries', () => {
  const logs = [log(3, '2026-05-10'), log(2, '2026-05-08'), log(1, '2026-05-01')];

  it('puts each entry on its day, newest first, before a log of the same day', () => {
    const rows = withDayEntries(
      logs,
      [entry('g-old', '2026-04-20'), entry('g-mid', '2026-05-08'), entry('g-new', '2026-05-11')],
      true,
    );
    expect(keys(rows)).toEqual(['g-new', 'log3', 'g-mid', 'log2', 'log1', 'g-old']);
  });

  it('holds back entries older than the loaded logs while more logs are to load', () => {
    const rows = withDayEntries(logs, [entry('g-old', '2026-04-20')], false);
    expect(keys(rows)).toEqual(['log3', 'log2', 'log1']);
  });

  it('shows entries alone when there are no logs', () => {
    expect(keys(withDayEntries([], [entry('g', '2026-05-01')], true))).toEqual(['g']);
  });
});
