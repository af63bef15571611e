/**
 * Asks the assistant through the real API and reads the NDJSON answer, and computes the
 * figures the screens show through the same API and contract functions they use
 * (Reports: dailyAdherence over the last 7 days; History: mean/timeInRange of the period).
 */
import type { AssistantMessage, AssistantStreamEvent } from '@diacare/contract/assistant';
import { mean, roundTo, timeInRange, weightChange } from '@diacare/contract/clinical';
import { datesEndingOn, shiftDate } from '@diacare/contract/dates';
import { adherencePercent, dailyAdherence } from '@diacare/contract/dose-rules';
import type { BloodPressureReading, BodyMetrics, GlucoseReading } from '@diacare/contract/health';
import type { AdherenceRecord, Medication } from '@diacare/contract/medications';
import { expect } from 'vitest';
import type { SignedInUser } from '../helpers.ts';

/** The events of one NDJSON body, in order. */
export function parseEvents(body: string): AssistantStreamEvent[] {
  return body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AssistantStreamEvent);
}

/** Posts `content`; returns the events and the saved answer (fails the test on an error event). */
export async function ask(user: SignedInUser, content: string) {
  const response = await user.request({ method: 'POST', url: '/api/assistant/messages', payload: { content } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/x-ndjson');
  const events = parseEvents(response.body);
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error(`no done event: ${response.body}`);
  const streamed = events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
  return { events, answer: done.message as AssistantMessage, streamed };
}

async function get<T>(user: SignedInUser, url: string): Promise<T> {
  const response = await user.request({ url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

/** What Reports and History show for `user` on `today` at `nowTime` (user's zone). */
export async function screenFigures(user: SignedInUser, today: string, nowTime: string) {
  const since = (days: number) => shiftDate(today, -(days - 1));
  const medications = await get<Medication[]>(user, '/api/medications');
  const adherence = async (days: number, medicationId?: string) => {
    const records = await get<AdherenceRecord[]>(user, `/api/adherence?start_date=${since(days)}&end_date=${today}`);
    const meds = medicationId ? medications.filter((m) => m.id === medicationId) : medications;
    const mine = medicationId ? records.filter((r) => r.medication_id === medicationId) : records;
    const perDay = dailyAdherence(meds, mine, datesEndingOn(today, days), today, nowTime, user.user.timezone);
    const taken = perDay.reduce((s, d) => s + d.taken, 0);
    const total = perDay.reduce((s, d) => s + d.total, 0);
    return { taken, total, percent: adherencePercent(taken, total) };
  };
  const glucose = async (days: number) => {
    const readings = await get<GlucoseReading[]>(user, `/api/health/glucose?start_date=${since(days)}`);
    const values = readings.map((r) => r.value);
    return { readings, average: roundTo(mean(values)!), tir: timeInRange(values)! };
  };
  const bp = async (days: number) => {
    const readings = await get<BloodPressureReading[]>(user, `/api/health/bp?start_date=${since(days)}`);
    return {
      readings,
      systolic: roundTo(mean(readings.map((r) => r.systolic))!),
      diastolic: roundTo(mean(readings.map((r) => r.diastolic))!),
    };
  };
  const [latestGlucose] = await get<GlucoseReading[]>(user, '/api/health/glucose?limit=1');
  const [latestBp] = await get<BloodPressureReading[]>(user, '/api/health/bp?limit=1');
  const metrics = await get<BodyMetrics[]>(user, '/api/health/metrics?limit=2');
  return {
    medications,
    adherence7: await adherence(7),
    adherence30: await adherence(30),
    /** 'this month': since the 1st (decision 082). */
    adherenceMonth: await adherence(Number(today.slice(8, 10))),
    adherenceByMedicine7: Object.fromEntries(
      await Promise.all(medications.map(async (m) => [m.name, await adherence(7, m.id)] as const)),
    ),
    glucose7: await glucose(7),
    glucose30: await glucose(30),
    latestGlucose: latestGlucose!,
    bp7: await bp(7),
    bp30: await bp(30),
    latestBp: latestBp!,
    latestMetrics: metrics[0]!,
    weightChange: weightChange(metrics.map((m) => m.weight)),
  };
}
export type ScreenFigures = Awaited<ReturnType<typeof screenFigures>>;
