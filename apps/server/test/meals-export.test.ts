/**
 * Meals in the exports (decision 088): the CSV ZIP's meals.csv and each photo as
 * meal-photos/<id>.webp; in the FHIR R4 Bundle each meal is an Observation of estimated
 * carbohydrate intake (LOINC 9059-7, UCUM g) naming its foods, valid by @medplum/core's
 * validator with the R4 StructureDefinitions.
 */
import type { Bundle, Observation } from '@medplum/fhirtypes';
import sharp from 'sharp';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as translate } from '../src/i18n/index.ts';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { fhirErrors, loadFhirDefinitions, rowsOf } from './support/export-fixture.ts';

beforeAll(loadFhirDefinitions);

const NOW = new Date('2026-11-20T12:00:00.000Z');

describe.each(DRIVERS)('meals in the exports on %s', (driver) => {
  let t: TestApp;
  let asha: SignedInUser;
  let lunch: { id: string };
  let tea: { id: string };

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
    asha = await signIn(t.app, { name: 'Asha Rao', email: 'asha.meals@example.com', timezone: 'Asia/Kolkata' });
    const post = async (payload: unknown) =>
      (await asha.request({ method: 'POST', url: '/api/meals', payload })).json();
    lunch = await post({
      date: '2026-11-19',
      time: '13:00',
      meal_type: 'lunch',
      items: [
        { food_id: 'rice', name: 'Rice', portions: 1 },
        { name: 'Pickle', portions: 1, carbs_g: 2 },
      ],
      note: 'At a wedding',
    });
    tea = await post({ date: '2026-11-20', time: '16:00', meal_type: 'snack', items: [{ name: 'Tea', portions: 1 }] });
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'green' } })
      .jpeg()
      .toBuffer();
    const put = await asha.request({
      method: 'PUT',
      url: `/api/meals/${lunch.id}/photo`,
      headers: { 'content-type': 'image/jpeg' },
      payload: photo,
    });
    expect(put.statusCode, put.body).toBe(200);
  });
  afterAll(() => t.close());

  it('the CSV ZIP holds meals.csv and the photo', async () => {
    const response = await asha.request({ url: '/api/export/csv' });
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files)).toContain(`meal-photos/${lunch.id}.webp`);
    expect((await sharp(Buffer.from(files[`meal-photos/${lunch.id}.webp`]!)).metadata()).format).toBe('webp');
    const rows = rowsOf(Buffer.from(files['meals.csv']!).toString('utf8'));
    expect(rows).toEqual([
      {
        meal_id: lunch.id,
        eaten_at: '2026-11-19T13:00:00+05:30',
        meal_type: 'lunch',
        items: 'Rice (cooked) × 1 (42 g); Pickle × 1 (2 g)',
        food_ids: 'rice; ',
        carbs_g_estimated: '44',
        note: 'At a wedding',
        photo_file: `meal-photos/${lunch.id}.webp`,
      },
      {
        meal_id: tea.id,
        eaten_at: '2026-11-20T16:00:00+05:30',
        meal_type: 'snack',
        items: 'Tea × 1',
        food_ids: '',
        carbs_g_estimated: '',
        note: '',
        photo_file: '',
      },
    ]);
    // In Hindi, listed foods are named as the Hindi list names them, under the Hindi header; free text stays as typed.
    await asha.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi' } });
    const hindi = unzipSync(new Uint8Array((await asha.request({ url: '/api/export/csv' })).rawPayload));
    expect(rowsOf(Buffer.from(hindi['meals.csv']!).toString('utf8'))[0]![translate('hi', 'export.csv.items')]).toBe(
      'चावल (पका) × 1 (42 g); Pickle × 1 (2 g)',
    );
    await asha.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'en' } });
  });

  it('FHIR: each meal is a valid Observation of estimated carbohydrate intake in g, its foods named', async () => {
    const bundle = (await asha.request({ url: '/api/export/fhir' })).json() as Bundle;
    const meals = bundle
      .entry!.map((entry) => entry.resource as Observation)
      .filter((r) => r.code?.coding?.[0]?.code === '9059-7');
    expect(meals).toHaveLength(2);
    for (const meal of meals) expect(fhirErrors(meal), JSON.stringify(meal)).toEqual([]);
    expect(fhirErrors(bundle)).toEqual([]);
    const [rice, teaTime] = meals;
    expect(rice).toMatchObject({
      id: lunch.id,
      status: 'final',
      effectiveDateTime: '2026-11-19T13:00:00+05:30',
      valueQuantity: { value: 44, unit: 'g', system: 'http://unitsofmeasure.org', code: 'g' },
      note: [{ text: 'At a wedding' }],
    });
    expect(rice!.code.coding![0]).toEqual({
      system: 'http://loinc.org',
      code: '9059-7',
      display: 'Carbohydrate intake Estimated',
    });
    expect(rice!.component!.map((c) => c.code.text)).toEqual(['Rice (cooked) × 1', 'Pickle × 1']);
    expect(rice!.component![0]!.code.coding![1]).toMatchObject({ code: 'rice' });
    expect(teaTime!.valueQuantity).toBeUndefined();
    expect(teaTime!.dataAbsentReason!.coding![0]!.code).toBe('unknown');
  });
});
