// @vitest-environment jsdom
import type { MemberSummary } from '@fitcoach/shared/friends';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../i18n/i18n';
import { shareProgram } from '../features/programs/api/share-program';
import { apiError, mockApi, TEST_CSRF_TOKEN } from '../test/api-mock';
import { renderWithApp } from '../test/render';
import type { SearchFetcher } from './enhanced-select/enhanced-select';
import { ShareWithFriendsModal, type ShareWithFriendsModalProps } from './share-with-friends-modal';

afterEach(async () => {
  await changeLocale('en');
});

const friends: MemberSummary[] = [
  { id: 7, name: 'Sam Runner', avatar_url: null },
  { id: 9, name: 'Alex Lifter', avatar_url: null },
];

const search = vi.fn<SearchFetcher<MemberSummary>>((q) =>
  Promise.resolve({
    items: friends.filter((f) => f.name.toLowerCase().includes(q.toLowerCase())),
    next_cursor: null,
  }),
);

function renderModal(overrides: Partial<ShareWithFriendsModalProps> = {}) {
  const onClose = vi.fn();
  const view = renderWithApp(
    <ShareWithFriendsModal
      opened
      onClose={onClose}
      title="Share “6-week strength”"
      hint="They can read the program and copy it."
      friendPicker={{ queryKey: ['test', 'friends'], search }}
      send={(friendId) => shareProgram({ friend_id: friendId, program_id: 12 })}
      {...overrides}
    />,
  );
  return { ...view, onClose, dialog: screen.getByRole('dialog', { name: /^Share/ }) };
}

async function pick(user: ReturnType<typeof renderModal>['user'], dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Friend' }));
  await user.click(await screen.findByRole('option', { name: 'Sam Runner' }));
}

describe('the share-with-friends modal', () => {
  it('sends the picked friend, shows the success notice (status 200) and closes', async () => {
    const api = mockApi().on('POST /api/program/share_program', {
      status: 'shared',
      message: 'Shared “6-week strength”.',
    });
    const { user, dialog, onClose } = renderModal();
    expect(within(dialog).getByText('They can read the program and copy it.')).toBeVisible();
    const submit = within(dialog).getByRole('button', { name: 'Share' });
    expect(submit).toBeDisabled();

    await pick(user, dialog);
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByText('Shared “6-week strength”.')).toBeVisible();
    expect(onClose).toHaveBeenCalledOnce();
    const [sent] = api.sent('POST /api/program/share_program');
    expect(sent?.body).toEqual({ friend_id: 7, program_id: 12 });
    expect(sent?.headers['x-csrf-token']).toBe(TEST_CSRF_TOKEN);
  });

  it('shows a refusal inside the dialog and keeps it open with the choice', async () => {
    mockApi().on('POST /api/program/share_program', () =>
      apiError(403, 'You can only share a program with a friend.'),
    );
    const { user, dialog, onClose } = renderModal();
    await pick(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('You can only share a program with a friend.');
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('combobox', { name: 'Friend' })).toHaveProperty(
      'value',
      'Sam Runner',
    );
  });

  it('cancels without sending, and clears the choice', async () => {
    const api = mockApi();
    const { user, dialog, onClose } = renderModal();
    await pick(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('takes its labels from the caller, or in the member’s language', async () => {
    mockApi();
    const { unmount } = renderModal({ labels: { friend: 'Teammate', submit: 'Send' } });
    expect(screen.getByRole('combobox', { name: 'Teammate' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    unmount();

    await changeLocale('es');
    renderModal();
    expect(screen.getByRole('combobox', { name: 'Amigo' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Compartir' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  });
});
