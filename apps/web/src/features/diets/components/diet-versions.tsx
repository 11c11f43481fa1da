import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { useRestoreDiet } from '../api/change-diet';
import { useDietVersions } from '../api/get-diet';

/** The diet's history, newest first; the owner restores an earlier version after confirming. */
export function DietVersions({ dietId, isOwner }: { dietId: number; isOwner: boolean }) {
  const { t } = useTranslation(['diets', 'common']);
  const format = useFormat();
  const versions = useDietVersions(dietId);
  const restore = useRestoreDiet(dietId);

  const confirmRestore = (version: number) =>
    modals.openConfirmModal({
      title: t('versions.confirmTitle', { version }),
      centered: true,
      children: <Text size="sm">{t('versions.confirmBody', { version })}</Text>,
      labels: { confirm: t('versions.restore'), cancel: t('common:dialog.cancel') },
      onConfirm: () =>
        restore.mutate(version, {
          onSuccess: (result) =>
            notifications.show({
              color: 'teal',
              icon: <IconCheck size={18} />,
              message: result.summary,
            }),
        }),
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby="diet-versions">
      <Title order={2} size="h3" id="diet-versions">
        {t('versions.title')}
      </Title>
      {versions.isPending && <Loader size="sm" aria-label={t('versions.loading')} />}
      {versions.isError && (
        <LoadErrorAlert
          title={t('versions.loadError')}
          error={versions.error}
          onRetry={() => void versions.refetch()}
        />
      )}
      {restore.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(restore.error)}
        </Alert>
      )}
      {versions.data && (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {versions.data.items.map((v) => (
            <Group
              key={v.version}
              component="li"
              justify="space-between"
              wrap="nowrap"
              align="flex-start"
              p="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {t('versionBadge', { version: v.version })}
                  </Text>
                  {v.current && (
                    <Badge size="xs" variant="light">
                      {t('versions.current')}
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed">
                    {format.date(v.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
                  </Text>
                </Group>
                {v.change_request && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    “{v.change_request}”
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  {v.summary} ·{' '}
                  {t('kcal', { value: format.number(v.kcal, { maximumFractionDigits: 0 }) })}
                </Text>
              </Stack>
              {isOwner && !v.current && (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => confirmRestore(v.version)}
                  loading={restore.isPending && restore.variables === v.version}
                  aria-label={t('versions.restoreLabel', { version: v.version })}
                >
                  {t('versions.restore')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
