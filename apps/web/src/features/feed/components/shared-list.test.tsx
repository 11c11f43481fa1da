// @vitest-environment jsdom
import type { SharedItem, SharedTrainerThreadItem } from '@fitcoach/shared/feed';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { apiError, mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { SharedSection } from './shared-list';

afterEach(async () => {
  await changeLocale('en');
});

const maya = { id: 3, name: 'Maya Rivera', avatar_url: null };
const page = <T,>(items: T[]) => ({ items, next_cursor: null });

const threadShare: SharedTrainerThreadItem = {
  id: 41,
  shared_at: '2026-11-20T10:00:00.000Z',
  from: maya,
  thread: {
    id: 88,
    title: 'How much protein do I need?',
    trainer_persona_id: 2,
    created_at: '2026-11-19T10:00:00.000Z',
    updated_at: '2026-11-19T10:05:00.000Z',
    persona_name: 'Marcus Hale',
    question_count: 3,
  },
};

const workoutShare: SharedItem = {
  id: 5,
  shared_at: '2026-11-20T10:00:00.000Z',
  from: maya,
  workout: {
    id: 17,
    title: 'Leg day',
    description: '',
    goal: 'weight_lifting',
    level: 'intermediate',
    estimated_minutes: 45,
    is_public: false,
    tags: [],
    owner: { id: 3, name: 'Maya Rivera' },
    group_count: 3,
    exercise_count: 4,
    updated_at: '2026-11-18T10:00:00.000Z',
  },
};

describe('a "Shared with me" section', () => {
  it('lists trainer conversations: who shared each, a link to it, its questions and trainer', async () => {
    mockApi().on('GET /api/shared/trainer_threads', page([threadShare]));
    renderWithApp(<SharedSection kind="trainerThreads" href={(id) => `/trainer/threads/${id}`} />);
    const section = screen.getByRole('region', { name: 'Trainer conversations' });
    const card = await within(section).findByRole('article', {
      name: 'How much protein do I need?',
    });
    expect(card.textContent).toContain('Maya Rivera shared this on');
    expect(within(card).getByText('3 questions')).toBeVisible();
    expect(within(card).getByText('With Marcus Hale')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'How much protein do I need?' })).toHaveAttribute(
      'href',
      '/trainer/threads/88',
    );
    // Conversations open read-only, where the copy button is: none on the card.
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('says so in each kind’s words when nothing was shared, and shows a failure', async () => {
    mockApi()
      .on('GET /api/shared/trainer_threads', page([]))
      .on('GET /api/shared/programs', () => apiError(500, 'Something went wrong on our side.'));
    renderWithApp(
      <>
        <SharedSection kind="trainerThreads" href={(id) => `/trainer/threads/${id}`} />
        <SharedSection kind="programs" href={(id) => `/programs/${id}`} />
      </>,
    );
    expect(await screen.findByText('No trainer conversations shared with you yet.')).toBeVisible();
    const programs = screen.getByRole('region', { name: 'Programs' });
    expect((await within(programs).findByRole('alert')).textContent).toContain(
      'Something went wrong on our side.',
    );
  });

  it('saves a copy of a shared workout from its card', async () => {
    const copy = { id: 99, title: 'Leg day' } as WorkoutDetail;
    const api = mockApi()
      .on('GET /api/shared', page([workoutShare]))
      .on('POST /api/shared/5/save', () => new Response(JSON.stringify(copy), { status: 201 }));
    const onSaved = vi.fn();
    const { user } = renderWithApp(
      <SharedSection kind="workouts" href={(id) => `/workouts/${id}`} onSaved={onSaved} />,
    );
    const card = await screen.findByRole('article', { name: 'Leg day' });
    expect(within(card).getByText('4 exercises')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Save a copy' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(onSaved.mock.calls[0]?.[0]).toEqual(copy);
    expect(api.sent('POST /api/shared/5/save')).toHaveLength(1);
  });

  it('reads in Spanish', async () => {
    await changeLocale('es');
    mockApi().on('GET /api/shared/trainer_threads', page([threadShare]));
    renderWithApp(<SharedSection kind="trainerThreads" href={(id) => `/trainer/threads/${id}`} />);
    const section = screen.getByRole('region', { name: 'Conversaciones con el entrenador' });
    const card = await within(section).findByRole('article');
    expect(within(card).getByText('3 preguntas')).toBeVisible();
    expect(within(card).getByText('Con Marcus Hale')).toBeVisible();
  });
});
