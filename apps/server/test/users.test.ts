/** The profile: GET/PUT /api/users/me. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';

const FULL_PROFILE = {
  name: 'Asha Rao',
  phone: '9876543210',
  sex: 'female',
  age: 54,
  address: '12 MG Road',
  state: 'Karnataka',
  country: 'India',
  pincode: '560001',
  diabetes_type: 'Type 2',
};

describe.each(DRIVERS)('profile on %s', (driver) => {
  let t: TestApp;
  let emailCounter = 0;
  /** A fresh user for each test, so tests do not depend on each other's updates. */
  const newUser = (name = 'Asha Rao') => signIn(t.app, { name, email: `user${++emailCounter}@example.com` });
  const readProfile = async (user: SignedInUser) => (await user.request({ url: '/api/users/me' })).json();

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('a new user has every profile field, null until filled, with country India and diabetes type Type 2', async () => {
    const asha = await signIn(t.app, { name: 'Asha Rao', email: 'asha@example.com', timezone: 'Asia/Kolkata' });
    const response = await asha.request({ url: '/api/users/me' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: null,
      sex: null,
      age: null,
      address: null,
      state: null,
      country: 'India',
      pincode: null,
      diabetes_type: 'Type 2',
      picture: null,
      timezone: 'Asia/Kolkata',
      language: null,
      glucose_unit: 'mg/dL',
    });
  });

  it('the language and the glucose unit are saved and returned', async () => {
    const asha = await newUser();
    const response = await asha.request({
      method: 'PUT',
      url: '/api/users/me',
      payload: { language: 'hi', glucose_unit: 'mmol/L' },
    });
    expect(response.statusCode).toBe(200);
    expect(await readProfile(asha)).toMatchObject({ language: 'hi', glucose_unit: 'mmol/L' });
  });

  it('a full profile update is stored and returned', async () => {
    const asha = await newUser();
    const response = await asha.request({ method: 'PUT', url: '/api/users/me', payload: FULL_PROFILE });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject(FULL_PROFILE);
    expect(await readProfile(asha)).toEqual(response.json());
  });

  it('a partial update changes only the fields sent and keeps the others', async () => {
    const asha = await newUser();
    await asha.request({ method: 'PUT', url: '/api/users/me', payload: FULL_PROFILE });
    const before = await readProfile(asha);

    const response = await asha.request({ method: 'PUT', url: '/api/users/me', payload: { name: 'Asha R.' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...before, name: 'Asha R.' });
    expect(await readProfile(asha)).toEqual({ ...before, name: 'Asha R.' });
  });

  it('an empty update changes nothing and returns the profile', async () => {
    const asha = await newUser();
    const before = await readProfile(asha);
    const response = await asha.request({ method: 'PUT', url: '/api/users/me', payload: {} });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(before);
  });

  it('age may be cleared with null, and 1 and 120 are accepted', async () => {
    const asha = await newUser();
    await asha.request({ method: 'PUT', url: '/api/users/me', payload: FULL_PROFILE });
    for (const age of [1, 120, null]) {
      const response = await asha.request({ method: 'PUT', url: '/api/users/me', payload: { age } });
      expect(response.statusCode).toBe(200);
      expect(response.json().age).toBe(age);
    }
    expect((await readProfile(asha)).age).toBeNull();
  });

  it('text fields are trimmed before they are stored', async () => {
    const asha = await newUser();
    const response = await asha.request({
      method: 'PUT',
      url: '/api/users/me',
      payload: { name: '  Asha  ', phone: ' 9876543210 ', pincode: ' 560001 ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Asha', phone: '9876543210', pincode: '560001' });
  });

  it('the diabetes type can be changed to another known type', async () => {
    const asha = await newUser();
    const response = await asha.request({ method: 'PUT', url: '/api/users/me', payload: { diabetes_type: 'Type 1' } });
    expect(response.statusCode).toBe(200);
    expect((await readProfile(asha)).diabetes_type).toBe('Type 1');
  });

  it.each([
    'Andaman and Nicobar Islands',
    'Chandigarh',
    'Dadra and Nagar Haveli and Daman and Diu',
    'Delhi',
    'Jammu and Kashmir',
    'Ladakh',
    'Lakshadweep',
    'Puducherry',
  ])('a person in the union territory %s can complete the profile', async (state) => {
    const asha = await newUser();
    const response = await asha.request({ method: 'PUT', url: '/api/users/me', payload: { ...FULL_PROFILE, state } });
    expect(response.statusCode).toBe(200);
    expect((await readProfile(asha)).state).toBe(state);
  });

  it.each([
    ['age', { age: 0 }],
    ['age', { age: 121 }],
    ['age', { age: 30.5 }],
    ['age', { age: '30' }],
    ['pincode', { pincode: '12345' }],
    ['pincode', { pincode: '1234567' }],
    ['pincode', { pincode: 'abcdef' }],
    ['sex', { sex: 'x' }],
    ['state', { state: 'Atlantis' }],
    ['phone', { phone: '98765abcde' }],
    ['phone', { phone: '12345' }],
    ['country', { country: 'USA' }],
    ['timezone', { timezone: 'Mars/Olympus' }],
    ['name', { name: '   ' }],
    ['name', { name: 'x'.repeat(101) }],
    ['diabetes_type', { diabetes_type: 'Type 3' }],
    ['language', { language: 'fr' }],
    ['language', { language: null }],
    ['glucose_unit', { glucose_unit: 'mmol' }],
  ])('an invalid %s (%j) is refused with 400 naming the field, and nothing changes', async (field, invalid) => {
    const asha = await newUser();
    await asha.request({ method: 'PUT', url: '/api/users/me', payload: FULL_PROFILE });
    const before = await readProfile(asha);

    // Sent together with a valid change, to prove the whole update is refused.
    const response = await asha.request({
      method: 'PUT',
      url: '/api/users/me',
      payload: { name: 'Changed', ...invalid },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.stringMatching(new RegExp(`^${field}: `)) });
    expect(await readProfile(asha)).toEqual(before);
  });

  it('an unknown field is refused with 400 naming it, and nothing changes', async () => {
    const asha = await newUser();
    const before = await readProfile(asha);
    const response = await asha.request({
      method: 'PUT',
      url: '/api/users/me',
      payload: { name: 'Changed', favourite_colour: 'teal' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.stringContaining('favourite_colour') });
    expect(await readProfile(asha)).toEqual(before);
  });

  it('the email cannot be changed: 400 "email: cannot be changed" and the email stays', async () => {
    const asha = await newUser();
    const before = await readProfile(asha);
    const response = await asha.request({
      method: 'PUT',
      url: '/api/users/me',
      payload: { name: 'Asha', email: 'someone-else@example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'email: cannot be changed' });
    expect(await readProfile(asha)).toEqual(before);
  });

  it('the body must be a JSON object', async () => {
    const asha = await newUser();
    const response = await asha.request({
      method: 'PUT',
      url: '/api/users/me',
      payload: '["name"]',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.any(String) });
  });

  it("Asha fills her profile; Ben updates his own and Asha's stays exactly as she left it", async () => {
    const asha = await signIn(t.app, { name: 'Asha Rao', email: 'asha.story@example.com' });
    const ben = await signIn(t.app, { name: 'Ben Thomas', email: 'ben.story@example.com' });
    await asha.request({ method: 'PUT', url: '/api/users/me', payload: FULL_PROFILE });
    const ashaBefore = await readProfile(asha);

    const benUpdate = await ben.request({
      method: 'PUT',
      url: '/api/users/me',
      payload: { name: 'Ben T.', phone: '9123456780', sex: 'male', age: 61, state: 'Kerala' },
    });
    expect(benUpdate.statusCode).toBe(200);
    expect(benUpdate.json()).toMatchObject({ id: ben.user.id, email: 'ben.story@example.com', name: 'Ben T.' });

    expect(await readProfile(asha)).toEqual(ashaBefore);
    expect((await readProfile(ben)).id).not.toBe(ashaBefore.id);
  });

  it("Ben tries to write Asha's id into his update and is refused; Asha is untouched", async () => {
    const asha = await signIn(t.app, { name: 'Asha Rao', email: 'asha.story@example.com' });
    const ben = await signIn(t.app, { name: 'Ben Thomas', email: 'ben.story@example.com' });
    const ashaBefore = await readProfile(asha);
    const benBefore = await readProfile(ben);

    const response = await ben.request({
      method: 'PUT',
      url: '/api/users/me',
      payload: { id: asha.user.id, name: 'Hijacked' },
    });
    expect(response.statusCode).toBe(400);
    expect(await readProfile(asha)).toEqual(ashaBefore);
    expect(await readProfile(ben)).toEqual(benBefore);
  });
});
