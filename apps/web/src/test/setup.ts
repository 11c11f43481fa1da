import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, expect } from 'vitest';

/*
 * Runs before every web test file. Component tests get what Mantine needs and jsdom lacks
 * (media queries, observers, scrolling), and a clean DOM after each test.
 */

function noop() {}

function polyfillBrowser(): void {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: noop,
      removeListener: noop,
      addEventListener: noop,
      removeEventListener: noop,
      dispatchEvent: () => false,
    }),
  });
  class ResizeObserverStub {
    observe = noop;
    unobserve = noop;
    disconnect = noop;
  }
  // Assigned, not stubbed: a test's vi.unstubAllGlobals() must not take it away.
  window.ResizeObserver = ResizeObserverStub;
  // Mantine's autosizing textarea listens for web fonts loading.
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: Object.assign(new EventTarget(), { ready: Promise.resolve() }),
  });
  window.HTMLElement.prototype.scrollIntoView = noop;
  window.HTMLElement.prototype.scrollTo = noop;
  window.scrollTo = noop;
}

if (typeof window === 'undefined') {
  beforeAll(() => {
    if (expect.getState().testPath?.endsWith('.tsx')) {
      throw new Error('A component test starts with `// @vitest-environment jsdom`.');
    }
  });
} else {
  polyfillBrowser();
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
}

// Texts (components', and form errors worded from the shared schemas' keys) come from the
// English catalogues, as a newcomer's browser would show them.
const { loadFeatureTexts, startI18n } = await import('../i18n/i18n');
await startI18n('en');
await loadFeatureTexts();
