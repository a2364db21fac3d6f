import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ContactField } from '@lightpix/shared';
import { ApiError } from '#lib/api';
import { translationsFor } from '#lib/translations';
import { problemText, serverFieldErrors, validateContact } from './validation';

async function translator(language: string) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { [language]: { translation: translationsFor(language) } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('contact form validation', () => {
  it('gives each field its problem as a code, trimmed input counting as empty', async () => {
    expect(await validateContact({ name: '  ', email: 'ada@', subject: '', message: ' short    ' })).toEqual({
      errors: {
        name: { code: 'required' },
        email: { code: 'invalid_email' },
        subject: { code: 'required' },
        message: { code: 'too_short', params: { min: 10 } },
      },
    });
    expect(await validateContact({ name: ' Ada ', email: ' ada@example.com ', subject: 'Hi', message: '0123456789' })).toEqual({
      message: { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: '0123456789' },
    });
  });

  it("writes the specified messages from the codes, and those of a 400 answer, in the visitor's language", async () => {
    const english = await translator('en');
    const problems = await validateContact({ name: '', email: 'ada@', subject: '', message: 'short' });
    expect(
      'errors' in problems && Object.entries(problems.errors).map(([field, note]) => problemText(field as ContactField, note, english)),
    ).toEqual(['Name is required', 'Valid email is required', 'Subject is required', 'Message must be at least 10 characters']);
    const italian = await translator('it');
    expect(problemText('message', { code: 'too_short', params: { min: 10 } }, italian)).toBe(
      'Il messaggio deve contenere almeno 10 caratteri',
    );
    expect(problemText('email', { code: 'invalid_email' }, await translator('de'))).toBe('Gültige E-Mail-Adresse erforderlich');
    // A code without contact words of its own gets the general text; English the browser cannot place is shown as it came.
    expect(problemText('subject', { code: 'invalid' }, italian)).toBe('Questo valore non è valido.');
    expect(problemText('subject', 'Something new', italian)).toBe('Something new');
    const answer = new ApiError(
      400,
      'invalid_input',
      'Some fields are not valid.',
      { subject: 'Subject is too long', website: 'x', name: 'New rule' },
      {},
      {
        subject: { code: 'too_long', params: { max: 150 } },
        name: { code: 'brand_new' as never },
      },
    );
    expect(serverFieldErrors(answer)).toEqual({ subject: { code: 'too_long', params: { max: 150 } }, name: 'New rule' });
  });
});
