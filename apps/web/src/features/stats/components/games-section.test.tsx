// @vitest-environment jsdom
import type * as ActionCable from '@rails/actioncable';
import type { GameStat, GameStatsPage } from '@fitcoach/shared/game-stats';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { apiError, mockApi } from '../../../test/api-mock';
import { fakeCable } from '../../../test/fake-cable';
import { renderWithApp } from '../../../test/render';
import { GameStatModal } from './game-stat-modal';
import { GamesSection } from './games-section';

vi.mock('@rails/actioncable', async (importOriginal) => {
  const { fakeCable: cable } = await import('../../../test/fake-cable');
  return {
    ...(await importOriginal<typeof ActionCable>()),
    createConsumer: () => cable.consumer,
  };
});

afterEach(async () => {
  fakeCable.reset();
  await changeLocale('en');
});

const game = (over: Partial<GameStat> = {}): GameStat => ({
  id: 1,
  vs_name: 'Eastside Eagles',
  game_date: '2026-03-14',
  sport: 'basketball',
  points: 18,
  rebounds: 7,
  assists: 4,
  kills: 0,
  aces: 0,
  digs: 0,
  game_errors: 0,
  notes: 'Good first half.',
  created_at: '2026-03-14T20:00:00Z',
  updated_at: '2026-03-14T20:00:00Z',
  ...over,
});

const totals = (games: number, points: number) => ({
  games,
  totals: { points, rebounds: 12, assists: 6, kills: 0, aces: 0, digs: 0, game_errors: 0 },
  averages: {
    points: points / games,
    rebounds: 6,
    assists: 3,
    kills: 0,
    aces: 0,
    digs: 0,
    game_errors: 0,
  },
});

function pageOf(items: GameStat[]): GameStatsPage {
  return {
    items,
    next_cursor: null,
    season: { year: 2026, ...totals(2, 30) },
    all_time: totals(2, 30),
    sports: items.length ? ['basketball'] : [],
    chart: [...items].reverse(),
  };
}

const empty: GameStatsPage = {
  ...pageOf([]),
  season: { year: 2026, ...totals(1, 0), games: 0 },
  all_time: { ...totals(1, 0), games: 0 },
};

describe('the Games section', () => {
  it('shows an empty state that opens the personal stats modal', async () => {
    mockApi().on('GET /api/game_stats', empty);
    const { user } = renderWithApp(<GamesSection />);
    expect(await screen.findByText('No games yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record your first game' }));
    expect(await screen.findByRole('dialog', { name: 'Record a game' })).toBeInTheDocument();
  });

  it('lists games with totals and averages, and deletes one after a confirmation', async () => {
    const games = [
      game({ id: 2, vs_name: 'Northside', game_date: '2026-03-20', points: 12 }),
      game(),
    ];
    const api = mockApi()
      .on('GET /api/game_stats', pageOf(games))
      .on('DELETE /api/game_stats/2', () => undefined);
    const { user } = renderWithApp(<GamesSection />);
    const section = await screen.findByRole('region', { name: 'Games' });
    expect(await within(section).findByText('vs Northside')).toBeInTheDocument();
    expect(within(section).getByText('2 games')).toBeInTheDocument();
    expect(within(section).getByText('15 per game')).toBeInTheDocument();
    expect(
      within(section).getByRole('img', {
        name: /Basketball: Points, Rebounds, Assists in your last 2 games/,
      }),
    ).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Delete game vs Northside' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this game?' });
    api.on('GET /api/game_stats', pageOf([game()]));
    await user.click(within(confirm).getByRole('button', { name: 'Delete game' }));
    await waitFor(() => expect(api.sent('DELETE /api/game_stats/2')).toHaveLength(1));
    expect(await screen.findByText('Game deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('vs Northside')).not.toBeInTheDocument());
  });

  it('says so in words when the games do not load', async () => {
    mockApi().on('GET /api/game_stats', () => apiError(500, 'Something went wrong on our side.'));
    renderWithApp(<GamesSection />);
    expect(await screen.findByText('Your games did not load')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong on our side.')).toBeInTheDocument();
  });

  it('reads the games again when another tab changes them', async () => {
    const api = mockApi().on('GET /api/game_stats', pageOf([game()]));
    renderWithApp(<GamesSection />);
    await screen.findByText('vs Eastside Eagles');
    api.on('GET /api/game_stats', pageOf([game({ id: 5, vs_name: 'From the phone' }), game()]));
    fakeCable.push('NotificationsChannel', { type: 'game_stats.changed' });
    expect(await screen.findByText('vs From the phone')).toBeInTheDocument();
  });
});

describe('the personal stats modal', () => {
  it('records a game with every field, refusing what the contract refuses first', async () => {
    const api = mockApi().on('POST /api/game_stats', (r) => ({
      ...game(),
      ...(r.body as object),
      id: 9,
    }));
    const onClose = vi.fn();
    const { user } = renderWithApp(<GameStatModal opened game={null} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Record a game' });
    await user.click(within(dialog).getByRole('button', { name: 'Save game' }));
    expect(await within(dialog).findByText('Enter who you played against.')).toBeInTheDocument();
    expect(api.sent('POST /api/game_stats')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Opponent' }), 'Westside');
    const points = within(dialog).getByRole('textbox', { name: 'Points' });
    // Below 0 cannot be typed, and the arrow key stops at 0 (the spec's minimum).
    await user.clear(points);
    await user.type(points, '-3');
    expect(points).toHaveValue('3');
    await user.clear(points);
    await user.type(points, '0{ArrowDown}');
    expect(points).toHaveValue('0');
    await user.type(points, '{ArrowUp}{ArrowUp}');
    expect(points).toHaveValue('2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Tough one');
    await user.click(within(dialog).getByRole('button', { name: 'Save game' }));
    await waitFor(() => expect(api.sent('POST /api/game_stats')).toHaveLength(1));
    expect(api.sent('POST /api/game_stats')[0]!.body).toMatchObject({
      vs_name: 'Westside',
      sport: 'basketball',
      points: 2,
      rebounds: 0,
      kills: 0,
      notes: 'Tough one',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the sport’s own stats, the others behind “Other stats” unless one is filled in', async () => {
    mockApi();
    const { user, unmount } = renderWithApp(
      <GameStatModal opened game={null} onClose={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Record a game' });
    const field = (name: string) => within(dialog).queryByRole('textbox', { name });
    expect(field('Rebounds')).toBeInTheDocument();
    expect(field('Kills')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Other stats' }));
    expect(field('Kills')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Hide other stats' }));
    expect(field('Kills')).not.toBeInTheDocument();
    unmount();

    // A basketball game that has digs keeps them on screen when edited.
    renderWithApp(<GameStatModal opened game={game({ digs: 3 })} onClose={() => undefined} />);
    const edit = await screen.findByRole('dialog', { name: 'Edit game' });
    expect(within(edit).getByRole('textbox', { name: 'Digs' })).toHaveValue('3');
    expect(within(edit).queryByRole('button', { name: 'Other stats' })).not.toBeInTheDocument();
  });

  it('refuses a date after tomorrow and shows the server’s field messages, in Spanish', async () => {
    await changeLocale('es');
    mockApi().on('PUT /api/game_stats/1', () =>
      apiError(400, 'Corrige los campos marcados.', [{ path: 'vs_name', message: 'Ya existe.' }]),
    );
    const { user } = renderWithApp(<GameStatModal opened game={game()} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar partido' });
    expect(within(dialog).getByRole('textbox', { name: 'Rival' })).toHaveValue('Eastside Eagles');
    const date = within(dialog).getByLabelText(/Fecha/);
    await user.clear(date);
    await user.type(date, '2999-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('Esa fecha está en el futuro.')).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '2026-03-15');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('Ya existe.')).toBeInTheDocument();
  });
});
