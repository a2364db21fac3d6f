// The e2e run's Stripe: the API tests' fake, listening on the port playwright.config.ts gives it (tests only).
import { StripeFake } from '../server/test/stripe-fake.js';

const port = Number(process.argv[2]);
const fake = await new StripeFake().start(port);
console.log(`Stripe fake on ${fake.url}`);
const stop = () => void fake.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
