/**
 * The pieces the assistant's sentences share, every word from the catalogs
 * (`locales/assistant/<language>.json`, `assistant.*`): the period a question named, a day, a
 * reading's meal context, a time of day, a meal kind, the links to screens, the cited sources and
 * the 15–15 steps. What stays in code is the same in every language: a name in quotes, a signed
 * change in kg, a capital at a sentence's start.
 */
import type { AssistantLink, AssistantSource } from '@diacare/contract/assistant';
import { HYPOGLYCAEMIA } from '@diacare/contract/clinical';
import { formatShortDate } from '@diacare/contract/dates';
import { formatGlucose, type GlucoseUnit } from '@diacare/contract/glucose-units';
import type { MealContext } from '@diacare/contract/health-constants';
import { INTL_LOCALES, LANGUAGES } from '@diacare/contract/languages';
import { t, type Language } from '../../i18n/index.ts';
import { dateFormatter } from '../export/doctor-report/formats.ts';
import { quoteArticle, sourceOf, type Article } from '../knowledge/knowledge.ts';
import type { Meal, Period, TimeOfDay } from './understanding.ts';

/** A name as the user wrote it, in quotes: read as data ('“Metformin”'). */
export const quote = (name: string) => `“${name}”`;

/** A change in kg with its sign and one decimal: '+0.4 kg', '-1.2 kg', '0.0 kg'. */
export const signedKg = (kg: number) => `${kg > 0 ? '+' : ''}${kg.toFixed(1)} kg`;

/** `text` with a capital first letter, for a phrase that opens a sentence ('Today (20 Nov)'). */
export const sentenceStart = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'YYYY-MM-DD' as a short day in `language`'s Intl locale ('20 Nov', '20 नव॰'). */
export const dayOf = (date: string, language: Language) => formatShortDate(date, INTL_LOCALES[language]);

const datesWithYear = Object.fromEntries(LANGUAGES.map((language) => [language, dateFormatter(language)])) as Record<
  Language,
  (date: string) => string
>;

/**
 * 'YYYY-MM-DD' as a date with its year in `language`'s Intl locale, as the doctor report writes
 * it ('3 Dec 2026', '3 दिस॰ 2026'): for a date that may be in another year (a latest reading, an
 * appointment, a lab result). Never the ISO form in a sentence.
 */
export const dateOf = (date: string, language: Language) => datesWithYear[language](date);

/**
 * The period `p` as a question named it, to sit inside a sentence: 'today (20 Nov)', 'on 17 Nov
 * (3 days ago)', 'since 1 Nov', 'in the last 14 days (including today)' (`assistant.period`).
 */
export function periodPhrase(language: Language, p: Period): string {
  return t(language, 'assistant.period', {
    kind: p.kind,
    day: dayOf(p.from, language),
    end: dayOf(p.to, language),
    n: p.n ?? '',
    days: p.days,
  });
}

/** How a glucose reading's meal context is named: as logged ('Before Breakfast', in a summary). */
export const readingContext = (language: Language, context: MealContext) =>
  t(language, `assistant.reading_context.${context}`);

/** …mid-sentence, saying when it was taken ('before breakfast', 'at bedtime'). */
export const readingWhen = (language: Language, context: MealContext) =>
  t(language, `assistant.reading_when.${context}`);

/** …as a list's tag in brackets ('before breakfast', 'bedtime'). */
export const readingTag = (language: Language, context: MealContext) => t(language, `assistant.reading_tag.${context}`);

/** 'morning', 'afternoon', 'evening', 'night' in `language`. */
export const timeOfDayWord = (language: Language, time: TimeOfDay) => t(language, `assistant.time_of_day.${time}`);

/** The readings a question picks by meal: 'fasting', 'before-meal', 'after-meal' in `language`. */
export const mealKindWord = (language: Language, meal: Meal) => t(language, `assistant.meal_kind.${meal}`);

/** The screens an answer links to (`assistant.link.*`). */
export type LinkKey =
  | 'reports'
  | 'medications'
  | 'home'
  | 'booking'
  | 'glucose_history'
  | 'bp_history'
  | 'weight_history'
  | 'insulin_history';

/** A link to the screen at `href`, labelled in `language`. */
export const link = (language: Language, key: LinkKey, href: string): AssistantLink => ({
  label: t(language, `assistant.link.${key}`),
  href,
});

/**
 * A source the fixed answers cite, its title and section in `language` (`assistant.source.*`):
 * 'hypo' ADA Standards of Care 2025 §6, 'sulfonylurea' §9, 'emergency' India's ERSS (112, 108),
 * 'leaflet' the medicine's patient leaflet.
 */
export const citedSource = (
  language: Language,
  key: 'hypo' | 'emergency' | 'sulfonylurea' | 'leaflet',
): AssistantSource => ({
  title: t(language, `assistant.source.${key}.title`),
  section: t(language, `assistant.source.${key}.section`),
});

/**
 * The hypoglycaemia steps, the ADA "15–15 rule" (ADA Standards of Care 2025, §6), with the
 * thresholds (70, 54 mg/dL) told in `unit` (3.9, 3.0 mmol/L), in `language`.
 */
export function hypoSteps(unit: GlucoseUnit = 'mg/dL', language: Language = 'en'): string {
  return t(language, 'assistant.hypo_steps', {
    low: formatGlucose(HYPOGLYCAEMIA.low, unit),
    very_low: formatGlucose(HYPOGLYCAEMIA.veryLow, unit),
  });
}

/** An article quoted: its title and excerpt, then its source (`assistant.knowledge_answer`). */
export const knowledgeAnswer = (
  language: Language,
  { title, excerpt, source }: { title: string; excerpt: string; source: AssistantSource },
) => t(language, 'assistant.knowledge_answer', { title, excerpt, source: source.title, section: source.section });

/** `article` quoted whole where it fits, the matched passage first (quoteArticle, decision 110), with its title and source. */
export const quotedArticle = (language: Language, article: Article) =>
  knowledgeAnswer(language, { title: article.title, excerpt: quoteArticle(article).text, source: sourceOf(article) });
