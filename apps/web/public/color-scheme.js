// Mirrors Mantine's ColorSchemeScript: read the saved scheme (default "auto" follows the OS) and
// set it on <html> before React renders, so a dark-mode member never sees a white flash.
(function () {
  try {
    var saved = window.localStorage.getItem('mantine-color-scheme-value');
    var scheme = saved === 'light' || saved === 'dark' ? saved : 'auto';
    var computed =
      scheme === 'auto'
        ? window.matchMedia('(prefers-color-scheme: dark)').matches
          ? 'dark'
          : 'light'
        : scheme;
    document.documentElement.setAttribute('data-mantine-color-scheme', computed);
  } catch {
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  }
})();
