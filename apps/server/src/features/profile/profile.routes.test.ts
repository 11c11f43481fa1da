import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signUpMember,
  TestClient,
  validSignUp,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const profileForm = {
  name: 'Renamed Member',
  email: 'renamed@example.org',
  gender: 'other',
  birth_date: '1991-01-31',
  measurement_type: 'metric',
  weight: 70.25,
  height: 172.5,
  workout_goal: 'boxing',
  sport_type: null,
  meal_preference: 'keto',
};

describe('GET /api/profile', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized', message: expect.any(String) });
  });

  it('answers the profile in the member’s units', async () => {
    const client = new TestClient(t.app);
    await signUpMember(client, { email: 'profile-read@example.org' });
    const res = await client.get('/api/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: validSignUp.name,
      email: 'profile-read@example.org',
      role: 'member',
      measurement_type: 'metric',
      weight: 64.5,
      height: 170,
      workout_goal: 'hiit',
      meal_preference: 'vegetarian',
    });
    expect(res.json()).not.toHaveProperty('password_hash');
  });
});

describe('PUT /api/profile', () => {
  it('updates every field and converts when the units change', async () => {
    const client = new TestClient(t.app);
    await signUpMember(client, { email: 'profile-edit@example.org' });
    const res = await client.put('/api/profile', {
      ...profileForm,
      email: 'profile-edit2@example.org',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...profileForm, email: 'profile-edit2@example.org' });

    const imperial = await client.put('/api/profile', {
      ...profileForm,
      email: 'profile-edit2@example.org',
      measurement_type: 'imperial',
      weight: 154.88,
      height: 67.91,
    });
    expect(imperial.json()).toMatchObject({
      measurement_type: 'imperial',
      weight: 154.88,
      height: 67.91,
    });
    const me = await client.get('/api/auth/me');
    expect(me.json<{ user: { measurement_type: string; name: string } }>().user).toMatchObject({
      measurement_type: 'imperial',
      name: 'Renamed Member',
    });
  });

  it('drops the sport when the goal no longer needs one', async () => {
    const client = new TestClient(t.app);
    await signUpMember(client, {
      email: 'sporty@example.org',
      workout_goal: 'sport',
      sport_type: 'rugby',
    });
    const res = await client.put('/api/profile', {
      ...profileForm,
      email: 'sporty@example.org',
      workout_goal: 'cardio',
      sport_type: 'rugby',
    });
    expect(res.json()).toMatchObject({ workout_goal: 'cardio', sport_type: null });
  });

  it('refuses bad input with issues and changes nothing', async () => {
    const client = new TestClient(t.app);
    await signUpMember(client, { email: 'profile-bad@example.org' });
    const res = await client.put('/api/profile', { ...profileForm, name: '', weight: 'heavy' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ issues: { path: string }[] }>().issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['name', 'weight']),
    );
    expect((await client.get('/api/profile')).json()).toMatchObject({ name: validSignUp.name });
  });

  it('saves the equipment available: a list, kept when absent, null for a full gym', async () => {
    const client = new TestClient(t.app);
    await signUpMember(client, { email: 'profile-equipment@example.org' });
    expect((await client.get('/api/profile')).json()).toMatchObject({ equipment: null });
    const form = { ...profileForm, email: 'profile-equipment@example.org' };
    const saved = await client.put('/api/profile', { ...form, equipment: ['dumbbell', 'bench'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ equipment: ['dumbbell', 'bench'] });
    const kept = await client.put('/api/profile', form);
    expect(kept.json()).toMatchObject({ equipment: ['dumbbell', 'bench'] });
    const bad = await client.put('/api/profile', { ...form, equipment: ['spaceship'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ issues: { path: string }[] }>().issues[0]!.path).toMatch(/^equipment/);
    const full = await client.put('/api/profile', { ...form, equipment: null });
    expect(full.json()).toMatchObject({ equipment: null });
  });

  it('answers 409 when the new email belongs to someone else', async () => {
    await signUpMember(new TestClient(t.app), { email: 'taken@example.org' });
    const client = new TestClient(t.app);
    await signUpMember(client, { email: 'wants-taken@example.org' });
    const res = await client.put('/api/profile', { ...profileForm, email: 'Taken@example.org' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'email_taken' });
  });

  it('needs a session and a CSRF token', async () => {
    const anonymous = await new TestClient(t.app).begin();
    expect((await anonymous.put('/api/profile', profileForm)).statusCode).toBe(401);
    const client = new TestClient(t.app);
    await signUpMember(client, { email: 'profile-csrf@example.org' });
    expect((await client.put('/api/profile', profileForm, { csrf: false })).statusCode).toBe(403);
  });
});

describe('PUT /api/profile/password', () => {
  it('checks the current password, changes it and signs out other browsers', async () => {
    const laptop = new TestClient(t.app);
    await signUpMember(laptop, { email: 'pw@example.org' });
    const phone = await new TestClient(t.app).begin();
    await phone.post('/api/auth/sign_in', {
      email: 'pw@example.org',
      password: validSignUp.password,
    });
    expect((await phone.get('/api/profile')).statusCode).toBe(200);

    const wrong = await laptop.put('/api/profile/password', {
      current_password: 'not it at all',
      new_password: 'brand new password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ issues: { path: string }[] }>().issues[0]?.path).toBe('current_password');

    const ok = await laptop.put('/api/profile/password', {
      current_password: validSignUp.password,
      new_password: 'brand new password',
    });
    expect(ok.statusCode).toBe(200);
    expect((await laptop.get('/api/profile')).statusCode).toBe(200);
    expect((await phone.get('/api/profile')).statusCode).toBe(401);

    const fresh = await new TestClient(t.app).begin();
    const signIn = await fresh.post('/api/auth/sign_in', {
      email: 'pw@example.org',
      password: 'brand new password',
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('PUT /api/profile/locale', () => {
  it('keeps the chosen language on the session, and null follows the browser again', async () => {
    const client = new TestClient(t.app);
    await signUpMember(client, { email: 'profile-locale@example.org' });
    expect((await client.get('/api/auth/me')).json()).toMatchObject({ user: { locale: null } });

    expect((await client.put('/api/profile/locale', { locale: 'es' })).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).json()).toMatchObject({ user: { locale: 'es' } });

    expect((await client.put('/api/profile/locale', { locale: null })).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).json()).toMatchObject({ user: { locale: null } });
  });

  it('refuses a language FitCoach does not speak, and a visitor', async () => {
    const client = new TestClient(t.app);
    await signUpMember(client, { email: 'profile-locale-bad@example.org' });
    const res = await client.put('/api/profile/locale', { locale: 'xx' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed', issues: [{ path: 'locale' }] });

    const visitor = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/locale',
      payload: { locale: 'es' },
    });
    expect([401, 403]).toContain(visitor.statusCode);
  });
});
