// Runs before the app: sets class="dark" on <html> from the saved choice or the system
// preference, so the first paint already has the right colours. Keep the key in sync with
// src/web/theme/theme-storage.ts.
/* global localStorage, window, document */
(function () {
  try {
    var saved = localStorage.getItem('kiln-theme');
    var dark =
      saved === 'dark' ||
      ((saved === null || saved === 'system') && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // Storage can be blocked (private mode, policies); the app falls back to light.
  }
})();
