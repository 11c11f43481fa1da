import { Anchor, Badge, Button, Card, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBan, IconCheck, IconTrash } from '@tabler/icons-react';
import type { AdminReport, ReportAction } from '@fitcoach/shared/reports';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { useKindText, useReasonText, useResolutionText } from './labels';
import classes from './moderation.module.css';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** What was reported, as it is now: the words, the file, where it was, whether it is gone. */
function TargetPreview({ report }: { report: AdminReport }) {
  const { t } = useTranslation('reports');
  const { target } = report;
  if (target.missing) {
    return (
      <Text size="sm" fs="italic">
        {t('missing')}
      </Text>
    );
  }
  const alt = t('media', { name: report.author?.name ?? '' });
  return (
    <Stack gap={6}>
      {(target.context || target.removed) && (
        <Group gap="xs">
          {target.context && (
            <Text size="xs" c="dimmed">
              {report.kind === 'message' ? t('to', { name: target.context }) : target.context}
            </Text>
          )}
          {target.removed && (
            <Badge color="gray" variant="outline" size="sm" tt="none">
              {t('removedBadge')}
            </Badge>
          )}
        </Group>
      )}
      {target.text ? (
        <Text size="sm" className={classes.text}>
          {target.text}
        </Text>
      ) : (
        report.kind === 'proof' && (
          <Text size="sm" c="dimmed">
            {t('noText')}
          </Text>
        )
      )}
      {target.media_url ? (
        <Stack gap={4} align="flex-start">
          {target.media_type?.startsWith('video/') ? (
            <video
              src={target.media_url}
              controls
              preload="metadata"
              className={classes.media}
              aria-label={alt}
            />
          ) : (
            <img src={target.media_url} alt={alt} className={classes.media} loading="lazy" />
          )}
          <Anchor href={target.media_url} target="_blank" rel="noopener" size="sm">
            {t('openMedia')}
          </Anchor>
        </Stack>
      ) : (
        report.kind === 'profile' && (
          <Text size="sm" c="dimmed">
            {t('noPhoto')}
          </Text>
        )
      )}
    </Stack>
  );
}

/** One report in the queue: who reported what and why, the thing itself, and the actions. */
export function ReportCard({
  report,
  onAct,
}: {
  report: AdminReport;
  onAct: (action: ReportAction) => void;
}) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const kindText = useKindText();
  const reasonText = useReasonText();
  const resolutionText = useResolutionText();
  const authorName = report.author?.name ?? t('reporterGone');
  const heading = t('item', {
    kind: kindText(report.kind),
    author: authorName,
    reason: reasonText(report.reason).toLowerCase(),
  });
  const removeLabel = (() => {
    switch (report.kind) {
      case 'message':
        return t('actions.removeMessage');
      case 'proof':
        return t('actions.removeProof');
      case 'profile':
        return t('actions.removeProfile');
    }
  })();
  const open = report.status === 'open';
  const { target } = report;
  // Nothing left to take down: gone, already removed, or a profile without a photo.
  const removable =
    !target.missing && !target.removed && !(report.kind === 'profile' && !target.media_url);

  return (
    <Card component="li" withBorder padding="md" radius="md" aria-label={heading}>
      <Stack gap="sm">
        <Group gap="xs" justify="space-between" align="flex-start">
          <Group gap="xs">
            <Badge variant="light" tt="none">
              {kindText(report.kind)}
            </Badge>
            <Badge variant="light" color="red" tt="none">
              {reasonText(report.reason)}
            </Badge>
            {open && report.open_reports > 1 && (
              <Badge variant="outline" color="orange" tt="none">
                {t('openReports', { count: report.open_reports })}
              </Badge>
            )}
          </Group>
        </Group>
        <Stack gap={2}>
          <Text size="sm">
            {t('reportedBy', {
              name: report.reporter?.name ?? t('reporterGone'),
              date: format.date(report.created_at, WHEN),
            })}
          </Text>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {report.author ? t('author', { name: report.author.name }) : t('authorGone')}
            </Text>
            {report.author?.suspended && (
              <Badge color="red" variant="filled" size="sm" tt="none">
                {t('suspended')}
              </Badge>
            )}
          </Group>
          {report.details && (
            <Text size="sm" className={classes.text}>
              {t('details', { details: report.details })}
            </Text>
          )}
        </Stack>
        <Paper withBorder p="sm" radius="sm">
          <TargetPreview report={report} />
        </Paper>
        {open ? (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconCheck size={16} />}
              onClick={() => onAct('dismiss')}
            >
              {t('actions.dismiss')}
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => onAct('remove')}
              disabled={!removable}
            >
              {removeLabel}
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconBan size={16} />}
              onClick={() => onAct('suspend')}
              disabled={!report.author || report.author.suspended}
            >
              {t('actions.suspend')}
            </Button>
          </Group>
        ) : (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {report.resolution &&
                (report.resolved_by
                  ? t('handled', {
                      resolution: resolutionText(report.resolution),
                      name: report.resolved_by.name,
                      date: format.date(report.resolved_at ?? report.created_at, WHEN),
                    })
                  : t('handledNoName', {
                      resolution: resolutionText(report.resolution),
                      date: format.date(report.resolved_at ?? report.created_at, WHEN),
                    }))}
            </Text>
            {report.resolution_note && (
              <Text size="sm" className={classes.text}>
                {t('note', { note: report.resolution_note })}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
