/**
 * A dose a member marked taken, as the patient reads it (who marked it), and the care circle
 * in the FHIR export: RelatedPerson or Practitioner and a Consent per member, valid R4 (decision 048).
 */
import type { Bundle, Consent } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { fhirErrors, loadFhirDefinitions } from './support/export-fixture.ts';

const NOW = new Date('2026-11-20T06:30:00.000Z');

beforeAll(loadFhirDefinitions);

describe.each(DRIVERS)('the care circle in records and the export on %s', (driver) => {
  let t: TestApp;
  let asha: SignedInUser;
  let ravi: SignedInUser;
  let doctor: SignedInUser;
  let medicationId: string;
  const memberIds: Record<string, string> = {};

  const join = async (member: SignedInUser, role: string) => {
    const { token } = (await asha.request({ method: 'POST', url: '/api/care/invitations', payload: { role } })).json();
    await member.request({ method: 'POST', url: `/api/care/invitations/${token}/accept` });
    const members = (await asha.request({ url: '/api/care/members' })).json();
    return members.find((entry: { name: string }) => entry.name === member.user.name).id as string;
  };

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
    asha = await signIn(t.app, { name: 'Asha Rao', email: 'asha.cx@example.com', timezone: 'Asia/Kolkata' });
    ravi = await signIn(t.app, { name: 'Ravi Rao', email: 'ravi.cx@example.com', timezone: 'Europe/London' });
    doctor = await signIn(t.app, { name: 'Dr Mehta', email: 'mehta.cx@example.com' });
    medicationId = (
      await asha.request({
        method: 'POST',
        url: '/api/medications',
        payload: {
          name: 'Metformin',
          dosage: '500 mg',
          form: 'Tablet',
          color: '#FF6B6B',
          schedule: { frequency: 'daily', times: ['09:00', '21:00'], start_date: '2026-11-01' },
          refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
        },
      })
    ).json().id;
    memberIds.ravi = await join(ravi, 'family');
    memberIds.doctor = await join(doctor, 'doctor');
    await asha.request({
      method: 'PATCH',
      url: `/api/care/members/${memberIds.ravi}`,
      payload: { can_mark_taken: true },
    });
  });
  afterAll(() => t.close());

  it('the patient’s records name the member who marked a dose taken, and only that dose', async () => {
    const dose = { medication_id: medicationId, date: '2026-11-20', scheduled_time: '09:00', status: 'taken' };
    const marked = await ravi.request({
      method: 'POST',
      url: `/api/care/patients/${asha.user.id}/adherence`,
      payload: dose,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().recorded_by_name).toBe('Ravi Rao');
    await asha.request({ method: 'POST', url: '/api/adherence', payload: { ...dose, scheduled_time: '21:00' } });
    const records = (await asha.request({ url: '/api/adherence?start_date=2026-11-20&end_date=2026-11-20' })).json();
    expect(records.map((record: { scheduled_time: string; recorded_by_name?: string }) => record)).toEqual([
      expect.not.objectContaining({ recorded_by_name: expect.anything() }),
      expect.objectContaining({ scheduled_time: '09:00', recorded_by_name: 'Ravi Rao' }),
    ]);
    // The member reads the same record with the same name.
    const seen = (
      await ravi.request({
        url: `/api/care/patients/${asha.user.id}/adherence?start_date=2026-11-20&end_date=2026-11-20`,
      })
    ).json();
    expect(seen.find((record: { scheduled_time: string }) => record.scheduled_time === '09:00')).toMatchObject({
      recorded_by_name: 'Ravi Rao',
    });
  });

  it('the FHIR Bundle has a RelatedPerson for family, a Practitioner for the doctor and a Consent each, valid R4', async () => {
    const response = await asha.request({ url: '/api/export/fhir' });
    expect(response.statusCode).toBe(200);
    const bundle: Bundle = response.json();
    const resources = (bundle.entry ?? []).map((entry) => entry.resource!);
    const related = resources.filter((resource) => resource.resourceType === 'RelatedPerson');
    const practitioners = resources.filter((resource) => resource.resourceType === 'Practitioner');
    const consents = resources.filter((resource): resource is Consent => resource.resourceType === 'Consent');
    expect(related).toEqual([
      expect.objectContaining({
        name: [{ text: 'Ravi Rao' }],
        telecom: [{ system: 'email', value: 'ravi.cx@example.com' }],
        patient: { reference: `urn:uuid:${asha.user.id}` },
        period: { start: '2026-11-20T12:00:00+05:30' },
      }),
    ]);
    expect(practitioners).toEqual([expect.objectContaining({ name: [{ text: 'Dr Mehta' }] })]);
    expect(consents).toHaveLength(2);
    const consentOf = (id: string) =>
      consents.find((consent) => consent.provision?.actor?.[0]?.reference?.reference === `urn:uuid:${id}`)!;
    const family = consentOf(related[0]!.id!);
    expect(family).toMatchObject({ status: 'active', patient: { reference: `urn:uuid:${asha.user.id}` } });
    expect(family.provision!.period).toEqual({ start: '2026-11-20T12:00:00+05:30' });
    expect(family.provision!.code!.map((code) => code.coding![0]!.code)).toEqual([
      'medications',
      'glucose',
      'bp',
      'weight',
      'appointments',
      'labs',
      'meals',
    ]);
    expect(family.provision!.action!.map((action) => action.coding![0]!.code)).toEqual(['access', 'correct']);
    const doctors = consentOf(practitioners[0]!.id!);
    expect(doctors.provision!.code!.map((code) => code.coding![0]!.code)).toEqual(['medications', 'glucose']);
    expect(doctors.provision!.action!.map((action) => action.coding![0]!.code)).toEqual(['access']);
    const invalid = [...related, ...practitioners, ...consents].flatMap((resource) =>
      fhirErrors(resource).map((issue) => `${resource.resourceType}: ${issue.details?.text}`),
    );
    expect(invalid).toEqual([]);
    // Ids are stable across exports; the member's own export names no Consent of Asha's circle.
    const again: Bundle = (await asha.request({ url: '/api/export/fhir' })).json();
    expect(again.entry!.map((entry) => entry.fullUrl)).toEqual(bundle.entry!.map((entry) => entry.fullUrl));
    const ravis: Bundle = (await ravi.request({ url: '/api/export/fhir' })).json();
    expect(ravis.entry!.filter((entry) => entry.resource!.resourceType === 'Consent')).toEqual([]);
  });
});
