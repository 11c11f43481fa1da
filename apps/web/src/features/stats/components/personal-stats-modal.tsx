import {
  Box,
  Divider,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconBarbell,
  IconCalendarWeek,
  IconClock,
  IconFlame,
  IconRepeat,
  IconStack2,
  IconTrophy,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonalStats } from '@fitcoach/shared/workout-logs';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useFormat } from '../../../i18n/format';
import { usePersonalStats } from '../api/get-personal-stats';
import { formatDay, formatMinutes, formatStatNumber } from '../utils/format-stats';
import { loadFailed } from '../../../lib/query-state';

function Tile({
  icon,
  color,
  label,
  value,
  unit,
  hint,
  iconOnPhone = true,
}: {
  /** Three tiles in a row leave a phone no room for an icon beside the label. */
  iconOnPhone?: boolean;
  icon: ReactNode;
  color: string;
  label: string;
  value: string;
  unit?: string;
  hint?: string;
}) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon
          variant="light"
          color={color}
          size="md"
          radius="md"
          aria-hidden
          visibleFrom={iconOnPhone ? undefined : 'xs'}
        >
          {icon}
        </ThemeIcon>
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" lh={1.2}>
          {label}
        </Text>
      </Group>
      <Text fw={800} fz={24} lh={1.2} mt={8}>
        {value}
        {unit && (
          <Text span fz="sm" fw={600} c="dimmed" ml={4}>
            {unit}
          </Text>
        )}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Title order={3} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function RecordValue({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" lh={1.3}>
        {label}
      </Text>
      <Text fw={700} size="sm">
        {value}
      </Text>
    </Box>
  );
}

function StatsContent({ stats }: { stats: PersonalStats }) {
  const { t } = useTranslation('stats');
  const { locale } = useFormat();
  const unit = stats.weight_unit;
  const { totals } = stats;
  const number = (value: number) => formatStatNumber(locale, value);
  const weight = (value: number | null) =>
    value === null ? '—' : t('units.weight', { value: number(value), unit });
  const day = (value: string) => formatDay(locale, value);
  const time = formatMinutes(t, locale, totals.minutes);
  return (
    <Stack gap="xl">
      <Section title={t('totals.title')}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Tile
            icon={<IconBarbell size={18} />}
            color="brand"
            label={t('totals.workouts')}
            value={number(totals.workouts)}
          />
          <Tile
            icon={<IconStack2 size={18} />}
            color="blue"
            label={t('totals.volume')}
            value={number(totals.volume)}
            unit={unit}
          />
          <Tile
            icon={<IconRepeat size={18} />}
            color="grape"
            label={t('totals.reps')}
            value={number(totals.reps)}
          />
          <Tile
            icon={<IconClock size={18} />}
            color="orange"
            label={t('totals.time')}
            value={time.value}
            unit={time.unit}
          />
        </SimpleGrid>
      </Section>

      <Section title={t('streaks.title')}>
        <SimpleGrid cols={3} spacing="sm">
          <Tile
            icon={<IconFlame size={18} />}
            color="red"
            label={t('streaks.current')}
            value={number(stats.current_streak_days)}
            unit={t('units.day', { count: stats.current_streak_days })}
            hint={t('streaks.inARow')}
            iconOnPhone={false}
          />
          <Tile
            icon={<IconTrophy size={18} />}
            color="yellow"
            label={t('streaks.longest')}
            value={number(stats.longest_streak_days)}
            unit={t('units.day', { count: stats.longest_streak_days })}
            hint={t('streaks.bestRun')}
            iconOnPhone={false}
          />
          <Tile
            icon={<IconCalendarWeek size={18} />}
            color="teal"
            label={t('streaks.weekly')}
            value={number(stats.current_streak_weeks)}
            unit={t('units.week', { count: stats.current_streak_weeks })}
            hint={t('streaks.inARow')}
            iconOnPhone={false}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {stats.last_workout_on
            ? t('streaks.lastWorkout', { date: day(stats.last_workout_on) })
            : t('streaks.start')}
        </Text>
      </Section>

      <Section title={t('records.title')}>
        {stats.personal_records.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('records.empty')}
          </Text>
        ) : (
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {stats.personal_records.map((record, i) => (
              <Box component="li" key={record.exercise_id}>
                {i > 0 && <Divider my="sm" />}
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Box miw={0} style={{ flex: '1 1 160px' }}>
                    <Text fw={600}>{record.name}</Text>
                    <Text size="xs" c="dimmed">
                      {t('records.setOn', { date: day(record.achieved_on) })}
                    </Text>
                  </Box>
                  <SimpleGrid cols={3} spacing="sm" w={{ base: '100%', xs: 320 }}>
                    <RecordValue
                      label={t('records.heaviest')}
                      value={weight(record.heaviest_weight)}
                    />
                    <RecordValue
                      label={t('records.mostReps')}
                      value={record.most_reps === null ? '—' : number(record.most_reps)}
                    />
                    <RecordValue
                      label={t('records.bestOneRepMax')}
                      value={weight(record.best_one_rep_max)}
                    />
                  </SimpleGrid>
                </Group>
              </Box>
            ))}
          </Stack>
        )}
      </Section>

      <Section title={t('achievements.title')}>
        {stats.achievements.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('achievements.empty')}
          </Text>
        ) : (
          <SimpleGrid
            cols={{ base: 1, sm: 2 }}
            spacing="sm"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {stats.achievements.map((a) => (
              <Paper withBorder p="sm" radius="md" component="li" key={a.code}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Image src={a.img} alt="" w={56} h={56} fit="contain" style={{ flexShrink: 0 }} />
                  <Box miw={0}>
                    <Text fw={700} size="sm">
                      {a.header}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {a.details}
                    </Text>
                    <Text size="xs" c="dimmed" mt={4}>
                      {t('achievements.earned', { date: day(a.awarded_at) })}
                    </Text>
                  </Box>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Section>
    </Stack>
  );
}

function StatsSkeleton() {
  return (
    <Stack gap="xl" aria-hidden>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={72} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={72} />
        ))}
      </SimpleGrid>
      <Skeleton h={120} />
    </Stack>
  );
}

/** Totals, streaks, personal records and badges, fetched when the modal opens. */
export function PersonalStatsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const stats = usePersonalStats({ enabled: opened });
  const { t } = useTranslation(['stats', 'common']);

  let body: ReactNode;
  if (stats.isPending) {
    body = <StatsSkeleton />;
  } else if (loadFailed(stats)) {
    body = (
      <LoadErrorAlert
        title={t('modal.loadError')}
        error={stats.error}
        onRetry={() => void stats.refetch()}
      />
    );
  } else {
    body = <StatsContent stats={stats.data} />;
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('modal.title')}
      size="xl"
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common:dialog.close') }}
      radius={phone ? 0 : 'md'}
    >
      {body}
    </Modal>
  );
}
