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
  IconCalendarWeek,
  IconChartLine,
  IconSalad,
  IconShare,
  IconHome,
  IconListDetails,
  IconLogout,
  IconTools,
  IconShirtSport,
  IconTrophy,
  IconShieldLock,
  IconMessageChatbot,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { SessionUser } from '@fitcoach/shared/profile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { initials } from '../lib/initials';
import classes from './app-layout.module.css';
import { Brand } from './brand';
import { mainContentProps, SkipLink } from './skip-link';
import { ThemeMenu } from './theme-menu';

/** Only built pages appear here; `label` is the page's name in the `nav` catalogue. */
const navItems = [
  { label: 'home', href: paths.home.href(), icon: IconHome, end: true },
  { label: 'workouts', href: paths.workouts.href(), icon: IconBarbell, end: false },
  { label: 'exercises', href: paths.exercises.href(), icon: IconListDetails, end: false },
  { label: 'builder', href: paths.builder.path, icon: IconTools, end: false },
  { label: 'history', href: paths.history.href(), icon: IconChartLine, end: false },
  { label: 'trainer', href: paths.trainer.href(), icon: IconMessageChatbot, end: false },
  { label: 'programs', href: paths.programs.href(), icon: IconCalendarWeek, end: false },
  { label: 'diets', href: paths.diets.href(), icon: IconSalad, end: false },
  { label: 'challenges', href: paths.challenges.href(), icon: IconTrophy, end: false },
  { label: 'friends', href: paths.friends.href(), icon: IconUsers, end: false },
  { label: 'teams', href: paths.teams.href(), icon: IconShirtSport, end: false },
  // Coaches and admins only (see `coachesOnly` below).
  { label: 'clients', href: paths.coach.href(), icon: IconUsersGroup, end: false },
  { label: 'shared', href: paths.shared.href(), icon: IconShare, end: false },
  { label: 'profile', href: paths.profile.href(), icon: IconUser, end: false },
] as const;

type NavLabel = (typeof navItems)[number]['label'];

export interface AppLayoutProps {
  user: SessionUser;
  onSignOut: () => void;
  signingOut: boolean;
  /** Header controls from features (the notifications bell), before the theme menu. */
  headerActions?: ReactNode;
  /** A count from a feature beside a navigation entry (unread chat messages on Friends). */
  navBadges?: Partial<Record<NavLabel, ReactNode>>;
  children: ReactNode;
}

/** The signed-in shell: header, navigation (a drawer on phones) and the page. */
export function AppLayout({
  user,
  onSignOut,
  signingOut,
  headerActions,
  navBadges,
  children,
}: AppLayoutProps) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();

  return (
    <AppShell
      className={classes.shell}
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('nav.close') : t('nav.open')}
            />
            <UnstyledButton component={Link} to={paths.home.href()} aria-label={t('brand.home')}>
              <Brand size="md" />
            </UnstyledButton>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {headerActions}
            <ThemeMenu />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={t('account.menu', { name: user.name })}>
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
                  {t('account.profile')}
                </Menu.Item>
                {user.role === 'admin' && (
                  <Menu.Item
                    component={Link}
                    to={paths.admin.href()}
                    leftSection={<IconShieldLock size={16} />}
                  >
                    {t('account.admin')}
                  </Menu.Item>
                )}
                <Menu.Item
                  // The theme's AA red for text: a menu item takes shade 6 of a colour name.
                  color="var(--mantine-color-red-text)"
                  leftSection={<IconLogout size={16} />}
                  onClick={onSignOut}
                  disabled={signingOut}
                >
                  {t('account.signOut')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t('nav.main')}>
        <Stack gap={4}>
          {navItems
            .filter(({ label }) => label !== 'clients' || user.role !== 'member')
            .map(({ label, href, icon: Icon, end }) => (
              <NavLink
                key={href}
                component={RouterNavLink}
                to={href}
                end={end}
                label={t(`nav.${label}`)}
                leftSection={<Icon size={18} stroke={1.6} />}
                rightSection={navBadges?.[label]}
                active={end ? location.pathname === href : location.pathname.startsWith(href)}
                onClick={close}
              />
            ))}
        </Stack>
      </AppShell.Navbar>

      <AppShell.Main {...mainContentProps}>{children}</AppShell.Main>
    </AppShell>
  );
}
