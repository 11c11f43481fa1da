// @vitest-environment jsdom
import { signInSchema, signUpBodySchema } from '@fitcoach/shared/profile';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changeLocale } from '../i18n/i18n';
import { zodErrors } from './form-errors';

const tooHeavy = {
  gender: 'female',
  birth_date: '',
  measurement_type: 'metric',
  weight: 500,
  height: 180,
};

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected the value to be refused');
  return zodErrors(parsed.error);
}

describe('form errors', () => {
  afterAll(() => changeLocale('en', { remember: false }));

  it('words the shared schemas’ messages in English, as the spec writes them', async () => {
    await changeLocale('en', { remember: false });
    expect(errorsOf(signUpBodySchema, tooHeavy)).toMatchObject({
      birth_date: 'Enter your birth date.',
      weight: 'Enter a weight between 20 and 400 kg.',
    });
  });

  it('words them in Spanish, with their numbers and units, when the app shows Spanish', async () => {
    await changeLocale('es', { remember: false });
    expect(errorsOf(signUpBodySchema, tooHeavy)).toMatchObject({
      birth_date: 'Indica tu fecha de nacimiento.',
      weight: 'Indica un peso entre 20 y 400 kg.',
    });
    expect(errorsOf(signInSchema, { email: '', password: '' })).toEqual({
      email: 'Escribe tu correo electrónico.',
      password: 'Escribe tu contraseña.',
    });
  });

  it('words Zod’s own messages in Spanish too, and leaves them as Zod writes them in English', async () => {
    const schema = z.object({ code: z.string().max(3) });
    await changeLocale('en', { remember: false });
    const english = errorsOf(schema, { code: 'abcdef' }).code;
    await changeLocale('es', { remember: false });
    const spanish = errorsOf(schema, { code: 'abcdef' }).code;
    expect(english).toMatch(/Too big/);
    expect(spanish).not.toBe(english);
    expect(spanish).toMatch(/demasiado grande/i);
    expect(spanish).toContain('3');
  });
});
