import { MultiSelect, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { foodInputSchema, type AdminFood, type FoodInput } from '@fitcoach/shared/content';
import {
  dietTags,
  foodCategories,
  mealTypes,
  type DietTag,
  type FoodCategory,
  type MealType,
} from '@fitcoach/shared/foods';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, zodErrors } from '../../../lib/form-errors';
import { useSaveContent } from '../api/content-actions';
import { fieldErrors, FormShell } from './form-shell';

type Amount = number | string;

export interface FoodFormValues {
  name: string;
  category: FoodCategory | null;
  kcal: Amount;
  protein_g: Amount;
  carbs_g: Amount;
  fat_g: Amount;
  fiber_g: Amount;
  diet_tags: string[];
  meals: string[];
  serving_g: Amount;
  serving_label: string;
}

export function foodValues(item: AdminFood | null): FoodFormValues {
  return {
    name: item?.name ?? '',
    category: item?.category ?? null,
    kcal: item?.kcal ?? '',
    protein_g: item?.protein_g ?? '',
    carbs_g: item?.carbs_g ?? '',
    fat_g: item?.fat_g ?? '',
    fiber_g: item?.fiber_g ?? 0,
    diet_tags: item?.diet_tags ?? [],
    meals: item?.meals ?? [],
    serving_g: item?.serving_g ?? 100,
    serving_label: item?.serving_label ?? '',
  };
}

/** An empty number field is no number: the schema then says to enter an amount. */
const amount = (value: Amount) => (typeof value === 'number' ? value : (undefined as never));

export function toFoodInput(values: FoodFormValues): FoodInput {
  return {
    name: values.name,
    category: values.category ?? (undefined as never),
    kcal: amount(values.kcal),
    protein_g: amount(values.protein_g),
    carbs_g: amount(values.carbs_g),
    fat_g: amount(values.fat_g),
    fiber_g: amount(values.fiber_g),
    diet_tags: values.diet_tags as DietTag[],
    meals: values.meals as MealType[],
    serving_g: amount(values.serving_g),
    serving_label: values.serving_label,
  };
}

/** A food of the table the diet planner picks from; nutrients per 100 g. */
export function FoodForm({
  item,
  onDone,
  onCancel,
}: {
  item: AdminFood | null;
  onDone: (saved: AdminFood) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['content', 'common', 'diets']);
  const save = useSaveContent('foods');
  const form = useForm<FoodFormValues>({
    mode: 'controlled',
    initialValues: foodValues(item),
    validate: (values) => {
      const parsed = foodInputSchema.safeParse(toFoodInput(values));
      return parsed.success ? {} : fieldErrors(zodErrors(parsed.error));
    },
  });
  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: item?.id ?? null, input: toFoodInput(values) },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            message: t('form.saved', { name: saved.name }),
          });
          onDone(saved);
        },
        onError: (error) => form.setErrors(fieldErrors(apiFieldErrors(error))),
      },
    );
  });
  const grams = (field: 'protein_g' | 'carbs_g' | 'fat_g' | 'fiber_g', label: string) => (
    <NumberInput
      label={label}
      required
      min={0}
      max={100}
      decimalScale={1}
      allowNegative={false}
      suffix=" g"
      {...form.getInputProps(field)}
    />
  );

  return (
    <FormShell
      label={item ? t('foods.edit', { name: item.name }) : t('foods.new')}
      error={save.error}
      saving={save.isPending}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextInput
        label={t('fields.name')}
        required
        maxLength={120}
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Select
        label={t('fields.category')}
        required
        searchable
        data={foodCategories.map((c) => ({ value: c, label: t(`foods.categories.${c}`) }))}
        {...form.getInputProps('category')}
      />
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <NumberInput
          label={t('fields.kcal')}
          required
          min={0}
          max={900}
          decimalScale={0}
          allowNegative={false}
          {...form.getInputProps('kcal')}
        />
        {grams('protein_g', t('fields.protein'))}
        {grams('carbs_g', t('fields.carbs'))}
        {grams('fat_g', t('fields.fat'))}
        {grams('fiber_g', t('fields.fiber'))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect
          label={t('fields.meals')}
          required
          data={mealTypes.map((m) => ({ value: m, label: t(`diets:mealTitle.${m}`) }))}
          {...form.getInputProps('meals')}
        />
        <MultiSelect
          label={t('fields.dietTags')}
          description={t('fields.dietTagsHint')}
          data={dietTags.map((d) => ({ value: d, label: t(`common:options.mealPreference.${d}`) }))}
          {...form.getInputProps('diet_tags')}
        />
        <NumberInput
          label={t('fields.servingGrams')}
          required
          min={1}
          max={2000}
          allowNegative={false}
          suffix=" g"
          {...form.getInputProps('serving_g')}
        />
        <TextInput
          label={t('fields.servingLabel')}
          placeholder={t('fields.servingLabelPlaceholder')}
          required
          maxLength={60}
          {...form.getInputProps('serving_label')}
        />
      </SimpleGrid>
    </FormShell>
  );
}
