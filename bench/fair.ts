import { execSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { startServer, type ServerProcess } from './server-process.js';

/**
 * `npm run bench:fair` (docs/decisions/0147): one free account sends ten 199-frame 1000×1000 GIFs at
 * once, and a guest sends a 112 KB JPEG 1.5 s later, another guest the same 20 s later, when the whole
 * flood waits in the server (each sending again after a 503's Retry-After). Prints when each answered:
 * the guests' target is 15 s on 2 cores. The server runs from the sources on 127.0.0.1 with PGlite, one job per core.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** `--tree <checkout>`: another checkout's server (its dependencies installed) in place of this one's, for a before and after. */
const { values: options } = parseArgs({ options: { tree: { type: 'string' } } });
const FLOOD = 10;
const FRAMES = 199;
const SIDE = 1000;
const GUEST_AFTER_MS = 1500;
/** A second guest when every flood job has surely reached the server and waits for a worker. */
const SECOND_GUEST_AFTER_MS = 20_000;
const GUEST_TARGET_S = 15;

/** Eight colours in bands that move each frame: 199 MP to decode, under the 10 MB upload limit as a GIF. */
async function floodGif(): Promise<Buffer> {
  const palette = [
    [230, 57, 70],
    [241, 250, 238],
    [168, 218, 220],
    [69, 123, 157],
    [29, 53, 87],
    [255, 183, 3],
    [46, 196, 182],
    [120, 120, 120],
  ];
  const raw = Buffer.alloc(SIDE * SIDE * FRAMES * 3);
  let at = 0;
  for (let frame = 0; frame < FRAMES; frame++) {
    for (let y = 0; y < SIDE; y++) {
      for (let x = 0; x < SIDE; x++) {
        const colour = palette[((((x + frame * 5) / 50) | 0) + ((y / 40) | 0)) % palette.length]!;
        raw[at++] = colour[0]!;
        raw[at++] = colour[1]!;
        raw[at++] = colour[2]!;
      }
    }
  }
  return sharp(raw, { raw: { width: SIDE, height: SIDE * FRAMES, channels: 3, pageHeight: SIDE } })
    .gif({ dither: 0, colours: 16, effort: 1 })
    .toBuffer();
}

interface Answer {
  status: number;
  code: string;
  seconds: number;
}

async function upload(server: ServerProcess, data: Buffer, name: string, cookie: string, sentAt: number): Promise<Answer> {
  const form = new FormData();
  form.append('image', new Blob([data]), name);
  for (const [field, value] of Object.entries({ width: '', height: '', quality: '75', format: '', maintainRatio: 'true' }))
    form.append(field, value);
  const response = await fetch(`${server.origin}/api/images/process`, { method: 'POST', body: form, headers: cookie ? { cookie } : {} });
  const body = (await response.json()) as { error?: { code: string } };
  return { status: response.status, code: body.error?.code ?? '', seconds: (performance.now() - sentAt) / 1000 };
}

async function signUp(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.origin },
    body: JSON.stringify({
      email: `flood-${Date.now()}@example.com`,
      password: 'correct horse battery',
      firstName: 'Flood',
      lastName: 'Account',
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  // Every cookie it set: the session's and, since decision 0191, the device's first; sending the device's
  // alone made each flood upload a guest of its own, a line each, which filled the queue.
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}

/** The guest honours Retry-After after a 503, as a polite client does, until it gets an answer that is not 503 (at most 5 minutes). */
async function politeUpload(server: ServerProcess, data: Buffer, name: string): Promise<Answer & { tries: number }> {
  const sentAt = performance.now();
  for (let tries = 1; ; tries++) {
    const answer = await upload(server, data, name, '', sentAt);
    if (answer.status !== 503 || answer.seconds > 300) return { ...answer, tries };
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
}

const uptime = () => execSync('uptime').toString().trim();

async function main() {
  const guestJpeg = await readFile(path.join(root, 'bench/images/photos/skimage_rocket.jpg'));
  const gif = await floodGif();
  const meta = await sharp(gif, { animated: true }).metadata();
  console.log(
    `flood: ${FLOOD} × GIF ${meta.width}×${meta.pageHeight}, ${meta.pages} frames, ${(gif.length / 1e6).toFixed(1)} MB; guest: JPEG ${(guestJpeg.length / 1024).toFixed(0)} KB after ${GUEST_AFTER_MS / 1000} s`,
  );
  console.log(`${os.availableParallelism()} cores; before: ${uptime()}`);

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-bench-fair-'));
  const server = await startServer(
    'sources',
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'f'.repeat(64),
      QUOTA_GUEST: '1000',
      QUOTA_FREE: '1000',
    },
    { inheritEnv: false, tree: options.tree },
  );
  try {
    const cookie = await signUp(server);
    // Job processes started, as on a server that has been up a while.
    await Promise.all([
      upload(server, guestJpeg, 'warm-1.jpg', '', performance.now()),
      upload(server, guestJpeg, 'warm-2.jpg', '', performance.now()),
    ]);

    const started = performance.now();
    const flood = Array.from({ length: FLOOD }, (_, i) => upload(server, gif, `flood-${i}.gif`, cookie, started));
    await new Promise((resolve) => setTimeout(resolve, GUEST_AFTER_MS));
    const guest = await politeUpload(server, guestJpeg, 'guest.jpg');
    const said = (answer: Answer & { tries: number }) =>
      `${answer.status}${answer.code ? ` ${answer.code}` : ''} in ${answer.seconds.toFixed(1)} s after ${answer.tries} ${answer.tries === 1 ? 'try' : 'tries'}`;
    console.log(`guest at ${GUEST_AFTER_MS / 1000} s: ${said(guest)} (target ≤ ${GUEST_TARGET_S} s) — ${uptime()}`);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + SECOND_GUEST_AFTER_MS - performance.now())));
    const second = await politeUpload(server, guestJpeg, 'second-guest.jpg');
    console.log(`second guest at ${SECOND_GUEST_AFTER_MS / 1000} s: ${said(second)} — ${uptime()}`);
    const answers = await Promise.all(flood);
    const byStatus = new Map<string, number>();
    for (const answer of answers)
      byStatus.set(
        `${answer.status}${answer.code ? ` ${answer.code}` : ''}`,
        (byStatus.get(`${answer.status}${answer.code ? ` ${answer.code}` : ''}`) ?? 0) + 1,
      );
    console.log(`flood answers (s from sending): ${answers.map((answer) => `${answer.seconds.toFixed(1)} (${answer.status})`).join(', ')}`);
    console.log(
      `flood statuses: ${[...byStatus].map(([status, count]) => `${count}× ${status}`).join(', ')}; last at ${Math.max(...answers.map((a) => a.seconds)).toFixed(1)} s`,
    );
    console.log(`after: ${uptime()}`);
    if (guest.seconds > GUEST_TARGET_S || second.seconds > GUEST_TARGET_S) process.exitCode = 1;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
