import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/form-errors';

export interface LoadErrorAlertProps {
  /** "The exercises did not load", in the shown language. */
  title: string;
  error: unknown;
  onRetry: () => void;
}

/** What a section shows when its data did not load: why, and a way to try again. */
export function LoadErrorAlert({ title, error, onRetry }: LoadErrorAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('loadError.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
