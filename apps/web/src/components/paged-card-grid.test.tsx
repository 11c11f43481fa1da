// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../i18n/i18n';
import { renderWithApp } from '../test/render';
import { PagedCardGrid, type PagedQuery } from './paged-card-grid';

afterEach(async () => {
  await changeLocale('en');
});

const query = (hasNextPage: boolean): PagedQuery => ({
  hasNextPage,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  error: null,
  fetchNextPage: vi.fn(() => Promise.resolve()),
});

function renderGrid(
  items: number[],
  hasNextPage: boolean,
  noun = { one: 'exercise', many: 'exercises' },
) {
  return renderWithApp(
    <PagedCardGrid
      query={query(hasNextPage)}
      items={items}
      noun={noun}
      updating={false}
      empty={<p>Empty</p>}
      renderItem={(item) => <p key={item}>Card {item}</p>}
    />,
  );
}

const twelve = Array.from({ length: 12 }, (_, i) => i + 1);

describe('the paged card grid', () => {
  it('counts what it shows and offers the next page', () => {
    renderGrid(twelve, true);
    expect(screen.getByText('Showing the first 12 exercises')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Load more exercises' })).toBeVisible();
  });

  it('names one item in the singular once everything is shown', () => {
    renderGrid([1], false);
    expect(screen.getByText('1 exercise')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
  });

  it('speaks Spanish around the noun the feature hands in', async () => {
    await changeLocale('es');
    renderGrid(twelve, true, { one: 'ejercicio', many: 'ejercicios' });
    expect(screen.getByText('Mostrando los primeros 12 ejercicios')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cargar más ejercicios' })).toBeVisible();
  });
});
