import { Anchor, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../config/paths';
import { programQueryOptions } from '../../features/programs/api/get-program';
import { ProgramCalendar } from '../../features/programs/components/program-calendar';
import { queryClient } from '../query-client';

const programId = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

export function loader({ params }: LoaderFunctionArgs) {
  const id = programId(params.id);
  if (id !== null) void queryClient.prefetchQuery(programQueryOptions(id));
  return null;
}

/** `/programs/:id`: the program's weeks as a calendar. */
export function Component() {
  const { t } = useTranslation('programs');
  const id = programId(useParams().id);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.programs.href()} size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('list.title')}
      </Anchor>
      {id === null ? null : <ProgramCalendar id={id} workoutHref={paths.workout.href} />}
    </Stack>
  );
}
