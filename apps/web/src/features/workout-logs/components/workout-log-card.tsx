import {
  ActionIcon,
  Badge,
  Box,
  Card,
  Divider,
  Group,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconBolt,
  IconClock,
  IconMoon,
  IconThumbDown,
  IconThumbUp,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RATING_MAX, type WorkoutLog } from '@fitcoach/shared/workout-logs';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import {
  formatDuration,
  formatLogDay,
  formatLogWeight,
  formatLongDay,
  summarizeSets,
} from '../utils/format-log';

// The badge's words are `card.source.<source>` in the catalogue.
const sourceColors: Record<WorkoutLog['source'], string> = {
  workout: 'brand',
  guided: 'violet',
  manual: 'blue',
};

function Metric({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" lh={1.4}>
        {label}
      </Text>
      {children}
    </Box>
  );
}

/** A 1–5 score as small read-only stars, read out as "Energy 4 of 5". */
function RatingMetric({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  const { t } = useTranslation('workout-logs');
  return (
    <Metric label={label}>
      <Group
        gap={6}
        wrap="nowrap"
        h={29}
        role="img"
        aria-label={t('card.ratingLabel', { label, value, max: RATING_MAX })}
      >
        {icon}
        <Rating value={value} count={RATING_MAX} readOnly size="sm" aria-hidden />
      </Group>
    </Metric>
  );
}

export interface WorkoutLogCardProps {
  log: WorkoutLog;
  /** The member's weight unit: log weights are stored in it. */
  weightUnit: string;
  deleting: boolean;
  onDelete: (log: WorkoutLog) => void;
  /** What another feature adds under the log (the comments with a coach), composed in app/. */
  footer?: ReactNode;
  /** What another feature offers for one exercise of the log (form analysis), composed in app/. */
  exerciseActions?: (log: WorkoutLog, exercise: WorkoutLog['exercises'][number]) => ReactNode;
}

/** One completed session with everything that was recorded about it. */
export function WorkoutLogCard({
  log,
  weightUnit,
  deleting,
  onDelete,
  footer,
  exerciseActions,
}: WorkoutLogCardProps) {
  const { t } = useTranslation('workout-logs');
  const { locale, number } = useFormat();
  const duration = formatDuration(t, locale, log.duration_seconds);
  const titleId = `workout-log-${log.id}-title`;
  // A run or a class has no sets: volume and reps would only say 0.
  const hasWork = log.total_volume > 0 || log.total_reps > 0;

  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={6} miw={0}>
            <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {log.title}
            </Title>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed" component="time" dateTime={log.performed_on}>
                {formatLogDay(t, locale, log.performed_on)}
              </Text>
              {duration && (
                <Group gap={4} wrap="nowrap">
                  <IconClock size={14} aria-hidden color="var(--mantine-color-dimmed)" />
                  <Text size="sm" c="dimmed">
                    {duration}
                  </Text>
                </Group>
              )}
              <Badge variant="light" color={sourceColors[log.source]} size="sm">
                {t(`card.source.${log.source}`)}
              </Badge>
              {log.liked_or_disliked === 'liked' && (
                <Badge
                  variant="light"
                  color="teal"
                  size="sm"
                  leftSection={<IconThumbUp size={12} aria-hidden />}
                >
                  {t('card.liked')}
                </Badge>
              )}
              {log.liked_or_disliked === 'disliked' && (
                <Badge
                  variant="light"
                  color="orange"
                  size="sm"
                  leftSection={<IconThumbDown size={12} aria-hidden />}
                >
                  {t('card.disliked')}
                </Badge>
              )}
            </Group>
          </Stack>
          <Tooltip label={t('card.deleteTooltip')}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={() => onDelete(log)}
              loading={deleting}
              aria-label={t('card.deleteLabel', {
                title: log.title,
                date: formatLongDay(locale, log.performed_on),
              })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>

        <SimpleGrid
          cols={{ base: 2, xs: hasWork ? 4 : 2 }}
          spacing="md"
          verticalSpacing="sm"
          maw={hasWork ? 640 : 320}
        >
          {hasWork && (
            <>
              <Metric label={t('card.volume')}>
                <Text fw={700} size="lg" lh={1.6}>
                  {formatLogWeight(t, locale, log.total_volume, weightUnit)}
                </Text>
              </Metric>
              <Metric label={t('card.reps')}>
                <Text fw={700} size="lg" lh={1.6}>
                  {number(log.total_reps)}
                </Text>
              </Metric>
            </>
          )}
          <RatingMetric
            label={t('card.energy')}
            value={log.energy_level}
            icon={<IconBolt size={16} color="var(--mantine-color-yellow-6)" aria-hidden />}
          />
          <RatingMetric
            label={t('card.sleep')}
            value={log.sleep_quality}
            icon={<IconMoon size={16} color="var(--mantine-color-indigo-4)" aria-hidden />}
          />
        </SimpleGrid>

        {log.note && (
          <Text
            size="sm"
            style={{
              whiteSpace: 'pre-line',
              borderLeft: '3px solid var(--mantine-color-default-border)',
              paddingLeft: 'var(--mantine-spacing-sm)',
            }}
          >
            {log.note}
          </Text>
        )}

        {log.exercises.length > 0 && (
          <>
            <Divider />
            <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {log.exercises.map((exercise, i) => (
                // One exercise may come up twice in a session (in two groups).
                <Box component="li" key={`${exercise.exercise_id}-${i}`}>
                  <Group gap="xs" align="baseline" wrap="wrap">
                    <Text fw={600} size="sm" w={{ base: '100%', sm: 220 }}>
                      {exercise.name}
                    </Text>
                    <Group gap={6} wrap="wrap" style={{ flex: 1 }}>
                      {summarizeSets(t, locale, exercise.sets, weightUnit).map((line, i) => (
                        <Badge key={i} variant="default" radius="sm" size="lg" fw={500} tt="none">
                          {line}
                        </Badge>
                      ))}
                    </Group>
                  </Group>
                  {exerciseActions ? (
                    <Group gap="xs" mt={4} ml={{ base: 0, sm: 228 }} wrap="wrap">
                      {exerciseActions(log, exercise)}
                    </Group>
                  ) : null}
                  {exercise.note && (
                    <Text size="xs" c="dimmed" mt={4} ml={{ base: 0, sm: 228 }}>
                      {exercise.note}
                    </Text>
                  )}
                </Box>
              ))}
            </Stack>
          </>
        )}
        {footer}
      </Stack>
    </Card>
  );
}
