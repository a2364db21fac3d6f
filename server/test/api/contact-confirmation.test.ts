import { frenchSpacingProblems } from '@lightpix/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATIONS_PER_DAY, confirmationTexts } from '../../src/modules/contact/confirmation.js';
import { resetMailText } from '../../src/modules/password-reset/mailer.js';
import { addressPool, createTestApp, databaseKinds, visitor, type TestApp } from '../helpers.js';
import { headerText, readable, startMailCatcher } from '../mail-catcher.js';

const nextIp = addressPool('198.23');
const TEAM = 'team@lightpix.test';
let serial = 0;
const newAddress = (name: string) => `${name}-${++serial}@example.com`;
const message = (extra: Record<string, unknown>) => ({
  name: 'Someone Else',
  email: 'typed-in-the-form@example.com',
  subject: 'Visit https://spam.example now',
  message: 'Cheap pills at https://spam.example, tell your friends!',
  website: '',
  ...extra,
});

/** What each language's confirmation says, in its subject and its first line. */
const expected = {
  it: { subject: 'Lightpix: abbiamo ricevuto il tuo messaggio', line: 'Il tuo messaggio ci è arrivato' },
  pl: { subject: 'Lightpix: otrzymaliśmy Twoją wiadomość', line: 'Dotarła do nas' },
  fr: { subject: 'Lightpix\u00a0: nous avons bien reçu votre message', line: 'Votre message nous est bien parvenu' },
} as const;

describe.each(databaseKinds)('the contact confirmation on %s (docs/decisions/0143)', (kind) => {
  let t: TestApp;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  beforeAll(async () => {
    catcher = await startMailCatcher();
    t = await createTestApp(kind, { SMTP_URL: catcher.url, MAIL_FROM: 'Lightpix <no-reply@lightpix.test>', CONTACT_TO: TEAM });
  });
  afterAll(async () => {
    await t.close();
    await catcher.close();
  });

  async function signedIn(email: string) {
    const client = visitor(t.app, nextIp());
    const response = await client.post('/api/auth/register', {
      email,
      password: 'correct horse battery',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(response.statusCode).toBe(201);
    return client;
  }

  it.each(Object.entries(expected))(
    "confirms to the account's own address in %s, in fixed words without what was written",
    async (language, words) => {
      const account = newAddress(`writer-${language}`);
      const client = await signedIn(account);
      const response = await client.post(
        '/api/contact',
        message({ language, message: `Cheap pills at https://spam.example, tell your friends! (${language})` }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ status: 'received', confirmation: true });

      const mail = await catcher.next((m) => m.recipients.includes(account));
      expect(mail.recipients).toEqual([account]);
      expect(mail.headers.from).toContain('no-reply@lightpix.test');
      expect(headerText(mail.headers.subject)).toBe(words.subject);
      const text = readable(mail);
      expect(text).toContain(words.line);
      expect(text).toContain(account);
      // Nothing the form carried goes out: not the message, the subject, the name or the typed address.
      expect(text).not.toMatch(/spam\.example|Cheap pills|Someone Else|typed-in-the-form/);
      expect(mail.headers['reply-to']).toBeUndefined();
      if (language === 'fr') expect(frenchSpacingProblems(`${headerText(mail.headers.subject)}\n${text}`)).toEqual([]);
      // The team gets the message as before.
      await catcher.next((m) => m.recipients.includes(TEAM) && readable(m).includes(`(${language})`));
    },
  );

  it('sends a guest nothing, whatever address the form carries', async () => {
    const typed = newAddress('victim');
    const response = await visitor(t.app, nextIp()).post(
      '/api/contact',
      message({ email: typed, language: 'it', subject: 'Guest message' }),
    );
    expect(response.json()).toEqual({ status: 'received', confirmation: false });
    await catcher.next((m) => m.recipients.includes(TEAM) && readable(m).includes(typed));
    expect(catcher.mails.filter((m) => m.recipients.includes(typed))).toHaveLength(0);
  });

  it(`confirms at most ${CONFIRMATIONS_PER_DAY} messages of one account a day; the team still gets every one`, async () => {
    const account = newAddress('chatty');
    const client = await signedIn(account);
    const answers: boolean[] = [];
    for (let n = 1; n <= CONFIRMATIONS_PER_DAY + 1; n += 1) {
      const response = await client.post(
        '/api/contact',
        message({ language: 'pl', message: `Chatty message number ${n}.`, email: account }),
      );
      answers.push(response.json().confirmation);
    }
    expect(answers).toEqual([...Array<boolean>(CONFIRMATIONS_PER_DAY).fill(true), false]);
    await catcher.next((m) => m.recipients.includes(TEAM) && readable(m).includes(`Chatty message number ${CONFIRMATIONS_PER_DAY + 1}.`));
    expect(catcher.mails.filter((m) => m.recipients.includes(account))).toHaveLength(CONFIRMATIONS_PER_DAY);
  });
});

describe('the French e-mails', () => {
  it('put a no-break space before : ; ! ? (shared/src/i18n/README.md)', () => {
    expect(Object.values(confirmationTexts.fr).flatMap(frenchSpacingProblems)).toEqual([]);
    for (const bySupport of [false, true]) {
      const reset = resetMailText({ to: 'ada@example.com', token: 'abc', language: 'fr', bySupport }, 'https://lightpix.example');
      expect(frenchSpacingProblems(`${reset.subject}\n${reset.text}`)).toEqual([]);
    }
  });
});
