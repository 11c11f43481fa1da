import { Alert, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { activityVisibilities, type ActivityVisibility } from '@fitcoach/shared/friends';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-errors';
import { useUpdateActivityVisibility } from '../api/update-activity-visibility';

const isVisibility = (v: string): v is ActivityVisibility =>
  (activityVisibilities as readonly string[]).includes(v);

/** "Who sees my activity": saved as soon as it is chosen; the server enforces it in the feed. */
export function ActivityVisibilitySetting({ value }: { value: ActivityVisibility }) {
  const { t } = useTranslation('profile');
  const update = useUpdateActivityVisibility();
  const titleId = useId();
  const descriptionId = useId();
  const shown = update.isPending && update.variables ? update.variables.activity_visibility : value;

  function choose(next: string) {
    if (!isVisibility(next) || next === value) return;
    update.mutate(
      { activity_visibility: next },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            title: t('activity.savedTitle'),
            message: t(`activity.saved.${next}`),
          }),
      },
    );
  }

  return (
    <Stack gap="md">
      <Title order={2} size="h4" id={titleId}>
        {t('activity.title')}
      </Title>
      <Text size="sm" c="dimmed" id={descriptionId}>
        {t('activity.description')}
      </Text>
      {update.isError && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          title={t('activity.failed')}
        >
          {errorMessage(update.error)}
        </Alert>
      )}
      <SegmentedControl
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        value={shown}
        onChange={choose}
        disabled={update.isPending}
        data={activityVisibilities.map((v) => ({ value: v, label: t(`activity.options.${v}`) }))}
      />
    </Stack>
  );
}
