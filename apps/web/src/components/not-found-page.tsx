import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mainContentProps, SkipLink } from './skip-link';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <SkipLink />
      <Center component="main" mih="70vh" p="md" {...mainContentProps}>
        <Stack align="center" gap="sm" maw={420} ta="center">
          <Text fz={64} fw={900} c="dimmed" lh={1} aria-hidden>
            404
          </Text>
          <Title order={1} size="h2">
            {t('notFound.title')}
          </Title>
          <Text c="dimmed">{t('notFound.body')}</Text>
          <Button component={Link} to="/">
            {t('notFound.back')}
          </Button>
        </Stack>
      </Center>
    </>
  );
}
