import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  ALIAS_MAX,
  JERSEY_MAX,
  assignableTeamRoles,
  teamMemberInputSchema,
  type AssignableTeamRole,
  type TeamMemberAnswer,
} from '@fitcoach/shared/teams';
import type { MemberSearchResult } from '@fitcoach/shared/friends';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EnhancedSelect } from '../../../components/enhanced-select/enhanced-select';
import { apiFieldErrors, errorMessage, zodErrors } from '../../../lib/form-errors';
import { searchAllMembers } from '../../../lib/member-search';
import { useAddMember } from '../api/team-actions';
import { teamKeys } from '../api/keys';
import { MemberAvatar } from '../../../components/member-avatar';

interface MemberFormValues {
  role: AssignableTeamRole;
  jersey_number: number | string;
  alias_name: string;
  alias_depedent_name: string;
}

const initialValues: MemberFormValues = {
  role: 'player',
  jersey_number: '',
  alias_name: '',
  alias_depedent_name: '',
};

/**
 * The spec's "Add user": pick the member with the enhanced select box, then their role, jersey
 * number and alias names. A player needs an alias and a jersey number of at least 0; both are
 * checked here with the API's schema and again by the server (which also knows the numbers
 * taken).
 */
export function AddMemberModal({
  teamId,
  opened,
  onClose,
  onAdded,
}: {
  teamId: number;
  opened: boolean;
  onClose: () => void;
  onAdded: (answer: TeamMemberAnswer) => void;
}) {
  const { t } = useTranslation(['teams', 'common']);
  const [chosen, setChosen] = useState<MemberSearchResult[]>([]);
  const [memberError, setMemberError] = useState<string | null>(null);
  const add = useAddMember(teamId);
  const person = chosen[0];

  // Without a member yet, a stand-in id lets the other rules (alias, jersey) speak at once:
  // the member's own message is set beside the select box.
  const toInput = (values: MemberFormValues) => ({
    user_id: person?.id ?? 1,
    team_id: teamId,
    role: values.role,
    jersey_number: values.jersey_number === '' ? null : Number(values.jersey_number),
    alias_name: values.alias_name,
    alias_depedent_name: values.alias_depedent_name,
  });

  const form = useForm<MemberFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      const parsed = teamMemberInputSchema.safeParse(toInput(values));
      return parsed.success ? {} : zodErrors(parsed.error);
    },
  });

  function close() {
    setChosen([]);
    setMemberError(null);
    form.reset();
    add.reset();
    onClose();
  }

  const submit = form.onSubmit(
    (values) => {
      if (!person) {
        setMemberError(t('add.chooseMember'));
        return;
      }
      const {
        team_id: _team,
        user_id: _user,
        ...rest
      } = teamMemberInputSchema.parse(toInput(values));
      add.mutate(
        { ...rest, user_id: person.id },
        {
          onSuccess: (answer) => {
            onAdded(answer);
            close();
          },
          onError: (error) => {
            const fields = apiFieldErrors(error);
            if (fields.user_id) setMemberError(fields.user_id);
            form.setErrors(fields);
          },
        },
      );
    },
    () => {
      if (!person) setMemberError(t('add.chooseMember'));
    },
  );

  const fieldErrors = apiFieldErrors(add.error);
  const hasFieldErrors = add.isError && Object.keys(fieldErrors).length > 0;
  const isPlayer = form.values.role === 'player';

  return (
    <Modal opened={opened} onClose={close} title={t('add.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EnhancedSelect<MemberSearchResult>
            label={t('add.member')}
            autoFocus
            required
            placeholder={t('add.memberPlaceholder')}
            description={t('add.memberHint')}
            queryKey={teamKeys.memberSearch()}
            fetcher={searchAllMembers}
            getValue={(m) => String(m.id)}
            getLabel={(m) => m.name}
            minInputLength={1}
            value={chosen}
            error={memberError}
            onChange={(items) => {
              setChosen(items);
              setMemberError(null);
              add.reset();
            }}
            renderOption={(m) => (
              <>
                <MemberAvatar name={m.name} avatarUrl={m.avatar_url} size={28} />
                <Text size="sm">{m.name}</Text>
              </>
            )}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`team-${teamId}-role-label`}>
              {t('fields.role')}
            </Text>
            <SegmentedControl
              aria-labelledby={`team-${teamId}-role-label`}
              fullWidth
              data={assignableTeamRoles.map((r) => ({ value: r, label: t(`role.${r}`) }))}
              {...form.getInputProps('role')}
            />
          </Stack>
          <NumberInput
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
          {add.isError && !hasFieldErrors && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(add.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:dialog.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
