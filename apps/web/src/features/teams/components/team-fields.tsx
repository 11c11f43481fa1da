import { Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  TEAM_NAME_MAX,
  TEAM_SEASON_MAX,
  teamInputSchema,
  teamSports,
  type TeamSport,
} from '@fitcoach/shared/teams';
import { useTranslation } from 'react-i18next';
import { zodErrors } from '../../../lib/form-errors';

export interface TeamFormValues {
  name: string;
  sport: TeamSport | null;
  season: string;
}

/**
 * A team form's check: the API's own schema, so creating and editing a team say the same
 * things as the server would.
 */
export function validateTeam(values: TeamFormValues): Record<string, string> {
  const parsed = teamInputSchema.safeParse(values);
  return parsed.success ? {} : zodErrors(parsed.error);
}

/** Name, sport and season: the fields of Create team and Edit team. */
export function TeamFields({
  form,
  autoFocus = true,
}: {
  form: UseFormReturnType<TeamFormValues>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('teams');
  return (
    <>
      <TextInput
        label={t('fields.name')}
        required
        data-autofocus={autoFocus || undefined}
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
    </>
  );
}
