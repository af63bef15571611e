/*
 * DiaCare theme, applied before first paint (decision 024): the choice stored on this device
 * ('light' | 'dark'; absent = follow the system) decides the `dark` class on <html>, the
 * color-scheme and the theme-color meta. A classic blocking script from our own origin, so
 * the CSP's script-src 'self' allows it without a hash. src/lib/theme.ts keeps it in step.
 */
(function () {
  var choice = null;
  try {
    choice = localStorage.getItem('diacare-theme');
  } catch {
    /* storage blocked: follow the system */
  }
  var dark =
    choice === 'dark' ||
    (choice !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', dark ? '#020617' : '#0d9488');
})();
