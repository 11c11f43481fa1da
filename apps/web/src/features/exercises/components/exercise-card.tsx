import { Badge, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import type { ExerciseSummary } from '@fitcoach/shared/exercises';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkCard } from '../../../components/link-card';
import { paths } from '../../../config/paths';
import { ExerciseKindBadge } from './exercise-kind-badge';

/** One exercise in the library list; the whole card opens the exercise. */
export function ExerciseCard({
  exercise,
  linkState,
}: {
  exercise: ExerciseSummary;
  /** Travels to the exercise page, which uses it for its way back to this list. */
  linkState?: unknown;
}) {
  const titleId = useId();
  const { t } = useTranslation('exercises');

  return (
    <LinkCard to={paths.exercise.href(exercise.id)} state={linkState} labelledBy={titleId}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h5" id={titleId} lh={1.3}>
            {exercise.name}
          </Title>
          <ExerciseKindBadge exercise={exercise} />
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {exercise.description}
        </Text>
        <Group gap={6}>
          <VisuallyHidden>{t('card.muscles')}</VisuallyHidden>
          {exercise.primary_muscles.map((m) => (
            <Badge key={m} size="sm" variant="light" tt="none">
              {t(`muscle.${m}`)}
            </Badge>
          ))}
          <VisuallyHidden>{t('card.equipment')}</VisuallyHidden>
          {exercise.equipment.map((e) => (
            <Badge key={e} size="sm" variant="outline" color="gray" tt="none">
              {t(`equipment.${e}`)}
            </Badge>
          ))}
        </Group>
        {exercise.tags.length > 0 && (
          <Group gap={6} wrap="nowrap" mt="auto" pt={4} align="flex-start">
            <IconTag
              size={14}
              stroke={1.6}
              aria-hidden
              style={{ flexShrink: 0, marginTop: 3, color: 'var(--mantine-color-dimmed)' }}
            />
            <Text size="xs" c="dimmed">
              <VisuallyHidden>{t('card.tags')}</VisuallyHidden>
              {exercise.tags.map((tag) => tag.name).join(' · ')}
            </Text>
          </Group>
        )}
      </Stack>
    </LinkCard>
  );
}
