import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import { paths } from '../../config/paths';
import { meQueryOptions } from '../../features/auth/api/get-me';
import { outboxQueryOptions } from '../../features/mail/api/list-outbox';
import { MailOutbox } from '../../features/mail/components/mail-outbox';
import { queryClient } from '../query-client';

/** Admins only: anyone else is sent home (the API refuses them with 403 too). */
export async function loader() {
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (me.user?.role !== 'admin') return redirect(paths.home.href());
  await queryClient.ensureInfiniteQueryData(outboxQueryOptions);
  return null;
}

export function Component() {
  const { t } = useTranslation('mail');
  return (
    <Stack gap="md">
      <Title order={1}>{t('outbox.title')}</Title>
      <Text>{t('outbox.intro')}</Text>
      <MailOutbox />
    </Stack>
  );
}
