import { NumberInput, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { genders } from '@fitcoach/shared/profile';
import { bodyLimits, heightUnit, weightUnit } from '@fitcoach/shared/units';
import { useTranslation } from 'react-i18next';
import { MeasurementSwitch } from './measurement-switch';
import type { ProfileForm } from './profile-form-values';

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Gender, birth date, the unit switch, weight and height. */
export function BodyFields({ form }: { form: ProfileForm }) {
  const { t } = useTranslation();
  const units = form.getValues().measurement_type;
  const limits = bodyLimits[units];
  return (
    <Stack gap="md">
      <Radio.Group
        label={t('profileFields.gender')}
        required
        {...form.getInputProps('gender')}
        value={form.getValues().gender ?? ''}
      >
        <SimpleGrid cols={3} mt={6} spacing="xs">
          {genders.map((g) => (
            <Radio key={g} value={g} label={t(`options.gender.${g}`)} />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <TextInput
        label={t('profileFields.birthDate')}
        type="date"
        required
        max={todayIso()}
        min="1900-01-01"
        {...form.getInputProps('birth_date')}
      />
      <MeasurementSwitch form={form} />
      <SimpleGrid cols={2} spacing="md">
        <NumberInput
          label={t('profileFields.weight', { unit: weightUnit(units) })}
          required
          min={limits.weight.min}
          max={limits.weight.max}
          decimalScale={2}
          step={0.5}
          inputMode="decimal"
          hideControls
          {...form.getInputProps('weight')}
        />
        <NumberInput
          label={t('profileFields.height', { unit: heightUnit(units) })}
          required
          min={limits.height.min}
          max={limits.height.max}
          decimalScale={2}
          step={0.5}
          inputMode="decimal"
          hideControls
          {...form.getInputProps('height')}
        />
      </SimpleGrid>
    </Stack>
  );
}
