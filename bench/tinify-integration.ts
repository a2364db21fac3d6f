/**
 * The official tinify Node client's own integration test (bench/tinify/integration.cjs, changed only
 * in endpoint, CA, the fromUrl address and its lower size bounds) against Lightpix from its sources,
 * behind a local TLS proxy as a site would be; with `--python`, the official Python client's too
 * (bench/tinify/integration.py, run by pytest from the client's source in bench/tinify/python, changed
 * only in endpoint, CA, the from_url address and the lower size bounds, as the Node copy; needs Debian's
 * python3-requests and python3-pytest); then the sizes of the client's example image through each operation. A measurement, not a test:
 * `npm run bench:tinify [-- --python]`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from 'selfsigned';
import tinify from 'tinify';
import { startServer } from './server-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const example = await readFile(path.join(here, 'tinify/examples/voormedia.png'));

const listen = async (server: import('node:net').Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

// The fromUrl source: a local file server that SOURCE_URL_ALLOW lets through.
const files = createHttpServer((_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(example));
const filesPort = await listen(files);
const dataDir = await mkdtemp(path.join(tmpdir(), 'lightpix-tinify-'));
const server = await startServer('sources', {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  QUOTA_FREE: '1000',
  LOG_LEVEL: 'error',
  NODE_ENV: 'production',
  TRUST_PROXY: '1',
  WEB_DIST_DIR: '',
  SOURCE_URL_ALLOW: `127.0.0.1:${filesPort}`,
});

// TLS in front, as a reverse proxy would put it: the official clients speak HTTPS only.
const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
  keySize: 2048,
  // Its own CA as well: Python's ssl (OpenSSL 3) refuses a self-signed leaf that does not say it may sign.
  extensions: [
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
  ],
});
const upstream = new URL(server.origin);
const proxy = createHttpsServer({ key: pems.private, cert: pems.cert }, (incoming, outgoing) => {
  const forwarded = httpRequest(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: incoming.method,
      path: incoming.url,
      headers: { ...incoming.headers, 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https' },
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  incoming.pipe(forwarded);
});
const endpoint = `https://127.0.0.1:${await listen(proxy)}`;

// A registered user with a key, made the way a person makes one (the browser API, then /api/keys).
const signUp = await fetch(`${server.origin}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: server.origin },
  body: JSON.stringify({ email: 'bench-tinify@example.com', password: 'correct horse battery', firstName: 'Bench', lastName: 'Mark' }),
});
const cookie = signUp.headers
  .getSetCookie()
  .map((line) => line.split(';')[0])
  .join('; ');
const created = await fetch(`${server.origin}/api/keys`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: server.origin, cookie },
  body: JSON.stringify({ name: 'bench' }),
});
const { key } = (await created.json()) as { key: string };

const caFile = path.join(dataDir, 'ca.pem');
const sourceUrl = `http://127.0.0.1:${filesPort}/voormedia.png`;
await writeFile(caFile, pems.cert);
// Asynchronously: the TLS proxy and the file server answer from this process's event loop, which a
// spawnSync would block until mocha gave up (every request timed out).
const mocha = spawn(process.execPath, [path.join(root, 'node_modules/mocha/bin/mocha.js'), path.join(here, 'tinify/integration.cjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TINIFY_KEY: key, TINIFY_ENDPOINT: endpoint, TINIFY_CA_FILE: caFile, TINIFY_SOURCE_URL: sourceUrl },
});
const exited = (child: ReturnType<typeof spawn>) => new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
let status = await exited(mocha);

if (process.argv.includes('--python')) {
  const modules = spawnSync('python3', ['-c', 'import requests, pytest']);
  if (modules.status !== 0) {
    console.error(
      'The Python client needs python3 with requests and pytest: apt-get install -y --no-install-recommends python3-requests python3-pytest',
    );
    status ||= 1;
  } else {
    const pytest = spawn('python3', ['-m', 'pytest', '-v', '-p', 'no:cacheprovider', path.join(here, 'tinify/integration.py')], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        PYTHONPATH: path.join(here, 'tinify/python'),
        PYTHONDONTWRITEBYTECODE: '1',
        TINIFY_KEY: key,
        TINIFY_ENDPOINT: endpoint,
        TINIFY_CA_FILE: caFile,
        TINIFY_SOURCE_URL: sourceUrl,
        // requests takes these over the session's own CA file when they are set (as on this kind of machine).
        REQUESTS_CA_BUNDLE: caFile,
        CURL_CA_BUNDLE: caFile,
      },
    });
    const code = await exited(pytest);
    status ||= code;
  }
}

// The example image through each operation, against its own size.
const client = tinify.Client as unknown as { API_ENDPOINT: string; CA_BUNDLE: string };
client.API_ENDPOINT = endpoint;
client.CA_BUNDLE = pems.cert;
tinify.key = key;
const source = tinify.fromBuffer(example);
const operations: [string, () => Promise<Uint8Array>][] = [
  ['compress (PNG)', () => source.toBuffer()],
  ['compress fromUrl (PNG)', () => tinify.fromUrl(sourceUrl).toBuffer()],
  ['resize fit 50×20', () => source.resize({ method: 'fit', width: 50, height: 20 }).toBuffer()],
  ['preserve copyright, creation', () => source.preserve('copyright', 'creation').toBuffer()],
  ['convert WebP', () => source.convert({ type: 'image/webp' }).toBuffer()],
  ['convert WebP or AVIF', () => source.convert({ type: ['image/webp', 'image/avif'] }).toBuffer()],
  ['convert WebP or JPEG', () => source.convert({ type: ['image/webp', 'image/jpg'] }).toBuffer()],
  ['convert */* (smallest)', () => source.convert({ type: '*/*' }).toBuffer()],
];
console.log(`| operation | bytes | × input (${example.length} B) |\n|---|---|---|`);
for (const [name, operation] of operations) {
  const output = await operation();
  console.log(`| ${name} | ${output.length} | ${(output.length / example.length).toFixed(4)} |`);
}

proxy.close();
files.close();
await server.stop();
await rm(dataDir, { recursive: true, force: true });
process.exit(status);
