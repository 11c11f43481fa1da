import { Button } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/** The id of every page's main landmark: the skip link lands there. */
export const MAIN_CONTENT_ID = 'main-content';

/** Props that make an element the skip link's landing point (focusable by script only). */
export const mainContentProps = {
  id: MAIN_CONTENT_ID,
  tabIndex: -1,
  className: classes.target,
} as const;

/**
 * The first focusable element of every page: keyboard and screen reader users jump past the
 * header and navigation to the page itself.
 */
export function SkipLink() {
  const { t } = useTranslation();
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    // A plain hash change would be a navigation for the router (loaders run again); moving the
    // focus is all the link is for.
    event.preventDefault();
    const main = document.getElementById(MAIN_CONTENT_ID);
    main?.focus({ preventScroll: true });
    main?.scrollIntoView({ block: 'start' });
  }

  return (
    <Button component="a" href={`#${MAIN_CONTENT_ID}`} className={classes.link} onClick={skip}>
      {t('skipLink')}
    </Button>
  );
}
