// @vitest-environment jsdom
import type * as ActionCable from '@rails/actioncable';
import type { TeamGame, TeamStatRow, TeamStatsAnswer } from '@fitcoach/shared/team-stats';
import {
  emptyCounts,
  statLine,
  totalPoints,
  type TeamStatCounts,
} from '@fitcoach/shared/team-stats';
import type { TeamMember } from '@fitcoach/shared/teams';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { apiError, mockApi, reply, type ApiRequest } from '../../../test/api-mock';
import { fakeCable } from '../../../test/fake-cable';
import { renderWithApp } from '../../../test/render';
import { TeamGamesSection } from './team-games-section';

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

const member = (
  user_id: number,
  name: string,
  jersey: number | null,
  role: TeamMember['role'],
) => ({
  user_id,
  name,
  avatar_url: null,
  role,
  jersey_number: jersey,
  alias_name: '',
  alias_depedent_name: '',
});

const members: TeamMember[] = [
  member(1, 'Olivia Owner', null, 'owner'),
  member(7, 'Pat Player', 23, 'player'),
  member(8, 'Quinn Player', 7, 'player'),
];

const row = (player_id: number, over: Partial<TeamStatRow> = {}): TeamStatRow => ({
  player_id,
  player_name: player_id === 7 ? 'Pat Player' : 'Quinn Player',
  jersey_number: player_id === 7 ? 23 : 7,
  ...emptyCounts(),
  total_points: 0,
  version: 1,
  updated_at: '2026-03-14T10:00:00Z',
  ...over,
});

const finalGame: TeamGame = {
  id: 40,
  team_id: 3,
  vs_name: 'Eagles',
  game_date: '2026-03-14',
  status: 'final',
  version: 2,
  created_by: { id: 1, name: 'Olivia Owner' },
  created_at: '2026-03-14T10:00:00Z',
  finalized_at: '2026-03-14T12:00:00Z',
  team_points: 12,
  rows: [
    row(8, { free_throws_attempted: 2, free_throws_made: 2, total_points: 2 }),
    row(7, {
      two_point_fg_attempted: 6,
      two_point_fg_made: 2,
      three_point_fg_attempted: 4,
      three_point_fg_made: 2,
      total_points: 10,
    }),
  ],
};

const answer = (games: TeamGame[]): TeamStatsAnswer => ({
  team_id: 3,
  games,
  season: {
    players: games.some((g) => g.status === 'final')
      ? [
          {
            player_id: 7,
            player_name: 'Pat Player',
            jersey_number: 23,
            ...statLine(
              {
                ...emptyCounts(),
                two_point_fg_attempted: 6,
                two_point_fg_made: 2,
                three_point_fg_attempted: 4,
                three_point_fg_made: 2,
              },
              1,
            ),
          },
        ]
      : [],
    team: statLine(emptyCounts(), games.length),
  },
});

// By label, not role: computing every input's accessible role and name is slow in jsdom.
const cell = (player: string, field: string) => screen.getByLabelText(`${player}: ${field}`);
const totalOf = (playerId: number) => screen.getByTestId(`total-${playerId}`);
/** Types a count over what the cell holds. */
const enter = (user: ReturnType<typeof renderWithApp>['user'], input: HTMLElement, value: string) =>
  user.type(input, value, { initialSelectionStart: 0, initialSelectionEnd: 10 });

function liveServer(games: TeamGame[] = []) {
  let started: TeamGame | null = null;
  const api = mockApi()
    .on('GET /api/team/3/stats', () => answer(started ? [started, ...games] : games))
    .on('POST /api/team/3/stats/games', (r: ApiRequest) => {
      const body = r.body as { vs_name: string; game_date: string };
      started = {
        ...finalGame,
        id: 41,
        status: 'open',
        version: 1,
        finalized_at: null,
        vs_name: body.vs_name,
        game_date: body.game_date,
        team_points: 0,
        rows: [],
      };
      return reply(201, started);
    })
    // Each header change: the game's version goes up, as on the server.
    .on('PUT /api/team/3/stats/41', (r: ApiRequest) => {
      started = { ...started!, ...(r.body as object), version: started!.version + 1 };
      return started;
    })
    .on('GET /api/team/3/stats/41', () => started)
    .on('GET /api/team/3/stats/40', finalGame);
  return api;
}

describe('the stats sheet', () => {
  it('computes total points live and marks made above attempted', async () => {
    const api = liveServer();
    let version = 0;
    api.on('PUT /api/team/3/stats/41/rows/7', (r: ApiRequest) => {
      const body = r.body as Record<string, number>;
      version += 1;
      return row(7, { ...body, total_points: totalPoints(body as TeamStatCounts), version });
    });
    api.on('PUT /api/team/3/stats/41/rows/8', (r: ApiRequest) => {
      version += 1;
      return row(8, { ...(r.body as TeamStatCounts), version });
    });
    const { user } = renderWithApp(<TeamGamesSection teamId={3} role="scorer" members={members} />);
    await user.click(await screen.findByRole('button', { name: 'New game' }));
    const dialog = await screen.findByRole('dialog', { name: 'New game' });
    expect(within(dialog).getByText(/Your first change starts the game live/)).toBeVisible();
    // Rows by jersey: Quinn (#7), then Pat (#23); the owner has no row.
    const rowHeaders = within(dialog)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(rowHeaders).toEqual(['#7 Quinn Player', '#23 Pat Player']);

    const made2 = cell('Pat Player', 'Two-point field goals made');
    const attempted2 = cell('Pat Player', 'Two-point field goals attempted');
    await enter(user, attempted2, '4');
    await enter(user, made2, '3');
    expect(totalOf(7)).toHaveTextContent('6');
    await enter(user, cell('Pat Player', 'Three-point field goals attempted'), '1');
    await enter(user, cell('Pat Player', 'Three-point field goals made'), '1');
    await enter(user, cell('Pat Player', 'Free throws attempted'), '2');
    await enter(user, cell('Pat Player', 'Free throws made'), '1');
    expect(totalOf(7)).toHaveTextContent('10');
    expect(totalOf(8)).toHaveTextContent('0');
    // Saved live, row by row, the game started by the first change.
    await waitFor(() => expect(api.sent('POST /api/team/3/stats/games')).toHaveLength(1));
    await waitFor(() =>
      expect(api.sent('PUT /api/team/3/stats/41/rows/7').length).toBeGreaterThan(0),
    );

    // Made above attempted: marked on the made cell, and Submit refuses.
    await enter(user, made2, '5');
    expect(within(dialog).getByText('Made (5) cannot be more than attempted (4).')).toBeVisible();
    expect(made2).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByRole('textbox', { name: /Opponent/ }), 'Falcons');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      within(dialog).getByText(
        'Correct the rows marked in red: made cannot be more than attempted.',
      ),
    ).toBeVisible();
    expect(api.sent('POST /api/team/stats')).toHaveLength(0);

    // The invalid row is never sent.
    await new Promise((r) => setTimeout(r, 500));
    for (const r of api.sent('PUT /api/team/3/stats/41/rows/7')) {
      const body = r.body as Record<string, number>;
      expect(body.two_point_fg_made).toBeLessThanOrEqual(body.two_point_fg_attempted!);
    }
  });

  it('keeps every count at 0 or more: no minus sign, and the step buttons stop at 0', async () => {
    let version = 0;
    liveServer().on('PUT /api/team/3/stats/41/rows/8', (r: ApiRequest) => {
      version += 1;
      return row(8, { ...(r.body as TeamStatCounts), version });
    });
    const { user } = renderWithApp(<TeamGamesSection teamId={3} role="scorer" members={members} />);
    await user.click(await screen.findByRole('button', { name: 'New game' }));
    await screen.findByRole('dialog', { name: 'New game' });
    const steals = cell('Quinn Player', 'Steals');
    await user.type(steals, '-');
    expect(steals).toHaveValue('0');
    await user.click(steals);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(steals).toHaveValue('0');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowDown}');
    expect(steals).toHaveValue('1');
    const down = steals
      .closest('.mantine-NumberInput-root')!
      .querySelector('[data-direction="down"]')!;
    await user.pointer({ keys: '[MouseLeft]', target: down });
    await user.pointer({ keys: '[MouseLeft]', target: down });
    expect(steals).toHaveValue('0');
  });

  it("submits the whole sheet and says 'Stats saved successfully!', or 'Error saving stats.' with the reason", async () => {
    const api = liveServer();
    let version = 0;
    api.on('PUT /api/team/3/stats/41/rows/8', (r: ApiRequest) => {
      version += 1;
      return row(8, { ...(r.body as TeamStatCounts), version });
    });
    let fail = true;
    api.on('POST /api/team/stats', (r: ApiRequest) =>
      fail
        ? apiError(409, 'This game is final: its stats can no longer change.')
        : {
            ...finalGame,
            id: 41,
            vs_name: (r.body as { stats: { vs_name: string }[] }).stats[0]!.vs_name,
            team_points: 0,
          },
    );
    const { user } = renderWithApp(<TeamGamesSection teamId={3} role="coach" members={members} />);
    await user.click(await screen.findByRole('button', { name: 'New game' }));
    const dialog = await screen.findByRole('dialog', { name: 'New game' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText('Enter who you played against.')).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: /Opponent/ }), 'Falcons');
    await enter(user, cell('Quinn Player', 'Assists'), '2');
    await waitFor(() => expect(api.sent('POST /api/team/3/stats/games')).toHaveLength(1));

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    // The spec's text in the toast, and beside the reason in the sheet.
    expect((await screen.findAllByText('Error saving stats.')).length).toBe(2);
    const problem = within(dialog).getByRole('alert');
    expect(problem).toHaveTextContent('Error saving stats.');
    expect(problem).toHaveTextContent('This game is final: its stats can no longer change.');

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Stats saved successfully!')).toBeVisible();
    const sent = api.sent('POST /api/team/stats').at(-1)!.body as {
      team_id: number;
      game_id: number;
      stats: Record<string, unknown>[];
    };
    expect(sent.team_id).toBe(3);
    expect(sent.game_id).toBe(41);
    expect(sent.stats).toHaveLength(2);
    expect(sent.stats[0]).toMatchObject({
      vs_name: 'Falcons',
      player_id: 8,
      player_name: 'Quinn Player',
      assists: 2,
      two_point_fg_made: 0,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New game' })).not.toBeInTheDocument(),
    );
  });

  it('shows a saved game read-only with Submit hidden; closing resets and re-enables the fields', async () => {
    liveServer([finalGame]);
    const { user } = renderWithApp(<TeamGamesSection teamId={3} role="owner" members={members} />);
    const card = await screen.findByRole('article', { name: 'vs Eagles' });
    expect(within(card).getByText('12 points')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: /^Details/ }));
    const details = await screen.findByRole('dialog', { name: 'Game details' });
    expect(
      await within(details).findByText('This game is final: its sheet is read-only.'),
    ).toBeVisible();
    expect(within(details).getByRole('textbox', { name: 'Opponent' })).toHaveValue('Eagles');
    expect(within(details).getByRole('textbox', { name: 'Opponent' })).toBeDisabled();
    const made = cell('Pat Player', 'Three-point field goals made');
    expect(made).toHaveValue('2');
    expect(made).toBeDisabled();
    expect(totalOf(7)).toHaveTextContent('10');
    expect(within(details).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    await user.click(within(details).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Game details' })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'New game' }));
    const fresh = await screen.findByRole('dialog', { name: 'New game' });
    const opponent = within(fresh).getByRole('textbox', { name: /Opponent/ });
    expect(opponent).toHaveValue('');
    expect(opponent).toBeEnabled();
    const again = cell('Pat Player', 'Three-point field goals made');
    expect(again).toHaveValue('0');
    expect(again).toBeEnabled();
    expect(totalOf(7)).toHaveTextContent('0');
    expect(within(fresh).getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it("brings other scorers' rows in live, ignoring ones older than the sheet holds", async () => {
    const open: TeamGame = {
      ...finalGame,
      id: 42,
      status: 'open',
      finalized_at: null,
      rows: [],
      team_points: 0,
      version: 1,
    };
    mockApi()
      .on('GET /api/team/3/stats', answer([open]))
      .on('GET /api/team/3/stats/42', open);
    const { user } = renderWithApp(<TeamGamesSection teamId={3} role="scorer" members={members} />);
    const card = await screen.findByRole('article', { name: 'vs Eagles' });
    expect(within(card).getByText('Live')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: /^Continue scoring/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Scoring the game' });
    await within(dialog).findByText(/Live: each change is saved/);
    fakeCable.confirm('TeamChannel');
    expect(fakeCable.subscriptions.at(-1)!.identifier).toEqual({
      channel: 'TeamChannel',
      team_id: 3,
    });
    fakeCable.push('TeamChannel', {
      type: 'stat_row',
      game_id: 42,
      by: 99,
      row: row(8, {
        three_point_fg_attempted: 2,
        three_point_fg_made: 2,
        total_points: 6,
        version: 3,
      }),
    });
    await waitFor(() => expect(totalOf(8)).toHaveTextContent('6'));
    // A late, older copy of the same row changes nothing.
    fakeCable.push('TeamChannel', {
      type: 'stat_row',
      game_id: 42,
      by: 99,
      row: row(8, { free_throws_attempted: 1, free_throws_made: 1, total_points: 1, version: 2 }),
    });
    expect(totalOf(8)).toHaveTextContent('6');
    // The live box score behind it follows too.
    expect(within(card).getByText('6 points')).toBeVisible();
  });

  it('shows players the box scores and season totals without entry controls, in Spanish too', async () => {
    await changeLocale('es');
    mockApi()
      .on('GET /api/team/3/stats', answer([finalGame]))
      .on('GET /api/team/3/stats/40', finalGame);
    const { user } = renderWithApp(<TeamGamesSection teamId={3} role="player" members={members} />);
    const card = await screen.findByRole('article', { name: 'contra Eagles' });
    expect(screen.queryByRole('button', { name: 'Nuevo partido' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Borrar/ })).not.toBeInTheDocument();
    const season = screen.getByRole('table', { name: /Totales de la temporada/ });
    // Pat: FG 4/10 = 40 %, 3P 2/4 = 50 %, eFG (4 + 1) / 10 = 50 %.
    const pat = within(season).getByRole('row', { name: /Pat Player/ });
    expect(pat).toHaveTextContent(/40,0\s?%/);
    expect(pat).toHaveTextContent(/50,0\s?%/);
    await user.click(within(card).getByRole('button', { name: /^Ficha/ }));
    const box = await screen.findByRole('dialog', { name: /Ficha · contra Eagles/ });
    const table = within(box).getByRole('table');
    expect(within(table).getByRole('row', { name: /#23 Pat Player 10/ })).toBeVisible();
    expect(within(table).getByRole('row', { name: /Equipo 12/ })).toBeVisible();
  });
});
