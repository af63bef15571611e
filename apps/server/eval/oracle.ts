/**
 * The evaluation's expected figures for a data label ('glucose.highest@30'), computed from the
 * seeded user's API rows with the contract's functions, never with the assistant's code.
 */
import { mean, roundTo, timeInRange } from '@diacare/contract/clinical';
import { datesEndingOn, formatShortDate, shiftDate } from '@diacare/contract/dates';
import { INTL_LOCALES } from '@diacare/contract/languages';
import { adherencePercent, dailyAdherence, doseStatusesOn, indexByDose } from '@diacare/contract/dose-rules';
import type { Appointment } from '@diacare/contract/appointments';
import type { BloodPressureReading, BodyMetrics, GlucoseReading } from '@diacare/contract/health';
import type { InsulinDose } from '@diacare/contract/insulin';
import type { LabResult } from '@diacare/contract/labs';
import type { AdherenceRecord, Medication } from '@diacare/contract/medications';
import { runOutDate } from '@diacare/contract/refill-rules';
import { mealFigures, type MealSnapshot } from './oracle-meals.ts';

/** What the API returns for the seeded user (all rows of the last 60 days). */
export interface Snapshot extends MealSnapshot {
  today: string;
  nowTime: string;
  /** The seeded user's IANA zone. */
  zone: string;
  glucose: GlucoseReading[];
  bp: BloodPressureReading[];
  metrics: BodyMetrics[];
  medications: Medication[];
  adherence: AdherenceRecord[];
  appointments: Appointment[];
  labs: LabResult[];
  insulin: InsulinDose[];
}

/** A data label read: subject.measure, @period, #medicine, ~time of day or meal. */
export interface Label {
  subject: string;
  measure: string;
  period: string | null;
  medicine: string | null;
  qualifier: string | null;
}

export function parseLabel(label: string): Label {
  const match = /^([a-z]+)(?:\.([a-zA-Z0-9]+))?(?:@([^#~]+))?(?:#([^~]+))?(?:~(.+))?$/.exec(label);
  if (!match) throw new Error(`bad label ${label}`);
  return {
    subject: match[1]!,
    measure: match[2] ?? '',
    period: match[3] ?? null,
    medicine: match[4] ?? null,
    qualifier: match[5] ?? null,
  };
}

/** The dates a label's period covers: '7', '30', '14', 'today', 'y', '-3', 'on:DATE', 'since:DATE', 'DATE..DATE' (both included), 'month' (since the 1st), 'month:YYYY-MM', 'all'. */
function dates(period: string | null, today: string): { from: string; to: string } {
  if (period === null) return { from: shiftDate(today, -6), to: today };
  if (period.includes('..')) {
    // '2026-11-01..2026-11-10' ('1 nov se 10 nov tak'): the two dates and the days between.
    const [from, to] = period.split('..') as [string, string];
    return { from, to };
  }
  if (period === 'month') return { from: `${today.slice(0, 8)}01`, to: today };
  if (period.startsWith('month:')) {
    // 'month:2026-10' ('october me'): the named calendar month, to today for the current one.
    const from = `${period.slice(6)}-01`;
    const next = shiftDate(from, 31).slice(0, 8) + '01';
    const last = shiftDate(next, -1);
    return { from, to: last < today ? last : today };
  }
  if (period === 'all') return { from: '0000-01-01', to: today };
  if (period === 'today') return { from: today, to: today };
  if (period === 'y') return { from: shiftDate(today, -1), to: shiftDate(today, -1) };
  if (period.startsWith('-')) return { from: shiftDate(today, Number(period)), to: shiftDate(today, Number(period)) };
  if (period.startsWith('on:')) return { from: period.slice(3), to: period.slice(3) };
  if (period.startsWith('since:')) return { from: period.slice(6), to: today };
  return { from: shiftDate(today, -(Number(period) - 1)), to: today };
}

const TIME_OF_DAY: Record<string, (time: string) => boolean> = {
  morning: (t) => t >= '04:00' && t < '12:00',
  evening: (t) => t >= '16:00',
  night: (t) => t >= '19:00' || t < '04:00',
};

/**
 * The strings an answer in `language` must contain for `label` over `s` (mg/dL user), or
 * null when the label is not a data label this oracle knows.
 */
export function expectedFigures(label: Label, s: Snapshot, language: 'en' | 'hi'): string[] {
  const day = (date: string) => formatShortDate(date, INTL_LOCALES[language]);
  const { from, to } = dates(label.period, s.today);
  const inPeriod = <T extends { date: string }>(rows: T[]) => rows.filter((r) => r.date >= from && r.date <= to);
  const mg = (value: number) => `${value} mg/dL`;
  // A qualifier may hold several, comma-separated ('fasting,vs:2026-10').
  const qualifiers = new Set(label.qualifier?.split(',') ?? []);
  const meal = (r: { meal_context: string }) =>
    (!qualifiers.has('fasting') || r.meal_context === 'Fasting') &&
    (!qualifiers.has('after') || r.meal_context.startsWith('After'));
  const glucose = inPeriod(s.glucose).filter(meal);
  const values = glucose.map((r) => r.value);

  if (label.subject === 'meals') return mealFigures(label, s, label.period === null ? null : { from, to }, language);
  const threshold = /^(over|under)(\d+)$/.exec(label.measure);
  if (label.subject === 'glucose' && threshold) {
    // 'glucose.over180@7': how many readings are above (or under) the number, in both languages' words.
    const limit = Number(threshold[2]);
    const n = values.filter((v) => (threshold[1] === 'over' ? v > limit : v < limit)).length;
    const side =
      threshold[1] === 'over' ? (language === 'hi' ? 'से ऊपर' : 'above') : language === 'hi' ? 'से कम' : 'under';
    // In English the count and the limit, whether the sentence says 'readings under' or 'readings were under'.
    if (language !== 'hi') return [`${n} ${n === 1 ? 'reading' : 'readings'} `, `${side} ${mg(limit)}`];
    return [`${n} रीडिंग ${mg(limit)} ${side}`];
  }
  if (label.subject === 'bp' && threshold) {
    // 'bp.over140@all' ('bp kabhi 140 se upar gaya kya'): yes or no and the highest reading with its date.
    const limit = Number(threshold[2]);
    const top = limit >= 100;
    const number = (r: BloodPressureReading) => (top ? r.systolic : r.diastolic);
    const over = threshold[1] === 'over';
    const rows = inPeriod(s.bp);
    const hit = rows.some((r) => (over ? number(r) > limit : number(r) < limit));
    const extreme = rows.reduce((a, b) => ((over ? number(b) > number(a) : number(b) < number(a)) ? b : a));
    const yes = language === 'hi' ? (hit ? 'हाँ' : 'नहीं') : hit ? 'Yes' : 'No';
    return [yes, `${extreme.systolic}/${extreme.diastolic} mmHg`, day(extreme.date)];
  }
  switch (`${label.subject}.${label.measure}`) {
    case 'glucose.latest':
      return [mg(s.glucose.reduce((a, b) => (`${b.date} ${b.time}` > `${a.date} ${a.time}` ? b : a)).value)];
    case 'glucose.summary':
    case 'glucose.average': {
      if (label.qualifier !== 'compare') return [mg(roundTo(mean(values)!))];
      // '~compare' ('after meals or fasting, which is higher'): both averages and which is higher.
      const average = (after: boolean) =>
        roundTo(
          mean(
            glucose
              .filter((r) => (after ? r.meal_context.startsWith('After') : r.meal_context === 'Fasting'))
              .map((r) => r.value),
          )!,
        );
      return [mg(average(false)), mg(average(true)), language === 'hi' ? 'से ज़्यादा रहती है' : 'higher than'];
    }
    case 'glucose.trend': {
      // This period's mean against the same number of days before ('~vs:YYYY-MM': against that month, '~vs:A..B'
      // against those dates); with
      // none before, first half against second. '~lows': each reading under 70 in the period too.
      const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
      const vs = [...qualifiers].find((q) => q.startsWith('vs:'));
      const earlier = vs
        ? dates(vs.includes('..') ? vs.slice(3) : `month:${vs.slice(3)}`, s.today)
        : { from: shiftDate(from, -days), to: shiftDate(from, -1) };
      const before = s.glucose
        .filter((r) => r.date >= earlier.from && r.date <= earlier.to)
        .filter(meal)
        .map((r) => r.value);
      const lows = qualifiers.has('lows')
        ? glucose.filter((r) => r.value < 70).flatMap((r) => [mg(r.value), day(r.date)])
        : [];
      if (before.length) return [mg(roundTo(mean(values)!)), mg(roundTo(mean(before)!)), ...lows];
      const middle = shiftDate(from, Math.floor(days / 2));
      const first = glucose.filter((r) => r.date < middle).map((r) => r.value);
      const second = glucose.filter((r) => r.date >= middle).map((r) => r.value);
      return [mg(roundTo(mean(first)!)), mg(roundTo(mean(second)!))];
    }
    case 'glucose.list':
      return glucose.map((r) => mg(r.value));
    case 'glucose.highest':
    case 'glucose.lowest': {
      const sign = label.measure === 'highest' ? 1 : -1;
      const best = glucose.reduce((a, b) => (sign * (b.value - a.value) > 0 ? b : a));
      return [mg(best.value), day(best.date)];
    }
    case 'glucose.onDay':
      return [...glucose.map((r) => mg(r.value)), day(from)];
    case 'glucose.lows': {
      const lows = values.filter((v) => v < 70).length;
      // Each low (a few) with its value and day: 'when did it go low, morning or night'.
      const each =
        lows <= 6 ? glucose.filter((r) => r.value < 70).flatMap((r) => [mg(r.value), day(r.date), r.time]) : [];
      if (language === 'hi') return lows ? [`${lows} रीडिंग 70 mg/dL से कम`, ...each] : ['कोई रीडिंग 70 mg/dL से कम नहीं'];
      // The count and the limit, whether the sentence says 'readings were under' or 'readings under'.
      return lows
        ? [`${lows} ${lows === 1 ? 'reading' : 'readings'} `, 'under 70 mg/dL', ...each]
        : ['no reading was under'];
    }
    case 'glucose.tir':
      return [`${timeInRange(values)!.inRange}%`];
    case 'glucose.count':
      return [language === 'hi' ? `${values.length} शुगर रीडिंग` : `${values.length} glucose readings`];
    case 'bp.latest': {
      const latest = s.bp.reduce((a, b) => (`${b.date} ${b.time}` > `${a.date} ${a.time}` ? b : a));
      return [`${latest.systolic}/${latest.diastolic} mmHg`];
    }
    case 'bp.summary':
    case 'bp.average': {
      const rows = inPeriod(s.bp);
      const average = `${roundTo(mean(rows.map((r) => r.systolic))!)}/${roundTo(mean(rows.map((r) => r.diastolic))!)} mmHg`;
      if (label.qualifier !== 'goal') return [average];
      // '~goal' ('is my bp normal'): the latest reading and the average, judged against the ADA goal of under 130/80.
      const latest = s.bp.reduce((a, b) => (`${b.date} ${b.time}` > `${a.date} ${a.time}` ? b : a));
      return [`${latest.systolic}/${latest.diastolic} mmHg`, average, '130/80 mmHg'];
    }
    case 'bp.highest': {
      const rows = inPeriod(s.bp);
      const best = rows.reduce((a, b) => (b.systolic > a.systolic ? b : a));
      if (label.qualifier !== 'average') return [`${best.systolic}/${best.diastolic} mmHg`, day(best.date)];
      // '~average' ('how was my bp this month, how high did it go'): the period's average beside the highest.
      const average = `${roundTo(mean(rows.map((r) => r.systolic))!)}/${roundTo(mean(rows.map((r) => r.diastolic))!)} mmHg`;
      return [`${best.systolic}/${best.diastolic} mmHg`, day(best.date), average];
    }
    case 'bp.list':
    case 'bp.onDay':
      return inPeriod(s.bp).map((r) => `${r.systolic}/${r.diastolic} mmHg`);
    case 'weight.latest':
      return [`${newest(s.metrics).weight.toFixed(1)} kg`];
    case 'weight.trend': {
      const rows = inPeriod(s.metrics).sort((a, b) => a.date.localeCompare(b.date));
      const change = rows.at(-1)!.weight - rows[0]!.weight;
      return [`${rows.at(-1)!.weight.toFixed(1)} kg`, `${change > 0 ? '+' : ''}${change.toFixed(1)} kg`];
    }
    case 'weight.bmi':
      return [`BMI ${newest(s.metrics).bmi.toFixed(1)}`];
    case 'doses.today': {
      const taken = s.adherence.filter((r) => r.date === s.today && r.status === 'taken').length;
      return [language === 'hi' ? `ली गईं: ${taken}` : `Taken: ${taken}`];
    }
    case 'doses.missed':
    case 'doses.taken': {
      const meds = s.medications.filter((m) => !label.medicine || m.name === label.medicine);
      const recorded = indexByDose(s.adherence.filter((r) => meds.some((m) => m.id === r.medication_id)));
      let taken = 0;
      let missed = 0;
      // '~all' ('poori list', 'did I take them on 15 Nov'): each missed dose with its medicine, day and time.
      const each: string[] = [];
      const all = label.qualifier === 'all';
      for (let date = from; date <= to; date = shiftDate(date, 1)) {
        for (const [key, status] of doseStatusesOn(meds, recorded, date, s.today, s.nowTime, s.zone)) {
          const time = key.split('|')[2]!;
          if (status === 'pending' || (label.qualifier && !all && !TIME_OF_DAY[label.qualifier]!(time))) continue;
          if (status === 'taken') taken += 1;
          else {
            missed += 1;
            if (all) each.push(`“${meds.find((m) => m.id === key.split('|')[0])?.name}” ${day(date)}`, time);
          }
        }
      }
      const counted = taken + missed;
      if (label.measure === 'taken') {
        return [language === 'hi' ? `${counted} में से ${taken} खुराक लीं` : `took ${taken} of ${counted}`, ...each];
      }
      if (language === 'hi') return missed ? [`${counted} में से ${missed} खुराक छूटीं`, ...each] : ['कोई खुराक नहीं छूटी'];
      return missed ? [`You missed ${missed} `, `out of ${counted}`, ...each] : ['You missed no'];
    }
    case 'doses.adherence': {
      // 'month': since the 1st, named by its first day; any other range ('since:', 'month:', 'a..b') by its dates.
      const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
      const perDay = dailyAdherence(s.medications, s.adherence, datesEndingOn(to, days), s.today, s.nowTime, s.zone);
      const taken = perDay.reduce((sum, d) => sum + d.taken, 0);
      const total = perDay.reduce((sum, d) => sum + d.total, 0);
      const percent = `${adherencePercent(taken, total)}%`;
      return label.period === null || /^\d+$/.test(label.period) ? [percent] : [percent, day(from)];
    }
    case 'doses.schedule': {
      // '~night': each medicine's scheduled times in that part of the day, as saved.
      const inTime = TIME_OF_DAY[label.qualifier ?? ''] ?? (() => true);
      return s.medications.flatMap((m) => {
        const times = m.schedule.times.filter(inTime);
        return times.length ? [`“${m.name}”`, ...times] : [];
      });
    }
    case 'refill.pills':
      return s.medications.map((m) => `“${m.name}” ${m.refill_reminder.pills_remaining}`);
    case 'refill.runOut': {
      const medication = s.medications.find((m) => m.name === label.medicine)!;
      const out = runOutDate(medication, medication.refill_reminder.pills_remaining, s.today, s.nowTime)!;
      if (out.lastDate === null) return [language === 'hi' ? 'कोई गोली नहीं बची' : 'has no pills left'];
      return [day(out.lastDate)];
    }
    case 'appointment.next': {
      // '~lab', '~doctor' ('hba1c test kab hai'): the next of that kind, and how many days away.
      const next = s.appointments
        .filter((a) => a.date >= s.today && (!label.qualifier || a.type === label.qualifier))
        .sort((a, b) => a.date.localeCompare(b.date))[0]!;
      if (!label.qualifier) return [`“${next.title}”`];
      const days = Math.round((Date.parse(next.date) - Date.parse(s.today)) / 86_400_000);
      return [`“${next.title}”`, language === 'hi' ? `${days} दिन बाद` : `in ${days} days`];
    }
    case 'labs.hba1c': {
      // The newest HbA1c (the API lists newest first), its value in % and its date.
      const last = s.labs.find((r) => r.test === 'hba1c')!;
      if (label.qualifier !== 'next') return [`${last.value} %`, day(last.date)];
      // '~next' ('HbA1c trend, and when is the next one due'): the result before it and the next lab test too.
      const before = s.labs.filter((r) => r.test === 'hba1c')[1]!;
      const next = s.appointments
        .filter((a) => a.date >= s.today && a.type === 'lab')
        .sort((a, b) => a.date.localeCompare(b.date))[0]!;
      return [`${last.value} %`, day(last.date), `${before.value} %`, `“${next.title}”`];
    }
    case 'insulin.total': {
      const total = inPeriod(s.insulin).reduce((sum, dose) => sum + dose.units, 0);
      // '~times' ('aur kitne baje'): each dose's time too.
      return label.qualifier === 'times' ? [`${total} U`, ...inPeriod(s.insulin).map((d) => d.time)] : [`${total} U`];
    }
    default:
      throw new Error(`no oracle for ${label.subject}.${label.measure}`);
  }
}

const newest = (metrics: BodyMetrics[]) => metrics.reduce((a, b) => (b.date > a.date ? b : a));
