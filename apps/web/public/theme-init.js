// Sets the daisyUI theme before the first paint: the visitor's saved choice, else the system setting.
// Keep the storage key and theme names in sync with src/features/theme/hooks/use-theme.ts.
(() => {
  let theme = null;
  try {
    theme = window.localStorage.getItem('redline-theme');
  } catch {
    // Storage may be blocked (privacy mode); fall back to the system setting.
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-theme', theme === 'dark' ? 'redline-dark' : 'redline');
})();
