import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCalendarDue,
  IconCheck,
  IconClock,
  IconCopy,
  IconPlayerPause,
  IconShare,
  IconX,
} from '@tabler/icons-react';
import { followDate } from '@fitcoach/shared/program-schedule';
import { programWeekdays, type ProgramDetail, type ProgramEntry } from '@fitcoach/shared/programs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import {
  ShareWithFriendsModal,
  type FriendPicker,
} from '../../../components/share-with-friends-modal';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { useCopyProgram } from '../api/copy-program';
import { useProgram } from '../api/get-program';
import { shareProgram } from '../api/share-program';
import { ProgramFollowPanel } from './program-follow-panel';
import { loadFailed } from '../../../lib/query-state';

type DayStatus = NonNullable<ProgramEntry['status']>;

/** Each day's mark: a colour and an icon, always with its word (never colour alone). */
const statusLook: Record<DayStatus, { color: string; icon: typeof IconCheck }> = {
  done: { color: 'teal', icon: IconCheck },
  missed: { color: 'red', icon: IconX },
  today: { color: 'blue', icon: IconCalendarDue },
  upcoming: { color: 'gray', icon: IconClock },
  paused: { color: 'yellow', icon: IconPlayerPause },
};

export interface ProgramCalendarProps {
  id: number;
  /** Where a day's workout opens. */
  workoutHref: (id: number) => string;
  /** Where the share modal finds friends (the friends feature's search, from app/). */
  friendPicker: FriendPicker;
  /** Where the member's new copy opens. */
  onCopied: (copy: ProgramDetail) => void;
  /** The builder for the owner's program. */
  editHref?: (id: number) => string;
}

/** A date string (YYYY-MM-DD) at local noon, so its weekday does not shift with the time zone. */
const atNoon = (date: string) => new Date(`${date}T12:00:00`);

/**
 * A program's page: its weeks as a calendar, today highlighted, each day linking its workout
 * and, for a member following it, marked done, missed, today, upcoming or paused from their
 * logs; following it (start, progress, pause, resume, restart, leave) sits above the weeks. The
 * owner shares it with friends, and anyone who sees it may copy it or follow it. A program someone else
 * shared is read-only: its workouts are theirs, so days name them without linking.
 */
export function ProgramCalendar({
  id,
  workoutHref,
  friendPicker,
  onCopied,
  editHref,
}: ProgramCalendarProps) {
  const { t } = useTranslation('programs');
  const format = useFormat();
  const program = useProgram(id);
  const copy = useCopyProgram();
  const [sharing, share] = useDisclosure(false);

  if (program.isPending) {
    return (
      <Stack aria-busy="true" aria-label={t('detail.loading')}>
        <Skeleton h={48} w="60%" />
        <Skeleton h={160} />
        <Skeleton h={160} />
      </Stack>
    );
  }
  if (loadFailed(program)) {
    return (
      <LoadErrorAlert
        title={t('detail.loadError')}
        error={program.error}
        onRetry={() => void program.refetch()}
      />
    );
  }
  const p = program.data;
  const byDay = new Map<string, ProgramEntry[]>();
  for (const e of p.entries) {
    const key = `${e.week}-${e.weekday}`;
    byDay.set(key, [...(byDay.get(key) ?? []), e]);
  }
  // A program week runs from its start's weekday (a Wednesday start shows Wednesday first).
  const weekdays = programWeekdays(p.starts_on);
  // Dated on the member's own calendar when they follow it (pauses move days later).
  const schedule = p.starts_on ? { startsOn: p.starts_on, pauses: p.follow?.pauses ?? [] } : null;
  // Weekday names from a known Monday (2024-01-01), in the shown language.
  const weekdayName = (weekday: number) =>
    format.date(new Date(2024, 0, weekday, 12), { weekday: 'short' });

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {p.title}
        </Title>
        <Group gap="xs">
          <Badge variant="light">{t(`options.workoutGoal.${p.goal}`, { ns: 'common' })}</Badge>
          <Badge variant="light" color="gray">
            {t('list.shape', { weeks: p.weeks, sessions: p.sessions_per_week, count: p.weeks })}
          </Badge>
          {!p.is_mine && (
            <Badge variant="light" color="grape">
              {t('list.by', { name: p.owner.name })}
            </Badge>
          )}
        </Group>
        {p.description && <Text c="dimmed">{p.description}</Text>}
        {!p.is_mine && (
          <Text size="sm" c="dimmed">
            {t(p.visibility === 'public' ? 'detail.readOnlyLibrary' : 'detail.readOnly', {
              name: p.owner.name,
            })}
          </Text>
        )}
        <Group gap="xs" mt="xs">
          {p.is_mine && editHref && (
            <Button component={Link} to={editHref(p.id)} variant="default">
              {t('detail.edit')}
            </Button>
          )}
          {p.is_mine && (
            <Button variant="default" leftSection={<IconShare size={16} />} onClick={share.open}>
              {t('detail.share')}
            </Button>
          )}
          <Button
            variant={p.is_mine ? 'default' : 'filled'}
            leftSection={<IconCopy size={16} aria-hidden />}
            loading={copy.isPending}
            onClick={() => copy.mutate(p.id, { onSuccess: onCopied })}
          >
            {t('detail.copy')}
          </Button>
        </Group>
        {copy.isError && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(copy.error)}
          </Text>
        )}
      </Stack>
      {p.is_mine && (
        <ShareWithFriendsModal
          opened={sharing}
          onClose={share.close}
          title={t('detail.shareTitle', { title: p.title })}
          hint={t('detail.shareHint')}
          friendPicker={friendPicker}
          send={(friendId) => shareProgram({ friend_id: friendId, program_id: p.id })}
        />
      )}

      <ProgramFollowPanel program={p} />

      {Array.from({ length: p.weeks }, (_, w) => w + 1).map((week) => (
        <Card
          key={week}
          withBorder
          padding="md"
          component="section"
          aria-labelledby={`week-${week}`}
        >
          <Stack gap="sm">
            <Group gap="xs">
              <Title order={2} size="h4" id={`week-${week}`}>
                {t('detail.week', { week })}
              </Title>
              {p.today?.week === week && (
                <Badge color="teal" variant="light">
                  {t('detail.thisWeek')}
                </Badge>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 4, lg: 7 }} spacing="xs">
              {weekdays.map((weekday) => {
                const entries = byDay.get(`${week}-${weekday}`) ?? [];
                const isToday = p.today?.week === week && p.today.weekday === weekday;
                const date = schedule
                  ? format.date(atNoon(followDate(schedule, week, weekday)), {
                      day: 'numeric',
                      month: 'short',
                    })
                  : null;
                return (
                  <Card
                    key={weekday}
                    padding="xs"
                    radius="sm"
                    withBorder
                    aria-current={isToday ? 'date' : undefined}
                    bg={isToday ? 'var(--mantine-color-teal-light)' : undefined}
                    style={
                      isToday
                        ? { borderColor: 'var(--mantine-color-teal-6)', borderWidth: 2 }
                        : undefined
                    }
                  >
                    <Stack gap={4}>
                      <Group justify="space-between" gap={4} wrap="nowrap">
                        <Text size="xs" fw={700} tt="capitalize">
                          {weekdayName(weekday)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {isToday ? t('detail.today') : date}
                        </Text>
                      </Group>
                      {entries.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {t('detail.rest')}
                        </Text>
                      ) : (
                        entries.map((e) =>
                          e.workout ? (
                            <Stack key={e.id} gap={2}>
                              {p.is_mine ? (
                                <Anchor
                                  component={Link}
                                  to={workoutHref(e.workout.id)}
                                  size="sm"
                                  fw={600}
                                >
                                  {e.workout.title}
                                </Anchor>
                              ) : (
                                <Text size="sm" fw={600}>
                                  {e.workout.title}
                                </Text>
                              )}
                              <Text size="xs" c="dimmed">
                                {t('detail.minutes', { count: e.workout.estimated_minutes })}
                              </Text>
                              {/* Today's day already says so in its heading. */}
                              {e.status && e.status !== 'today' && <DayMark status={e.status} />}
                              {e.note && (
                                <Text size="xs" c="orange.8">
                                  {e.note}
                                </Text>
                              )}
                            </Stack>
                          ) : null,
                        )
                      )}
                    </Stack>
                  </Card>
                );
              })}
            </SimpleGrid>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function DayMark({ status }: { status: DayStatus }) {
  const { t } = useTranslation('programs');
  const { color, icon: Icon } = statusLook[status];
  return (
    <Badge
      size="sm"
      variant="light"
      color={color}
      leftSection={<Icon size={12} aria-hidden />}
      data-status={status}
    >
      {t(`detail.status.${status}`)}
    </Badge>
  );
}
