import { MultiSelect, Stack, Switch, Text } from '@mantine/core';
import { equipmentTypes, type Equipment } from '@fitcoach/shared/exercises';
import { useTranslation } from 'react-i18next';

export interface EquipmentFieldProps {
  /** null = a full gym. */
  value: Equipment[] | null;
  onChange: (value: Equipment[] | null) => void;
}

/**
 * "Equipment available": a full gym by default, or the pieces the member has. The AI trainer
 * plans only exercises this equipment allows (bodyweight and a mat are always assumed).
 */
export function EquipmentField({ value, onChange }: EquipmentFieldProps) {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation();
  const fullGym = value === null;
  return (
    <Stack gap="xs">
      <Switch
        label={t('equipment.fullGym')}
        description={t('equipment.fullGymHint')}
        checked={fullGym}
        onChange={(event) => onChange(event.currentTarget.checked ? null : ['bodyweight'])}
      />
      {!fullGym && (
        <MultiSelect
          label={t('equipment.label')}
          description={t('equipment.hint')}
          searchable
          clearable
          hidePickedOptions
          data={equipmentTypes.map((e) => ({ value: e, label: tc(`options.equipment.${e}`) }))}
          value={value}
          onChange={(picked) => onChange(picked)}
        />
      )}
      {!fullGym && value.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('equipment.none')}
        </Text>
      )}
    </Stack>
  );
}
