/**
 * Export as a ZIP of CSVs (GET /api/export/csv) through the real app on each driver: Asha in
 * Asia/Kolkata and Ben in America/New_York (support/export-fixture.ts), read back with fflate and
 * csv-parse. The FHIR Bundle is in export-fhir.test.ts, the edge cases in export-edge-cases.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { SQL_DRIVERS, signIn } from './helpers.ts';
import { CSV_FILES, exportStoriesApp, headerOf, rowsOf, unzip } from './support/export-fixture.ts';

describe.each(SQL_DRIVERS)('export as CSV on %s', (driver) => {
  const stories = exportStoriesApp(driver);
  const { download } = stories;

  it('both downloads need a session: 401 with a detail', async () => {
    for (const url of ['/api/export/csv', '/api/export/fhir']) {
      const response = await stories.t.app.inject({ url });
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toMatch(/signed in/i);
    }
  });

  describe('CSV (ZIP)', () => {
    it('is a ZIP attachment named with today in the user’s zone, holding the seven CSVs with units in the headers', async () => {
      const response = await download(stories.asha, 'csv');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toBe('attachment; filename="diacare-export-2026-11-23.zip"');
      expect(response.headers['cache-control']).toBe('no-store');
      const files = unzip(response.rawPayload);
      expect(Object.keys(files)).toEqual(CSV_FILES);
      // Both units, whatever the user's choice (decision 025).
      expect(headerOf(files['glucose.csv']!)).toEqual([
        'reading_id',
        'measured_at',
        'glucose_mg_dl',
        'glucose_mmol_l',
        'meal_context',
      ]);
      expect(headerOf(files['blood_pressure.csv']!)).toEqual([
        'reading_id',
        'measured_at',
        'systolic_mm_hg',
        'diastolic_mm_hg',
        'pulse_beats_per_min',
      ]);
      expect(headerOf(files['body_metrics.csv']!)).toEqual([
        'reading_id',
        'date',
        'weight_kg',
        'height_cm',
        'bmi_kg_m2',
        'recorded_at',
      ]);
      expect(headerOf(files['adherence.csv']!)).toEqual([
        'record_id',
        'medication_id',
        'medication',
        'scheduled_at',
        'status',
        'taken_at',
      ]);
      expect(headerOf(files['appointments.csv']!)).toContain('starts_at');
      expect(headerOf(files['medications.csv']!)).toContain('refill_threshold_pills');
    });

    it('rows equal the Kolkata user’s data, oldest first, times with +05:30, text quoted and formulas defused', async () => {
      const files = unzip((await download(stories.asha, 'csv')).rawPayload);
      const glucose = (await stories.asha.request({ url: '/api/health/glucose' })).json();
      expect(rowsOf(files['glucose.csv']!)).toEqual([
        {
          reading_id: glucose[1].id,
          measured_at: '2026-11-22T08:00:00+05:30',
          glucose_mg_dl: '152',
          glucose_mmol_l: '8.4',
          meal_context: 'Fasting',
        },
        {
          reading_id: glucose[0].id,
          measured_at: '2026-11-22T13:30:00+05:30',
          glucose_mg_dl: '190',
          glucose_mmol_l: '10.5',
          meal_context: 'After Lunch',
        },
      ]);
      expect(rowsOf(files['blood_pressure.csv']!).map(({ reading_id: _, ...rest }) => rest)).toEqual([
        {
          measured_at: '2026-11-22T08:10:00+05:30',
          systolic_mm_hg: '128',
          diastolic_mm_hg: '82',
          pulse_beats_per_min: '72',
        },
        {
          measured_at: '2026-11-23T07:00:00+05:30',
          systolic_mm_hg: '135',
          diastolic_mm_hg: '85',
          pulse_beats_per_min: '',
        },
      ]);
      const [metrics] = rowsOf(files['body_metrics.csv']!);
      expect(metrics).toMatchObject({ date: '2026-11-20', weight_kg: '72.5', height_cm: '165', bmi_kg_m2: '26.6' });
      expect(metrics!.recorded_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/);

      const [medication] = rowsOf(files['medications.csv']!);
      expect(medication).toMatchObject({
        name: 'Metformin',
        dosage: '500 mg',
        instructions: 'With food, "not" on an empty stomach',
        frequency: 'daily',
        times_local: '08:00 20:00',
        start_date: '2026-11-01',
        deleted_at: '',
      });
      expect(rowsOf(files['adherence.csv']!).map(({ record_id: _, medication_id: __, ...rest }) => rest)).toEqual([
        {
          medication: 'Metformin',
          scheduled_at: '2026-11-22T08:00:00+05:30',
          status: 'taken',
          taken_at: '2026-11-22T08:05:00+05:30',
        },
        { medication: 'Metformin', scheduled_at: '2026-11-22T20:00:00+05:30', status: 'skipped', taken_at: '' },
      ]);
      const [visit] = rowsOf(files['appointments.csv']!);
      expect(visit).toMatchObject({
        type: 'doctor',
        // A spreadsheet would run '=…' as a formula: the export prefixes it with a quote.
        title: `'=HYPERLINK("http://evil.example")`,
        location: 'City Clinic, MG Road',
        starts_at: '2026-11-25T09:00:00+05:30',
        status: 'upcoming',
        notes: 'Bring the "glucose" diary,\nfasting',
      });
      // RFC 4180 quoting on the wire: embedded quotes doubled, the field in quotes.
      expect(files['appointments.csv']).toContain('"Bring the ""glucose"" diary,\nfasting"');
    });

    it('the New York user’s times carry the offset of their date: −04:00 in July, −05:00 in November', async () => {
      const files = unzip((await download(stories.ben, 'csv')).rawPayload);
      expect(rowsOf(files['glucose.csv']!).map((row) => row.measured_at)).toEqual([
        '2026-07-04T18:00:00-04:00',
        '2026-11-22T07:15:00-05:00',
      ]);
      expect(rowsOf(files['adherence.csv']!)[0]!.taken_at).toBe('2026-07-06T21:10:00-04:00');
      expect(rowsOf(files['appointments.csv']!)[0]!.starts_at).toBe('2026-11-24T07:30:00-05:00');
      expect(rowsOf(files['medications.csv']!)[0]).toMatchObject({ frequency: 'weekly', weekdays_iso: '1 4' });
    });

    it('holds only the signed-in user’s rows', async () => {
      const ashaZip = Object.values(unzip((await download(stories.asha, 'csv')).rawPayload)).join('\n');
      const benZip = Object.values(unzip((await download(stories.ben, 'csv')).rawPayload)).join('\n');
      for (const id of stories.ids.ben) expect(ashaZip).not.toContain(id);
      for (const id of stories.ids.asha) expect(benZip).not.toContain(id);
      for (const id of stories.ids.asha) expect(ashaZip).toContain(id);
      expect(ashaZip).not.toMatch(/Insulin|Quest/);
      expect(benZip).not.toMatch(/Metformin|Mehta/);
    });

    it('care_circle.csv holds the circle both ways: members with email, the people one cares for by name', async () => {
      const meena = await signIn(stories.t.app, { name: 'Meena Iyer', email: 'meena.export@example.com' });
      const ravi = await signIn(stories.t.app, { name: 'Ravi Iyer', email: 'ravi.export@example.com' });
      const invitation = await meena.request({
        method: 'POST',
        url: '/api/care/invitations',
        payload: { role: 'doctor', scopes: ['glucose', 'bp'] },
      });
      await ravi.request({ method: 'POST', url: `/api/care/invitations/${invitation.json().token}/accept` });
      const [member] = (await meena.request({ url: '/api/care/members' })).json();
      const since = '2026-11-23T11:30:00+05:30';
      expect(rowsOf(unzip((await download(meena, 'csv')).rawPayload)['care_circle.csv']!)).toEqual([
        {
          membership_id: member.id,
          direction: 'in_my_circle',
          person: 'Ravi Iyer',
          email: 'ravi.export@example.com',
          role: 'doctor',
          scopes: 'glucose bp',
          can_mark_taken: 'false',
          since,
        },
      ]);
      expect(rowsOf(unzip((await download(ravi, 'csv')).rawPayload)['care_circle.csv']!)).toEqual([
        {
          membership_id: member.id,
          direction: 'i_care_for',
          person: 'Meena Iyer',
          email: '',
          role: 'doctor',
          scopes: 'glucose bp',
          can_mark_taken: 'false',
          since,
        },
      ]);
    });

    it('a new user gets the seven files with headers only', async () => {
      const newcomer = await signIn(stories.t.app, { name: 'New User', email: 'new.export@example.com' });
      const files = unzip((await download(newcomer, 'csv')).rawPayload);
      expect(Object.keys(files)).toEqual(CSV_FILES);
      for (const name of CSV_FILES) expect(rowsOf(files[name]!)).toEqual([]);
    });
  });
});
