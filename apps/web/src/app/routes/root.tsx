import { Outlet, ScrollRestoration } from 'react-router';
import { RouteProgress } from '../../components/navigation-progress';

export function RootLayout() {
  return (
    <>
      <RouteProgress />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
