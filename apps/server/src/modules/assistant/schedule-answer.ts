/**
 * The answer to 'at what time are the tablets taken' (answer-rules.ts asksDoseTime: 'raat wali
 * goli kitne baje deni hai', 'what time is the night tablet'): the times saved in Medications for
 * the named medicine or time of day, then today's doses (taken, due, the next one). Times as
 * saved, never a dose.
 */
import { t } from '../../i18n/index.ts';
import { TIME_OF_DAY } from './answers.ts';
import { timeOfDayWord } from './phrases.ts';
import { medicineLabel, type AssistantTools, type ToolContext, type ToolResult } from './tools.ts';
import type { Understanding } from './understanding.ts';

/**
 * The schedule of `u.medicine` (or of every medicine) at `u.timeOfDay` (or all day) for the user
 * of `context`, with today's doses below it; just today's doses when no medicine is scheduled.
 */
export async function scheduleAnswer(
  u: Pick<Understanding, 'medicine' | 'timeOfDay'>,
  context: ToolContext,
  tools: AssistantTools,
): Promise<ToolResult> {
  const language = context.language ?? 'en';
  const today = await tools.todaysDoses(context);
  const medicines = (await tools.medicineSchedules(context)).filter((m) => !u.medicine || m.name === u.medicine);
  if (medicines.length === 0) return today;
  const line = (name: string, times: string[]) =>
    t(language, 'assistant.schedule.dose', { medicine: medicineLabel({ name }), times: times.join(', ') });
  const all = medicines.map((m) => line(m.name, m.times)).join('; ');
  const inTime = u.timeOfDay ? TIME_OF_DAY[u.timeOfDay] : () => true;
  const wanted = medicines
    .map((m) => ({ name: m.name, times: m.times.filter(inTime) }))
    .filter((m) => m.times.length > 0);
  if (wanted.length === 0 && !u.timeOfDay) return today;
  const when = u.timeOfDay ? timeOfDayWord(language, u.timeOfDay) : 'any';
  const text =
    wanted.length > 0
      ? t(language, 'assistant.schedule.doses', {
          when,
          doses: wanted.map((m) => line(m.name, m.times)).join('; '),
        })
      : t(language, 'assistant.schedule.none', { when, doses: all });
  return {
    text: `${text}\n\n${today.text}`,
    links: today.links,
    data: { schedule: wanted, today: today.data },
  };
}
