import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { CHANGE_REQUEST_MAX, type DietChangeResult } from '@fitcoach/shared/diets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-errors';
import { useChangeDiet } from '../api/change-diet';
import { DietDiff } from './diet-diff';

/** The spec's edit modal: a change in plain words; then what changed, or why it could not. */
export function EditDietModal({
  opened,
  onClose,
  dietId,
}: {
  opened: boolean;
  onClose: () => void;
  dietId: number;
}) {
  const { t } = useTranslation(['diets', 'common']);
  const change = useChangeDiet(dietId);
  const [request, setRequest] = useState('');
  const [result, setResult] = useState<DietChangeResult | null>(null);
  const [empty, setEmpty] = useState(false);

  function close() {
    setRequest('');
    setResult(null);
    setEmpty(false);
    change.reset();
    onClose();
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!request.trim()) {
      setEmpty(true);
      return;
    }
    setResult(null);
    change.mutate(request.trim(), { onSuccess: (r) => setResult(r) });
  }

  return (
    <Modal opened={opened} onClose={close} title={t('edit.title')} centered size="lg">
      {result ? (
        <Stack gap="md">
          <Alert color="teal" icon={<IconCheck size={18} />} role="status">
            {result.summary}
            {/* Who read the request (the AI model, or FitCoach's parser when the model failed). */}
            {result.notes.map((note) => (
              <Text key={note} size="sm" mt={4}>
                {note}
              </Text>
            ))}
          </Alert>
          <DietDiff diff={result.diff} />
          <Group justify="flex-end">
            <Button onClick={() => setResult(null)} variant="default">
              {t('edit.another')}
            </Button>
            <Button onClick={close}>{t('common:dialog.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Textarea
              label={t('edit.label')}
              description={t('edit.examples')}
              placeholder={t('edit.placeholder')}
              value={request}
              onChange={(e) => {
                setRequest(e.currentTarget.value);
                setEmpty(false);
              }}
              maxLength={CHANGE_REQUEST_MAX}
              autosize
              minRows={2}
              data-autofocus
              error={empty ? t('edit.empty') : undefined}
            />
            {change.isError && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                <Text size="sm">{errorMessage(change.error)}</Text>
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common:dialog.cancel')}
              </Button>
              <Button type="submit" loading={change.isPending}>
                {t('edit.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
