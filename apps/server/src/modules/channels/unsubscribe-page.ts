/**
 * The page an e-mail's unsubscribe link opens (decision 078): plain server HTML in the person's
 * language, styled by the sign-in pages' stylesheet (the CSP allows no inline styles).
 */
import type { NotificationKind } from '@diacare/contract/channels';
import { t, type Language, type MessageId } from '../../i18n/index.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * What the page says: 'confirm' asks (a GET never unsubscribes: link scanners open links), 'done'
 * after the POST, 'already' when that kind of e-mail was off, 'invalid' for a bad or stale link.
 */
export type UnsubscribePageState = 'confirm' | 'done' | 'already' | 'invalid';

/**
 * A complete HTML document in `language`. `kind` names the e-mails (not for 'invalid');
 * `action` is the link's own path, which the 'confirm' form posts `List-Unsubscribe=One-Click` to.
 */
export function renderUnsubscribePage(options: {
  state: UnsubscribePageState;
  language: Language;
  kind?: NotificationKind;
  action?: string;
}): string {
  const { state, language } = options;
  const text = (id: MessageId, values?: Record<string, string>) => escapeHtml(t(language, id, values));
  const kind = options.kind ? { kind: t(language, `unsubscribe.kind.${options.kind}` as MessageId) } : undefined;
  const open = `<a class="button" href="/profile#notifications">${text('unsubscribe.open')}</a>`;
  const [title, body] = ((): [string, string] => {
    switch (state) {
      case 'confirm':
        return [
          text('unsubscribe.confirm.page_title'),
          `<h1>${text('unsubscribe.confirm.heading', kind)}</h1>
<p>${text('unsubscribe.confirm.text', kind)}</p>
<form method="post" action="${escapeHtml(options.action ?? '')}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${text('unsubscribe.confirm.button')}</button>
</form>
<p class="after">${text('unsubscribe.back_on')}</p>`,
        ];
      case 'done':
      case 'already':
        return [
          text('unsubscribe.done.page_title'),
          `<h1>${text(state === 'done' ? 'unsubscribe.done.heading' : 'unsubscribe.already.heading')}</h1>
<p role="status">${text('unsubscribe.done.text', kind)}</p>
<p>${text('unsubscribe.back_on')}</p>
${open}`,
        ];
      case 'invalid':
        return [
          text('unsubscribe.invalid.page_title'),
          `<h1>${text('unsubscribe.invalid.heading')}</h1>
<div class="error" role="alert">${text('unsubscribe.invalid.text')}</div>
${open}`,
        ];
    }
  })();
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title><link rel="stylesheet" href="/auth/login.css"></head>
<body><main>
${body}
</main></body></html>`;
}
