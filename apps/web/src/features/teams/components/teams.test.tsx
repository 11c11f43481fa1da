// @vitest-environment jsdom
import type { TeamDetail, TeamSummary } from '@fitcoach/shared/teams';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { apiError, mockApi, reply } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { TeamPage } from './team-page';
import { TeamsPage } from './teams-page';

afterEach(async () => {
  await changeLocale('en');
});

const summary: TeamSummary = {
  id: 3,
  name: 'Riverside Hawks',
  sport: 'basketball',
  season: '2025–26',
  photo_url: null,
  my_role: 'owner',
  member_count: 2,
  created_at: '2026-11-20T10:00:00Z',
};

const detail: TeamDetail = {
  ...summary,
  can_manage: true,
  members: [
    {
      user_id: 1,
      name: 'Olivia Owner',
      avatar_url: null,
      role: 'owner',
      jersey_number: null,
      alias_name: '',
      alias_depedent_name: '',
    },
    {
      user_id: 7,
      name: 'Pat Player',
      avatar_url: null,
      role: 'player',
      jersey_number: 23,
      alias_name: 'Patty',
      alias_depedent_name: 'Little P',
    },
  ],
  workouts: [
    {
      id: 11,
      title: 'Full body basics',
      logged_by_me: false,
      logged_by: [{ id: 7, name: 'Pat Player', avatar_url: null }],
      added_at: '2026-11-21T10:00:00Z',
    },
  ],
};

describe('the teams list', () => {
  it('shows an empty state and creates a team, checking the fields first', async () => {
    const api = mockApi()
      .on('GET /api/team', { items: [] })
      .on('POST /api/team', () => reply(201, detail));
    const { user } = renderWithApp(<TeamsPage />);
    expect(await screen.findByText('You are not on a team yet')).toBeVisible();
    await user.click(screen.getAllByRole('button', { name: 'Create team' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create a team' });
    await user.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(within(dialog).getByText("Enter the team's name.")).toBeVisible();
    expect(within(dialog).getByText('Choose a sport.')).toBeVisible();
    expect(api.sent('POST /api/team')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Team name/ }), ' Hawks ');
    await user.click(within(dialog).getByRole('combobox', { name: /^Sport/ }));
    await user.click(await screen.findByRole('option', { name: 'Volleyball' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(api.sent('POST /api/team')).toHaveLength(1));
    expect(api.sent('POST /api/team')[0]!.body).toEqual({
      name: 'Hawks',
      sport: 'volleyball',
      season: '',
    });
  });

  it('lists the teams with role and members, in Spanish too', async () => {
    await changeLocale('es');
    mockApi().on('GET /api/team', { items: [summary] });
    renderWithApp(<TeamsPage />);
    const card = await screen.findByRole('article', { name: 'Riverside Hawks' });
    expect(within(card).getByText('Baloncesto')).toBeVisible();
    expect(within(card).getByText('Propietario')).toBeVisible();
    expect(within(card).getByText('Temporada 2025–26 · 2 miembros')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Abrir Riverside Hawks' })).toBeVisible();
  });

  it('says when the list did not load', async () => {
    mockApi().on('GET /api/team', () => apiError(500, 'Down.'));
    renderWithApp(<TeamsPage />);
    expect(await screen.findByText('Your teams could not be loaded')).toBeVisible();
  });
});

describe('a team page', () => {
  it('shows the roster and who logged each workout', async () => {
    mockApi().on('GET /api/team/3', detail);
    renderWithApp(<TeamPage teamId={3} />);
    expect(await screen.findByRole('heading', { name: 'Riverside Hawks', level: 1 })).toBeVisible();
    const table = screen.getByRole('table');
    expect(
      within(table).getByRole('row', { name: /Pat Player Patty Little P 23 Player/ }),
    ).toBeVisible();
    const workouts = screen.getByRole('region', { name: 'Team workouts' });
    expect(within(workouts).getByRole('link', { name: 'Full body basics' })).toBeVisible();
    expect(within(workouts).getByText('Logged by 1 member:')).toBeVisible();
  });

  it('adds a player: the alias and jersey are required, the server’s jersey message is shown', async () => {
    const api = mockApi()
      .on('GET /api/team/3', detail)
      .on('GET /api/members/search', {
        items: [{ id: 9, name: 'Nina Newcomer', avatar_url: null, relationship: 'none' }],
        next_cursor: null,
      })
      .on('POST /api/team/users', () =>
        apiError(400, 'Please correct the highlighted fields.', [
          { path: 'jersey_number', message: 'Jersey number 23 is already worn on this team.' },
        ]),
      );
    const { user } = renderWithApp(<TeamPage teamId={3} />);
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to team' }));
    expect(within(dialog).getByText('Choose a member to add.')).toBeVisible();
    expect(within(dialog).getByText("Enter the player's alias name.")).toBeVisible();
    expect(within(dialog).getByText("Enter the player's jersey number (0 or more).")).toBeVisible();
    expect(api.sent('POST /api/team/users')).toHaveLength(0);

    await user.type(within(dialog).getByRole('combobox', { name: /Member/ }), 'Nina');
    await user.click(await screen.findByRole('option', { name: /Nina Newcomer/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Jersey number/ }), '23');
    await user.type(within(dialog).getByRole('textbox', { name: /^Alias name/ }), 'Nin');
    await user.click(within(dialog).getByRole('button', { name: 'Add to team' }));
    await waitFor(() => expect(api.sent('POST /api/team/users')).toHaveLength(1));
    expect(api.sent('POST /api/team/users')[0]!.body).toEqual({
      team_id: 3,
      user_id: 9,
      role: 'player',
      jersey_number: 23,
      alias_name: 'Nin',
      alias_depedent_name: '',
    });
    expect(
      await within(dialog).findByText('Jersey number 23 is already worn on this team.'),
    ).toBeVisible();
  });

  it('asks before removing a member', async () => {
    const api = mockApi()
      .on('GET /api/team/3', detail)
      .on('DELETE /api/team/3/users/7', () => reply(204));
    const { user } = renderWithApp(<TeamPage teamId={3} />);
    await user.click(
      await screen.findByRole('button', { name: 'Remove Pat Player from the team' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the team?' });
    expect(api.sent('DELETE /api/team/3/users/7')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.sent('DELETE /api/team/3/users/7')).toHaveLength(1));
  });

  it('shows players no management controls and their own logging', async () => {
    mockApi().on('GET /api/team/3', {
      ...detail,
      my_role: 'player',
      can_manage: false,
      workouts: [{ ...detail.workouts[0]!, logged_by: null, logged_by_me: true }],
    });
    renderWithApp(<TeamPage teamId={3} />);
    expect(await screen.findByText('You logged it')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByText(/Logged by/)).toBeNull();
  });

  it('says so when the team is not theirs', async () => {
    mockApi().on('GET /api/team/3', () => reply(404, { error: 'not_found', message: 'Gone.' }));
    renderWithApp(<TeamPage teamId={3} />);
    expect(await screen.findByRole('heading', { name: 'Team not available' })).toBeVisible();
  });
});
