import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { idParam } from '@fitcoach/shared/pagination';
import type { LogResult } from '@fitcoach/shared/workout-logs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AchievementModal } from '../components/achievement-modal';
import { paths } from '../config/paths';

/** What the workout page and guided mode share: the id in the url, a 404, the log's outcome. */

/** The workout id of the url; anything else is the 404 page. */
export function workoutIdOf(raw: string | undefined): number {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw new Response('Not found', { status: 404 });
  return parsed.data;
}

/** A workout that does not exist, or is not yours to see, is the 404 page. */
export async function orNotFound<T>(loading: Promise<T>): Promise<T> {
  try {
    return await loading;
  } catch (error) {
    if ((error as { status?: number }).status === 404) {
      throw new Response('Not found', { status: 404 });
    }
    throw error;
  }
}

/**
 * After a log: the achievement modal when one was earned, else a toast; either way the member
 * lands on their history, unless `stay` (guided mode shows its own finished screen, with the
 * way to the history). That screen says the workout is logged, so it gets no toast: on a phone
 * the toast covered its last link. Answers the handler and the modal to render.
 */
export function useLogOutcome({ stay = false }: { stay?: boolean } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [logged, setLogged] = useState<LogResult | null>(null);

  function onLogged(result: LogResult) {
    if (result.achievement) {
      setLogged(result);
      return;
    }
    if (stay) return;
    notifications.show({
      color: 'teal',
      icon: <IconCheck size={18} />,
      title: t('pages.workout.loggedTitle'),
      message: t('pages.workout.loggedMessage'),
    });
    void navigate(paths.history.href());
  }

  const achievementModal = (
    <AchievementModal
      achievement={logged?.achievement ?? null}
      more={Math.max(0, (logged?.achievements.length ?? 0) - 1)}
      onClose={() => {
        setLogged(null);
        if (!stay) void navigate(paths.history.href());
      }}
    />
  );
  return { onLogged, achievementModal };
}
