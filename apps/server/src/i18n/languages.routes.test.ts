import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationsIdentifier,
  openCable,
  type RawCable,
} from '../plugins/cable/cable-test-client';
import {
  befriend,
  createTestApp,
  libraryWorkoutId,
  member,
  TestClient,
  validSignUp,
  type TestApp,
} from '../test/test-app';

/*
 * What a person reads from the server comes in the language the request asks for
 * (`Accept-Language`, as the web app sends the language it shows), English otherwise; over
 * /cable, in the member's chosen language, else the one their socket asked for.
 */
let t: TestApp;
let workoutId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  workoutId = await libraryWorkoutId((await member(t)).client);
});
afterAll(async () => {
  await t?.close();
});

const inSpanish = { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' };

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('error messages', () => {
  it('words a 404 in the language asked for, English by default and for one we do not speak', async () => {
    const spanish = await get('/api/no-such-route', inSpanish);
    expect(spanish.statusCode).toBe(404);
    expect(spanish.json()).toEqual({
      error: 'not_found',
      message: 'No se ha encontrado esa ruta de la API.',
    });
    expect(spanish.headers.vary).toMatch(/accept-language/i);
    const english = { error: 'not_found', message: 'That API route could not be found.' };
    expect((await get('/api/no-such-route')).json()).toEqual(english);
    expect((await get('/api/no-such-route', { 'accept-language': 'fr-FR, de' })).json()).toEqual(
      english,
    );
  });

  it('words a shared schema’s issue with its numbers and units', async () => {
    const signUp = async (language: string | null) => {
      const client = new TestClient(t.app);
      if (language) client.headers['accept-language'] = language;
      await client.begin();
      return client.post('/api/auth/sign_up', {
        ...validSignUp,
        email: `w${Math.random().toString(36).slice(2, 10)}@example.org`,
        weight: 500,
        birth_date: '',
      });
    };
    const spanish = await signUp('es');
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json()).toMatchObject({
      error: 'validation_failed',
      message: 'Corrige los campos marcados.',
      issues: expect.arrayContaining([
        { path: 'weight', message: 'Indica un peso entre 20 y 400 kg.' },
        { path: 'birth_date', message: 'Indica tu fecha de nacimiento.' },
      ]),
    });
    expect((await signUp(null)).json()).toMatchObject({
      message: 'Please correct the highlighted fields.',
      issues: expect.arrayContaining([
        { path: 'weight', message: 'Enter a weight between 20 and 400 kg.' },
        { path: 'birth_date', message: 'Enter your birth date.' },
      ]),
    });
  });

  it('words a rate limit with how long to wait', async () => {
    const limited = await createTestApp({ SIGN_IN_RATE_LIMIT: '1' }, { database: t.database });
    try {
      const client = new TestClient(limited.app);
      client.headers['accept-language'] = 'es';
      await client.begin();
      const attempt = () =>
        client.post('/api/auth/sign_in', { email: 'nobody@example.org', password: 'wrong' });
      expect((await attempt()).statusCode).toBe(401);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ message: string }>().message).toMatch(
        /^Demasiados intentos de iniciar sesión\. Espera (\d+ segundos|1 minuto) y vuelve a intentarlo\.$/,
      );
      client.headers['accept-language'] = 'en';
      expect((await attempt()).json<{ message: string }>().message).toMatch(
        /^Too many sign-in attempts\. Please wait (\d+ seconds|1 minute) and try again\.$/,
      );
    } finally {
      await limited.close();
    }
  });
});

describe('texts FitCoach writes for members', () => {
  it('words an achievement in the language of whoever reads it', async () => {
    const { client } = await member(t);
    client.headers['accept-language'] = 'es';
    const logged = await client.post('/api/workout_log/manual', {
      title: 'Carrera',
      performed_on: new Date().toISOString().slice(0, 10),
    });
    expect(logged.statusCode).toBe(201);
    expect(logged.json()).toMatchObject({
      achievement: {
        img: '/achievements/first-workout.svg',
        header: '¡Primer entrenamiento hecho!',
      },
    });
    // Stored once, worded when read: the same achievement reads in English for English.
    const spanishStats = await client.get('/api/stats/personal');
    expect(spanishStats.headers.vary).toMatch(/accept-language/i);
    expect(spanishStats.json()).toMatchObject({
      achievements: [{ code: 'first-workout', header: '¡Primer entrenamiento hecho!' }],
    });
    client.headers['accept-language'] = 'en';
    expect((await client.get('/api/stats/personal')).json()).toMatchObject({
      achievements: [{ code: 'first-workout', header: 'First workout done!' }],
    });
  });

  it('words a shared workout’s notification for the friend, over HTTP and /cable', async () => {
    const alice = await member(t, { name: 'Alicia' });
    const bob = await member(t);
    const carol = await member(t);
    await befriend(t, alice.user.id, bob.user.id);
    await befriend(t, alice.user.id, carol.user.id);
    // Bob chose Spanish on his profile; Carol chose nothing and her browser asks for Spanish.
    expect((await bob.client.put('/api/profile/locale', { locale: 'es' })).statusCode).toBe(200);
    const bobCable = await subscribedCable(bob.client, {});
    const carolCable = await subscribedCable(carol.client, inSpanish);
    const carolEnglish = await subscribedCable(carol.client, {});

    alice.client.headers['accept-language'] = 'es';
    for (const friend of [bob, carol]) {
      const shared = await alice.client.post('/api/workout/share_workout', {
        friend_id: friend.user.id,
        workout_id: workoutId,
      });
      expect(shared.statusCode).toBe(200);
      expect(shared.json<{ message: string }>().message).toMatch(/^Compartido: “.+”\.$/);
    }

    const spanishTitle = 'Alicia ha compartido un entrenamiento contigo';
    for (const cable of [bobCable, carolCable]) {
      const frame = await cable.next(isNotification);
      expect(frame.message).toMatchObject({
        type: 'notification.created',
        notification: { kind: 'workout_shared', title: spanishTitle },
      });
      cable.close();
    }
    const english = await carolEnglish.next(isNotification);
    expect(english.message).toMatchObject({
      notification: { title: 'Alicia shared a workout with you' },
    });
    carolEnglish.close();

    bob.client.headers['accept-language'] = 'es';
    const list = await bob.client.get('/api/notifications');
    expect(list.headers.vary).toMatch(/accept-language/i);
    expect(list.json()).toMatchObject({ items: [{ title: spanishTitle }] });
    bob.client.headers['accept-language'] = 'en';
    expect((await bob.client.get('/api/notifications')).json()).toMatchObject({
      items: [{ title: 'Alicia shared a workout with you' }],
    });
  });
});

/** A message on the notifications channel (not a ping, which also carries a `message`). */
const isNotification = (frame: Record<string, unknown>) =>
  frame.identifier === notificationsIdentifier && frame.message !== undefined;

/** A /cable connection sending these headers, subscribed to the member's notifications. */
async function subscribedCable(
  client: TestClient,
  headers: Record<string, string>,
): Promise<RawCable> {
  const cable = await openCable(t.app, client, { headers });
  await cable.ofType('welcome');
  cable.send({ command: 'subscribe', identifier: notificationsIdentifier });
  await cable.ofType('confirm_subscription');
  return cable;
}
