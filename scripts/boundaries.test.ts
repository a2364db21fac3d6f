import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

/** The import bans ESLint reports for one line of code placed at a path of the repository. */
async function bansFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return result!.messages.filter((message) => message.ruleId?.endsWith('no-restricted-imports')).map((message) => message.message);
}

const cases: { where: string; code: string; banned: boolean }[] = [
  // Web code runs in the browser, wherever it sits; the features/ override keeps these bans.
  { where: 'web/src/features/upload/x.ts', code: "import fs from 'node:fs';", banned: true },
  { where: 'web/src/features/upload/x.ts', code: "import { buildApp } from '../../../../server/src/app';", banned: true },
  { where: 'web/src/lib/x.ts', code: "import fs from 'node:fs';", banned: true },
  { where: 'web/src/app/x.ts', code: "import fs from 'node:fs';", banned: true },
  { where: 'web/src/components/ui/x.ts', code: "import { x } from '@lightpix/server/app';", banned: true },
  // Features import neither each other nor the app that composes them.
  { where: 'web/src/features/upload/x.ts', code: "import { x } from '../history/HistorySection';", banned: true },
  { where: 'web/src/features/upload/x.ts', code: "import { x } from '../../features/history/HistorySection';", banned: true },
  { where: 'web/src/features/upload/x.ts', code: "import { x } from '../../app/router';", banned: true },
  // lib/ and components/ sit below the features and the app.
  { where: 'web/src/lib/x.ts', code: "import { x } from '../features/upload/UploadArea';", banned: true },
  { where: 'web/src/components/ui/x.ts', code: "import { x } from '../../features/upload/UploadArea';", banned: true },
  { where: 'web/src/lib/x.ts', code: "import { x } from '../app/pages/partners/partners';", banned: true },
  // What the shape allows.
  { where: 'web/src/features/upload/x.ts', code: "import { x } from './UploadArea';", banned: false },
  { where: 'web/src/features/upload/x.ts', code: "import { x } from '../../lib/api';", banned: false },
  { where: 'web/src/features/upload/x.ts', code: "import { x } from '@lightpix/shared';", banned: false },
  { where: 'web/src/app/x.ts', code: "import { x } from '../features/upload/UploadArea';", banned: false },
  // The shared package has neither DOM nor Node.
  { where: 'shared/src/x.ts', code: "import fs from 'node:fs';", banned: true },
  { where: 'shared/src/x.ts', code: "import { useState } from 'react';", banned: true },
  // …and imports neither side that uses it.
  { where: 'shared/src/x.ts', code: "import { buildApp } from '../../server/src/app';", banned: true },
  { where: 'shared/src/i18n/x.ts', code: "import { x } from '../../../web/src/lib/api';", banned: true },
  { where: 'shared/src/x.ts', code: "import { x } from '@lightpix/server/app';", banned: true },
  { where: 'shared/src/x.ts', code: "import { x } from './plans';", banned: false },
  // The web app's subpath imports are caught too ('#' would start a comment in the pattern).
  { where: 'web/src/lib/x.ts', code: "import { x } from '#features/upload/UploadArea';", banned: true },
  { where: 'web/src/components/ui/x.ts', code: "import { x } from '#app/router';", banned: true },
  { where: 'web/src/features/upload/x.ts', code: "import { x } from '#lib/api';", banned: false },
  // A server module is entered through its index.ts only, from another module or from the entry points.
  { where: 'server/src/modules/images/x.ts', code: "import { x } from '../quota/ledger.js';", banned: true },
  { where: 'server/src/modules/images/x.ts', code: "import { x } from '../session/service.js';", banned: true },
  { where: 'server/src/app.ts', code: "import { x } from './modules/images/routes.js';", banned: true },
  { where: 'server/src/cli/x.ts', code: "import { x } from '../modules/admin/service.js';", banned: true },
  { where: 'server/src/modules/images/x.ts', code: "import { x } from '../quota/index.js';", banned: false },
  { where: 'server/src/modules/images/x.ts', code: "import { x } from './service.js';", banned: false },
  { where: 'server/src/modules/images/x.ts', code: "import { x } from '../../jobs/result-queue.js';", banned: false },
  { where: 'server/src/app.ts', code: "import { x } from './modules/images/index.js';", banned: false },
  // The floors below the modules never reach up into them, not even through a door.
  { where: 'server/src/jobs/x.ts', code: "import { x } from '../modules/quota/index.js';", banned: true },
  { where: 'server/src/cluster/x.ts', code: "import { x } from '../modules/images/sweeper.js';", banned: true },
  { where: 'server/src/db/x.ts', code: "import { x } from '../modules/session/index.js';", banned: true },
  { where: 'server/src/storage/x.ts', code: "import { x } from '../modules/quota/index.js';", banned: true },
  { where: 'server/src/images/x.ts', code: "import { x } from '../modules/images/index.js';", banned: true },
  { where: 'server/src/presentations/x.ts', code: "import { x } from '../modules/presentations/index.js';", banned: true },
  { where: 'server/src/jobs/x.ts', code: "import { x } from '../images/optimise.js';", banned: false },
  // The lazy-SDK rule holds on every floor beside these bans.
  { where: 'server/src/modules/contact/x.ts', code: "import nodemailer from 'nodemailer';", banned: true },
  // Server code loads the heavy SDKs with import() where their setting is used (docs/decisions/0110).
  { where: 'server/src/modules/billing/x.ts', code: "import Stripe from 'stripe';", banned: true },
  { where: 'server/src/storage/x.ts', code: "import { S3Client } from '@aws-sdk/client-s3';", banned: true },
  { where: 'server/src/jobs/x.ts', code: "import { Queue } from 'bullmq';", banned: true },
  { where: 'server/src/modules/billing/x.ts', code: "import type Stripe from 'stripe';", banned: false },
  { where: 'server/src/storage/x.test.ts', code: "import { S3Client } from '@aws-sdk/client-s3';", banned: false },
];

describe('import boundaries, as ESLint enforces them', () => {
  for (const { where, code, banned } of cases) {
    it(`${banned ? 'refuses' : 'allows'} ${code} in ${where}`, async () => {
      const bans = await bansFor(where, code);
      if (banned) expect(bans.length).toBeGreaterThan(0);
      else expect(bans).toEqual([]);
    });
  }
});
