import { Button, Group, SegmentedControl, Select, Skeleton, Stack, Text } from '@mantine/core';
import {
  reportKinds,
  type AdminReport,
  type ReportAction,
  type ReportKind,
  type ReportStatus,
} from '@fitcoach/shared/reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useReports } from '../api/list-reports';
import { useReportsUpdates } from '../api/reports-channel';
import { useKindText } from './labels';
import { ReportCard } from './report-card';
import { ResolveReportModal } from './resolve-report-modal';
import { loadFailed } from '../../../lib/query-state';

/**
 * The admin area's Moderation tab: members' reports, open ones first in the order they came
 * (a queue), or the handled ones; by kind. Each can be dismissed, its content removed, or its
 * author suspended.
 */
export function ModerationQueue() {
  const { t } = useTranslation('reports');
  const kindText = useKindText();
  const [status, setStatus] = useState<ReportStatus>('open');
  const [kind, setKind] = useState<ReportKind | null>(null);
  const [acting, setActing] = useState<{ report: AdminReport; action: ReportAction } | null>(null);
  const reports = useReports({ status, kind: kind ?? undefined });
  useReportsUpdates();

  const list = (() => {
    if (reports.isPending) {
      return (
        <Stack aria-busy="true" aria-label={t('loading')}>
          <Skeleton h={160} />
          <Skeleton h={160} />
        </Stack>
      );
    }
    if (loadFailed(reports)) {
      return (
        <LoadErrorAlert
          title={t('error')}
          error={reports.error}
          onRetry={() => void reports.refetch()}
        />
      );
    }
    const items = reports.data.pages.flatMap((page) => page.items);
    if (items.length === 0) {
      return <Text c="dimmed">{status === 'open' ? t('emptyOpen') : t('emptyResolved')}</Text>;
    }
    return (
      <>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((report) => (
            <ReportCard
              key={report.id}
              report={report}
              onAct={(action) => setActing({ report, action })}
            />
          ))}
        </Stack>
        {reports.hasNextPage && (
          <Button
            variant="default"
            onClick={() => void reports.fetchNextPage()}
            loading={reports.isFetchingNextPage}
          >
            {t('more')}
          </Button>
        )}
      </>
    );
  })();

  return (
    <Stack gap="md">
      <Text>{t('intro')}</Text>
      <Group align="flex-end" gap="sm">
        <SegmentedControl
          aria-label={t('filters.label')}
          value={status}
          onChange={(value) => setStatus(value)}
          data={[
            { value: 'open', label: t('filters.open') },
            { value: 'resolved', label: t('filters.resolved') },
          ]}
        />
        <Select
          label={t('filters.kind')}
          placeholder={t('filters.allKinds')}
          data={reportKinds.map((value) => ({ value, label: kindText(value) }))}
          value={kind}
          onChange={(value) => setKind(value)}
          clearable
          w={200}
        />
      </Group>
      {list}
      {acting && (
        <ResolveReportModal
          report={acting.report}
          action={acting.action}
          onClose={() => setActing(null)}
        />
      )}
    </Stack>
  );
}
