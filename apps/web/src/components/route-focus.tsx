import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from './skip-link';

/**
 * After a navigation to another page, the focus goes to the new page's heading (or its main
 * landmark): a screen reader announces where the member landed, and Tab continues from the
 * page, not from the link that was followed in a menu that may no longer be there. The first
 * page load leaves the focus to the browser; a change of query string (filters, tabs) keeps it
 * where it is.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // The new page has rendered by now; a frame later its lazy parts have too.
    const frame = requestAnimationFrame(() => {
      const main = document.getElementById(MAIN_CONTENT_ID);
      if (!main || main.contains(document.activeElement)) return;
      const heading = main.querySelector<HTMLElement>('h1');
      const target = heading ?? main;
      if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  return null;
}
