/** The local SMTP port the e2e server mails contact messages to; the contact spec listens there. */
export const e2eSmtpPort = Number(process.env.E2E_PORT ?? 3100) + 1000;
export const e2eContactTo = 'team@lightpix.test';
