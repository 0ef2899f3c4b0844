// Applies the saved colour scheme before the first paint so a light-theme user never sees a dark
// flash. Mirrors src/theme.ts: storage key 'theme', values light | dark | auto, default dark.
(() => {
  try {
    const saved = window.localStorage.getItem('theme');
    const scheme = saved === 'light' || saved === 'dark' || saved === 'auto' ? saved : 'dark';
    // The system preference is asked only when it decides.
    const resolved =
      scheme !== 'auto'
        ? scheme
        : window.matchMedia('(prefers-color-scheme: dark)').matches
          ? 'dark'
          : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', resolved);
  } catch {
    // Storage can be blocked (private mode, policies); the dark default from index.html stays.
  }
})();
