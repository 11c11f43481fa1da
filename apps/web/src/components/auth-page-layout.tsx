import {
  Box,
  Center,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  useComputedColorScheme,
} from '@mantine/core';
import { IconLanguage, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Brand } from './brand';
import { DeferredMenu } from './deferred-menu';
import { mainContentProps, SkipLink } from './skip-link';

// The menus' own modules: loaded on first use (DeferredMenu), not with the first page.
const loadLanguageMenu = () => import('./language-menu').then((m) => m.LanguageMenu);
const loadThemeMenu = () => import('./theme-menu').then((m) => m.ThemeMenu);

/** The language and theme menus, as the signed-in header shows them, loaded when first opened. */
function HeaderMenus() {
  const { t } = useTranslation();
  const dark = useComputedColorScheme('light') === 'dark';
  const ThemeIcon = dark ? IconMoon : IconSun;
  return (
    <>
      <DeferredMenu
        label={t('language.button')}
        icon={<IconLanguage size={18} stroke={1.6} />}
        load={loadLanguageMenu}
      />
      <DeferredMenu
        label={t('theme.button')}
        icon={<ThemeIcon size={18} stroke={1.6} />}
        load={loadThemeMenu}
      />
    </>
  );
}

/**
 * Sign-in and sign-up: a centred card that fills a phone screen edge to edge. The page's texts
 * come translated from the route; a visitor can switch the language here before signing in.
 */
export function AuthPageLayout({
  title,
  subtitle,
  width = 440,
  children,
}: {
  title: string;
  subtitle: string;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      <SkipLink />
      <Group justify="space-between" p="md">
        <Brand size="md" />
        <Group gap="xs" wrap="nowrap">
          <HeaderMenus />
        </Group>
      </Group>
      <Center component="main" px={{ base: 0, xs: 'md' }} pb="xl" {...mainContentProps}>
        <Paper
          w="100%"
          maw={width}
          p={{ base: 'md', xs: 'xl' }}
          radius={0}
          withBorder={false}
          shadow="none"
          styles={{ root: { background: 'transparent' } }}
        >
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} size="h2">
                {title}
              </Title>
              <Text c="dimmed">{subtitle}</Text>
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
