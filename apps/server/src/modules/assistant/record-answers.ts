/**
 * Answers from the clinical record in the answer's language (`assistant.lab.*`, `assistant.insulin.*`):
 * the last lab result (HbA1c by default) with the one before, and the insulin units logged in a
 * period by type. Facts only: never a dose.
 */
import type { InsulinDose } from '@diacare/contract/insulin';
import { dailyInsulinTotals, INSULIN_TYPES, type InsulinType } from '@diacare/contract/insulin-rules';
import { LAB_TEST_RULES, type LabTest } from '@diacare/contract/lab-rules';
import type { Database } from '../../db/client.ts';
import { t, type Language } from '../../i18n/index.ts';
import { createInsulinRepository } from '../health/insulin.repository.ts';
import { createLabRepository, type LabRow } from '../health/lab.repository.ts';
import { dateOf, dayOf, link, periodPhrase, sentenceStart } from './phrases.ts';
import type { ToolContext, ToolResult } from './tools.ts';
import type { Understanding } from './understanding.ts';

/** A lab test's name in `language` ('HbA1c', 'LDL cholesterol'). */
const labName = (test: LabTest, language: Language) => t(language, `assistant.lab_name.${test}`);
/** An insulin type in `language` ('rapid', 'long'). */
const insulinType = (type: InsulinType, language: Language) => t(language, `assistant.insulin_type.${type}`);

/** A result's value with the unit it is stored in (HbA1c in %). */
const valueOf = (row: LabRow) => `${row.value} ${LAB_TEST_RULES[row.test].units[0].unit}`;

function labSentence(rows: LabRow[], language: Language): string {
  const [last, before] = rows;
  const text = t(language, 'assistant.lab.last', {
    name: labName(last!.test, language),
    value: valueOf(last!),
    day: dateOf(last!.date, language),
  });
  if (!before) return text;
  return `${text} ${t(language, 'assistant.lab.before', { value: valueOf(before), day: dateOf(before.date, language) })}`;
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
      const links = [link(language, 'reports', '/reports')];
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
      return {
        text: t(language, 'assistant.lab.none', { name: labName(test, language) }),
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
        (type) => `${insulinType(type, language)} ${byType[type]} U`,
      );
      const periodStart = sentenceStart(periodPhrase(language, u.period));
      const text =
        doses.length === 0
          ? t(language, 'assistant.insulin.none', { period_start: periodStart })
          : t(language, 'assistant.insulin.total', {
              period_start: periodStart,
              total,
              doses: doses.length,
              parts: parts.join(', '),
            });
      return {
        text: doses.length === 0 ? text : `${text} ${doseTimes(doses, language)}`,
        links: [link(language, 'insulin_history', '/reports/history/insulin')],
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
      type: insulinType(dose.insulin_type, language),
      time: dose.time,
      date: dayOf(dose.date, language),
    }),
  );
  return t(language, 'assistant.insulin.doses', {
    doses: items.join(', ') + (doses.length > listed.length ? ', …' : ''),
  });
}
