import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconCopy, IconPencil, IconShare } from '@tabler/icons-react';
import type { DietDetail, MacroTargets } from '@fitcoach/shared/diets';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import {
  ShareWithFriendsModal,
  type FriendPicker,
} from '../../../components/share-with-friends-modal';
import { useFormat } from '../../../i18n/format';
import { useDiet } from '../api/get-diet';
import { errorMessage } from '../../../lib/form-errors';
import { useCopyDiet } from '../api/copy-diet';
import { shareDiet } from '../api/share-diet';
import { householdMeasure } from '../utils/household-measure';
import { DietVersions } from './diet-versions';
import { EditDietModal } from './edit-diet-modal';
import { loadFailed } from '../../../lib/query-state';

const macros = ['kcal', 'protein_g', 'carbs_g', 'fat_g'] as const;

/**
 * A diet: totals against targets, the day's meals as tables, (owner) edit, share and history,
 * and a copy for the owner or a friend it was shared with.
 */
export function DietPage({
  dietId,
  friendPicker,
  onCopied,
}: {
  dietId: number;
  friendPicker: FriendPicker;
  /** Where the member's new copy opens. */
  onCopied: (copy: DietDetail) => void;
}) {
  const { t } = useTranslation(['diets', 'common']);
  const diet = useDiet(dietId);
  const copy = useCopyDiet();
  const format = useFormat();
  const [editing, edit] = useDisclosure(false);
  const [sharing, share] = useDisclosure(false);

  if (diet.isPending) {
    return (
      <Stack aria-busy="true" aria-label={t('page.loading')}>
        <Skeleton h={36} w="60%" />
        <Skeleton h={90} />
        <Skeleton h={240} />
      </Stack>
    );
  }
  if (loadFailed(diet)) {
    return (
      <LoadErrorAlert
        title={t('page.loadError')}
        error={diet.error}
        onRetry={() => void diet.refetch()}
      />
    );
  }
  const d = diet.data;
  // A target the member set ("1800 kcal") replaces the formula's: say so, not the formula.
  const targetsLine =
    d.kcal_override === null
      ? t('page.targetsFrom', {
          // Formatted in the page's language: a bare 1.358 reads as 1358 in Spanish.
          bmr: format.number(d.inputs.bmr, { maximumFractionDigits: 0 }),
          factor: format.number(d.inputs.activity_factor, { maximumFractionDigits: 3 }),
          adjustment: format.number(Math.round(d.inputs.goal_adjustment * 100)),
        })
      : t('page.targetsSetByYou', {
          kcal: t('kcal', { value: format.number(d.kcal_override, { maximumFractionDigits: 0 }) }),
        });
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap="xs">
        <Title order={1} size="h2">
          {d.title}
        </Title>
        <Group gap="xs">
          <Badge variant="light">{t(`common:options.mealPreference.${d.meal_preference}`)}</Badge>
          <Badge variant="default">{t('versionBadge', { version: d.version })}</Badge>
          {d.exclusions.map((e) => (
            <Badge key={e} variant="outline" color="gray">
              {t(`exclusion.${e}`)}
            </Badge>
          ))}
          {d.protein_focus.map((m) => (
            <Badge key={m} variant="outline" color="grape">
              {t('proteinFocus', { meal: t(`meal.${m}`) })}
            </Badge>
          ))}
        </Group>
        {!d.is_owner && (
          <Text size="sm" c="dimmed">
            {t('page.sharedBy', { name: d.owner.name })}
          </Text>
        )}
        <Group gap="xs">
          {d.is_owner && (
            <>
              <Button leftSection={<IconPencil size={16} />} onClick={edit.open}>
                {t('page.edit')}
              </Button>
              <Button variant="default" leftSection={<IconShare size={16} />} onClick={share.open}>
                {t('page.share')}
              </Button>
            </>
          )}
          <Button
            variant={d.is_owner ? 'default' : 'filled'}
            leftSection={<IconCopy size={16} aria-hidden />}
            loading={copy.isPending}
            onClick={() => copy.mutate(d.id, { onSuccess: onCopied })}
          >
            {t('page.copy')}
          </Button>
        </Group>
        {copy.isError && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(copy.error)}
          </Text>
        )}
      </Stack>
      <TotalsVsTargets diet={d} />
      <Text size="sm" c="dimmed">
        {targetsLine}
      </Text>
      {d.meals.map((meal) => (
        <MealSection key={meal.meal} meal={meal} />
      ))}
      <DietVersions dietId={dietId} isOwner={d.is_owner} />
      {d.is_owner && (
        <>
          <EditDietModal opened={editing} onClose={edit.close} dietId={dietId} />
          <ShareWithFriendsModal
            opened={sharing}
            onClose={share.close}
            title={t('share.title', { title: d.title })}
            hint={t('share.hint')}
            friendPicker={friendPicker}
            send={(friendId) => shareDiet({ friend_id: friendId, diet_id: d.id })}
          />
        </>
      )}
    </Stack>
  );
}

function TotalsVsTargets({ diet }: { diet: DietDetail }) {
  const { t } = useTranslation('diets');
  const format = useFormat();
  const n = (v: number) => format.number(v, { maximumFractionDigits: 0 });
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} component="section" aria-label={t('page.totalsLabel')}>
      {macros.map((k) => {
        const ratio = diet.targets[k] > 0 ? diet.totals[k] / diet.targets[k] : 0;
        return (
          <Card key={k} withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t(`macro.${k}`)}
            </Text>
            <Text fw={700} size="lg">
              {k === 'kcal' ? n(diet.totals[k]) : t('grams', { value: n(diet.totals[k]) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('page.ofTarget', {
                target:
                  k === 'kcal'
                    ? t('kcal', { value: n(diet.targets[k]) })
                    : t('grams', { value: n(diet.targets[k]) }),
              })}
            </Text>
            <Progress
              mt={6}
              value={Math.min(100, ratio * 100)}
              aria-label={t('page.progress', {
                name: t(`macro.${k}`),
                percent: Math.round(ratio * 100),
              })}
            />
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

type Meal = DietDetail['meals'][number];
type Item = Meal['items'][number];

/** "1½ cups" from the label's own amount, or "n × label" when the label has none. */
function useHousehold() {
  const { t } = useTranslation('diets');
  const format = useFormat();
  return (item: Item) =>
    householdMeasure(item.servings, item.serving_label, (v) => format.number(v)) ??
    t('household', {
      servings: format.number(item.servings, { maximumFractionDigits: 2 }),
      label: item.serving_label,
    });
}

function MealSection({ meal }: { meal: Meal }) {
  // A seven-column table does not fit a phone: there each food is a row of its own.
  const phone = useMediaQuery('(max-width: 36em)');
  return phone ? <MealList meal={meal} /> : <MealTable meal={meal} />;
}

function MealHeading({ meal, headingId }: { meal: Meal; headingId: string }) {
  const { t } = useTranslation('diets');
  const format = useFormat();
  return (
    <Group justify="space-between" align="baseline">
      <Title order={2} size="h3" id={headingId}>
        {t(`mealTitle.${meal.meal}`)}
      </Title>
      <Text size="sm" c="dimmed">
        {t('kcal', { value: format.number(meal.totals.kcal, { maximumFractionDigits: 0 }) })}
      </Text>
    </Group>
  );
}

function MealList({ meal }: { meal: Meal }) {
  const { t } = useTranslation('diets');
  const format = useFormat();
  const household = useHousehold();
  const n = (v: number) => format.number(v, { maximumFractionDigits: 0 });
  const headingId = `meal-${meal.meal}`;
  const macrosOf = (m: MacroTargets) =>
    t('phone.macros', { protein: n(m.protein_g), carbs: n(m.carbs_g), fat: n(m.fat_g) });
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <MealHeading meal={meal} headingId={headingId} />
      <Card withBorder padding={0} component="ul" aria-labelledby={headingId} m={0}>
        {meal.items.map((item, i) => (
          <Box
            component="li"
            key={item.food_id}
            px="sm"
            py="xs"
            style={{
              listStyle: 'none',
              borderTop: i === 0 ? undefined : '1px solid var(--mantine-color-default-border)',
            }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={500}>{item.name}</Text>
              <Text style={{ whiteSpace: 'nowrap' }}>{t('kcal', { value: n(item.kcal) })}</Text>
            </Group>
            <Text size="sm">
              {t('phone.amount', {
                household: household(item),
                grams: t('grams', { value: n(item.grams) }),
              })}
            </Text>
            <Text size="xs" c="dimmed">
              {macrosOf(item)}
            </Text>
          </Box>
        ))}
      </Card>
      <Text size="sm" c="dimmed">
        {t('phone.total', {
          kcal: t('kcal', { value: n(meal.totals.kcal) }),
          macros: macrosOf(meal.totals),
        })}
      </Text>
    </Stack>
  );
}

function MealTable({ meal }: { meal: Meal }) {
  const { t } = useTranslation('diets');
  const format = useFormat();
  const household = useHousehold();
  const n = (v: number) => format.number(v, { maximumFractionDigits: 0 });
  const headingId = `meal-${meal.meal}`;
  const cells = (m: MacroTargets) => (
    <>
      <Table.Td ta="right">{n(m.kcal)}</Table.Td>
      <Table.Td ta="right">{n(m.protein_g)}</Table.Td>
      <Table.Td ta="right">{n(m.carbs_g)}</Table.Td>
      <Table.Td ta="right">{n(m.fat_g)}</Table.Td>
    </>
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <MealHeading meal={meal} headingId={headingId} />
      {/* Native scrolling, focusable: a keyboard user can scroll a table wider than a phone. */}
      <Table.ScrollContainer
        minWidth={620}
        type="native"
        tabIndex={0}
        role="region"
        aria-labelledby={headingId}
      >
        <Table striped withTableBorder aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('table.food')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('table.grams')}
              </Table.Th>
              <Table.Th scope="col">{t('table.household')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('table.kcal')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('table.protein')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('table.carbs')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('table.fat')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {meal.items.map((item) => (
              <Table.Tr key={item.food_id}>
                <Table.Th scope="row" fw={500}>
                  {item.name}
                </Table.Th>
                <Table.Td ta="right">{t('grams', { value: n(item.grams) })}</Table.Td>
                <Table.Td>{household(item)}</Table.Td>
                {cells(item)}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{t('table.total')}</Table.Th>
              <Table.Td />
              <Table.Td />
              {cells(meal.totals)}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
