// @vitest-environment jsdom
import type { SessionUser } from '@fitcoach/shared/profile';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../i18n/i18n';
import { renderWithApp } from '../test/render';
import { AppLayout } from './app-layout';

const user: SessionUser = {
  id: 1,
  name: 'Maya Rivera',
  email: 'maya@example.com',
  role: 'member',
  measurement_type: 'metric',
  locale: 'es',
  avatar_url: null,
};

afterEach(async () => {
  await changeLocale('en');
});

describe('the signed-in shell', () => {
  it('speaks Spanish: navigation, account menu and page landmarks', async () => {
    await changeLocale('es');
    const { user: person } = renderWithApp(
      <AppLayout user={user} onSignOut={vi.fn()} signingOut={false}>
        <p>Contenido</p>
      </AppLayout>,
    );

    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Inicio',
      'Entrenamientos',
      'Ejercicios',
      'Creador',
      'Historial',
      'Entrenador',
      'Programas',
      'Dietas',
      'Retos',
      'Amigos',
      'Equipos',
      'Compartidos conmigo',
      'Perfil',
    ]);
    expect(screen.getByRole('link', { name: 'Inicio de FitCoach' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tema de color' })).toBeVisible();

    await person.click(screen.getByRole('button', { name: 'Menú de la cuenta de Maya Rivera' }));
    expect(await screen.findByRole('menuitem', { name: 'Cerrar sesión' })).toBeVisible();
  });
});
