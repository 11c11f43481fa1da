import { Badge, List, Stack, Text } from '@mantine/core';
import type { DietDiff as Diff } from '@fitcoach/shared/diets';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';

const colors = { added: 'teal', removed: 'red', changed: 'blue' } as const;

/** What a change did: targets before → after, and each food added, removed or re-weighed. */
export function DietDiff({ diff }: { diff: Diff }) {
  const { t } = useTranslation(['diets', 'common']);
  const format = useFormat();
  const n = (v: number) => format.number(v, { maximumFractionDigits: 0 });
  const targets = (['kcal', 'protein_g', 'carbs_g', 'fat_g'] as const).filter(
    (k) => diff.targets_before[k] !== diff.targets_after[k],
  );
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('diff.title')}
      </Text>
      {diff.meal_preference_before !== diff.meal_preference_after && (
        <Text size="sm">
          {t('diff.preference', {
            before: t(`common:options.mealPreference.${diff.meal_preference_before}`),
            after: t(`common:options.mealPreference.${diff.meal_preference_after}`),
          })}
        </Text>
      )}
      {targets.map((k) => (
        <Text size="sm" key={k}>
          {t('diff.target', {
            name: t(`macro.${k}`),
            before: n(diff.targets_before[k]),
            after: n(diff.targets_after[k]),
          })}
        </Text>
      ))}
      {diff.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('diff.noFoodChanges')}
        </Text>
      ) : (
        <List size="sm" spacing={4} listStyleType="none" p={0}>
          {diff.items.map((item) => (
            <List.Item key={`${item.meal}-${item.food_id}-${item.change}`}>
              <Badge size="xs" color={colors[item.change]} variant="light" mr={6}>
                {t(`diff.${item.change}`)}
              </Badge>
              {t('diff.item', {
                meal: t(`mealTitle.${item.meal}`),
                name: item.name,
                grams:
                  item.change === 'changed'
                    ? t('diff.gramsChanged', {
                        before: n(item.grams_before ?? 0),
                        after: n(item.grams_after ?? 0),
                      })
                    : t('grams', { value: n(item.grams_after ?? item.grams_before ?? 0) }),
              })}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
