import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

/** The import bans ESLint reports for one line of code placed at a path of the repository. */
async function bansFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return result!.messages.filter((message) => message.ruleId?.endsWith('no-restricted-imports')).map((message) => message.message);
}

/**
 * What ESLint still bans by name: Node and React where a side cannot run them, the server package in the
 * browser, and the heavy SDKs loaded lazily. The walls between folders are dependency-cruiser rules on
 * resolved paths (scripts/walls.ts), proved by probe files in walls.test.ts.
 */
const cases: { where: string; code: string; banned: boolean }[] = [
  // Web code runs in the browser, wherever it sits.
  { where: 'web/src/features/upload/x.ts', code: "import fs from 'node:fs';", banned: true },
  { where: 'web/src/lib/x.ts', code: "import fs from 'node:fs';", banned: true },
  { where: 'web/src/app/x.ts', code: "import fs from 'node:fs';", banned: true },
  { where: 'web/src/components/ui/x.ts', code: "import { x } from '@lightpix/server/app';", banned: true },
  { where: 'web/src/features/upload/x.ts', code: "import { x } from '@lightpix/shared';", banned: false },
  // The shared package has neither DOM nor Node, and imports neither side by name.
  { where: 'shared/src/x.ts', code: "import fs from 'node:fs';", banned: true },
  { where: 'shared/src/x.ts', code: "import { useState } from 'react';", banned: true },
  { where: 'shared/src/x.ts', code: "import { x } from '@lightpix/server/app';", banned: true },
  { where: 'shared/src/x.ts', code: "import { x } from './plans';", banned: false },
  // The lazy-SDK rule holds on every server floor.
  { where: 'server/src/modules/contact/x.ts', code: "import nodemailer from 'nodemailer';", banned: true },
  // Server code loads the heavy SDKs with import() where their setting is used (docs/decisions/0110).
  { where: 'server/src/modules/billing/x.ts', code: "import Stripe from 'stripe';", banned: true },
  { where: 'server/src/storage/x.ts', code: "import { S3Client } from '@aws-sdk/client-s3';", banned: true },
  { where: 'server/src/jobs/x.ts', code: "import { Queue } from 'bullmq';", banned: true },
  { where: 'server/src/modules/billing/x.ts', code: "import type Stripe from 'stripe';", banned: false },
  { where: 'server/src/storage/x.test.ts', code: "import { S3Client } from '@aws-sdk/client-s3';", banned: false },
];

describe('import bans by name, as ESLint enforces them', () => {
  for (const { where, code, banned } of cases) {
    it(`${banned ? 'refuses' : 'allows'} ${code} in ${where}`, async () => {
      const bans = await bansFor(where, code);
      if (banned) expect(bans.length).toBeGreaterThan(0);
      else expect(bans).toEqual([]);
    });
  }
});
