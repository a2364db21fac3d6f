// `npm run migrate | backup | restore`: server/dist/ops.js, or src/cli/ops.ts through tsx without a build
// (docs/decisions/0245, 0246).
import { runBuiltCommand } from './built-command.mjs';

runBuiltCommand('ops');
