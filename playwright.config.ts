import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eContactTo, e2eSmtpPort } from './e2e/mail.js';
import { e2eStripePort, e2eStripeSettings } from './e2e/stripe.js';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.join(os.tmpdir(), `lightpix-e2e-${port}`);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's chromium; Playwright never downloads a browser here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      // Stripe for the run: the API tests' fake (server/test/stripe-fake.ts), on the port after the app's.
      command: `npx tsx e2e/stripe-fake-server.ts ${e2eStripePort}`,
      url: `http://127.0.0.1:${e2eStripePort}/_fake/subscriptions`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // A fresh embedded database per run; TRUST_PROXY=1 lets each test act from its own client address (one X-Forwarded-For entry).
      command: `rm -rf ${dataDir} && node scripts/start.mjs`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        TRUST_PROXY: '1',
        // Reset links are built from the public address only, never from a request's Host header.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        // The run's admin (e2e/people.ts), made at start as an operator would (docs/decisions/0189).
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'correct horse battery',
        // Each test has its own address, but some make several accounts in one browser (docs/decisions/0191's limits have their own tests).
        SIGNUPS_PER_ADDRESS: '100',
        SIGNUPS_PER_DEVICE: '100',
        // Contact mail goes to a local SMTP server that e2e/contact.spec.ts runs; elsewhere nothing listens and the message is only stored.
        SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort}`,
        MAIL_FROM: 'Lightpix <no-reply@lightpix.test>',
        CONTACT_TO: e2eContactTo,
        SUPPORT_EMAIL: 'support@lightpix.test',
        ...e2eStripeSettings,
      },
    },
  ],
});
