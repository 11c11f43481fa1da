import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { overAttempted, type TeamStatCounts } from '@fitcoach/shared/team-stats';
import { errorMessage } from '../../../lib/form-errors';
import type { SheetHeader } from '../utils/sheet';
import { useTeamGame } from './get-team-stats';
import { rememberGame, rememberRow, saveRow, startGame, updateGameHeader } from './save-team-stats';

/** How long a row rests before it is saved: a run of taps on + is one write, not five. */
export const ROW_SAVE_DELAY_MS = 350;

export type LiveStatus = 'idle' | 'saving' | 'saved' | 'error';

interface Draft<T> {
  value: T;
  seq: number;
}

type Key = number | 'header';

/** What the sync tells the sheet, to show. */
interface LiveView {
  gameId(id: number): void;
  drafts(update: (d: Record<number, TeamStatCounts>) => Record<number, TeamStatCounts>): void;
  headerDraft(header: SheetHeader | null): void;
  status(status: LiveStatus, problem?: string | null): void;
}

/**
 * The saving side of a scorer's sheet, outside React: which rows wait to be saved, which are on
 * their way, and in what order. One per opened sheet.
 */
export class LiveSheetSync {
  private gameId: number | null;
  private starting: Promise<number | null> | null = null;
  private readonly rows = new Map<number, Draft<TeamStatCounts>>();
  private header: Draft<SheetHeader> | null = null;
  private readonly timers = new Map<Key, ReturnType<typeof setTimeout>>();
  private readonly inFlight = new Set<Key>();
  private readonly again = new Set<Key>();
  private seq = 0;
  /** Submitted or closed: late answers (a 409 once final) are no longer news. */
  private stopped = false;
  private lastStatus: LiveStatus = 'idle';

  constructor(
    private readonly client: QueryClient,
    private readonly teamId: number,
    gameId: number | null,
    private readonly defaultDate: string,
    private readonly view: LiveView,
  ) {
    this.gameId = gameId;
  }

  changeRow(playerId: number, counts: TeamStatCounts): void {
    this.rows.set(playerId, { value: counts, seq: ++this.seq });
    this.view.drafts((d) => ({ ...d, [playerId]: counts }));
    this.schedule(playerId);
  }

  changeHeader(next: SheetHeader): void {
    this.header = { value: next, seq: ++this.seq };
    this.view.headerDraft(next);
    this.schedule('header');
  }

  /** Saves what is waiting now (closing the sheet loses nothing), then hears no more. */
  close(): void {
    for (const [key, timer] of this.timers) {
      clearTimeout(timer);
      void this.flush(key);
    }
    this.stopped = true;
  }

  /** Reopened (React's development double mount). */
  reopen(): void {
    this.stopped = false;
  }

  /** Before a submission: nothing more is saved row by row. Answers the game's id, if any. */
  async stopForSubmit(): Promise<number | null> {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.stopped = true;
    if (this.starting) await this.starting;
    return this.gameId;
  }

  /** The submission failed: row-by-row saving goes on. */
  resume(): void {
    this.stopped = false;
  }

  private schedule(key: Key): void {
    const running = this.timers.get(key);
    if (running) clearTimeout(running);
    this.timers.set(
      key,
      setTimeout(() => void this.flush(key), ROW_SAVE_DELAY_MS),
    );
    this.track();
  }

  private track(): void {
    if (this.stopped) return;
    const busy = this.inFlight.size > 0 || this.timers.size > 0 || this.starting !== null;
    const next = busy
      ? 'saving'
      : this.lastStatus === 'error'
        ? 'error'
        : this.gameId === null
          ? 'idle'
          : 'saved';
    if (next !== this.lastStatus) {
      this.lastStatus = next;
      this.view.status(next);
    }
  }

  private succeed(): void {
    if (this.stopped) return;
    this.lastStatus = 'saved';
    this.view.status('saved', null);
  }

  private fail(error: unknown): void {
    if (this.stopped) return;
    this.lastStatus = 'error';
    this.view.status('error', errorMessage(error));
  }

  /** The game's id, starting it first on a new sheet's first change. */
  private ensureGame(): Promise<number | null> {
    if (this.gameId !== null) return Promise.resolve(this.gameId);
    this.starting ??= (async () => {
      const sent = this.header;
      try {
        const started = await startGame(this.teamId, {
          vs_name: (sent?.value.vs_name ?? '').trim(),
          game_date: sent?.value.game_date || this.defaultDate,
        });
        rememberGame(this.client, started);
        this.gameId = started.id;
        this.view.gameId(started.id);
        if (sent && this.header?.seq === sent.seq) {
          this.header = null;
          this.view.headerDraft(null);
        }
        return started.id;
      } catch (error) {
        this.fail(error);
        return null;
      } finally {
        this.starting = null;
      }
    })();
    return this.starting;
  }

  private async flush(key: Key): Promise<void> {
    this.timers.delete(key);
    if (this.inFlight.has(key)) {
      // One write per row at a time, in order: the next goes when this one is answered.
      this.again.add(key);
      return;
    }
    this.inFlight.add(key);
    this.track();
    try {
      if (key === 'header') await this.saveHeader();
      else await this.saveRow(key);
    } catch (error) {
      this.fail(error);
    } finally {
      this.inFlight.delete(key);
      if (this.again.delete(key)) void this.flush(key);
      this.track();
    }
  }

  private async saveRow(playerId: number): Promise<void> {
    const draft = this.rows.get(playerId);
    // Made above attempted is marked on the sheet and waits for the scorer to correct it.
    if (!draft || overAttempted(draft.value).length > 0) return;
    const id = await this.ensureGame();
    if (id === null) return;
    const row = await saveRow(this.teamId, id, playerId, draft.value);
    rememberRow(this.client, this.teamId, id, row);
    // Confirmed, unless the scorer changed the row again meanwhile (that goes next).
    if (this.rows.get(playerId)?.seq === draft.seq) {
      this.rows.delete(playerId);
      this.view.drafts((d) => {
        const rest = { ...d };
        delete rest[playerId];
        return rest;
      });
    }
    this.succeed();
  }

  private async saveHeader(): Promise<void> {
    if (!this.header) return;
    const id = await this.ensureGame();
    // Read after the game started: that start may have carried the change already.
    const draft = this.header as Draft<SheetHeader> | null;
    if (id === null || !draft) return;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.value.game_date)) return;
    const saved = await updateGameHeader(this.teamId, id, {
      vs_name: draft.value.vs_name.trim(),
      game_date: draft.value.game_date,
    });
    rememberGame(this.client, saved);
    if (this.header?.seq === draft.seq) {
      this.header = null;
      this.view.headerDraft(null);
    }
    this.succeed();
  }
}

/**
 * A scorer's sheet of one game, saved as it changes (live scoring). Each player's row is written
 * on its own, as it now reads (not as increments): two scorers on different players never touch
 * each other's rows, and a retried write cannot count twice. What the scorer changed and the
 * server has not yet confirmed stays on screen over any copy that arrives meanwhile; confirmed
 * rows read from the game in the cache, which TeamChannel keeps current by version.
 *
 * A new sheet has no game until its first change, which starts one (open) so that the other
 * scorers can join; changes made while it starts wait for it.
 */
export function useLiveSheet(teamId: number, initialGameId: number | null, defaultDate: string) {
  const client = useQueryClient();
  const [gameId, setGameId] = useState<number | null>(initialGameId);
  const game = useTeamGame(teamId, gameId);
  const [drafts, setDrafts] = useState<Record<number, TeamStatCounts>>({});
  const [headerDraft, setHeaderDraft] = useState<SheetHeader | null>(null);
  const [status, setStatus] = useState<{ status: LiveStatus; problem: string | null }>({
    status: 'idle',
    problem: null,
  });
  const [sync] = useState(
    () =>
      new LiveSheetSync(client, teamId, initialGameId, defaultDate, {
        gameId: setGameId,
        drafts: setDrafts,
        headerDraft: setHeaderDraft,
        status: (next, problem) =>
          setStatus((s) => ({
            status: next,
            problem: problem === undefined ? s.problem : problem,
          })),
      }),
  );
  useEffect(() => {
    sync.reopen();
    return () => sync.close();
  }, [sync]);

  const header: SheetHeader =
    headerDraft ??
    (game.data
      ? { vs_name: game.data.vs_name, game_date: game.data.game_date }
      : { vs_name: '', game_date: defaultDate });

  return { gameId, game, header, drafts, ...status, sync };
}
