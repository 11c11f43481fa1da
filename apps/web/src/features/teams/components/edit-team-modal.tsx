import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { teamInputSchema, type TeamDetail } from '@fitcoach/shared/teams';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, errorMessage } from '../../../lib/form-errors';
import { useUpdateTeam } from '../api/team-actions';
import { TeamFields, validateTeam, type TeamFormValues } from './team-fields';

/**
 * The form, mounted afresh at each opening (a closed Modal renders nothing): it starts from the
 * team as it is now, and a live refresh while it is open keeps what is being typed.
 */
function EditTeamForm({
  team,
  onCancel,
  onSaved,
}: {
  team: TeamDetail;
  onCancel: () => void;
  onSaved: (team: TeamDetail) => void;
}) {
  const { t } = useTranslation(['teams', 'common']);
  const update = useUpdateTeam(team.id);
  const form = useForm<TeamFormValues>({
    mode: 'controlled',
    initialValues: { name: team.name, sport: team.sport, season: team.season },
    validate: validateTeam,
  });

  const submit = form.onSubmit((values) => {
    update.mutate(teamInputSchema.parse(values), {
      onSuccess: onSaved,
      onError: (error) => form.setErrors(apiFieldErrors(error)),
    });
  });

  const hasFieldErrors = update.isError && Object.keys(apiFieldErrors(update.error)).length > 0;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TeamFields form={form} />
        {update.isError && !hasFieldErrors && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(update.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:dialog.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('edit.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Edit team (owners and coaches): the name, sport and season with Create team's fields and
 * checks; `PUT /api/team/:id`.
 */
export function EditTeamModal({
  team,
  opened,
  onClose,
  onSaved,
}: {
  team: TeamDetail;
  opened: boolean;
  onClose: () => void;
  onSaved: (team: TeamDetail) => void;
}) {
  const { t } = useTranslation('teams');
  return (
    <Modal opened={opened} onClose={onClose} title={t('edit.title')} centered>
      <EditTeamForm
        team={team}
        onCancel={onClose}
        onSaved={(saved) => {
          onSaved(saved);
          onClose();
        }}
      />
    </Modal>
  );
}
