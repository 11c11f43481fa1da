// @vitest-environment jsdom
import type { TeamDetail, TeamSummary } from '@fitcoach/shared/teams';
import type * as ActionCable from '@rails/actioncable';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { closeRealtime } from '../../../lib/realtime';
import { apiError, mockApi, reply } from '../../../test/api-mock';
import { fakeCable } from '../../../test/fake-cable';
import { renderWithApp } from '../../../test/render';
import { TeamPage } from './team-page';
import { TeamsPage } from './teams-page';

// The realtime layer runs as in the app; only the Action Cable connection is the test's.
vi.mock('@rails/actioncable', async (importOriginal) => {
  const { fakeCable: cable } = await import('../../../test/fake-cable');
  return {
    ...(await importOriginal<typeof ActionCable>()),
    createConsumer: () => cable.consumer,
  };
});

afterEach(async () => {
  closeRealtime();
  fakeCable.reset();
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
  my_user_id: 1,
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
    {
      user_id: 8,
      name: 'Nina Newcomer',
      avatar_url: null,
      role: 'player',
      jersey_number: 4,
      alias_name: 'Nin',
      alias_depedent_name: '',
    },
  ],
  workouts: [
    {
      id: 11,
      title: 'Full body basics',
      logged_by_me: false,
      logged_by: [
        { id: 7, name: 'Pat Player', avatar_url: null, last_logged_on: '2026-11-25', times: 3 },
      ],
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

const asPlayer: TeamDetail = {
  ...detail,
  my_role: 'player',
  my_user_id: 7,
  can_manage: false,
  workouts: [{ ...detail.workouts[0]!, logged_by: null, logged_by_me: true }],
};

const asCoach: TeamDetail = {
  ...detail,
  my_role: 'coach',
  my_user_id: 5,
  members: [
    ...detail.members,
    {
      user_id: 5,
      name: 'Carl Coach',
      avatar_url: null,
      role: 'coach',
      jersey_number: null,
      alias_name: '',
      alias_depedent_name: '',
    },
  ],
};

describe('a team page', () => {
  it('shows the roster, and who logged each workout, when, and who has not', async () => {
    mockApi().on('GET /api/team/3', detail);
    const { user } = renderWithApp(<TeamPage teamId={3} />);
    expect(await screen.findByRole('heading', { name: 'Riverside Hawks', level: 1 })).toBeVisible();
    const table = screen.getByRole('table');
    expect(
      within(table).getByRole('row', { name: /Pat Player Patty Little P 23 Player/ }),
    ).toBeVisible();
    const workouts = screen.getByRole('region', { name: 'Team workouts' });
    expect(within(workouts).getByRole('link', { name: 'Full body basics' })).toBeVisible();
    expect(within(workouts).getByText('Logged by 1 member · 1 player not yet')).toBeVisible();
    const who = within(workouts).getByRole('button', { name: 'Show who logged Full body basics' });
    expect(who).toHaveAttribute('aria-expanded', 'false');
    await user.click(who);
    expect(who).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(who.getAttribute('aria-controls')!)!;
    expect(await within(list).findByRole('listitem')).toHaveTextContent(
      'Pat Player — last on Nov 25, 2026, 3 times',
    );
    expect(within(list).getByText(/Not logged yet:/).parentElement).toHaveTextContent(
      'Not logged yet: Nina Newcomer',
    );
  });

  it('says who logged a workout in Spanish', async () => {
    await changeLocale('es');
    mockApi().on('GET /api/team/3', detail);
    const { user } = renderWithApp(<TeamPage teamId={3} />);
    const workouts = await screen.findByRole('region', { name: 'Entrenamientos del equipo' });
    expect(within(workouts).getByText('Registrado por 1 miembro · 1 jugador aún no')).toBeVisible();
    const who = within(workouts).getByRole('button', {
      name: 'Ver quién registró Full body basics',
    });
    await user.click(who);
    const list = document.getElementById(who.getAttribute('aria-controls')!)!;
    expect(await within(list).findByRole('listitem')).toHaveTextContent(
      'Pat Player — la última vez el 25 nov 2026, 3 veces',
    );
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
    mockApi().on('GET /api/team/3', asPlayer);
    const { user } = renderWithApp(<TeamPage teamId={3} />);
    expect(await screen.findByText('You logged it')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByText(/Logged by/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Team options' }));
    expect(screen.getByRole('menuitem', { name: 'Leave team' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Edit team' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete team' })).toBeNull();
  });

  it('says so when the team is not theirs', async () => {
    mockApi().on('GET /api/team/3', () => reply(404, { error: 'not_found', message: 'Gone.' }));
    renderWithApp(<TeamPage teamId={3} />);
    expect(await screen.findByRole('heading', { name: 'Team not available' })).toBeVisible();
  });
});

describe('managing a team', () => {
  it('edits the team with Create team’s checks', async () => {
    const api = mockApi()
      .on('GET /api/team/3', detail)
      .on('PUT /api/team/3', () =>
        reply(200, { ...detail, name: 'Hawks B', sport: 'soccer', season: '' }),
      );
    const { user } = renderWithApp(<TeamPage teamId={3} />);
    await user.click(await screen.findByRole('button', { name: 'Team options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit team' });
    const name = within(dialog).getByRole('textbox', { name: /Team name/ });
    expect(name).toHaveValue('Riverside Hawks');
    expect(within(dialog).getByRole('textbox', { name: /Season/ })).toHaveValue('2025–26');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText("Enter the team's name.")).toBeVisible();
    expect(api.sent('PUT /api/team/3')).toHaveLength(0);
    await user.type(name, 'Hawks B');
    await user.click(within(dialog).getByRole('combobox', { name: /^Sport/ }));
    await user.click(await screen.findByRole('option', { name: 'Soccer' }));
    await user.clear(within(dialog).getByRole('textbox', { name: /Season/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.sent('PUT /api/team/3')).toHaveLength(1));
    expect(api.sent('PUT /api/team/3')[0]!.body).toEqual({
      name: 'Hawks B',
      sport: 'soccer',
      season: '',
    });
    expect(await screen.findByText("The team's details were saved.")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit team' })).toBeNull());
  });

  it('shows the server’s field message when an edit is refused', async () => {
    mockApi()
      .on('GET /api/team/3', detail)
      .on('PUT /api/team/3', () =>
        apiError(400, 'Please correct the highlighted fields.', [
          { path: 'season', message: 'At most 40 characters.' },
        ]),
      );
    const { user } = renderWithApp(<TeamPage teamId={3} />);
    await user.click(await screen.findByRole('button', { name: 'Team options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit team' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('At most 40 characters.')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /Season/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('deletes the team after a confirmation naming it, then goes back to the list', async () => {
    const api = mockApi()
      .on('GET /api/team/3', detail)
      .on('DELETE /api/team/3', () => reply(204));
    const { user, router } = renderWithApp(<TeamPage teamId={3} />, { route: '/teams/3' });
    await user.click(await screen.findByRole('button', { name: 'Team options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Riverside Hawks?' });
    expect(within(dialog).getByText(/This cannot be undone/)).toBeVisible();
    expect(api.sent('DELETE /api/team/3')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete team' }));
    await waitFor(() => expect(api.sent('DELETE /api/team/3')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams'));
    expect(await screen.findByText('Riverside Hawks was deleted.')).toBeVisible();
  });

  it('says why a delete failed and stays', async () => {
    mockApi()
      .on('GET /api/team/3', detail)
      .on('DELETE /api/team/3', () => apiError(403, "Only the team's owners can delete it."));
    const { user, router } = renderWithApp(<TeamPage teamId={3} />, { route: '/teams/3' });
    await user.click(await screen.findByRole('button', { name: 'Team options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Riverside Hawks?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete team' }));
    expect(await screen.findByText("Only the team's owners can delete it.")).toBeVisible();
    expect(screen.getByText('The team could not be deleted')).toBeVisible();
    expect(router.state.location.pathname).toBe('/teams/3');
  });

  it('lets a player leave after a confirmation', async () => {
    const api = mockApi()
      .on('GET /api/team/3', asPlayer)
      .on('DELETE /api/team/3/users/7', () => reply(204));
    const { user, router } = renderWithApp(<TeamPage teamId={3} />, { route: '/teams/3' });
    await user.click(await screen.findByRole('button', { name: 'Team options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Leave team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Riverside Hawks?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave team' }));
    await waitFor(() => expect(api.sent('DELETE /api/team/3/users/7')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams'));
    expect(await screen.findByText('You left Riverside Hawks.')).toBeVisible();
  });

  it('is not turned into "not available" by the live refresh its own leaving causes', async () => {
    let answer: (response: Response) => void = () => {};
    const api = mockApi()
      .on('GET /api/team/3', asPlayer)
      .on('DELETE /api/team/3/users/7', () => new Promise<Response>((r) => (answer = r)));
    const { user, router } = renderWithApp(<TeamPage teamId={3} />, { route: '/teams/3' });
    await user.click(await screen.findByRole('button', { name: 'Team options' }));
    fakeCable.confirm('NotificationsChannel');
    await user.click(screen.getByRole('menuitem', { name: 'Leave team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Riverside Hawks?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave team' }));
    await waitFor(() => expect(api.sent('DELETE /api/team/3/users/7')).toHaveLength(1));
    const reads = api.sent('GET /api/team/3').length;
    // The server tells the team (the leaver included) before its answer arrives.
    fakeCable.push('NotificationsChannel', { type: 'teams.changed', team_id: 3 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.sent('GET /api/team/3')).toHaveLength(reads);
    answer(reply(204));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams'));
    expect(await screen.findByText('You left Riverside Hawks.')).toBeVisible();
  });

  it('reads the team again when someone else changes it', async () => {
    const api = mockApi().on('GET /api/team/3', detail);
    renderWithApp(<TeamPage teamId={3} />);
    await screen.findByRole('heading', { name: 'Riverside Hawks', level: 1 });
    fakeCable.confirm('NotificationsChannel');
    const reads = api.sent('GET /api/team/3').length;
    fakeCable.push('NotificationsChannel', { type: 'teams.changed', team_id: 3 });
    await waitFor(() => expect(api.sent('GET /api/team/3').length).toBeGreaterThan(reads));
  });

  it('keeps an open roster dialog and what was typed when the layout switches to a phone’s', async () => {
    // A window resized across the breakpoint (or a full-page screenshot's momentary resize).
    const listeners = new Set<(event: MediaQueryListEvent) => void>();
    let narrow = false;
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          get matches() {
            return query.includes('max-width') && narrow;
          },
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
            listeners.add(listener),
          removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
            listeners.delete(listener),
          dispatchEvent: () => false,
        }) as unknown as MediaQueryList,
    );
    try {
      mockApi().on('GET /api/team/3', detail);
      const { user } = renderWithApp(<TeamPage teamId={3} />);
      await user.click(
        await screen.findByRole('button', { name: "Edit Pat Player's roster details" }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Edit Pat Player' });
      await user.type(within(dialog).getByRole('textbox', { name: /^Alias name/ }), 'X');
      narrow = true;
      act(() => {
        for (const listener of listeners) {
          listener({ matches: true, media: '(max-width: 36em)' } as MediaQueryListEvent);
        }
      });
      expect(screen.getByRole('dialog', { name: 'Edit Pat Player' })).toBeVisible();
      expect(
        within(screen.getByRole('dialog')).getByRole('textbox', { name: /^Alias name/ }),
      ).toHaveValue('PattyX');
    } finally {
      matchMedia.mockRestore();
    }
  });

  it('keeps the page and an open dialog when a live refresh fails on a busy server', async () => {
    let busy = false;
    mockApi().on('GET /api/team/3', () =>
      busy ? apiError(503, 'FitCoach is busy. Please try again in a moment.') : detail,
    );
    const { user } = renderWithApp(<TeamPage teamId={3} />);
    await user.click(
      await screen.findByRole('button', { name: "Edit Pat Player's roster details" }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Pat Player' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Alias name/ }), 'X');
    fakeCable.confirm('NotificationsChannel');
    busy = true;
    fakeCable.push('NotificationsChannel', { type: 'teams.changed', team_id: 3 });
    // The refresh and its one retry fail; the page and what was typed stay.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(screen.queryByRole('heading', { name: 'Team not available' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit Pat Player' })).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /^Alias name/ })).toHaveValue('PattyX');
  });

  it('says the team is not available when a live refresh finds it gone', async () => {
    let gone = false;
    mockApi().on('GET /api/team/3', () =>
      gone ? reply(404, { error: 'not_found', message: 'Gone.' }) : detail,
    );
    renderWithApp(<TeamPage teamId={3} />);
    await screen.findByRole('heading', { name: 'Riverside Hawks', level: 1 });
    fakeCable.confirm('NotificationsChannel');
    gone = true;
    fakeCable.push('NotificationsChannel', { type: 'teams.changed', team_id: 3 });
    expect(await screen.findByRole('heading', { name: 'Team not available' })).toBeVisible();
  });

  it('tells the only owner why they cannot leave, and sends nothing', async () => {
    const api = mockApi().on('GET /api/team/3', detail);
    const { user } = renderWithApp(<TeamPage teamId={3} />);
    await user.click(await screen.findByRole('button', { name: 'Team options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Leave team' }));
    const dialog = await screen.findByRole('dialog', { name: "You are the team's only owner" });
    expect(within(dialog).getByText(/make another member an owner/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('DELETE /api/team/3/users/1')).toHaveLength(0);
  });

  it("edits a member's row with Add user's rules and the server's messages", async () => {
    const api = mockApi()
      .on('GET /api/team/3', detail)
      .on('PUT /api/team/3/users/7', () =>
        apiError(400, 'Please correct the highlighted fields.', [
          { path: 'jersey_number', message: 'Jersey number 4 is already worn on this team.' },
        ]),
      );
    const { user } = renderWithApp(<TeamPage teamId={3} />);
    await user.click(
      await screen.findByRole('button', { name: "Edit Pat Player's roster details" }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Pat Player' });
    expect(within(dialog).getByRole('radio', { name: 'Player' })).toBeChecked();
    const jersey = within(dialog).getByRole('textbox', { name: /Jersey number/ });
    expect(jersey).toHaveValue('23');
    const alias = within(dialog).getByRole('textbox', { name: /^Alias name/ });
    await user.clear(alias);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText("Enter the player's alias name.")).toBeVisible();
    expect(api.sent('PUT /api/team/3/users/7')).toHaveLength(0);
    await user.type(alias, 'Patty');
    await user.clear(jersey);
    await user.type(jersey, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.sent('PUT /api/team/3/users/7')).toHaveLength(1));
    expect(api.sent('PUT /api/team/3/users/7')[0]!.body).toEqual({
      role: 'player',
      jersey_number: 4,
      alias_name: 'Patty',
      alias_depedent_name: 'Little P',
    });
    expect(
      await within(dialog).findByText('Jersey number 4 is already worn on this team.'),
    ).toBeVisible();
  });

  it('makes a member an owner (owners only) and shows a refusal', async () => {
    const api = mockApi()
      .on('GET /api/team/3', detail)
      .on('PUT /api/team/3/users/1', () =>
        reply(409, {
          error: 'conflict',
          message: 'A team needs at least one owner: make another member an owner first.',
        }),
      )
      .on('PUT /api/team/3/users/7', () => reply(200, { ...detail.members[1]!, role: 'owner' }));
    const { user } = renderWithApp(<TeamPage teamId={3} />);
    await user.click(
      await screen.findByRole('button', { name: "Edit Pat Player's roster details" }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Edit Pat Player' });
    await user.click(within(dialog).getByRole('radio', { name: 'Owner' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.sent('PUT /api/team/3/users/7')).toHaveLength(1));
    expect(api.sent('PUT /api/team/3/users/7')[0]!.body).toMatchObject({ role: 'owner' });
    expect(await screen.findByText("Pat Player's roster details were saved.")).toBeVisible();

    // The only owner stepping down: the server's reason is shown in the dialog.
    await user.click(screen.getByRole('button', { name: "Edit Olivia Owner's roster details" }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Olivia Owner' });
    await user.click(within(dialog).getByRole('radio', { name: 'Coach' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A team needs at least one owner',
    );
  });

  it('gives a coach no owner powers: no owner role, no removing an owner, no delete', async () => {
    mockApi().on('GET /api/team/3', asCoach);
    const { user } = renderWithApp(<TeamPage teamId={3} />);
    await screen.findByRole('heading', { name: 'Riverside Hawks', level: 1 });
    expect(screen.queryByRole('button', { name: 'Remove Olivia Owner from the team' })).toBeNull();
    // Nor themselves: they leave from Team options.
    expect(screen.queryByRole('button', { name: 'Remove Carl Coach from the team' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Pat Player from the team' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: "Edit Pat Player's roster details" }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Pat Player' });
    await waitFor(() =>
      expect(within(dialog).getByRole('radio', { name: 'Player' })).toHaveFocus(),
    );
    expect(within(dialog).getByRole('radio', { name: 'Owner' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Scorer' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: "Edit Olivia Owner's roster details" }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Olivia Owner' });
    expect(within(dialog).getByText("Only an owner can change an owner's role.")).toBeVisible();
    // The role radios are all disabled: the dialog starts on the jersey number.
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Jersey number/ })).toHaveFocus(),
    );
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Team options' }));
    expect(screen.getByRole('menuitem', { name: 'Edit team' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Delete team' })).toBeNull();
  });

  it('offers the team options in Spanish', async () => {
    await changeLocale('es');
    mockApi().on('GET /api/team/3', detail);
    const { user } = renderWithApp(<TeamPage teamId={3} />);
    await user.click(await screen.findByRole('button', { name: 'Opciones del equipo' }));
    expect(screen.getByRole('menuitem', { name: 'Editar equipo' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Salir del equipo' })).toBeVisible();
    await user.click(screen.getByRole('menuitem', { name: 'Eliminar equipo' }));
    expect(await screen.findByRole('dialog', { name: '¿Eliminar Riverside Hawks?' })).toBeVisible();
  });
});
