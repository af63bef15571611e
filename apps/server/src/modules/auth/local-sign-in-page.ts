/**
 * The local sign-in page: a plain HTML form posting to
 * /auth/login. Used when no OIDC client is configured; never in production unless
 * AUTH_LOCAL_SIGNIN=true.
 */
import { t, type Language, type MessageId } from '../../i18n/index.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Stylesheet served at /auth/login.css (the CSP allows no inline styles). It follows the
 * system's light/dark setting (the app's per-device choice needs the app's script; decision
 * 024); every text pair keeps ≥ 4.5:1 in both (WCAG 1.4.3).
 */
export const localSignInCss = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f0fdfa;color:#0f172a;display:flex;min-height:100vh;align-items:center;justify-content:center;padding:16px}
main{width:100%;max-width:380px;background:#fff;border-radius:16px;padding:24px;box-shadow:0 10px 30px rgba(15,118,110,.12)}
h1{margin:0 0 4px;font-size:1.5rem}p{margin:0 0 20px;color:#475569;font-size:.95rem}
label{display:block;font-weight:600;margin:12px 0 6px}input{width:100%;padding:12px;border:1px solid #cbd5e1;border-radius:10px;font-size:1rem}
input:focus{outline:3px solid #5eead4;border-color:#0d9488}
button{margin-top:20px;width:100%;padding:14px;border:0;border-radius:10px;background:#0f766e;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
button:focus-visible{outline:3px solid #134e4a;outline-offset:2px}
.error{background:#fef2f2;color:#b91c1c;border:1px solid #fecaca;padding:10px 12px;border-radius:10px;margin-bottom:8px}
a.button{display:block;margin-top:20px;padding:14px;border-radius:10px;background:#0f766e;color:#fff;font-weight:600;text-align:center;text-decoration:none}
a.button:focus-visible{outline:3px solid #134e4a;outline-offset:2px}
:root{color-scheme:light dark}
@media (prefers-color-scheme:dark){body{background:#020617;color:#f8fafc}main{background:#0f172a;box-shadow:none}
p{color:#cbd5e1}input{background:#020617;color:#f8fafc;border-color:#475569}
button,a.button{background:#2dd4bf;color:#0f172a}button:focus-visible,a.button:focus-visible{outline-color:#99f6e4}
.error{background:#450a0a;color:#fecaca;border-color:#7f1d1d}}
`;

/**
 * The page's HTML in `language` (the `lang` travels in a hidden field so an error
 * page after posting the form keeps it); `values` refill the form after an error, `error` is
 * already in `language`.
 */
export function renderLocalSignInPage(options: {
  redirect: string;
  language?: Language;
  error?: string;
  values?: { name?: string; email?: string };
}): string {
  const { redirect, error, values = {}, language = 'en' } = options;
  const text = (id: MessageId) => escapeHtml(t(language, id));
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${text('signin.local.page_title')}</title><link rel="stylesheet" href="/auth/login.css"></head>
<body><main>
<h1>${text('signin.local.heading')}</h1>
<p>${text('signin.local.intro')}</p>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
<form method="post" action="/auth/login">
<input type="hidden" name="redirect" value="${escapeHtml(redirect)}">
<input type="hidden" name="lang" value="${language}">
<label for="name">${text('signin.local.name')}</label>
<input id="name" name="name" autocomplete="name" required maxlength="100" value="${escapeHtml(values.name ?? '')}">
<label for="email">${text('signin.local.email')}</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(values.email ?? '')}">
<button type="submit">${text('signin.local.submit')}</button>
</form>
</main></body></html>`;
}
