import { Anchor, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../config/paths';
import { programQueryOptions } from '../../features/programs/api/get-program';
import { ProgramCalendar } from '../../features/programs/components/program-calendar';
import { friendPicker } from '../friend-picker';
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

/** `/programs/:id`: the program's weeks as a calendar; share it, or copy it as your own. */
export function Component() {
  const { t } = useTranslation('programs');
  const id = programId(useParams().id);
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.programs.href()} size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('list.title')}
      </Anchor>
      {id === null ? null : (
        <ProgramCalendar
          key={id}
          id={id}
          workoutHref={paths.workout.href}
          editHref={paths.programBuilder.href}
          friendPicker={friendPicker}
          onCopied={(copy) => {
            notifications.show({
              color: 'teal',
              title: t('detail.copiedTitle'),
              message: t('detail.copied', { title: copy.title }),
            });
            void navigate(paths.program.href(copy.id));
          }}
        />
      )}
    </Stack>
  );
}
