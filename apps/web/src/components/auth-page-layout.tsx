import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from './brand';
import { LanguageMenu } from './language-menu';
import { ThemeMenu } from './theme-menu';

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
      <Group justify="space-between" p="md">
        <Brand size="md" />
        <Group gap="xs" wrap="nowrap">
          <LanguageMenu />
          <ThemeMenu />
        </Group>
      </Group>
      <Center px={{ base: 0, xs: 'md' }} pb="xl">
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
