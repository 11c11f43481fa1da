import {
  Badge,
  Button,
  Card,
  Grid,
  Group,
  List,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlayerPlay } from '@tabler/icons-react';
import type { ExerciseDetail } from '@fitcoach/shared/exercises';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VideoDemoModal } from '../../../components/exercise-media/video-demo-modal';
import { useExercise } from '../api/get-exercise';
import { ExerciseKindBadge } from './exercise-kind-badge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} size="xs" tt="uppercase" c="dimmed" fw={700} lts={0.4}>
        {label}
      </Title>
      {children}
    </Stack>
  );
}

/** One exercise: what it is, how to do it step by step, what it trains and with what. */
export function ExerciseDetails({
  exerciseId,
  tagHref,
  actions,
}: {
  exerciseId: number;
  /** Where a tag leads: the library filtered by it. */
  tagHref: (tagId: number) => string;
  /** What other features add for this exercise (a coach's demo video upload; composed in app/). */
  actions?: (exercise: ExerciseDetail) => ReactNode;
}) {
  const { data: exercise } = useExercise(exerciseId);
  const [videoOpened, video] = useDisclosure(false);
  const { t } = useTranslation('exercises');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={8} flex="1 1 320px" miw={0}>
          <Title order={1} size="h2">
            {exercise.name}
          </Title>
          <Group gap={6}>
            <ExerciseKindBadge exercise={exercise} size="md" />
          </Group>
        </Stack>
        <Stack gap="xs" w={{ base: '100%', xs: 'auto' }}>
          <Button
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            variant="light"
            onClick={video.open}
          >
            {t('details.videoDemo')}
          </Button>
          {actions?.(exercise)}
        </Stack>
      </Group>

      <Text fz={{ base: 'md', sm: 'lg' }} maw={720}>
        {exercise.description}
      </Text>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder padding="md">
            <Stack gap="md">
              <Title order={2} size="h4">
                {t('details.howTo')}
              </Title>
              <List
                type="ordered"
                spacing="md"
                center={false}
                listStyleType="none"
                styles={{
                  root: { paddingInlineStart: 0 },
                  itemWrapper: { alignItems: 'flex-start' },
                }}
              >
                {exercise.steps.map((step, i) => (
                  <List.Item
                    key={step}
                    icon={
                      <ThemeIcon size={28} radius="xl" variant="light" aria-hidden>
                        <Text size="sm" fw={700}>
                          {i + 1}
                        </Text>
                      </ThemeIcon>
                    }
                  >
                    <Text pt={3}>{step}</Text>
                  </List.Item>
                ))}
              </List>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="md">
            <Stack gap="lg">
              <Title order={2} size="h4">
                {t('details.atAGlance')}
              </Title>
              <Fact label={t('details.primaryMuscles')}>
                <Group gap={6}>
                  {exercise.primary_muscles.map((m) => (
                    <Badge key={m} variant="light" size="lg" tt="none">
                      {t(`muscle.${m}`)}
                    </Badge>
                  ))}
                </Group>
              </Fact>
              <Fact label={t('details.secondaryMuscles')}>
                {exercise.secondary_muscles.length > 0 ? (
                  <Group gap={6}>
                    {exercise.secondary_muscles.map((m) => (
                      <Badge key={m} variant="light" color="gray" size="lg" tt="none">
                        {t(`muscle.${m}`)}
                      </Badge>
                    ))}
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('details.noSecondary')}
                  </Text>
                )}
              </Fact>
              <Fact label={t('details.equipment')}>
                <Group gap={6}>
                  {exercise.equipment.map((e) => (
                    <Badge key={e} variant="outline" color="gray" size="lg" tt="none">
                      {t(`equipment.${e}`)}
                    </Badge>
                  ))}
                </Group>
              </Fact>
              {exercise.tags.length > 0 && (
                <Fact label={t('details.tags')}>
                  <Group gap={6}>
                    {exercise.tags.map((tag) => (
                      <Badge
                        key={tag.id}
                        component={Link}
                        to={tagHref(tag.id)}
                        aria-label={t('details.tagLink', { tag: tag.name })}
                        variant="dot"
                        color="gray"
                        size="lg"
                        tt="none"
                        className="mantine-focus-auto"
                        style={{ cursor: 'pointer' }}
                      >
                        {tag.name}
                      </Badge>
                    ))}
                  </Group>
                </Fact>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>

      <VideoDemoModal
        opened={videoOpened}
        onClose={video.close}
        name={exercise.name}
        videoUrl={exercise.video_url}
      />
    </Stack>
  );
}
