import { Alert, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** An upload that failed: the spec's message, and the server's reason a person can act on. */
export interface UploadProblem {
  message: string;
  reason: string | null;
}

/** The failed upload's alert, dismissible, as every uploader shows it. */
export function UploadProblemAlert({
  problem,
  title,
  closeLabel,
  onClose,
}: {
  problem: UploadProblem;
  title: string;
  closeLabel: string;
  onClose: () => void;
}) {
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle size={18} />}
      role="alert"
      title={title}
      withCloseButton
      closeButtonLabel={closeLabel}
      onClose={onClose}
    >
      <Text size="sm">{problem.message}</Text>
      {problem.reason && (
        <Text size="sm" fw={600} mt={4}>
          {problem.reason}
        </Text>
      )}
    </Alert>
  );
}
