import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/** Smaller answers are sent as they are: the encoding's own framing would eat most of the gain. */
export const COMPRESS_ABOVE_BYTES = 1024;

/**
 * Answers compressed on the fly (brotli, else gzip) when the client accepts it: API JSON, the HTML
 * pages. The web app's built files are compressed once at build time and sent as they are
 * (web/vite.config.ts, @fastify/static's preCompressed, docs/decisions/0216). Requests are read as
 * sent: a compressed request body is not unpacked.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_ABOVE_BYTES,
  });
}
