// `npm run admin -- grant|revoke <email>`: server/dist/admin.js, or src/cli/admin.ts through tsx without a build.
import { runBuiltCommand } from './built-command.mjs';

runBuiltCommand('admin');
