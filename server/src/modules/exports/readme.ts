import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION } from './contents.js';
import { EXPORT_JSON } from './zip.js';

/** README.txt inside every export: what the ZIP holds and how the JSON reads (docs/data-export.md in full). */
export function exportReadme(exportedAt: Date, keptHours: number): string {
  return [
    'Your Lightpix data',
    '==================',
    '',
    `Made on ${exportedAt.toISOString()} (UTC) at your request, from the account page ("Download my data").`,
    `The server keeps this ZIP for ${keptHours} hours after it was made, then deletes it.`,
    '',
    'What is inside',
    '--------------',
    `${EXPORT_JSON}   everything your account holds, as JSON (UTF-8)`,
    'results/             the result files still stored (results are kept only for a short time after they are made)',
    'README.txt           this file',
    '',
    `The JSON (format "${EXPORT_FORMAT}", version ${EXPORT_FORMAT_VERSION})`,
    '---------------------------------------------',
    'Dates are ISO 8601 in UTC; sizes are bytes; a missing value is null.',
    '',
    'account          id, e-mail, username, first and last name, when it was created and when its e-mail was confirmed',
    'settings         plan ("registered" or "premium"), premium granted by support, active, admin',
    'subscriptions    each Premium subscription: status, cancelled at period end, current period end, created',
    'invoices         the invoices Stripe holds for you: number, status, total (in cents), currency, dates;',
    '                 "complete" is false when not all could be listed, and "note" says why',
    'apiKeys          each developer API key: name, created, last used, revoked (never the key itself)',
    'results          every file processed by the account: original name, kind, status (completed, expired,',
    '                 removed, processing), format, sizes before and after, width, height, quality, folder,',
    '                 made through the API, dates, and "file": its path in this ZIP, or null when no longer stored',
    'contactMessages  the messages sent through the contact form from this account or its e-mail address',
    '',
    'Not included: your password (stored only as a one-way hash), API keys (stored only as hashes),',
    'session cookies, payment card details (held by Stripe, never by us), and processing settings',
    '(kept in your browser, not on the server).',
    '',
  ].join('\r\n');
}
