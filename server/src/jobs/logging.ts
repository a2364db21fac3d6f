import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { IncomingMessage } from 'node:http';
import pino, { type LoggerOptions } from 'pino';

/**
 * One log shape for web instances and workers (docs/decisions/0240): JSON lines with the level as a
 * word, an ISO time, pid, hostname and role; secrets removed by pino's own redaction and serializers.
 */
export type LogRole = 'web' | 'worker' | 'all';

/** Where secrets could sit in what is logged: headers, bodies logged by mistake, a job's data. Censored by pino. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.apiKey',
  '*.key',
  '*.secret',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'apiKey',
  'key',
];

/** Query parameters whose values say nothing about anyone: kept in the logged URL; every other value is censored. */
const PLAIN_QUERY = new Set(['kind', 'page', 'pageSize', 'status', 'lang', 'format']);

/** A request's URL as logged: the path, and of the query string only the names and the plain values. */
export function urlForLog(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  const kept = [...query.keys()].map(
    (name) => `${encodeURIComponent(name)}=${PLAIN_QUERY.has(name) ? encodeURIComponent(query.get(name) ?? '') : '[redacted]'}`,
  );
  return `${url.slice(0, at)}?${[...new Set(kept)].join('&')}`;
}

/** The request as Fastify's log lines carry it: no headers, the query string censored. */
function requestSerializer(request: { method?: string; url?: string; ip?: string; socket?: IncomingMessage['socket'] }) {
  return { method: request.method, url: urlForLog(request.url ?? ''), remoteAddress: request.ip ?? request.socket?.remoteAddress };
}

/** pino's options for a process of this role: the same for Fastify's logger and a worker's. */
export function loggerOptions(role: LogRole, level: string): LoggerOptions {
  return {
    level,
    base: { pid: process.pid, hostname: hostname(), role },
    formatters: { level: (label) => ({ level: label }) },
    timestamp: pino.stdTimeFunctions.isoTime,
    messageKey: 'msg',
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { req: requestSerializer, err: pino.stdSerializers.err },
  };
}

/** What the job code logs through: Fastify's logger in an instance, workerLogger's in a worker process. */
export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A worker's logger (a web instance's is Fastify's, made from the same options). */
export function workerLogger(level: string) {
  return pino(loggerOptions('worker', level));
}

/**
 * Node's own warnings (a dependency's notice, such as the AWS SDK's about Node versions) as log lines of the
 * same shape, instead of free text on stderr between them (docs/decisions/0240). Set once, before anything
 * that may warn is loaded.
 */
export function logProcessWarnings(log: Pick<JobLog, 'warn'>): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => log.warn({ warning: warning.name }, warning.message.replace(/\s+/g, ' ')));
}

/** An incoming X-Request-Id is kept when it is short and plain; otherwise a fresh UUID names the request. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}
