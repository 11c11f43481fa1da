// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Component as ChatPage } from '../app/routes/chat';
import { theme } from '../app/theme';
import { createTestQueryClient } from '../test/render';
import { RouteError } from './route-error';

describe('the route error boundary', () => {
  it('shows the 404 page for a Response(404) a page throws while rendering (/chat/abc)', async () => {
    // React logs the error it caught; this test expects it.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      [{ path: '/chat/:friendId', Component: ChatPage, ErrorBoundary: RouteError }],
      { initialEntries: ['/chat/abc'] },
    );
    render(
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={createTestQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    quiet.mockRestore();
  });
});
