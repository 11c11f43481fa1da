import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** The spec's page navigation: a progress bar only when a navigation takes over 500 ms. */
export const PROGRESS_DELAY_MS = 500;

export function RouteProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const started = useRef(false);

  useEffect(() => {
    if (navigation.state === 'idle') {
      if (started.current) nprogress.complete();
      started.current = false;
      return;
    }
    const timer = window.setTimeout(() => {
      started.current = true;
      nprogress.start();
    }, PROGRESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigation.state]);

  return <NavigationProgress aria-label={t('loading.navigation')} />;
}
