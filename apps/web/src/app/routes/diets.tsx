import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { dietsQueryOptions } from '../../features/diets/api/get-diets';
import { DietList } from '../../features/diets/components/diet-list';
import { queryClient } from '../query-client';

/** The virtual trainer's form with the diet action preset (issue 12's `/trainer/new`). */
const NEW_DIET_HREF = '/trainer/new?action=diet';

export async function loader() {
  // The list renders its own error state; a failed prefetch must not fail the page.
  await queryClient.prefetchQuery(dietsQueryOptions);
  return null;
}

/** Your diets and the diets friends shared with you. */
export function Component() {
  const { t } = useTranslation('diets');
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('pageTitle')}
        </Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <DietList dietHref={paths.diet.href} newDietHref={NEW_DIET_HREF} />
    </Stack>
  );
}
