import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import contentDisposition from 'content-disposition';

export interface StoredFileHeaders {
  type: string;
  /** Bytes, when known before sending (a streamed ZIP's are not). */
  size?: number;
  /** The name a browser saves it under; none for a file a client reads in place (the developer API). */
  filename?: string;
  /** Further headers of this kind of download (Image-Width…). */
  extra?: Record<string, string | number>;
}

/**
 * The one way a stored file is sent (a result, an API output, a batch's ZIP): never cached by anyone
 * but its owner's browser, never sniffed into another type (docs/decisions/0038, 0060).
 */
export function sendStoredFile(reply: FastifyReply, body: Readable | Buffer, file: StoredFileHeaders) {
  reply.header('Content-Type', file.type);
  if (file.size !== undefined) reply.header('Content-Length', file.size);
  if (file.filename !== undefined) reply.header('Content-Disposition', contentDisposition(file.filename));
  for (const [name, value] of Object.entries(file.extra ?? {})) reply.header(name, value);
  return reply.header('Cache-Control', 'private, no-store').header('X-Content-Type-Options', 'nosniff').send(body);
}
