import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import { AppError, toErrorBody } from '../core/errors.js';

/*
 * Prometheus metrics (docs/decisions/0207): one registry per process, shared by the app, its jobs and a
 * worker; kept in jobs/, the lowest floor that counts, so the jobs, the cluster and the app all reach it. Read at /metrics with METRICS_TOKEN as a Bearer token, or on METRICS_PORT of their own; neither
 * set, /metrics is 404.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'lightpix_' });

const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const registers = [registry];

/** A duration in seconds, by the given labels, in the buckets every timing here shares. */
const timing = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
  new client.Histogram<L>({ name, help, labelNames, buckets: seconds, registers });

/** Where the queue's waiting count comes from: the local lines, or BullMQ's count; the last queue opened wins. */
let waitingSource: () => number | Promise<number> = () => 0;
export const setWaitingSource = (source: typeof waitingSource) => {
  waitingSource = source;
};

export const metrics = {
  requests: timing('lightpix_http_request_duration_seconds', 'HTTP requests by route pattern, method and status, with their durations', [
    'method',
    'route',
    'status',
  ]),
  bytesIn: new client.Counter({
    name: 'lightpix_http_received_bytes_total',
    help: 'Request body bytes received (Content-Length)',
    registers,
  }),
  bytesOut: new client.Counter({ name: 'lightpix_http_sent_bytes_total', help: 'Response bytes sent (Content-Length)', registers }),
  refusals: new client.Counter({
    name: 'lightpix_refusals_total',
    help: 'Requests refused, by error code (quota_exceeded, server_busy, heavy_work_spent, rate_limited…)',
    labelNames: ['code'] as const,
    registers,
  }),
  jobs: timing(
    'lightpix_job_duration_seconds',
    'Result jobs by kind, output format and outcome (completed or the error code), with their durations',
    ['kind', 'format', 'outcome'],
  ),
  jobWait: timing('lightpix_job_wait_seconds', 'Time a result job waited in the queue before a worker took it'),
  jobKills: new client.Counter({
    name: 'lightpix_job_kills_total',
    help: 'Job processes killed at their time or memory limit',
    labelNames: ['reason'] as const,
    registers,
  }),
  jobMemory: new client.Histogram({
    name: 'lightpix_job_resident_bytes',
    help: "A job process's resident memory as its job ended",
    buckets: [64, 128, 256, 512, 768, 1024, 1536, 2048].map((mib) => mib * 1024 * 1024),
    registers,
  }),
  waiting: new client.Gauge({
    name: 'lightpix_queue_waiting_jobs',
    help: 'Result jobs waiting for a worker (cluster-wide with Redis)',
    registers,
    async collect() {
      const count = await Promise.resolve(waitingSource()).catch(() => NaN);
      this.set(Number.isFinite(count) ? count : -1);
    },
  }),
};

/** Every request counted by its route's pattern (never its URL: ids would make a series each), its status and time. */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    const received = Number(request.headers['content-length']);
    if (received > 0) metrics.bytesIn.inc(received);
    const sent = Number(reply.getHeader('content-length'));
    if (sent > 0) metrics.bytesOut.inc(sent);
  });
  app.addHook('onError', async (_request, _reply, error) => {
    if (error instanceof AppError) metrics.refusals.inc({ code: error.code });
  });
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** GET /metrics on the app: with METRICS_TOKEN as `Authorization: Bearer …`; 404 otherwise, as if there were none. */
export function registerMetricsRoute(app: FastifyInstance, token: string | undefined): void {
  app.get('/metrics', async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !given || !sameToken(given, token)) {
      const notFound = new AppError('not_found', 'Not found.');
      return reply.status(notFound.status).send(toErrorBody(notFound));
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/** METRICS_PORT: /metrics alone on a port of its own (no token), for the web instances and the workers alike. */
export async function startMetricsServer(port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  server.unref();
  return server;
}
