import { Alert, Button, Group, Modal, NumberInput, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  ALIAS_MAX,
  JERSEY_MAX,
  teamMemberUpdateSchema,
  teamRoles,
  type TeamDetail,
  type TeamMember,
  type TeamRole,
} from '@fitcoach/shared/teams';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, errorMessage, zodErrors } from '../../../lib/form-errors';
import { useUpdateMember } from '../api/team-actions';

interface RowFormValues {
  role: TeamRole;
  jersey_number: number | string;
  alias_name: string;
  alias_depedent_name: string;
}

const toInput = (values: RowFormValues) => ({
  role: values.role,
  jersey_number: values.jersey_number === '' ? null : Number(values.jersey_number),
  alias_name: values.alias_name,
  alias_depedent_name: values.alias_depedent_name,
});

/**
 * The form, mounted afresh at each opening (a closed Modal renders nothing): it starts from the
 * row as it is now. Add user's rules, checked with the API's schema and again by the server,
 * which also knows the numbers taken and keeps the team an owner.
 */
function EditMemberForm({
  team,
  member,
  onCancel,
  onSaved,
}: {
  team: TeamDetail;
  member: TeamMember;
  onCancel: () => void;
  onSaved: (row: TeamMember) => void;
}) {
  const { t } = useTranslation(['teams', 'common']);
  const update = useUpdateMember(team.id);
  const form = useForm<RowFormValues>({
    mode: 'controlled',
    initialValues: {
      role: member.role,
      jersey_number: member.jersey_number ?? '',
      alias_name: member.alias_name,
      alias_depedent_name: member.alias_depedent_name,
    },
    validate: (values) => {
      const parsed = teamMemberUpdateSchema.safeParse(toInput(values));
      return parsed.success ? {} : zodErrors(parsed.error);
    },
  });

  const submit = form.onSubmit((values) => {
    update.mutate(
      { ...teamMemberUpdateSchema.parse(toInput(values)), userId: member.user_id },
      { onSuccess: onSaved, onError: (error) => form.setErrors(apiFieldErrors(error)) },
    );
  });

  const iAmOwner = team.my_role === 'owner';
  // Only owners give or take the owner role (the server's rule, said here before it refuses).
  const roleLocked = member.role === 'owner' && !iAmOwner;
  const isPlayer = form.values.role === 'player';
  const hasFieldErrors = update.isError && Object.keys(apiFieldErrors(update.error)).length > 0;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group
          label={t('fields.role')}
          description={roleLocked ? t('member.ownerRoleLocked') : t('member.roleHint')}
          {...form.getInputProps('role')}
        >
          <Group gap="md" mt={6} wrap="wrap">
            {teamRoles.map((role) => (
              <Radio
                key={role}
                value={role}
                label={t(`role.${role}`)}
                disabled={roleLocked || (role === 'owner' && !iAmOwner)}
                data-autofocus={(!roleLocked && role === member.role) || undefined}
              />
            ))}
          </Group>
        </Radio.Group>
        <NumberInput
          // A disabled radio cannot take the focus: the dialog starts here instead.
          data-autofocus={roleLocked || undefined}
          label={t('fields.jersey')}
          description={isPlayer ? t('fields.jerseyHint') : t('fields.optional')}
          required={isPlayer}
          min={0}
          max={JERSEY_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          {...form.getInputProps('jersey_number')}
        />
        <TextInput
          label={t('fields.alias')}
          description={isPlayer ? t('fields.aliasHint') : t('fields.optional')}
          required={isPlayer}
          maxLength={ALIAS_MAX}
          {...form.getInputProps('alias_name')}
        />
        <TextInput
          label={t('fields.aliasDependent')}
          description={t('fields.aliasDependentHint')}
          maxLength={ALIAS_MAX}
          {...form.getInputProps('alias_depedent_name')}
        />
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
            {t('member.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A roster row edited by an owner or coach: team role, jersey number and alias names. */
export function EditMemberModal({
  team,
  member,
  opened,
  onClose,
  onSaved,
}: {
  team: TeamDetail;
  member: TeamMember;
  opened: boolean;
  onClose: () => void;
  onSaved: (row: TeamMember) => void;
}) {
  const { t } = useTranslation('teams');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('member.title', { name: member.name })}
      centered
    >
      <EditMemberForm
        team={team}
        member={member}
        onCancel={onClose}
        onSaved={(row) => {
          onSaved(row);
          onClose();
        }}
      />
    </Modal>
  );
}
