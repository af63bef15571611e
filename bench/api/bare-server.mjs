// The baseline for bench/api: a bare Fastify + node-postgres server with DiaCare's SQL, session
// lookup and JSON shapes, and none of its validation, hooks or logging. PREPARED=1 names the
// statements as DiaCare does (decision 016). Started by run.ts: DATABASE_URL=… PORT=3200 [PREPARED=1]
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

// DATE columns as 'YYYY-MM-DD' strings, as Drizzle's mode 'string' returns them.
pg.types.setTypeParser(1082, (value) => value);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
const app = Fastify({ logger: false });
const prepared = process.env.PREPARED === '1';
/** pool.query with the statement named after `name` when PREPARED=1. */
const query = (name, text, values) => pool.query(prepared ? { name, text, values } : { text, values });

const SESSION_SQL = `SELECT u.id, u.timezone FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = $1 AND s.expires_at > $2`;

function sessionToken(cookieHeader) {
  const match = /(?:^|;\s*)diacare_session=([^;]+)/.exec(cookieHeader ?? '');
  return match?.[1];
}

app.addHook('onRequest', async (request, reply) => {
  const token = sessionToken(request.headers.cookie);
  const hash = token ? createHash('sha256').update(token).digest('hex') : '';
  const { rows } = await query('session', SESSION_SQL, [hash, new Date()]);
  if (rows.length === 0) return reply.code(401).send({ detail: 'Not signed in' });
  request.user = rows[0];
});

const toMedication = (row) => ({
  id: row.id,
  name: row.name,
  dosage: row.dosage,
  form: row.form,
  instructions: row.instructions,
  color: row.color,
  when_to_take: row.when_to_take,
  schedule: {
    frequency: row.frequency,
    times: row.times,
    weekdays: row.weekdays,
    start_date: row.start_date,
    end_date: null,
  },
  refill_reminder: {
    enabled: row.refill_enabled,
    pills_remaining: row.pills_remaining,
    threshold: row.refill_threshold,
  },
});
const toGlucose = (row) => ({
  id: row.id,
  value: row.value,
  meal_context: row.meal_context,
  date: row.date,
  time: row.time,
});
const toAdherence = (row) => ({
  id: row.id,
  medication_id: row.medication_id,
  scheduled_time: row.scheduled_time,
  taken_time: row.taken_time,
  date: row.date,
  status: row.status,
});

app.get('/api/medications', async (request) => {
  const { rows } = await query(
    'medications',
    'SELECT * FROM medications WHERE user_id = $1 AND archived_at IS NULL ORDER BY created_at, id',
    [request.user.id],
  );
  return rows.map(toMedication);
});

app.get('/api/health/glucose', async (request) => {
  const { start_date, end_date } = request.query;
  const { rows } = await query(
    'glucose',
    `SELECT * FROM glucose_readings WHERE user_id = $1 AND date >= $2 AND date <= $3
     ORDER BY date DESC, time DESC, created_at DESC`,
    [request.user.id, start_date, end_date],
  );
  return rows.map(toGlucose);
});

app.get('/api/adherence', async (request) => {
  const { start_date, end_date } = request.query;
  const { rows } = await query(
    'adherence',
    `SELECT * FROM adherence_records WHERE user_id = $1 AND date >= $2 AND date <= $3
     ORDER BY date DESC, scheduled_time DESC`,
    [request.user.id, start_date, end_date],
  );
  return rows.map(toAdherence);
});

app.post('/api/health/glucose', async (request, reply) => {
  const { value, meal_context, date, time } = request.body;
  const { rows } = await query(
    'insert_glucose',
    'INSERT INTO glucose_readings (user_id, value, meal_context, date, time) VALUES ($1, $2, $3, $4, $5) RETURNING *',
    [request.user.id, value, meal_context, date, time],
  );
  return reply.code(201).send(toGlucose(rows[0]));
});

// A clean exit on SIGTERM, so that --cpu-prof writes its profile.
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('bare server ready');
