import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.js';
import { withoutBidiControls, withoutControlCharacters } from '../core/text.js';

/**
 * The one reader of multipart uploads (images, batches, decks): the file part and the text fields in
 * any order, answered with the API's JSON errors whatever the body's shape, 413 past the size limit and
 * 400 for a broken body (no or a bad boundary, no parts, cut short), never a 500. Every upload is
 * answered by its deadline, whatever the parser does with it (docs/decisions/0180).
 */

export interface Upload {
  filename: string;
  data: Buffer;
}

export interface UploadRules {
  /** The file part's field name (`image`, `file`). */
  field: string;
  /** The name kept when the browser sent none. */
  fallbackName: string;
  /** The largest file accepted here; past it 413 with `tooLarge`'s message. */
  maxBytes: number;
  tooLarge: string;
  /** What the route takes, in its answers: 'image', 'deck'. */
  noun: string;
}

const MAX_NAME_LENGTH = 200;
/** RFC 2046 §5.1.1: a boundary is 1 to 70 characters; anything else is refused before parsing. */
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i;

/** Keeps the base name a browser sent, without folders, control or bidi characters. */
export function cleanFilename(name: string | undefined, fallback = 'image'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = withoutBidiControls(withoutControlCharacters(base, '')).trim().slice(0, MAX_NAME_LENGTH);
  return clean || fallback;
}

export function brokenUpload(): AppError {
  return new AppError(
    'invalid_input',
    'The upload is incomplete or not valid multipart/form-data (it may have been cut short). Please send it again.',
  ).withParams({ reason: 'upload' });
}

/** Fastify's multipart limits answer as themselves; anything else the parser throws is a broken body. */
function uploadError(error: unknown, rules: UploadRules): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('file_too_large', rules.tooLarge).withParams({
      reason: rules.noun,
      maxMegabytes: Math.round((rules.maxBytes / 1024 / 1024) * 10) / 10,
    });
  }
  if (code === 'FST_FILES_LIMIT') return new AppError('invalid_input', `Send one ${rules.noun} per request.`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError('invalid_input', 'The form has too many fields.');
  return brokenUpload();
}

/** How long reading an upload may take, headers to last byte; set from the request timeout by `registerUploads`. */
export interface UploadReading {
  deadlineMs: number;
}

/** Short of the request timeout, so the client hears why in JSON before the server's 408 (docs/decisions/0180). */
export function uploadDeadlineMs(requestTimeoutMs: number): number {
  return requestTimeoutMs - Math.min(2_000, Math.round(requestTimeoutMs * 0.2));
}

/**
 * The parser holds bytes it does not take for this many checks in a row (each a turn of the event loop
 * apart, so a busy loop is not taken for a stall): it has skipped or lost a part and will never finish.
 * @fastify/busboy 3.2.6 does so with a part it cannot name (no Content-Disposition, `attachment`) over 16 KB.
 */
const STALL_CHECK_MS = 250;
const STALL_CHECKS = 8;

const receivedAt = new WeakMap<IncomingMessage, number>();

declare module 'fastify' {
  interface FastifyInstance {
    /** The deadline, and how to stop each upload being read (the app's routes see it through their scopes). */
    uploadReading: UploadReading & { readers: Set<(error: AppError) => void> };
  }
}

/**
 * The clock every upload's deadline starts from (its arrival, before the busy door's wait) and, when the
 * app closes, an answer to every upload still being read. Call on the root app before any other onRequest hook.
 */
export function registerUploadDeadlines(app: FastifyInstance, reading: UploadReading): void {
  const active = new Set<(error: AppError) => void>();
  app.decorate('uploadReading', { ...reading, readers: active });
  app.addHook('onRequest', async (request) => {
    if (request.headers['content-type']?.toLowerCase().startsWith('multipart/')) {
      receivedAt.set(request.raw, performance.now());
    }
  });
  app.addHook('preClose', async () => {
    const closing = new AppError('server_busy', 'The server is restarting. Please send the upload again in a moment.', undefined, {
      connection: 'close',
      'retry-after': '5',
    });
    for (const stop of active) stop(closing);
  });
}

/** The upload's file (null when it sent none under `rules.field`) and its text fields. */
export async function readUpload(
  request: FastifyRequest,
  rules: UploadRules,
): Promise<{ upload: Upload | null; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError('invalid_input', `Send the ${rules.noun} as multipart/form-data.`);
  if (!BOUNDARY.test(request.headers['content-type'] ?? '')) {
    throw new AppError('invalid_input', 'The multipart/form-data body needs a boundary of 1 to 70 characters (RFC 2046).');
  }
  const reading = readParts(request, rules);
  const watch = watchReading(request);
  try {
    return await Promise.race([reading, watch.stopped]);
  } catch (error) {
    if (!watch.tripped) throw uploadError(error, rules);
    // The parser is left behind: the rest of the body is read and dropped, so the answer reaches the client.
    reading.catch(() => {});
    letGo(request.raw, watch.remainingMs());
    throw error;
  } finally {
    watch.end();
  }
}

async function readParts(request: FastifyRequest, rules: UploadRules) {
  let upload: Upload | null = null;
  const fields: Record<string, string> = {};
  for await (const part of request.parts({ limits: { fileSize: rules.maxBytes, files: 1 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.fieldname === rules.field && !upload) upload = { filename: cleanFilename(part.filename, rules.fallbackName), data };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { upload, fields };
}

/**
 * Ends the reading with an answer when the upload passes its deadline (counted from its arrival), when
 * the parser stalls (bytes waiting that it does not take, or the whole body in and no end), or when the
 * app closes. Started after `readParts`, whose first step pipes the body into the parser.
 */
function watchReading(request: FastifyRequest) {
  const raw = request.raw;
  const { deadlineMs, readers: active } = request.server.uploadReading;
  const deadline = (receivedAt.get(raw) ?? performance.now()) + deadlineMs;
  let stop: (error: AppError) => void = () => {};
  const watch = {
    tripped: false,
    stopped: new Promise<never>((_resolve, reject) => {
      stop = (error) => {
        watch.tripped = true;
        reject(error);
      };
    }),
    remainingMs: () => Math.max(0, deadline - performance.now()),
    end: () => {
      clearInterval(timer);
      raw.off('data', moved);
      active.delete(stop);
    },
  };
  active.add(stop);
  let stillChecks = 0;
  const moved = () => {
    stillChecks = 0;
  };
  raw.on('data', moved);
  const timer = setInterval(() => {
    if (performance.now() >= deadline) {
      const seconds = Math.round(deadlineMs / 1000);
      stop(
        new AppError('invalid_input', `The upload did not arrive within ${seconds} seconds. Please send it again.`, undefined, {
          connection: 'close',
        }).withParams({ reason: 'upload_slow', seconds }),
      );
      return;
    }
    // Bytes in, none taken: the whole body has arrived, some waits unread, or the parser holds a write it never finishes (the pipe paused).
    const waiting = raw.complete || raw.readableLength > 0 || raw.readableFlowing === false;
    stillChecks = waiting ? stillChecks + 1 : 0;
    if (stillChecks >= STALL_CHECKS) stop(brokenUpload());
  }, STALL_CHECK_MS);
  return watch;
}

/** Takes the body away from a stalled parser and drops the rest of it, up to the upload's deadline. */
function letGo(raw: IncomingMessage, remainingMs: number) {
  raw.unpipe();
  raw.resume();
  if (raw.complete) return;
  const cutOff = setTimeout(() => raw.socket?.destroy(), remainingMs);
  raw.once('end', () => clearTimeout(cutOff));
  raw.once('close', () => clearTimeout(cutOff));
}
