/**
 * Meal answers (decision 102): what one meal did to the person's sugar — what was eaten, the reading
 * before it, the highest after it, the rise and the minutes to it — and which meals and foods go
 * with the largest rises. Every figure comes through the meals module's service (decision 089:
 * `loadMealResponse`, `loadMealsReport`), so the assistant never shows one the meals screens and
 * the report would not; nothing is estimated and no carbohydrate becomes a dose.
 * Sentences are catalog messages (`assistant.meals.*`, decision 096) in the answer's language,
 * glucose in the person's unit, dates and times in their zone.
 */
import { INTL_LOCALES } from '@diacare/contract/languages';
import { formatShortDate, localDate, localTime, minutesOfDay, shiftDate, zonedInstant } from '@diacare/contract/dates';
import { DEFAULT_GLUCOSE_UNIT, formatGlucose, glucoseInUnit } from '@diacare/contract/glucose-units';
import type { GlucoseReading } from '@diacare/contract/health';
import { MEALS_REPORT_MIN_RESPONSES, type MealType, type MealsReportPeriod } from '@diacare/contract/meal-constants';
import type { MealResponse } from '@diacare/contract/meals';
import type { User } from '@diacare/contract/users';
import type { Database } from '../../db/client.ts';
import { t, type Language } from '../../i18n/index.ts';
import { createHealthRepository } from '../health/health.repository.ts';
import { createMealsRepository, itemsIn, type MealRow } from '../meals/meals.repository.ts';
import { loadMealResponse, loadMealsReport, mealResponsesBetween, toMealResponse } from '../meals/meals.service.ts';
import { createUserRepository } from '../users/user.repository.ts';
import { linksFor, type ToolContext, type ToolResult } from './tools.ts';
import type { Understanding } from './understanding.ts';
import { VOCABULARY, hasPhrase, readWords, type Words } from './lexicon.ts';
import { isGeneralQuestion } from './intents.ts';

/** How far back 'my dinner' (no day named) looks for the last one. */
export const MEAL_LOOKBACK_DAYS = 30;
/** How far a logged meal's time may be from a clock time the question names ('the 23:30 dinner'). */
const MEAL_TIME_SLACK_MINUTES = 45;
/** Minutes between two clock times 'HH:MM' on a 24-hour dial (23:30 and 00:10 are 40 apart). */
const minutesApart = (a: string, b: string) => {
  const gap = Math.abs(minutesOfDay(a) - minutesOfDay(b));
  return Math.min(gap, 24 * 60 - gap);
};
/** Most meals one answer tells (a day named with no meal type). */
const MOST_MEALS = 4;
/** Most foods a ranking names. */
const MOST_FOODS = 3;
const SINGLE_DAY = new Set(['today', 'yesterday', 'daysAgo', 'onDate']);
/** The finger-stick contexts that belong to a meal type (snacks have none). */
const CONTEXTS: Record<MealType, [GlucoseReading['meal_context'], GlucoseReading['meal_context']] | null> = {
  breakfast: ['Before Breakfast', 'After Breakfast'],
  lunch: ['Before Lunch', 'After Lunch'],
  dinner: ['Before Dinner', 'After Dinner'],
  snack: null,
};

/** The report period for a question's period: 14, 30 (default) or 90 days. */
export function reportDays(u: Pick<Understanding, 'period' | 'periodNamed'>): MealsReportPeriod {
  if (!u.periodNamed) return 30;
  return u.period.days <= 14 ? 14 : u.period.days <= 30 ? 30 : 90;
}

/** Binds the meal answers to one database. */
export function createMealAnswers(db: Database) {
  const meals = createMealsRepository(db);
  const health = createHealthRepository(db);
  const users = createUserRepository(db);

  /** The sentence helpers of one answer: language, unit, zone. */
  function writer(context: ToolContext) {
    const language: Language = context.language ?? 'en';
    const unit = context.glucoseUnit ?? DEFAULT_GLUCOSE_UNIT;
    const day = (date: string) => formatShortDate(date, INTL_LOCALES[language]);
    const mealWord = (type: MealType | null) =>
      t(language, type ? `assistant.meals.type.${type}` : 'assistant.meals.type.any');
    return { language, unit, day, mealWord, g: (mgDl: number) => formatGlucose(mgDl, unit) };
  }

  /** One meal's sentence from its response (the meals module's), and its figures in the person's unit. */
  function mealSentence(row: MealRow, response: MealResponse, context: ToolContext) {
    const w = writer(context);
    const clock = (iso: string) => {
      const at = new Date(iso);
      const date = localDate(at, context.zone);
      const time = localTime(at, context.zone);
      // A peak after midnight names its own day: a dinner at 23:30 peaks 'at 00:45 on 19 Nov'.
      return date === row.date ? time : t(w.language, 'assistant.meals.time_on_day', { time, date: w.day(date) });
    };
    const base = {
      meal: w.mealWord(row.meal_type as MealType),
      date: w.day(row.date),
      time: row.time,
      items: itemsIn(row.items, w.language)
        .map((item) => item.name)
        .join(', '),
      // The meal's carbohydrate as logged, an estimate (the Meals screen's 'Total carbs … (estimate)').
      has_carbs: row.carbs_g === null ? 'no' : 'yes',
      carbs: row.carbs_g ?? '',
    };
    const { before, peak, rise } = response;
    let text: string;
    if (before && peak && rise !== null) {
      text = t(w.language, 'assistant.meals.response', {
        ...base,
        before: w.g(before.value),
        before_time: clock(before.at),
        peak: w.g(peak.value),
        peak_time: clock(peak.at),
        direction: rise > 0 ? 'up' : rise < 0 ? 'down' : 'same',
        change: w.g(Math.abs(rise)),
        minutes: response.minutes_to_peak ?? 0,
        source: response.source,
      });
    } else if (before) {
      text = t(w.language, 'assistant.meals.before_only', {
        ...base,
        before: w.g(before.value),
        before_time: clock(before.at),
      });
    } else {
      text = t(w.language, 'assistant.meals.no_pair', base);
    }
    const inUnit = (mgDl: number | undefined) => (mgDl === undefined ? null : glucoseInUnit(mgDl, w.unit));
    return {
      text,
      data: {
        date: row.date,
        time: row.time,
        meal_type: row.meal_type,
        source: response.source,
        before: inUnit(before?.value),
        peak: inUnit(peak?.value),
        rise: rise === null ? null : inUnit(rise),
        minutes_to_peak: response.minutes_to_peak,
      },
    };
  }

  /** No meal of the type on `date`: say so, then what its Before/After finger-sticks that day show. */
  async function noMealOn(date: string, type: MealType | null, context: ToolContext): Promise<string> {
    const w = writer(context);
    const said = t(w.language, 'assistant.meals.no_meal_on_day', { meal: w.mealWord(type), date: w.day(date) });
    const contexts = type ? CONTEXTS[type] : null;
    if (!contexts) return said;
    const readings = (await health.listGlucose(context.userId, { start_date: date, end_date: date })).sort((a, b) =>
      a.time.localeCompare(b.time),
    );
    const label = (c: string) => t(w.language, `option.meal.${c}` as 'option.meal.Fasting');
    const before = readings.find((r) => r.meal_context === contexts[0]);
    const after = [...readings].reverse().find((r) => r.meal_context === contexts[1]);
    if (before && after && after.time > before.time) {
      const change = after.value - before.value;
      return `${said} ${t(w.language, 'assistant.meals.day_pair', {
        before_label: label(before.meal_context),
        before: w.g(before.value),
        before_time: before.time,
        after_label: label(after.meal_context),
        after: w.g(after.value),
        after_time: after.time,
        direction: change > 0 ? 'up' : change < 0 ? 'down' : 'same',
        change: w.g(Math.abs(change)),
      })}`;
    }
    const only = before ?? after;
    if (!only) return said;
    return `${said} ${t(w.language, 'assistant.meals.day_one', { label: label(only.meal_context), value: w.g(only.value), time: only.time })}`;
  }

  async function response(u: Understanding, context: ToolContext, owner: User): Promise<ToolResult> {
    const w = writer(context);
    const today = localDate(context.now, context.zone);
    const day = SINGLE_DAY.has(u.period.kind) ? u.period.from : null;
    const range = day
      ? { start_date: day, end_date: day }
      : { start_date: shiftDate(today, -(MEAL_LOOKBACK_DAYS - 1)), end_date: today };
    // Newest first; a meal logged for later today is not eaten yet.
    const rows = (await meals.list(context.userId, { ...range, limit: 200 }))
      .map(({ row }) => row)
      .filter((row) => !u.mealType || row.meal_type === u.mealType)
      .filter((row) => !u.mealTime || minutesApart(row.time, u.mealTime) <= MEAL_TIME_SLACK_MINUTES)
      .filter((row) => zonedInstant(row.date, row.time, context.zone) <= context.now);
    const chosen = day ? rows.slice(0, MOST_MEALS).reverse() : rows.slice(0, 1);
    const links = [linksFor(w.language).reports];
    if (chosen.length === 0) {
      const text = day
        ? await noMealOn(day, u.mealType, context)
        : t(w.language, 'assistant.meals.no_meal_recent', { meal: w.mealWord(u.mealType), days: MEAL_LOOKBACK_DAYS });
      return { text, links, data: { unit: w.unit, meals: [] } };
    }
    const told = [];
    for (const row of chosen) told.push(mealSentence(row, await loadMealResponse(db, owner, row), context));
    return {
      text: told.map((meal) => meal.text).join('\n\n'),
      links,
      data: { unit: w.unit, meals: told.map((meal) => meal.data) },
    };
  }

  /**
   * The eaten meal of `type` (any when null) in the last `days` days with the largest rise, as its
   * sentence ('which dinner spiked me most'), or null when no such meal has a rise.
   */
  async function largestRise(type: MealType | null, days: number, context: ToolContext, owner: User) {
    const today = localDate(context.now, context.zone);
    const { byId, responses } = await mealResponsesBetween(db, owner, shiftDate(today, -(days - 1)), today);
    let best: { row: MealRow; response: MealResponse } | null = null;
    for (const row of byId.values()) {
      if ((type && row.meal_type !== type) || zonedInstant(row.date, row.time, context.zone) > context.now) continue;
      const result = responses.get(row.id);
      if (!result) continue;
      const response = toMealResponse(result);
      if (response.rise !== null && response.peak && (!best || response.rise > best.response.rise!)) {
        best = { row, response };
      }
    }
    if (!best) return null;
    const told = mealSentence(best.row, best.response, context);
    return t(writer(context).language, 'assistant.meals.ranking_top', { meal: told.text });
  }

  async function ranking(u: Understanding, context: ToolContext, owner: User): Promise<ToolResult> {
    const w = writer(context);
    const days = reportDays(u);
    const report = await loadMealsReport(db, owner, context.now, days, w.language);
    const links = [linksFor(w.language).reports];
    // 'which dinner shot up my sugar the most': that meal first, then the report's medians; 'which meal': after them.
    const top = await largestRise(u.mealType, days, context, owner);
    const lead = top && u.mealType ? `${top}\n\n` : '';
    const tail = top && !u.mealType ? `\n\n${top}` : '';
    const data = { unit: w.unit, days, meals: report.meals, with_response: report.with_response };
    if (report.with_response < MEALS_REPORT_MIN_RESPONSES) {
      const counts = t(w.language, 'assistant.meals.ranking_counts', {
        days,
        meals: report.meals,
        with: report.with_response,
      });
      return { text: `${lead}${counts} ${report.sentence}${tail}`, links, data };
    }
    const item = (name: string, rise: number, count: number) =>
      t(w.language, 'assistant.meals.ranking_item', { name, rise: w.g(rise), meals: count });
    const lines = [report.sentence];
    const foods = report.foods.slice(0, MOST_FOODS);
    if (foods.length) {
      const list = foods.map((food) => item(food.name, food.median_rise, food.meals)).join(', ');
      lines.push(t(w.language, 'assistant.meals.ranking_foods', { list }));
    } else {
      lines.push(t(w.language, 'assistant.meals.ranking_no_foods'));
    }
    const types = report.by_meal_type
      .filter((type) => type.median_rise !== null && type.meals > 0)
      .sort((a, b) => b.median_rise! - a.median_rise!);
    if (types.length) {
      const list = types
        .map((type) => item(t(w.language, `report.meals.type.${type.meal_type}`), type.median_rise!, type.meals))
        .join(', ');
      lines.push(t(w.language, 'assistant.meals.ranking_types', { list }));
    }
    return {
      text: lead + lines.join(' ') + tail,
      links,
      data: { ...data, foods, by_meal_type: types },
    };
  }

  /**
   * 'rajma chawal ke baad kitna badha', 'poha ke baad': the newest meal of the last
   * MEAL_LOOKBACK_DAYS eaten by now with a food the question names (its logged name, English or
   * Hindi) that has a rise, else the newest with that food; null when the question asks no rise
   * or names no logged food.
   */
  async function byFood(text: Words, context: ToolContext, owner: User): Promise<ToolResult | null> {
    const today = localDate(context.now, context.zone);
    const rows = (
      await meals.list(context.userId, {
        start_date: shiftDate(today, -(MEAL_LOOKBACK_DAYS - 1)),
        end_date: today,
        limit: 200,
      })
    )
      .map(({ row }) => row)
      .filter((row) => zonedInstant(row.date, row.time, context.zone) <= context.now);
    const names = (row: MealRow) =>
      [...itemsIn(row.items, 'en'), ...itemsIn(row.items, 'hi')].map((item) => item.name.toLowerCase());
    const withFood = rows.filter((row) => names(row).some((name) => name.length > 2 && hasPhrase(text, [name])));
    if (withFood.length === 0) return null;
    let chosen = withFood[0]!;
    let chosenResponse = await loadMealResponse(db, owner, chosen);
    for (const row of withFood) {
      const response = row === chosen ? chosenResponse : await loadMealResponse(db, owner, row);
      if (response.peak && response.rise !== null) {
        [chosen, chosenResponse] = [row, response];
        break;
      }
    }
    const told = mealSentence(chosen, chosenResponse, context);
    return { text: told.text, links: [linksFor(context.language).reports], data: { meals: [told.data] } };
  }

  return {
    /** The meal with a named food and its rise (`byFood`), or null. */
    async byFood(question: string, context: ToolContext): Promise<ToolResult | null> {
      const text = readWords(question);
      // A rise asked of the person's own meal ('meri', 'ke baad'), not whether a food raises sugar
      // in general: read before the person is looked up, since most questions ask neither.
      const own = hasPhrase(text, VOCABULARY.concepts.personal) || hasPhrase(text, ['ke baad', 'के बाद', 'after']);
      if (!hasPhrase(text, VOCABULARY.mealQuestions.rise) || !own || isGeneralQuestion(text.padded)) return null;
      const owner = await users.findById(context.userId);
      return owner ? byFood(text, context, owner) : null;
    },
    /**
     * The meal answer to `u` (subject 'meals') for the person of `context`: `ranking` → the meals
     * report of 14, 30 or 90 days; otherwise one meal (the last, or the named type and day), or
     * every meal of a named day. Null for another subject.
     */
    async answer(u: Understanding, context: ToolContext): Promise<ToolResult | null> {
      if (u.subject !== 'meals') return null;
      const owner = await users.findById(context.userId);
      if (!owner) return null;
      return u.measure === 'ranking' ? ranking(u, context, owner) : response(u, context, owner);
    },
  };
}
export type MealAnswers = ReturnType<typeof createMealAnswers>;
