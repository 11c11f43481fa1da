import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, errorMessage } from '../../../lib/form-errors';

/**
 * The frame every Content form shares: the server's refusal when it is not about one field,
 * the fields, then Cancel and Save.
 */
export function FormShell({
  label,
  error,
  saving,
  onSubmit,
  onCancel,
  children,
}: {
  label: string;
  error: unknown;
  saving: boolean;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('content');
  const general = error !== null && Object.keys(apiFieldErrors(error)).length === 0;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        {general && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(error)}
          </Alert>
        )}
        {children}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Form errors from a Zod check or the API, with a list's item errors (`steps.2`) shown on the
 * field that holds the list as lines (`steps` → `stepsText`).
 */
export function fieldErrors(
  errors: Record<string, string>,
  lists: Record<string, string> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const [head = path] = path.split('.');
    const field = lists[head] ?? (head === 'tag_ids' ? 'tag_ids' : path);
    out[field] ??= message;
  }
  return out;
}

/** Lines of a textarea as a list: trimmed, empty ones dropped. */
export const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
