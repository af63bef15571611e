/**
 * The server's texts in the user's language: ICU catalogs in `locales/<lang>.json`, the
 * validation messages and field names in `locales/validation/<lang>.json` (decision 094), the
 * assistant's sentences in `locales/assistant/<lang>.json` (`assistant.*`), the knowledge base
 * articles' citations in `locales/knowledge/<lang>.json` (`knowledge.*`) and the data exports'
 * CSV headers and FHIR texts in `locales/export/<lang>.json` (`export.*`), compiled once at load;
 * English is the source and Hindi must hold every id. A request's language is the user's
 * `language`, else the `lang` query parameter of server pages, else Accept-Language, else English.
 * Decision 026.
 */
import { pseudoCatalog } from '@diacare/contract/i18n/pseudo-locale';
import { renderVerbatim } from '@diacare/contract/i18n/verbatim-values';
import { INTL_LOCALES, type Language } from '@diacare/contract/languages';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { FastifyRequest } from 'fastify';
import enTexts from './locales/en.json' with { type: 'json' };
import hiTexts from './locales/hi.json' with { type: 'json' };
import enValidation from './locales/validation/en.json' with { type: 'json' };
import hiValidation from './locales/validation/hi.json' with { type: 'json' };
import enAssistant from './locales/assistant/en.json' with { type: 'json' };
import hiAssistant from './locales/assistant/hi.json' with { type: 'json' };
import enKnowledge from './locales/knowledge/en.json' with { type: 'json' };
import hiKnowledge from './locales/knowledge/hi.json' with { type: 'json' };
import enExport from './locales/export/en.json' with { type: 'json' };
import hiExport from './locales/export/hi.json' with { type: 'json' };

/** The languages the server speaks (the contract's LANGUAGES) and their Intl locales. */
export { INTL_LOCALES, type Language };

/** Each language's whole catalog: texts, validation messages, the assistant's sentences, citations, export texts. */
const en = { ...enTexts, ...enValidation, ...enAssistant, ...enKnowledge, ...enExport };
const hi: Record<string, string> = { ...hiTexts, ...hiValidation, ...hiAssistant, ...hiKnowledge, ...hiExport };

/** Every message id (the English catalog is the source). */
export type MessageId = keyof typeof en;
export type MessageValues = Record<string, string | number>;

/** A text to be rendered later in the reader's language. */
export interface Message {
  id: MessageId;
  values?: MessageValues;
}

/** The raw catalogs (id → ICU message), for the coverage test. */
export const catalogs: Record<Language, Record<string, string>> = { en, hi };

function compile(messages: Record<string, string>) {
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessage(text)]));
}

/**
 * DIACARE_PSEUDO_LOCALE=1, for development and the pseudo-locale journey only (never in
 * production): English is rendered as the pseudo-locale en-XA ('[Ḿéḋîçîñé ~~~]'), built here
 * from en.json, so any English text a person gets that is not from a catalog stands out
 * (decision 095).
 */
export const PSEUDO_LOCALE_ON = process.env.DIACARE_PSEUDO_LOCALE === '1' && process.env.NODE_ENV !== 'production';
const english = PSEUDO_LOCALE_ON ? pseudoCatalog(en) : en;

/** An id no catalog holds is returned as written, never compiled as an ICU message (its text may be a user's). */
const missing = (_locale: string, id: string) => id;

const instances: Record<Language, I18n> = {
  en: setupI18n({ locale: 'en', messages: { en: compile(english) }, missing }),
  hi: setupI18n({ locale: 'hi', messages: { hi: compile(hi), en: compile(english) }, missing }),
};

/**
 * One message in `language`; `values` (names, notes: user text too) are shown as given, never
 * read as ICU nor unescaped ('Met\u0041 {x}' stays so; contract i18n/verbatim-values).
 * @returns the rendered text; an id missing from the language falls back to English.
 */
export function t(language: Language, id: MessageId, values?: MessageValues): string {
  const catalog = catalogs[language];
  const i18n = id in catalog ? instances[language] : instances.en;
  return renderVerbatim((shown) => i18n._(id, shown), values);
}

/** True when `id` is a message of the catalogs (English is the source of ids). */
export const isMessageId = (id: string): id is MessageId => Object.hasOwn(catalogs.en, id);

/**
 * The catalog text of a stored option ('push.form.tablet' → 'tablet', 'गोली'), or `fallback` (the
 * value as stored) when the catalogs have no such id; the id is never rendered as a message.
 */
export const optionText = (language: Language, id: string, fallback: string): string =>
  isMessageId(id) ? t(language, id) : fallback;

/** A message for later (an error thrown now, rendered in the request's language). */
export const msg = (id: MessageId, values?: MessageValues): Message => (values ? { id, values } : { id });

/** 'hi', 'hi-IN' → 'hi'; 'en', 'en-GB' → 'en'; anything else → null. */
export function toLanguage(tag: string | null | undefined): Language | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'hi' || primary === 'en' ? primary : null;
}

/**
 * The first of our languages in an Accept-Language header by preference (q, then order),
 * e.g. 'hi-IN,hi;q=0.9,en;q=0.8' → 'hi'; null when it names neither.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: toLanguage(tag), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.language && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.language ?? null;
}

/**
 * Cookie (path /auth, 10 min) holding the `?lang=` the SPA sent to /auth/login, so the page a
 * Google callback answers with speaks the language chosen before sign-in.
 */
export const LANGUAGE_COOKIE = 'diacare_lang';

/**
 * The language to answer `request` in: the signed-in user's choice, else `?lang=`, else the
 * sign-in pages' LANGUAGE_COOKIE, else Accept-Language, else 'en'.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const chosen = request.user?.language;
  if (chosen) return chosen;
  const query = request.query as { lang?: unknown } | undefined;
  const fromQuery = typeof query?.lang === 'string' ? toLanguage(query.lang) : null;
  return (
    fromQuery ??
    toLanguage(request.cookies?.[LANGUAGE_COOKIE]) ??
    languageFromAcceptLanguage(request.headers['accept-language']) ??
    'en'
  );
}

/** A stored user's language for texts made without a request (pushes, reports): null → 'en'. */
export const userLanguage = (language: string | null | undefined): Language => toLanguage(language) ?? 'en';
