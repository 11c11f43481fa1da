// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { ProgramsList } from './programs-list';

describe('the programs list', () => {
  it('sends a member who sees no program at all (no library either) to the trainer', async () => {
    mockApi().on('GET /api/program', { items: [] });
    renderWithApp(
      <ProgramsList
        programHref={(id) => `/programs/${id}`}
        newProgramHref="/trainer/new?action=workout"
        buildProgramHref="/builder?tab=program"
      />,
    );
    await screen.findByText('No programs yet');
    expect(screen.getByRole('link', { name: 'Plan a program' }).getAttribute('href')).toBe(
      '/trainer/new?action=workout',
    );
  });
});
