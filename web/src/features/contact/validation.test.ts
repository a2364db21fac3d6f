import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { translationsFor } from '#lib/translations';
import { problemText, serverFieldErrors, validateContact } from './validation';

async function translator(language: string) {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: translationsFor(language) } }, interpolation: { escapeValue: false } });
  return instance.t;
}

describe('contact form validation', () => {
  it("gives the specified message for each field, trimmed input counting as empty", () => {
    expect(validateContact({ name: '  ', email: 'ada@', subject: '', message: ' short    ' })).toEqual({
      errors: {
        name: 'Name is required',
        email: 'Valid email is required',
        subject: 'Subject is required',
        message: 'Message must be at least 10 characters',
      },
    });
    expect(validateContact({ name: ' Ada ', email: ' ada@example.com ', subject: 'Hi', message: '0123456789' })).toEqual({
      message: { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: '0123456789' },
    });
  });

  it('shows the messages, and those of a 400 answer, in the visitor’s language', async () => {
    const italian = await translator('it');
    expect(problemText('Message must be at least 10 characters', italian)).toBe('Il messaggio deve contenere almeno 10 caratteri');
    expect(problemText('Valid email is required', await translator('de'))).toBe('Gültige E-Mail-Adresse erforderlich');
    // A text the client does not know is shown as the server wrote it.
    expect(problemText('Something new', italian)).toBe('Something new');
    expect(serverFieldErrors({ subject: 'Subject is too long', website: 'x' })).toEqual({ subject: 'Subject is too long' });
  });
});
