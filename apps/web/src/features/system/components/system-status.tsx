import {
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
import { IconRefresh } from '@tabler/icons-react';
import type { SystemStatus as Status } from '@fitcoach/shared/system';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useFormat } from '../../../i18n/format';
import { useSystemStatus } from '../api/get-system';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** "182 MB": the largest unit that keeps the number at or above 1 (decimal units, as disks). */
export function formatBytes(locale: string, bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}

/** "2 d 3 h", "3 h 12 min", "45 s": the two largest units. */
export function formatUptime(locale: string, seconds: number): string {
  const parts: [number, 'day' | 'hour' | 'minute' | 'second'][] = [
    [Math.floor(seconds / 86_400), 'day'],
    [Math.floor((seconds % 86_400) / 3600), 'hour'],
    [Math.floor((seconds % 3600) / 60), 'minute'],
    [seconds % 60, 'second'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  const shown = first === -1 ? [parts[3]!] : parts.slice(first, first + 2).filter(([n]) => n > 0);
  return shown
    .map(([n, unit]) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(n),
    )
    .join(' ');
}

function Tile({
  title,
  badge,
  children,
}: {
  title: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={3} size="h5">
            {title}
          </Title>
          {badge}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function StateBadge({ state, label }: { state: 'ok' | 'down' | 'off'; label: string }) {
  const colour = state === 'ok' ? 'teal' : state === 'down' ? 'red' : 'gray';
  return (
    <Badge color={colour} variant="light" tt="none">
      {label}
    </Badge>
  );
}

function Tiles({ status }: { status: Status }) {
  const { t } = useTranslation('system');
  const format = useFormat();
  const { database, redis, storage, realtime } = status;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      <Tile
        title={t('database.title')}
        badge={
          <StateBadge
            state={database.status}
            label={database.status === 'ok' ? t('ok') : t('down')}
          />
        }
      >
        <Text fw={600}>
          {database.engine === 'embedded' ? t('database.embedded') : t('database.postgres')}
        </Text>
        <Text size="sm" c="dimmed">
          {database.engine === 'embedded' ? t('database.embeddedHint') : t('database.postgresHint')}
        </Text>
        {database.server_version && (
          <Text size="sm">{t('database.server', { version: database.server_version })}</Text>
        )}
        <Text size="sm">
          {database.size_bytes === null
            ? t('database.unknownSize')
            : t('database.size', { size: formatBytes(format.locale, database.size_bytes) })}
        </Text>
      </Tile>
      <Tile
        title={t('redis.title')}
        badge={
          <StateBadge
            state={redis.status === 'connected' ? 'ok' : redis.status === 'down' ? 'down' : 'off'}
            label={
              redis.status === 'connected'
                ? t('redis.connected')
                : redis.status === 'down'
                  ? t('redis.down')
                  : t('redis.not_configured')
            }
          />
        }
      >
        <Text size="sm" c="dimmed">
          {redis.status === 'connected'
            ? t('redis.connectedHint')
            : redis.status === 'down'
              ? t('redis.downHint')
              : t('redis.notConfiguredHint')}
        </Text>
      </Tile>
      <Tile
        title={t('storage.title')}
        badge={
          <StateBadge
            state={storage.status}
            label={storage.status === 'ok' ? t('ok') : t('down')}
          />
        }
      >
        <Text fw={600}>{storage.backend === 'disk' ? t('storage.disk') : t('storage.s3')}</Text>
        <Text size="sm" c="dimmed">
          {storage.backend === 'disk' ? t('storage.diskHint') : t('storage.s3Hint')}
        </Text>
      </Tile>
      <Tile title={t('realtime.title')}>
        <Text fw={600}>{t('realtime.connections', { count: realtime.connections })}</Text>
        <Text size="sm">{t('realtime.subscriptions', { count: realtime.subscriptions })}</Text>
        <Text size="sm" c="dimmed">
          {t('realtime.hint')}
        </Text>
      </Tile>
      <Tile title={t('version.title')}>
        <Text fw={600}>{t('version.app', { version: status.version })}</Text>
        <Text size="sm">{t('version.node', { version: status.node_version })}</Text>
      </Tile>
      <Tile title={t('uptime.title')}>
        <Text fw={600}>{formatUptime(format.locale, status.uptime_seconds)}</Text>
        <Text size="sm" c="dimmed">
          {t('uptime.since', {
            date: format.date(status.started_at, { dateStyle: 'medium', timeStyle: 'short' }),
          })}
        </Text>
      </Tile>
    </SimpleGrid>
  );
}

/** The admin area's System tab: database, Redis, storage, sockets, version and uptime. */
export function SystemStatus() {
  const { t } = useTranslation('system');
  const status = useSystemStatus();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text maw={640}>{t('intro')}</Text>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={() => void status.refetch()}
          loading={status.isFetching && !status.isPending}
        >
          {t('refresh')}
        </Button>
      </Group>
      {status.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={t('loading')}>
          <Skeleton h={140} />
          <Skeleton h={140} />
          <Skeleton h={140} />
        </SimpleGrid>
      ) : status.isError ? (
        <LoadErrorAlert
          title={t('error')}
          error={status.error}
          onRetry={() => void status.refetch()}
        />
      ) : (
        <Tiles status={status.data} />
      )}
    </Stack>
  );
}
