import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { withoutBidiControls, withoutControlCharacters } from './text.js';

/**
 * The one reader of multipart uploads (images, batches, decks): the file part and the text fields in
 * any order, answered with the API's JSON errors whatever the body's shape, 413 past the size limit and
 * 400 for a broken body (no or a bad boundary, no parts, cut short), never a 500.
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
  );
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

/** The upload's file (null when it sent none under `rules.field`) and its text fields. */
export async function readUpload(
  request: FastifyRequest,
  rules: UploadRules,
): Promise<{ upload: Upload | null; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError('invalid_input', `Send the ${rules.noun} as multipart/form-data.`);
  if (!BOUNDARY.test(request.headers['content-type'] ?? '')) {
    throw new AppError('invalid_input', 'The multipart/form-data body needs a boundary of 1 to 70 characters (RFC 2046).');
  }
  let upload: Upload | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: rules.maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === rules.field && !upload) upload = { filename: cleanFilename(part.filename, rules.fallbackName), data };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadError(error, rules);
  }
  return { upload, fields };
}
