import { Anchor, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../config/paths';
import { personasQueryOptions } from '../../features/trainer/api/get-personas';
import { threadQueryOptions } from '../../features/trainer/api/threads';
import { SharedThreadPage } from '../../features/trainer/components/shared-thread-page';
import { queryClient } from '../query-client';

const threadId = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export function loader({ params }: LoaderFunctionArgs) {
  const id = threadId(params.id);
  // Started here, not awaited: the page shows its own loading and error states.
  if (id !== null) void queryClient.prefetchQuery(threadQueryOptions(id));
  void queryClient.prefetchQuery(personasQueryOptions);
  return null;
}

/**
 * `/trainer/threads/:id`: a trainer conversation read-only (one a friend shared, opened from
 * "Shared with me" or its notification); copying it opens the copy in the chat.
 */
export function Component() {
  const { t } = useTranslation('trainer');
  const id = threadId(useParams().id);
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.shared.href()} size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('shared.back')}
      </Anchor>
      {id === null ? null : (
        <SharedThreadPage
          key={id}
          id={id}
          chatHref={paths.trainer.href}
          onCopied={(copy) => {
            notifications.show({
              color: 'teal',
              title: t('shared.copiedTitle'),
              message: t('shared.copied', { title: copy.title }),
            });
            void navigate(paths.trainer.href(copy.id));
          }}
        />
      )}
    </Stack>
  );
}
