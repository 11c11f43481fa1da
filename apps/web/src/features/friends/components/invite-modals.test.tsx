// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, reply } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { ImportContactsModal } from './import-contacts-modal';
import { InviteFriendModal } from './invite-friend-modal';

describe('the invite-friend modal', () => {
  it('checks the fields, then says what the invite did', async () => {
    const api = mockApi().on('POST /api/profile/invite_friend', {
      outcome: 'request_sent',
      name: 'Sam',
      email: 'sam@example.com',
    });
    const { user } = renderWithApp(<InviteFriendModal opened onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Invite a friend' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText("Enter your friend's name.")).toBeVisible();
    expect(within(dialog).getByText("Enter your friend's email address.")).toBeVisible();
    expect(api.sent('POST /api/profile/invite_friend')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Name/), 'Sam');
    await user.type(within(dialog).getByLabelText(/^Email/), ' SAM@example.com ');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText(
        'sam@example.com is already a member: we sent a friend request instead.',
      ),
    ).toBeVisible();
    expect(api.sent('POST /api/profile/invite_friend')[0]?.body).toEqual({
      name: 'Sam',
      email: 'sam@example.com',
    });
  });

  it('shows the server’s limit message', async () => {
    mockApi().on('POST /api/profile/invite_friend', () =>
      reply(429, { error: 'rate_limited', message: 'You have sent 20 invitations.' }),
    );
    const { user } = renderWithApp(<InviteFriendModal opened onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Invite a friend' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Sam');
    await user.type(within(dialog).getByLabelText(/^Email/), 'sam@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have sent 20 invitations.',
    );
  });
});

const preview = {
  rows: [
    {
      line: 2,
      name: 'Ann',
      email: 'ann@example.com',
      status: 'not_member',
      reason: null,
      duplicate_of: null,
    },
    {
      line: 3,
      name: 'Bo',
      email: 'bo@example.com',
      status: 'member',
      reason: null,
      duplicate_of: null,
    },
    {
      line: 4,
      name: 'Cy',
      email: 'cy@example.com',
      status: 'already_friends',
      reason: null,
      duplicate_of: null,
    },
    {
      line: 5,
      name: 'Ann again',
      email: 'ann@example.com',
      status: 'invalid',
      reason: 'duplicate',
      duplicate_of: 2,
    },
    { line: 6, name: 'Dee', email: '', status: 'invalid', reason: 'no_email', duplicate_of: null },
    {
      line: 7,
      name: 'Eve',
      email: 'eve@example.com',
      status: 'not_member',
      reason: null,
      duplicate_of: null,
    },
  ],
};

describe('the import-contacts modal', () => {
  it('previews every row, sends only the chosen ones, and shows what happened', async () => {
    const api = mockApi()
      .on('POST /api/friends/import', preview)
      .on('POST /api/friends/import/confirm', {
        rows: [
          { name: 'Ann', email: 'ann@example.com', outcome: 'invited', reason: null },
          { name: 'Bo', email: 'bo@example.com', outcome: 'request_sent', reason: null },
        ],
      });
    const { user } = renderWithApp(<ImportContactsModal opened onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Import contacts' });
    const file = new File(['\uFEFFName;Email\nAnn;ann@example.com\n'], 'contacts.csv', {
      type: 'text/csv',
    });
    const input = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, file);

    expect(await within(dialog).findAllByText('Not a member: invite')).toHaveLength(2);
    expect(within(dialog).getByText('Member: send request')).toBeVisible();
    expect(within(dialog).getByText('Already friends')).toBeVisible();
    expect(within(dialog).getByText('Invalid: duplicate of line 2')).toBeVisible();
    expect(within(dialog).getByText('Invalid: no email')).toBeVisible();
    const sentCsv = (api.sent('POST /api/friends/import')[0]?.body as { csv: string }).csv;
    expect(sentCsv).toContain('Ann;ann@example.com');

    // Every row that can be acted on starts checked; Eve is left out.
    expect(within(dialog).getByRole('button', { name: 'Send to 3 contacts' })).toBeEnabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Include eve@example.com' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send to 2 contacts' }));

    expect(await within(dialog).findByText('Invitation sent')).toBeVisible();
    expect(within(dialog).getByText('Friend request sent')).toBeVisible();
    expect(api.sent('POST /api/friends/import/confirm')[0]?.body).toEqual({
      rows: [
        { name: 'Ann', email: 'ann@example.com' },
        { name: 'Bo', email: 'bo@example.com' },
      ],
    });
  });

  it('says clearly when the file has too many rows', async () => {
    mockApi().on('POST /api/friends/import', () =>
      reply(413, {
        error: 'payload_too_large',
        message: 'The file has 1001 contacts; import at most 1000 at a time.',
      }),
    );
    const { user } = renderWithApp(<ImportContactsModal opened onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Import contacts' });
    const input = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['email\n'], 'big.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The file has 1001 contacts; import at most 1000 at a time.',
    );
  });

  it('counts a single row in the singular', async () => {
    mockApi().on('POST /api/friends/import', {
      rows: [
        {
          line: 2,
          name: 'X',
          email: 'bad',
          status: 'invalid',
          reason: 'malformed_email',
          duplicate_of: null,
        },
      ],
    });
    const { user } = renderWithApp(<ImportContactsModal opened onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Import contacts' });
    const input = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['name,email\nX,bad\n'], 'one.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('1 row: 0 can be invited or asked.')).toBeVisible();
  });
});
