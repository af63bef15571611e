/**
 * Answers from the clinical record, English and Hindi: the last lab result (HbA1c by default)
 * with the one before, and the insulin units logged in a period by type. Facts only: never a dose.
 */
import { formatShortDate } from '@diacare/contract/dates';
import type { InsulinDose } from '@diacare/contract/insulin';
import { dailyInsulinTotals, INSULIN_TYPES, type InsulinType } from '@diacare/contract/insulin-rules';
import { LAB_TEST_RULES, type LabTest } from '@diacare/contract/lab-rules';
import type { Database } from '../../db/client.ts';
import { t, type Language } from '../../i18n/index.ts';
import { createInsulinRepository } from '../health/insulin.repository.ts';
import { createLabRepository, type LabRow } from '../health/lab.repository.ts';
import { answerTexts } from './answer-texts.ts';
import { assistantTexts, link } from './texts.ts';
import type { ToolContext, ToolResult } from './tools.ts';
import type { Understanding } from './understanding.ts';

const NAMES: Record<Language, Record<LabTest, string>> = {
  en: {
    hba1c: 'HbA1c',
    fasting_glucose: 'lab fasting glucose',
    total_cholesterol: 'total cholesterol',
    ldl_cholesterol: 'LDL cholesterol',
    hdl_cholesterol: 'HDL cholesterol',
    triglycerides: 'triglycerides',
    creatinine: 'creatinine',
    uacr: 'urine albumin-to-creatinine ratio',
  },
  hi: {
    hba1c: 'HbA1c',
    fasting_glucose: 'लैब में खाली पेट शुगर',
    total_cholesterol: 'कुल कोलेस्ट्रॉल',
    ldl_cholesterol: 'LDL कोलेस्ट्रॉल',
    hdl_cholesterol: 'HDL कोलेस्ट्रॉल',
    triglycerides: 'ट्राइग्लिसराइड',
    creatinine: 'क्रिएटिनिन',
    uacr: 'पेशाब में एल्ब्यूमिन-क्रिएटिनिन अनुपात',
  },
};
const TYPES: Record<Language, Record<InsulinType, string>> = {
  en: { rapid: 'rapid', short: 'short', intermediate: 'intermediate', long: 'long', premixed: 'premixed' },
  hi: { rapid: 'रैपिड', short: 'शॉर्ट', intermediate: 'इंटरमीडिएट', long: 'लॉन्ग', premixed: 'प्रीमिक्स्ड' },
};

/** '12 Nov 2026': a result can be from another year. */
const day = (date: string, language: Language) =>
  `${formatShortDate(date, language === 'hi' ? 'hi-IN' : 'en-IN')} ${date.slice(0, 4)}`;
/** A result's value with the unit it is stored in (HbA1c in %). */
const valueOf = (row: LabRow) => `${row.value} ${LAB_TEST_RULES[row.test].units[0].unit}`;

function labSentence(rows: LabRow[], language: Language): string {
  const [last, before] = rows;
  const name = NAMES[language][last!.test];
  if (language === 'hi') {
    return (
      `आपका पिछला ${name} ${valueOf(last!)} था (${day(last!.date, 'hi')})।` +
      (before ? ` उससे पहले ${valueOf(before)} था (${day(before.date, 'hi')})।` : '')
    );
  }
  return (
    `Your last ${name} was ${valueOf(last!)} on ${day(last!.date, 'en')}.` +
    (before ? ` The one before was ${valueOf(before)} on ${day(before.date, 'en')}.` : '')
  );
}

/** Binds the record's answers to one database. */
export function createRecordAnswers(db: Database) {
  const labs = createLabRepository(db);
  const insulin = createInsulinRepository(db);

  return {
    /**
     * The user's last result of the test `u` names (HbA1c when none), with the one before;
     * for 'lab results' in general, the last of each test recorded. Values in the stored unit.
     */
    async labs(u: Understanding, context: ToolContext): Promise<ToolResult> {
      const language = context.language ?? 'en';
      const links = [link(assistantTexts(language), 'reports', '/reports')];
      const test = u.labTest ?? 'hba1c';
      const rows = await labs.list(context.userId, { test, limit: 2 });
      if (rows.length > 0) {
        return {
          text: labSentence(rows, language),
          links,
          data: { test, results: rows.map((r) => ({ value: r.value, date: r.date })) },
        };
      }
      if (u.labTest === null) {
        const all = await labs.list(context.userId, { limit: 200 });
        const latest = [...new Map(all.reverse().map((row) => [row.test, row])).values()];
        if (latest.length > 0) {
          return {
            text: latest.map((row) => labSentence([row], language)).join(' '),
            links,
            data: { results: latest.map((r) => ({ test: r.test, value: r.value, date: r.date })) },
          };
        }
      }
      const name = NAMES[language][test];
      return {
        text:
          language === 'hi'
            ? `आपका कोई ${name} नतीजा अभी दर्ज नहीं है। रिपोर्ट में 'लैब नतीजे' पर इसे जोड़ें।`
            : `You have no ${name} result saved yet. Add it under Lab results on Reports.`,
        links,
        data: { test, results: [] },
      };
    },

    /** The insulin units the user logged in `u`'s period: total and by type, and the number of doses. */
    async insulin(u: Understanding, context: ToolContext): Promise<ToolResult> {
      const language = context.language ?? 'en';
      const doses = await insulin.list(context.userId, { start_date: u.period.from, end_date: u.period.to });
      const byType = Object.fromEntries(INSULIN_TYPES.map((type) => [type, 0])) as Record<InsulinType, number>;
      for (const day of dailyInsulinTotals(doses)) {
        for (const type of INSULIN_TYPES) byType[type] += day.byType[type];
      }
      const total = INSULIN_TYPES.reduce((sum, type) => sum + byType[type], 0);
      const parts = INSULIN_TYPES.filter((type) => byType[type] > 0).map(
        (type) => `${TYPES[language][type]} ${byType[type]} U`,
      );
      const period = answerTexts(language).period(u.period);
      const text =
        doses.length === 0
          ? language === 'hi'
            ? `${period} आपने कोई इंसुलिन दर्ज नहीं की।`
            : `${sentenceStart(period)} you logged no insulin.`
          : language === 'hi'
            ? `${period} आपने ${doses.length} खुराक में कुल ${total} U इंसुलिन दर्ज की (${parts.join(', ')})।`
            : `${sentenceStart(period)} you logged ${total} U of insulin in ${doses.length} ${doses.length === 1 ? 'dose' : 'doses'} (${parts.join(', ')}).`;
      return {
        text: doses.length === 0 ? text : `${text} ${doseTimes(doses, language)}`,
        links: [{ label: language === 'hi' ? 'इंसुलिन इतिहास' : 'Insulin history', href: '/reports/history/insulin' }],
        data: { from: u.period.from, to: u.period.to, unit: 'U', total, by_type: byType, doses: doses.length },
      };
    },
  };
}

/** How many doses the answer lists with their times (the rest are in the total). */
const DOSES_LISTED = 8;

/**
 * Each dose with its units, kind and time: in time order within one day; newest first, with
 * its date, over several days ('8 U rapid at 08:00, 6.5 U rapid at 13:30, 18 U long at 22:00').
 */
function doseTimes(doses: readonly InsulinDose[], language: Language): string {
  const oneDay = doses.every((dose) => dose.date === doses[0]!.date);
  const sorted = [...doses].sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`));
  const listed = (oneDay ? sorted : sorted.reverse()).slice(0, DOSES_LISTED);
  const items = listed.map((dose) =>
    t(language, oneDay ? 'assistant.insulin.dose_at' : 'assistant.insulin.dose_on', {
      units: dose.units,
      type: TYPES[language][dose.insulin_type],
      time: dose.time,
      date: formatShortDate(dose.date, language === 'hi' ? 'hi-IN' : 'en-IN'),
    }),
  );
  return t(language, 'assistant.insulin.doses', {
    doses: items.join(', ') + (doses.length > listed.length ? ', …' : ''),
  });
}

const sentenceStart = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
