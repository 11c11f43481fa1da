import { describe, expect, it } from 'vitest';
import { matchLocale, parseAcceptLanguage } from './locales';

describe('locales', () => {
  it('picks the first supported language by its primary subtag', () => {
    expect(matchLocale(['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(matchLocale(['EN_gb'])).toBe('en');
    expect(matchLocale(['de', 'fr'])).toBe('en');
    expect(matchLocale([])).toBe('en');
  });

  it('orders Accept-Language by weight, keeping the header order on ties', () => {
    expect(parseAcceptLanguage('en;q=0.5, es-ES, fr;q=0.8')).toEqual(['es-ES', 'fr', 'en']);
    expect(parseAcceptLanguage('es;q=0, en')).toEqual(['en']);
    expect(parseAcceptLanguage('*, es')).toEqual(['es']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(matchLocale(parseAcceptLanguage('de-DE,es;q=0.9,en;q=0.8'))).toBe('es');
  });
});
