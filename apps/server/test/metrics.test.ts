/**
 * GET /metrics, read with a Prometheus text-format parser. Off without
 * METRICS_TOKEN (404), 401 without the bearer token; names for HTTP, reminders, deliveries,
 * Idempotency-Key replays, the pool and the process; no label holds a user's id, name or value.
 */
import parsePrometheusTextFormat, { type Family } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env.ts';
import { createPushSender, type PushSender } from '../src/modules/push/push-sender.ts';
import { loadVapidKeys } from '../src/modules/push/vapid.ts';
import { createDispatcher } from '../src/workers/reminder-dispatcher.ts';
import { SQL_DRIVERS, createTestApp, signIn, type TestApp } from './helpers.ts';
import { startPushService, type PushService } from './support/push-service.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}` };

const PATIENT = { name: 'Zenobia Quillfeather', email: 'zenobia.q@example.com', timezone: 'Asia/Kolkata' };
const MEDICINE = 'Xylometformin';
const GLUCOSE = 187;

const sample = (families: Family[], name: string, labels: Record<string, string> = {}) =>
  families
    .find((family) => family.name === name)
    ?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));

describe('metrics off', () => {
  it('GET /metrics is 404 without METRICS_TOKEN', async () => {
    const t = await createTestApp('pglite');
    try {
      expect((await t.app.inject({ url: '/metrics', headers: AUTH })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe.each(SQL_DRIVERS)('metrics on %s', (driver) => {
  let t: TestApp;
  let service: PushService;
  let sender: PushSender;
  let userId = '';
  let medicationId = '';
  let families: Family[] = [];
  let text = '';

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp(driver, {
      env: { METRICS_TOKEN: TOKEN, PUSH_SERVICE_HOSTS: new URL(service.origin).host },
    });
    sender = createPushSender({ vapid: await loadVapidKeys(t.database.db, parseEnv({})), maxAttempts: 1 });
    const patient = await signIn(t.app, PATIENT);
    userId = patient.user.id;
    expect(
      (await patient.request({ method: 'POST', url: '/api/push/subscribe', payload: service.createSubscription() }))
        .statusCode,
    ).toBe(201);
    const reading = { value: GLUCOSE, meal_context: 'Fasting', date: '2026-01-05', time: '08:00' };
    const headers = { 'idempotency-key': '7d1f6b1e-4c83-4d5e-9a51-3c0e2b7f9a10' };
    for (let i = 0; i < 2; i += 1) {
      const posted = await patient.request({ method: 'POST', url: '/api/health/glucose', payload: reading, headers });
      expect(posted.statusCode).toBe(201);
    }
    const medicine = {
      name: MEDICINE,
      dosage: '500 mg',
      form: 'Tablet',
      color: '#FF6B6B',
      when_to_take: 'After food',
      schedule: { frequency: 'daily', times: ['09:00'], start_date: '2026-01-01', end_date: null },
      refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
    };
    const medication = await patient.request({ method: 'POST', url: '/api/medications', payload: medicine });
    medicationId = medication.json<{ id: string }>().id;
    const url = `/api/medications/${medicationId}`;
    expect((await patient.request({ method: 'PUT', url, payload: medicine })).statusCode).toBe(200);
    for (const title of ['One', 'Two']) {
      const dueAt = new Date(t.clock().getTime() + 1000).toISOString();
      const created = await patient.request({
        method: 'POST',
        url: '/api/reminders',
        payload: { title, due_at: dueAt },
      });
      expect(created.statusCode).toBe(201);
    }
    t.clock.advance(2000);
    const dispatcher = createDispatcher({ db: t.database.db, clock: t.clock, sender, metrics: t.metrics });
    // Before dispatching, the two reminders are due and 1 s late (scrape now, read later).
    const before = parsePrometheusTextFormat((await t.app.inject({ url: '/metrics', headers: AUTH })).body);
    expect(sample(before, 'diacare_reminders_due')?.value).toBe('2');
    expect(sample(before, 'diacare_reminder_dispatch_lag_seconds')?.value).toBe('1');
    while ((await dispatcher.runOnce()) > 0);
    const response = await t.app.inject({ url: '/metrics', headers: AUTH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    text = response.body;
    families = parsePrometheusTextFormat(text);
  });
  afterAll(async () => {
    await sender?.close();
    await t?.close();
    await service?.close();
  });

  it('answers 401 without the bearer token or with a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: TOKEN }]) {
      const response = await t.app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('counts HTTP requests by route template, method and status, with a latency histogram', async () => {
    const labels = { route: '/api/health/glucose', method: 'POST', status: '201' };
    expect(sample(families, 'diacare_http_requests_total', labels)?.value).toBe('2');
    const byId = { route: '/api/medications/:id', method: 'PUT', status: '200' };
    expect(sample(families, 'diacare_http_requests_total', byId)?.value).toBe('1');
    // The parser folds a labelled histogram into one sample (its flattenMetrics), so the
    // family is checked here and its series through prom-client's own reading of the same metric.
    expect(families.find((family) => family.name === 'diacare_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    const series = (await t.metrics.httpDuration.get()).values.filter((value) =>
      Object.entries(labels).every(([key, label]) => (value.labels as Record<string, unknown>)[key] === label),
    );
    expect(series.find((value) => value.metricName?.endsWith('_count'))?.value).toBe(2);
    expect(
      series
        .filter((value) => value.metricName?.endsWith('_bucket'))
        .map((value) => (value.labels as Record<string, unknown>).le),
    ).toContain(0.1);
  });

  it('counts the Idempotency-Key replay', () => {
    expect(sample(families, 'diacare_idempotency_replays_total')?.value).toBe('1');
  });

  it('counts reminders sent and deliveries by channel and outcome; nothing is due afterwards', () => {
    expect(sample(families, 'diacare_reminders_settled_total', { status: 'sent' })?.value).toBe('2');
    expect(sample(families, 'diacare_deliveries_total', { channel: 'web_push', outcome: 'delivered' })?.value).toBe(
      '2',
    );
    expect(sample(families, 'diacare_reminders_due')?.value).toBe('0');
    expect(sample(families, 'diacare_reminder_dispatch_lag_seconds')?.value).toBe('0');
  });

  it('has the pool (PostgreSQL) and the process defaults', () => {
    const names = families.map((family) => family.name);
    expect(names).toEqual(expect.arrayContaining(['process_cpu_user_seconds_total', 'nodejs_heap_size_used_bytes']));
    if (driver === 'postgres') {
      expect(Number(sample(families, 'diacare_db_pool_connections', { state: 'total' })?.value)).toBeGreaterThan(0);
    } else {
      expect(families.find((family) => family.name === 'diacare_db_pool_connections')?.metrics ?? []).toEqual([]);
    }
  });

  it('no label holds a user id, name, email, medicine, reading value or record id', () => {
    const labelValues = families.flatMap((family) =>
      family.metrics.flatMap((metric) => Object.values(metric.labels ?? {})),
    );
    expect(labelValues.length).toBeGreaterThan(10);
    const personal = [userId, medicationId, PATIENT.name, PATIENT.email, MEDICINE, String(GLUCOSE)];
    for (const value of labelValues) {
      for (const secret of personal) expect(value).not.toContain(secret);
      expect(value).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
    }
    for (const secret of [userId, medicationId, PATIENT.name, PATIENT.email, MEDICINE]) {
      expect(text).not.toContain(secret);
    }
  });
});
