// `npm run admin -- grant|revoke someone@example.com`: the operator's way to give or take the admin role.
import { openDatabase } from '../db/client.js';
import { parseEnv } from '../runtime/env.js';
import { setAdminRole } from '../modules/admin/index.js';

const [action, email] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !email) {
  console.error('Usage: npm run admin -- grant|revoke <email>');
  process.exit(2);
}
const env = parseEnv();
// The embedded database admits one process: stop the server first, or set ADMIN_EMAIL and ADMIN_PASSWORD.
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await setAdminRole(database.db, email, action === 'grant');
  console.log(`${action === 'grant' ? 'Granted' : 'Revoked'} the admin role ${action === 'grant' ? 'to' : 'from'} ${email}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
