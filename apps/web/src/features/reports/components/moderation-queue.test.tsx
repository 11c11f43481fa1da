// @vitest-environment jsdom
import type { AdminReport, AdminReportPage } from '@fitcoach/shared/reports';
import type * as ActionCable from '@rails/actioncable';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { closeRealtime } from '../../../lib/realtime';
import { mockApi, reply } from '../../../test/api-mock';
import { fakeCable } from '../../../test/fake-cable';
import { renderWithApp } from '../../../test/render';
import { ModerationQueue } from './moderation-queue';

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

const message: AdminReport = {
  id: 5,
  kind: 'message',
  target_id: 88,
  reason: 'harassment',
  details: 'Every day since Monday',
  status: 'open',
  created_at: '2026-03-01T10:00:00Z',
  reporter: { id: 2, name: 'Maya Rivera' },
  author: { id: 3, name: 'Vic Vulgar', suspended: false },
  target: {
    missing: false,
    removed: false,
    text: 'You are useless, quit the gym',
    media_url: null,
    media_type: null,
    context: 'Maya Rivera',
    created_at: '2026-03-01T09:00:00Z',
  },
  open_reports: 2,
  resolution: null,
  resolution_note: null,
  resolved_by: null,
  resolved_at: null,
};

const proof: AdminReport = {
  ...message,
  id: 6,
  kind: 'proof',
  target_id: 12,
  reason: 'inappropriate',
  details: '',
  open_reports: 1,
  target: {
    ...message.target,
    text: 'Look at this',
    media_url: '/api/challenge/submissions/12/proof',
    media_type: 'image/png',
    context: 'Plank week: Core blast',
  },
};

const page = (items: AdminReport[]): AdminReportPage => ({ items, next_cursor: null });

describe('the moderation queue', () => {
  it('lists open reports with what they point at', async () => {
    mockApi().on('GET /api/admin/reports', page([message, proof]));
    renderWithApp(<ModerationQueue />);
    const card = await screen.findByRole('listitem', {
      name: 'Message by Vic Vulgar, reported for harassment',
    });
    expect(within(card).getByText('You are useless, quit the gym')).toBeVisible();
    expect(within(card).getByText('Sent to Maya Rivera')).toBeVisible();
    expect(within(card).getByText('“Every day since Monday”')).toBeVisible();
    expect(within(card).getByText('2 open reports on this')).toBeVisible();
    expect(within(card).getByText(/^Reported by Maya Rivera/)).toBeVisible();
    const proofCard = screen.getByRole('listitem', { name: /^Challenge proof by Vic Vulgar/ });
    expect(
      within(proofCard).getByRole('img', { name: 'Proof or photo of Vic Vulgar' }),
    ).toBeVisible();
    expect(within(proofCard).getByRole('button', { name: 'Reject proof' })).toBeVisible();
  });

  it('reads the queue again when a report is filed or resolved elsewhere', async () => {
    let items = [message];
    mockApi().on('GET /api/admin/reports', () => page(items));
    renderWithApp(<ModerationQueue />);
    await screen.findByRole('listitem', { name: /^Message by Vic Vulgar/ });
    fakeCable.confirm('NotificationsChannel');
    items = [message, proof];
    fakeCable.push('NotificationsChannel', { type: 'reports.changed' });
    expect(
      await screen.findByRole('listitem', { name: /^Challenge proof by Vic Vulgar/ }),
    ).toBeVisible();
  });

  it('offers no removal when there is nothing to remove', async () => {
    const profile: AdminReport = {
      ...message,
      id: 7,
      kind: 'profile',
      target_id: 3,
      open_reports: 1,
      target: { ...message.target, text: 'Vic Vulgar', context: null, media_url: null },
    };
    const gone: AdminReport = {
      ...message,
      id: 8,
      author: null,
      target: { ...message.target, missing: true, text: null },
    };
    mockApi().on('GET /api/admin/reports', page([profile, gone]));
    renderWithApp(<ModerationQueue />);
    const card = await screen.findByRole('listitem', { name: /^Profile by Vic Vulgar/ });
    expect(within(card).getByText('No photo.')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Remove photo' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Suspend author' })).toBeEnabled();
    const goneCard = screen.getByRole('listitem', { name: /^Message by a deleted account/ });
    expect(
      within(goneCard).getByText('This no longer exists (its author’s account was deleted).'),
    ).toBeVisible();
    expect(within(goneCard).getByRole('button', { name: 'Remove message' })).toBeDisabled();
    expect(within(goneCard).getByRole('button', { name: 'Suspend author' })).toBeDisabled();
  });

  it('shows an empty queue, and the handled ones on request', async () => {
    const api = mockApi().on('GET /api/admin/reports', (request) =>
      request.query.get('status') === 'resolved'
        ? page([
            {
              ...message,
              status: 'resolved',
              resolution: 'removed',
              resolution_note: 'Abusive',
              resolved_by: { id: 1, name: 'Alex Admin' },
              resolved_at: '2026-03-02T10:00:00Z',
            },
          ])
        : page([]),
    );
    const { user } = renderWithApp(<ModerationQueue />);
    expect(
      await screen.findByText(
        'No open reports. When a member reports a message, a proof or a profile, it shows here.',
      ),
    ).toBeVisible();
    await user.click(screen.getByText('Handled'));
    expect(await screen.findByText(/^Content removed by Alex Admin/)).toBeVisible();
    expect(screen.getByText('Note: Abusive')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(api.sent('GET /api/admin/reports').at(-1)?.query.get('status')).toBe('resolved');
  });

  it('dismisses a report after asking, with a note', async () => {
    const api = mockApi()
      .on('GET /api/admin/reports', page([message]))
      .on('POST /api/admin/reports/5/resolve', {
        ...message,
        status: 'resolved',
        resolution: 'dismissed',
      });
    const { user } = renderWithApp(<ModerationQueue />);
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss this report?' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Note for the audit log' }));
    await user.paste('Banter between friends');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Report dismissed.')).toBeVisible();
    expect(api.sent('POST /api/admin/reports/5/resolve')[0]?.body).toEqual({
      action: 'dismiss',
      note: 'Banter between friends',
      remove_content: false,
    });
  });

  it('needs the reason the member reads before rejecting a proof', async () => {
    const api = mockApi()
      .on('GET /api/admin/reports', page([proof]))
      .on('POST /api/admin/reports/6/resolve', () =>
        reply(200, { ...proof, status: 'resolved', resolution: 'removed' }),
      );
    const { user } = renderWithApp(<ModerationQueue />);
    await user.click(await screen.findByRole('button', { name: 'Reject proof' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this proof?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText('Say why the proof is removed: the member reads it.'),
    ).toBeVisible();
    expect(api.sent('POST /api/admin/reports/6/resolve')).toHaveLength(0);
    await user.click(
      within(dialog).getByRole('textbox', { name: /Reason \(the member reads it\)/ }),
    );
    await user.paste('Not a workout photo.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Content removed.')).toBeVisible();
    expect(api.sent('POST /api/admin/reports/6/resolve')[0]?.body).toMatchObject({
      action: 'remove',
      note: 'Not a workout photo.',
    });
  });

  it('suspends the author, removing the content too when asked, in Spanish', async () => {
    await changeLocale('es');
    const api = mockApi()
      .on('GET /api/admin/reports', page([message]))
      .on('POST /api/admin/reports/5/resolve', {
        ...message,
        status: 'resolved',
        resolution: 'suspended',
      });
    const { user } = renderWithApp(<ModerationQueue />);
    await user.click(await screen.findByRole('button', { name: 'Suspender al autor' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Suspender a Vic Vulgar?' });
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Retirar también el contenido' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Vic Vulgar está suspendido.')).toBeVisible();
    expect(api.sent('POST /api/admin/reports/5/resolve')[0]?.body).toEqual({
      action: 'suspend',
      note: '',
      remove_content: true,
    });
  });
});
