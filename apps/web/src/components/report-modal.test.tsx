// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../i18n/i18n';
import { mockApi, reply, TEST_CSRF_TOKEN } from '../test/api-mock';
import { renderWithApp } from '../test/render';
import { ReportModal } from './report-modal';

afterEach(async () => {
  await changeLocale('en');
});

function renderModal(kind: 'message' | 'proof' | 'profile' = 'message') {
  const onClose = vi.fn();
  const view = renderWithApp(
    <ReportModal opened onClose={onClose} kind={kind} targetId={41} authorName="Sam Runner" />,
  );
  return { ...view, onClose };
}

const filed = {
  id: 3,
  kind: 'message',
  target_id: 41,
  reason: 'harassment',
  details: 'Keeps insulting me',
  status: 'open',
  created_at: '2026-03-01T10:00:00Z',
};

describe('the report modal', () => {
  it('sends the reason and details, thanks the member and closes', async () => {
    const api = mockApi().on('POST /api/reports', () => reply(201, filed));
    const { user, onClose } = renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Report Sam Runner’s message' });
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Details' }));
    await user.paste('Keeps insulting me');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(
      await screen.findByText('Thanks for your report. An admin will look at it.'),
    ).toBeVisible();
    expect(onClose).toHaveBeenCalledOnce();
    const [sent] = api.sent('POST /api/reports');
    expect(sent?.body).toEqual({
      kind: 'message',
      target_id: 41,
      reason: 'harassment',
      details: 'Keeps insulting me',
    });
    expect(sent?.headers['x-csrf-token']).toBe(TEST_CSRF_TOKEN);
  });

  it('asks for a reason, and for details when it is “Something else”, before sending', async () => {
    const api = mockApi();
    const { user } = renderModal('profile');
    const dialog = screen.getByRole('dialog', { name: 'Report Sam Runner’s profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose why you are reporting this.')).toBeVisible();
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Say what is wrong in a few words.')).toBeVisible();
    expect(api.requests).toHaveLength(0);
  });

  it('shows the server’s refusal in the dialog (already reported), which stays open', async () => {
    mockApi().on('POST /api/reports', () =>
      reply(409, {
        error: 'conflict',
        message: 'You have already reported this. An admin will look at it soon.',
      }),
    );
    const { user, onClose } = renderModal('proof');
    const dialog = screen.getByRole('dialog', { name: 'Report Sam Runner’s proof' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('You have already reported this.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('speaks Spanish', async () => {
    await changeLocale('es');
    mockApi();
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Denunciar el mensaje de Sam Runner' });
    expect(within(dialog).getByRole('radio', { name: 'Acoso o intimidación' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Enviar denuncia' })).toBeVisible();
  });
});
