import { signUpAccountSchema } from '@fitcoach/shared/profile';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, i18n, startI18n } from '../i18n/i18n';
import { errorMessage, schemaMessage, zodErrors } from './form-errors';

beforeAll(async () => {
  if (!i18n.isInitialized) await startI18n('en');
});

afterEach(async () => {
  await changeLocale('en', { remember: false });
});

describe('form errors from the shared schemas', () => {
  it('keep the schema’s English wording in English', () => {
    const parsed = signUpAccountSchema.safeParse({ name: '', email: 'nope', password: 'short' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(zodErrors(parsed.error)).toEqual({
      name: 'Enter your name.',
      email: 'Enter a valid email address.',
      password: 'Use at least 8 characters.',
    });
  });

  it('speak the shown language, values included', async () => {
    await changeLocale('es', { remember: false });
    const parsed = signUpAccountSchema.safeParse({ name: '', email: '', password: '' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(zodErrors(parsed.error)).toEqual({
      name: 'Escribe tu nombre.',
      email: 'Escribe tu correo electrónico.',
      password: 'Usa al menos 8 caracteres.',
    });
    expect(schemaMessage('Enter a weight between 20 and 500 kg.')).toBe(
      'Escribe un peso entre 20 y 500 kg.',
    );
    expect(schemaMessage('You must be between 13 and 120 years old.')).toBe(
      'Debes tener entre 13 y 120 años.',
    );
    expect(schemaMessage('A message no catalogue knows.')).toBe('A message no catalogue knows.');
    expect(errorMessage(new Error('boom'))).toBe('Algo salió mal. Vuelve a intentarlo.');
  });
});
