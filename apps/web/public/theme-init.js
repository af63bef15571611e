/*
 * Runs before the first paint, a classic blocking script from our own origin (the CSP's script-src
 * 'self' allows it without a hash):
 *
 * 1. DiaCare theme (decision 024): the choice stored on this device ('light' | 'dark'; absent =
 *    follow the system) decides the `dark` class on <html>, the color-scheme and the theme-color
 *    meta. src/lib/theme.ts keeps it in step.
 * 2. The first screen's texts (decision 104): a screen's page names its catalog chunks per language
 *    on this script's tag (`data-catalogs-<lang>`, space-separated paths; vite.config.ts
 *    screenPages). The first render's language is chosen as src/lib/i18n/i18n.ts initialLanguage()
 *    does (this device's stored choice, else the first of the browser's languages DiaCare speaks,
 *    else English), and that language's chunks are asked for now, at low priority, beside the app's
 *    code, instead of once the app has started. index.html names none, so nothing is asked for.
 * 3. The first paint's language (decision 107): that language goes on <html lang> before the body
 *    is parsed, so of the screen's top the page carries in each language (src/app/first-paint.ts)
 *    only the first render's shows (index.css).
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

(function (script) {
  if (!script) return;
  var language = null;
  var files = null;
  var choose = function (candidate) {
    var found = candidate ? script.getAttribute('data-catalogs-' + candidate) : null;
    if (found === null) return;
    language = candidate;
    files = found;
  };
  var stored = null;
  try {
    stored = localStorage.getItem('language');
  } catch {
    /* storage blocked: the browser's languages decide */
  }
  choose(stored);
  var browser = navigator.languages || [];
  for (var i = 0; files === null && i < browser.length; i += 1) {
    choose(String(browser[i]).toLowerCase().split('-')[0]);
  }
  if (files === null) choose('en');
  if (language) document.documentElement.lang = language;
  if (!files) return;
  files.split(' ').forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.setAttribute('fetchpriority', 'low');
    link.href = href;
    document.head.appendChild(link);
  });
})(document.currentScript);
