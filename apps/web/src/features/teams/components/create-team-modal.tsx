import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  TEAM_NAME_MAX,
  TEAM_SEASON_MAX,
  teamInputSchema,
  teamSports,
  type TeamDetail,
  type TeamSport,
} from '@fitcoach/shared/teams';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, errorMessage, zodErrors } from '../../../lib/form-errors';
import { useCreateTeam } from '../api/team-actions';

interface TeamFormValues {
  name: string;
  sport: TeamSport | null;
  season: string;
}

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
    validate: (values) => {
      const parsed = teamInputSchema.safeParse(values);
      return parsed.success ? {} : zodErrors(parsed.error);
    },
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
          <TextInput
            label={t('fields.name')}
            required
            data-autofocus
            maxLength={TEAM_NAME_MAX}
            {...form.getInputProps('name')}
          />
          <Select
            label={t('fields.sport')}
            required
            placeholder={t('fields.sportPlaceholder')}
            data={teamSports.map((s) => ({ value: s, label: t(`sport.${s}`) }))}
            allowDeselect={false}
            {...form.getInputProps('sport')}
          />
          <TextInput
            label={t('fields.season')}
            description={t('fields.seasonHint')}
            maxLength={TEAM_SEASON_MAX}
            {...form.getInputProps('season')}
          />
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
