/**
 * The page a refused sign-in callback answers with (issue 15, Fix 11): the browser arrives
 * here from Google, so it gets a readable page with a way back, not the API's JSON. It uses
 * the local sign-in page's stylesheet (the CSP allows no inline styles).
 */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * @param message one or two sentences saying what went wrong and what to do, shown as an alert.
 * @returns a complete HTML document with links to sign in again and back to the app ('/').
 */
export function renderSignInErrorPage(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign-in did not work · DiaCare</title><link rel="stylesheet" href="/auth/login.css"></head>
<body><main>
<h1>Sign-in did not work</h1>
<div class="error" role="alert">${escapeHtml(message)}</div>
<p>Nothing was changed in your account.</p>
<a class="button" href="/">Back to DiaCare</a>
</main></body></html>`;
}
