import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconSalad } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useFormat } from '../../../i18n/format';
import { useDiets } from '../api/get-diets';
import { loadFailed } from '../../../lib/query-state';

/** Your diets and friends' shared ones as cards; none yet → a way to ask the trainer for one. */
export function DietList({
  dietHref,
  newDietHref,
}: {
  dietHref: (id: number) => string;
  newDietHref: string;
}) {
  const { t } = useTranslation(['diets', 'common']);
  const format = useFormat();
  const diets = useDiets();

  if (diets.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy="true" aria-label={t('list.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={110} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (loadFailed(diets)) {
    return (
      <LoadErrorAlert
        title={t('list.loadError')}
        error={diets.error}
        onRetry={() => void diets.refetch()}
      />
    );
  }
  if (diets.data.items.length === 0) {
    return (
      <Card withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" ta="center">
          <IconSalad size={40} stroke={1.4} aria-hidden />
          <Text fw={600}>{t('list.emptyTitle')}</Text>
          <Text c="dimmed" size="sm" maw={420}>
            {t('list.emptyBody')}
          </Text>
          <Button component={Link} to={newDietHref}>
            {t('list.askTrainer')}
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
      {diets.data.items.map((diet) => (
        <li key={diet.id}>
          <Card
            withBorder
            radius="md"
            component={Link}
            to={dietHref(diet.id)}
            h="100%"
            aria-label={diet.title}
          >
            <Stack gap={6}>
              <Text fw={600}>{diet.title}</Text>
              <Group gap="xs">
                <Badge variant="light">
                  {t(`common:options.mealPreference.${diet.meal_preference}`)}
                </Badge>
                <Badge variant="default">
                  {t('kcal', { value: format.number(diet.kcal, { maximumFractionDigits: 0 }) })}
                </Badge>
                <Badge variant="default">{t('versionBadge', { version: diet.version })}</Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {diet.shared_with_me
                  ? t('list.sharedBy', { name: diet.owner.name })
                  : t('list.updated', { date: format.date(diet.updated_at) })}
              </Text>
            </Stack>
          </Card>
        </li>
      ))}
    </SimpleGrid>
  );
}
