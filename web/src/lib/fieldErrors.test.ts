import { fieldProblemCodes, landingLanguages } from '@lightpix/shared';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { fieldMessages } from './fieldErrors';
import { i18nOptions } from './i18n';
import { translationsFor } from './translations';

async function translator(language: string) {
  const instance = createInstance();
  await instance.init(
    i18nOptions(language, Object.fromEntries(landingLanguages.map((code) => [code, { translation: translationsFor(code) }]))),
  );
  return instance;
}

const taken = new ApiError(
  409,
  'conflict',
  'An account with this e-mail already exists.',
  { email: 'An account with this e-mail already exists.' },
  { reason: 'email_taken' },
  {
    email: { code: 'email_taken' },
  },
);
const tooShort = new ApiError(
  400,
  'invalid_input',
  'Some fields are not valid.',
  { password: 'Password must be at least 8 characters' },
  {},
  {
    password: { code: 'too_short', params: { min: 8 } },
  },
);

describe('field messages', () => {
  it("write each field's problem in the visitor's language from its code and limit", async () => {
    expect(fieldMessages(taken, (await translator('it')).t)).toEqual({ email: 'Esiste già un account con questa e-mail.' });
    expect(fieldMessages(taken, (await translator('pl')).t)).toEqual({ email: 'Konto z tym adresem e-mail już istnieje.' });
    expect(fieldMessages(taken, (await translator('fr')).t)).toEqual({ email: 'Un compte existe déjà avec cette adresse e-mail.' });
    expect(fieldMessages(tooShort, (await translator('de')).t)).toEqual({ password: 'Verwende mindestens 8 Zeichen.' });
    expect(fieldMessages(tooShort, (await translator('pl')).t)).toEqual({ password: 'Wpisz co najmniej 8 znaków.' });
    const three = new ApiError(400, 'invalid_input', '', { name: 'x' }, {}, { name: { code: 'too_short', params: { min: 3 } } });
    expect(fieldMessages(three, (await translator('pl')).t)).toEqual({ name: 'Wpisz co najmniej 3 znaki.' });
  });

  it("show the server's English for a code this browser does not know, or none", async () => {
    const t = (await translator('es')).t;
    const unknown = new ApiError(400, 'invalid_input', '', { a: 'New rule.', b: 'Old server.' }, {}, { a: { code: 'brand_new' as never } });
    expect(fieldMessages(unknown, t)).toEqual({ a: 'New rule.', b: 'Old server.' });
    expect(fieldMessages(new Error('boom'), t)).toEqual({});
  });

  it('have a text for every code in every language', async () => {
    for (const language of landingLanguages) {
      const i18n = await translator(language);
      const missing = fieldProblemCodes.filter((code) => !i18n.exists(`fieldErrors.${code}`, { count: 2, fallbackLng: [] }));
      expect(missing, language).toEqual([]);
    }
  });
});
