import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
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

export interface PageLoadProblemProps extends LoadErrorAlertProps {
  /** The page's heading either way: "This client's page is not available". */
  heading: string;
  /** What a 404 means here, said plainly (not theirs, or gone): nothing to retry. */
  goneText: string;
}

/** A page whose one record did not load: a 404 says it is not there; anything else retries. */
export function PageLoadProblem({ heading, goneText, ...alert }: PageLoadProblemProps) {
  const gone = alert.error instanceof ApiError && alert.error.status === 404;
  return (
    <>
      <Title order={1} size="h2">
        {heading}
      </Title>
      {gone ? <Text>{goneText}</Text> : <LoadErrorAlert {...alert} />}
    </>
  );
}
