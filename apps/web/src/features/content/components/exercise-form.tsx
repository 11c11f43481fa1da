import {
  Divider,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Button,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import {
  exerciseInputSchema,
  type AdminExercise,
  type ExerciseInput,
} from '@fitcoach/shared/content';
import {
  equipmentTypes,
  muscleGroups,
  type ExerciseKind,
  type Equipment,
  type MuscleGroup,
} from '@fitcoach/shared/exercises';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, errorMessage, zodErrors } from '../../../lib/form-errors';
import { useRemoveDemoVideo, useSaveContent } from '../api/content-actions';
import { useTagOptions } from '../api/pickers';
import { DemoVideoButton } from './demo-video-button';
import { fieldErrors, FormShell, linesOf } from './form-shell';

export interface ExerciseFormValues {
  name: string;
  description: string;
  /** One step per line. */
  stepsText: string;
  kind: ExerciseKind;
  default_duration_seconds: number | string;
  primary_muscles: string[];
  secondary_muscles: string[];
  equipment: string[];
  tag_ids: string[];
}

export function exerciseValues(item: AdminExercise | null): ExerciseFormValues {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    stepsText: item?.steps.join('\n') ?? '',
    kind: item?.kind ?? 'reps',
    default_duration_seconds: item?.default_duration_seconds ?? '',
    primary_muscles: item?.primary_muscles ?? [],
    secondary_muscles: item?.secondary_muscles ?? [],
    equipment: item?.equipment ?? [],
    tag_ids: item?.tags.map((tag) => String(tag.id)) ?? [],
  };
}

export function toExerciseInput(values: ExerciseFormValues): ExerciseInput {
  return {
    name: values.name,
    description: values.description,
    steps: linesOf(values.stepsText),
    kind: values.kind,
    default_duration_seconds:
      values.kind === 'timed' && typeof values.default_duration_seconds === 'number'
        ? values.default_duration_seconds
        : null,
    primary_muscles: values.primary_muscles as MuscleGroup[],
    secondary_muscles: values.secondary_muscles as MuscleGroup[],
    equipment: values.equipment as Equipment[],
    tag_ids: values.tag_ids.map(Number),
  };
}

const LISTS = { steps: 'stepsText' };

/** An exercise's fields, checked by the shared schema; its demo video once it exists. */
export function ExerciseForm({
  item,
  onDone,
  onCancel,
}: {
  item: AdminExercise | null;
  onDone: (saved: AdminExercise) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['content', 'exercises']);
  const save = useSaveContent('exercises');
  const tags = useTagOptions();
  const form = useForm<ExerciseFormValues>({
    mode: 'controlled',
    initialValues: exerciseValues(item),
    validate: (values) => {
      const parsed = exerciseInputSchema.safeParse(toExerciseInput(values));
      return parsed.success ? {} : fieldErrors(zodErrors(parsed.error), LISTS);
    },
  });
  const muscles = muscleGroups.map((m) => ({ value: m, label: t(`exercises:muscle.${m}`) }));
  const kept = new Set(item?.tags.map((tag) => tag.id) ?? []);
  const tagData = (tags.data ?? [])
    // A retired tag is offered only to an exercise that already has it.
    .filter((tag) => tag.retired_at === null || kept.has(tag.id))
    .map((tag) => ({ value: String(tag.id), label: tag.name }));

  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: item?.id ?? null, input: toExerciseInput(values) },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            message: t('form.saved', { name: saved.name }),
          });
          onDone(saved);
        },
        onError: (error) => form.setErrors(fieldErrors(apiFieldErrors(error), LISTS)),
      },
    );
  });

  return (
    <Stack gap="lg">
      <FormShell
        label={item ? t('exercises.edit', { name: item.name }) : t('exercises.new')}
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
        <Textarea
          label={t('fields.description')}
          required
          autosize
          minRows={2}
          maxLength={2000}
          {...form.getInputProps('description')}
        />
        <Textarea
          label={t('fields.steps')}
          description={t('fields.onePerLine')}
          required
          autosize
          minRows={3}
          {...form.getInputProps('stepsText')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="exercise-kind-label">
            {t('fields.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="exercise-kind-label"
            data={[
              { value: 'reps', label: t('exercises:kind.reps') },
              { value: 'timed', label: t('exercises:kind.timed') },
            ]}
            {...form.getInputProps('kind')}
          />
        </Stack>
        {form.values.kind === 'timed' && (
          <NumberInput
            label={t('fields.duration')}
            required
            min={5}
            max={3600}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('default_duration_seconds')}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label={t('fields.primaryMuscles')}
            required
            data={muscles}
            searchable
            {...form.getInputProps('primary_muscles')}
          />
          <MultiSelect
            label={t('fields.secondaryMuscles')}
            data={muscles}
            searchable
            {...form.getInputProps('secondary_muscles')}
          />
          <MultiSelect
            label={t('fields.equipment')}
            required
            data={equipmentTypes.map((e) => ({ value: e, label: t(`exercises:equipment.${e}`) }))}
            searchable
            {...form.getInputProps('equipment')}
          />
          <MultiSelect
            label={t('fields.tags')}
            data={tagData}
            searchable
            maxValues={10}
            {...form.getInputProps('tag_ids')}
          />
        </SimpleGrid>
      </FormShell>
      {item && (
        <>
          <Divider />
          <DemoVideoSection exercise={item} />
        </>
      )}
    </Stack>
  );
}

/** The exercise's demo video: play what is there, upload another, or remove it. */
function DemoVideoSection({ exercise }: { exercise: AdminExercise }) {
  const { t } = useTranslation('content');
  const remove = useRemoveDemoVideo(exercise.id);
  // The modal was opened with the exercise as it was: the video is followed here.
  const [videoUrl, setVideoUrl] = useState(exercise.video_url);
  return (
    <Stack gap="xs" component="section" aria-labelledby="demo-video-title">
      <Title order={3} size="h5" id="demo-video-title">
        {t('video.title')}
      </Title>
      {videoUrl ? (
        <video
          src={videoUrl}
          controls
          playsInline
          preload="metadata"
          aria-label={t('video.preview', { name: exercise.name })}
          style={{ width: '100%', maxHeight: 240, borderRadius: 8, background: 'black' }}
        >
          <track kind="captions" />
        </video>
      ) : (
        <Text size="sm" c="dimmed">
          {t('video.none')}
        </Text>
      )}
      <Group gap="xs" align="flex-start">
        <DemoVideoButton
          exerciseId={exercise.id}
          hasVideo={videoUrl !== null}
          onAttached={(saved) => setVideoUrl(saved.video_url)}
        />
        {videoUrl && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => setVideoUrl(null),
                onError: (error) =>
                  notifications.show({ color: 'red', message: errorMessage(error) }),
              })
            }
          >
            {t('video.remove')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
