// The form trend's chart styles load with this page only, like the charts library itself.
import '@mantine/charts/styles.css';
import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { idParam } from '@fitcoach/shared/pagination';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { data, Link, useLocation, useParams, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../config/paths';
import { useMe } from '../../features/auth/api/get-me';
import { DemoVideoButton } from '../../features/content/components/demo-video-button';
import { exerciseQueryOptions } from '../../features/exercises/api/get-exercise';
import { ExerciseDetails } from '../../features/exercises/components/exercise-details';
import { FormOverTime } from '../../features/video-analysis/components/form-over-time';
import { ApiError } from '../../lib/api-client';
import { AnalyseVideoButton, loadFormTrendTexts } from '../analyse-video-button';
import { queryClient } from '../query-client';

function notFound() {
  // React Router's way to a 404: a thrown data response reaches the error boundary as one.
  return data('Not found', { status: 404 });
}

export async function loader({ params }: LoaderFunctionArgs) {
  const id = idParam.safeParse(params.id);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- see notFound()
  if (!id.success) throw notFound();
  try {
    // The form trend's texts are in the lazy video-analysis catalogue.
    await Promise.all([
      queryClient.ensureQueryData(exerciseQueryOptions(id.data)),
      loadFormTrendTexts(),
    ]);
  } catch (error) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- see notFound()
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
  return null;
}

/** The list's filters when the member came from it, so going back finds them unchanged. */
function listHref(state: unknown): string {
  const search = (state as { listSearch?: unknown } | null)?.listSearch;
  const base = paths.exercises.href();
  return typeof search === 'string' && search.startsWith('?') ? `${base}${search}` : base;
}

export function Component() {
  const { t } = useTranslation();
  const id = idParam.parse(useParams().id);
  const location = useLocation();
  const user = useMe().data?.user;
  const role = user?.role;
  // Loaded by the loader; the form trend finds the member's analyses by this name.
  const exercise = useQuery(exerciseQueryOptions(id)).data;
  // Coaches and admins keep the library's demo videos (the server checks it too).
  const keepsVideos = role === 'coach' || role === 'admin';

  return (
    <Stack gap="md" maw={1040}>
      <Anchor component={Link} to={listHref(location.state)} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          {t('pages.exercises.back')}
        </Group>
      </Anchor>
      <ExerciseDetails
        key={id}
        exerciseId={id}
        tagHref={(tagId) => `${paths.exercises.href()}?tag_id=${tagId}`}
        actions={
          keepsVideos
            ? (exercise) => (
                <DemoVideoButton exerciseId={exercise.id} hasVideo={exercise.has_video} />
              )
            : undefined
        }
      />
      {user && exercise ? (
        <FormOverTime
          key={exercise.id}
          exerciseName={exercise.name}
          action={<AnalyseVideoButton exerciseName={exercise.name} size="sm" />}
        />
      ) : null}
    </Stack>
  );
}
