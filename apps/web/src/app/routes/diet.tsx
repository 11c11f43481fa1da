import { Anchor, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../config/paths';
import { dietQueryOptions } from '../../features/diets/api/get-diet';
import { DietPage } from '../../features/diets/components/diet-page';
import { friendPicker } from '../friend-picker';
import { queryClient } from '../query-client';
import { orNotFound, workoutIdOf } from '../workout-routes';

export async function loader({ params }: LoaderFunctionArgs) {
  const id = workoutIdOf(params.id);
  await orNotFound(queryClient.ensureQueryData(dietQueryOptions(id)));
  return null;
}

/** A diet: the day's meals, totals against targets, edit, share, copy and history. */
export function Component() {
  const id = workoutIdOf(useParams().id);
  const { t } = useTranslation('diets');
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.diets.href()} size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} aria-hidden /> {t('page.back')}
      </Anchor>
      <DietPage
        key={id}
        dietId={id}
        friendPicker={friendPicker}
        onCopied={(copy) => {
          notifications.show({
            color: 'teal',
            title: t('page.copiedTitle'),
            message: t('page.copied', { title: copy.title }),
          });
          void navigate(paths.diet.href(copy.id));
        }}
      />
    </Stack>
  );
}
