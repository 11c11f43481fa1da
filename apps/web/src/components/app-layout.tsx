import {
  AppShell,
  Avatar,
  Burger,
  Group,
  Menu,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBarbell,
  IconChartLine,
  IconHome,
  IconListDetails,
  IconLogout,
  IconTools,
  IconUser,
} from '@tabler/icons-react';
import type { SessionUser } from '@fitcoach/shared/profile';
import type { ReactNode } from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { initials } from '../lib/initials';
import { Brand } from './brand';
import { ThemeMenu } from './theme-menu';

/** Only built pages appear here. */
const navItems = [
  { label: 'Home', href: paths.home.href(), icon: IconHome, end: true },
  { label: 'Workouts', href: paths.workouts.href(), icon: IconBarbell, end: false },
  { label: 'Exercises', href: paths.exercises.href(), icon: IconListDetails, end: false },
  { label: 'Builder', href: paths.builder.path, icon: IconTools, end: false },
  { label: 'History', href: paths.history.href(), icon: IconChartLine, end: false },
  { label: 'Profile', href: paths.profile.href(), icon: IconUser, end: false },
];

export interface AppLayoutProps {
  user: SessionUser;
  onSignOut: () => void;
  signingOut: boolean;
  /** Header controls from features (the notifications bell), before the theme menu. */
  headerActions?: ReactNode;
  children: ReactNode;
}

/** The signed-in shell: header, navigation (a drawer on phones) and the page. */
export function AppLayout({
  user,
  onSignOut,
  signingOut,
  headerActions,
  children,
}: AppLayoutProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
            />
            <UnstyledButton component={Link} to={paths.home.href()} aria-label="FitCoach home">
              <Brand size="md" />
            </UnstyledButton>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {headerActions}
            <ThemeMenu />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={`Account menu for ${user.name}`}>
                  <Avatar color="brand" radius="xl" size={36} src={user.avatar_url} alt="">
                    {initials(user.name)}
                  </Avatar>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>
                  <Text size="sm" fw={600} c="var(--mantine-color-text)">
                    {user.name}
                  </Text>
                  <Text size="xs">{user.email}</Text>
                </Menu.Label>
                <Menu.Item
                  component={Link}
                  to={paths.profile.href()}
                  leftSection={<IconUser size={16} />}
                >
                  Profile
                </Menu.Item>
                <Menu.Item
                  // The theme's AA red for text: a menu item takes shade 6 of a colour name.
                  color="var(--mantine-color-red-text)"
                  leftSection={<IconLogout size={16} />}
                  onClick={onSignOut}
                  disabled={signingOut}
                >
                  Sign out
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Main navigation">
        <Stack gap={4}>
          {navItems.map(({ label, href, icon: Icon, end }) => (
            <NavLink
              key={href}
              component={RouterNavLink}
              to={href}
              end={end}
              label={label}
              leftSection={<Icon size={18} stroke={1.6} />}
              active={end ? location.pathname === href : location.pathname.startsWith(href)}
              onClick={close}
            />
          ))}
        </Stack>
      </AppShell.Navbar>

      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
