/**
 * E-mail messages per template in the recipient's language, from the server's ICU catalogs
 * (decision 026): plain text and a simple HTML version with the same words. Decision 050.
 */
import { t, type Language, type MessageId } from '../../i18n/index.ts';
import { orderedValues, type TemplateName, type TemplateValues } from './templates.ts';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The e-mail for `template` with `values` (every variable of the template) in `language`;
 * `unsubscribeUrl` is the one-click page that stops this kind of e-mail (also the List-Unsubscribe);
 * `openUrl`, when given, is an 'Open DiaCare' link to the screen the message is about.
 * @throws Error when a variable is missing.
 */
export function buildEmail(
  template: TemplateName,
  values: TemplateValues,
  language: Language,
  unsubscribeUrl: string,
  openUrl?: string,
): EmailContent {
  orderedValues(template, values);
  const subject = t(language, `email.${template}.subject` as MessageId, values);
  const body = t(language, `email.${template}.body` as MessageId, values);
  const reason = t(language, 'email.footer.reason');
  const open = openUrl ? t(language, 'email.open') : null;
  const text = `${body}\n${open ? `\n${open}: ${openUrl}\n` : ''}\n--\n${reason}\n${t(language, 'email.footer.unsubscribe', { url: unsubscribeUrl })}\n`;
  const html = [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    "<body style=\"font-family:'Noto Sans','Noto Sans Devanagari',Arial,sans-serif;font-size:16px;line-height:1.5;color:#0f172a\">",
    `<p style="font-weight:700;color:#0f766e">DiaCare</p>`,
    `<p>${escapeHtml(body)}</p>`,
    ...(open && openUrl
      ? [
          `<p><a href="${escapeHtml(openUrl)}" style="display:inline-block;padding:10px 16px;border-radius:8px;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(open)}</a></p>`,
        ]
      : []),
    `<hr><p style="font-size:13px;color:#475569">${escapeHtml(reason)}<br>`,
    `<a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(t(language, 'email.footer.unsubscribe_link'))}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
