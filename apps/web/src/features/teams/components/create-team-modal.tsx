import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { teamInputSchema, type TeamDetail } from '@fitcoach/shared/teams';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, errorMessage } from '../../../lib/form-errors';
import { useCreateTeam } from '../api/team-actions';
import { TeamFields, validateTeam, type TeamFormValues } from './team-fields';

const initialValues: TeamFormValues = { name: '', sport: null, season: '' };

/** Create a team: name, sport and season (checked with the API's own schema first). */
export function CreateTeamModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (team: TeamDetail) => void;
}) {
  const { t } = useTranslation(['teams', 'common']);
  const create = useCreateTeam();
  const form = useForm<TeamFormValues>({
    mode: 'controlled',
    initialValues,
    validate: validateTeam,
  });

  function close() {
    form.reset();
    create.reset();
    onClose();
  }

  const submit = form.onSubmit((values) => {
    create.mutate(teamInputSchema.parse(values), {
      onSuccess: (team) => {
        onCreated(team);
        close();
      },
      onError: (error) => form.setErrors(apiFieldErrors(error)),
    });
  });

  const hasFieldErrors = create.isError && Object.keys(apiFieldErrors(create.error)).length > 0;

  return (
    <Modal opened={opened} onClose={close} title={t('create.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TeamFields form={form} />
          {create.isError && !hasFieldErrors && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(create.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:dialog.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
