// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, loadNamespaceEverywhere } from '../../../i18n/i18n';
import { apiError, mockApi, type ApiRequest } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { FormOverTime } from './form-over-time';
import { savedAnalysis } from './test-analyses';

// As the routes load it: the suggested names in every language.
beforeAll(() => loadNamespaceEverywhere('video-analysis'));
afterEach(async () => {
  await changeLocale('en');
});

/** The member's analyses as the server filters them: by name, case aside. */
function serve(items: ReturnType<typeof savedAnalysis>[]) {
  return mockApi().on('GET /api/video_analysis', (request: ApiRequest) => ({
    items: items.filter(
      (a) => a.exercise_name.toLowerCase() === request.query.get('exercise')?.toLowerCase(),
    ),
  }));
}

function renderTrend(exerciseName = 'Barbell back squat') {
  return renderWithApp(
    <FormOverTime
      exerciseName={exerciseName}
      action={<button type="button">Analyse my form</button>}
    />,
  );
}

describe('form over time on an exercise’s page', () => {
  it('offers to analyse a set when there is no analysis yet', async () => {
    serve([savedAnalysis(1, { name: 'Deadlift' })]);
    renderTrend();
    const section = screen.getByRole('region', { name: 'Form over time' });
    expect(
      await within(section).findByText(/You have not analysed this exercise yet/),
    ).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Analyse my form' })).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists one analysis and says a second draws the trend', async () => {
    serve([
      savedAnalysis(4, { reps: 6, rom: 88, down: 1.2, up: 0.9, createdAt: '2026-11-03T09:00:00Z' }),
    ]);
    renderTrend();
    const link = await screen.findByRole('link', {
      // With the time, whatever the machine's time zone.
      name: /^Analysis of Nov 3, 2026, \d/,
    });
    expect(link).toHaveAttribute('href', '/video-analysis/4');
    expect(screen.getByText('6 reps · 88° range · 2.1 s per rep')).toBeInTheDocument();
    expect(
      screen.getByText(/Analyse another set and your depth and tempo trend/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('draws several as a trend with a table alternative, newest listed first', async () => {
    const api = serve([
      savedAnalysis(7, { createdAt: '2026-11-10T09:00:00Z', rom: 101, down: 1.5, up: 1 }),
      savedAnalysis(5, { createdAt: '2026-11-05T09:00:00Z', rom: 95 }),
      savedAnalysis(2, { createdAt: '2026-11-01T09:00:00Z', rom: 84, name: 'barbell BACK squat' }),
    ]);
    renderTrend();
    const table = await screen.findByRole('table', { name: /Range of motion \(degrees\)/ });
    const rows = within(table).getAllByRole('row').slice(1);
    // Oldest first, like the chart.
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      '84',
      '95',
      '101',
    ]);
    expect(within(rows[2]!).getAllByRole('cell')[2]).toHaveTextContent('2.5');
    expect(screen.getByRole('heading', { name: '3 analyses', level: 3 })).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/video-analysis/7',
      '/video-analysis/5',
      '/video-analysis/2',
    ]);
    expect(api.sent('GET /api/video_analysis')).toHaveLength(1);
  });

  it('takes in the modal’s suggested name in English and in Spanish', async () => {
    const api = serve([
      savedAnalysis(3, { name: 'Push-up', createdAt: '2026-11-01T09:00:00Z' }),
      savedAnalysis(8, { name: 'Flexión', createdAt: '2026-11-09T09:00:00Z' }),
    ]);
    renderTrend('Push-up');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(api.sent('GET /api/video_analysis').map((r) => r.query.get('exercise'))).toEqual(
      expect.arrayContaining(['Push-up', 'Flexión']),
    );
  });

  it('says when the analyses did not load, and retries', async () => {
    const api = mockApi().on('GET /api/video_analysis', () => apiError(500, 'Something broke'));
    const { user } = renderTrend();
    expect(await screen.findByText('Your analyses of this exercise did not load')).toBeVisible();
    api.on('GET /api/video_analysis', { items: [] });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/You have not analysed this exercise yet/)).toBeVisible();
  });

  it('speaks Spanish', async () => {
    await changeLocale('es');
    serve([
      savedAnalysis(7, { createdAt: '2026-11-10T09:00:00Z', reps: 1 }),
      savedAnalysis(5, { createdAt: '2026-11-05T09:00:00Z' }),
    ]);
    renderTrend();
    expect(
      await screen.findByRole('region', { name: 'Tu técnica en el tiempo' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: /^Análisis del 10 nov 2026, \d/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('1 repetición · 90° de rango · 2 s por repetición'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 análisis' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Fecha' })).toBeInTheDocument();
  });
});
