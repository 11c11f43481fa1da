import { SegmentedControl, Stack, Text } from '@mantine/core';
import { convertBodyValues, measurementTypes, type MeasurementType } from '@fitcoach/shared/units';
import { useTranslation } from 'react-i18next';
import { numberOrUndefined, type ProfileForm } from './profile-form-values';

/**
 * The metric/imperial switch: relabels weight and height and converts what is already typed
 * (1 lb = 0.45359237 kg, 1 in = 2.54 cm) to 2 decimals, both ways.
 */
export function MeasurementSwitch({ form }: { form: ProfileForm }) {
  const { t } = useTranslation();
  const current = form.getValues().measurement_type;

  function change(next: string) {
    const to = next as MeasurementType;
    const values = form.getValues();
    if (to === values.measurement_type) return;
    const converted = convertBodyValues(
      {
        weight: numberOrUndefined(values.weight) ?? null,
        height: numberOrUndefined(values.height) ?? null,
      },
      values.measurement_type,
      to,
    );
    form.setValues({
      measurement_type: to,
      weight: converted.weight ?? '',
      height: converted.height ?? '',
    });
    form.clearFieldError('weight');
    form.clearFieldError('height');
  }

  return (
    <Stack gap={4}>
      <Text component="span" size="sm" fw={500} id="measurement-type-label">
        {t('profileFields.units')}
      </Text>
      <SegmentedControl
        aria-labelledby="measurement-type-label"
        fullWidth
        value={current}
        onChange={change}
        data={measurementTypes.map((value) => ({ value, label: t(`profileFields.${value}`) }))}
      />
    </Stack>
  );
}
