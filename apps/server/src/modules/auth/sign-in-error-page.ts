/**
 * The page a refused sign-in callback answers with (decision 013): the browser arrives
 * here from Google, so it gets a readable page with a way back, not the API's JSON. It uses
 * the local sign-in page's stylesheet (the CSP allows no inline styles).
 */
import { t, type Language, type MessageId } from '../../i18n/index.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * @param message one or two sentences saying what went wrong and what to do, shown as an
 *   alert, already in `language`.
 * @returns a complete HTML document in `language` with links to sign in again and back to the app ('/').
 */
export function renderSignInErrorPage(message: string, language: Language = 'en'): string {
  const text = (id: MessageId) => escapeHtml(t(language, id));
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${text('signin.refused.page_title')}</title><link rel="stylesheet" href="/auth/login.css"></head>
<body><main>
<h1>${text('signin.refused.heading')}</h1>
<div class="error" role="alert">${escapeHtml(message)}</div>
<p>${text('signin.refused.nothing_changed')}</p>
<a class="button" href="/">${text('signin.refused.back')}</a>
</main></body></html>`;
}
