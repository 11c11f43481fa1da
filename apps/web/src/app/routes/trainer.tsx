import { Button, Group } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { personasQueryOptions } from '../../features/trainer/api/get-personas';
import { threadsQueryOptions } from '../../features/trainer/api/threads';
import { TrainerChatPage } from '../../features/trainer/components/trainer-chat-page';
import { AnalyseVideoButton, loadAnalyseVideoTexts } from '../analyse-video-button';
import { friendPicker } from '../friend-picker';
import { queryClient } from '../query-client';

export async function loader() {
  // Started here, not awaited: the page shows its own loading and error states.
  void queryClient.prefetchQuery(personasQueryOptions);
  void queryClient.prefetchQuery(threadsQueryOptions);
  // The "Analyse my form" label's catalogue (a few kB, loaded once).
  await loadAnalyseVideoTexts();
  return null;
}

/** The AI trainer chat page; `?thread=<id>` opens that conversation (the trainer form links it). */
export function Component() {
  const [searchParams] = useSearchParams();
  const thread = Number(searchParams.get('thread'));
  const { t } = useTranslation('virtual-trainer');
  return (
    <TrainerChatPage
      initialThreadId={Number.isSafeInteger(thread) && thread > 0 ? thread : null}
      friendPicker={friendPicker}
      headerActions={
        <Group gap="xs">
          <AnalyseVideoButton size="sm" h="auto" mih={36} />
          <Button
            component={Link}
            to={paths.trainerNew.href()}
            leftSection={<IconSparkles size={18} />}
            // In Spanish the label is wider than a phone: it wraps rather than being cut off.
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
          >
            {t('page.open')}
          </Button>
        </Group>
      }
    />
  );
}
