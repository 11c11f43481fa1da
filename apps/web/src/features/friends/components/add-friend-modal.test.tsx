// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { AddFriendModal } from './add-friend-modal';

describe('the add-friend modal', () => {
  it('puts the keyboard in the member search when it opens, so typing searches at once', async () => {
    mockApi().on('GET /api/members/search', { items: [], next_cursor: null });
    renderWithApp(<AddFriendModal opened onClose={vi.fn()} onDone={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add a friend' });
    const search = within(dialog).getByRole('combobox');
    await waitFor(() => expect(search).toHaveFocus());
  });
});
