import http from 'node:http';

export interface PoliteRun {
  seconds: number;
  statuses: Record<string, number>;
  failures: number;
  /** Latency of each 201, in ms. */
  okLatencies: number[];
  latencies: number[];
}

/**
 * `connections` clients that each send the upload, wait for the answer, and after a 503 wait the
 * Retry-After it names before sending again, as a person or a well-behaved API client does.
 * autocannon cannot wait per connection, so this loop does it with node:http and a keep-alive agent.
 */
export async function politeUploads(
  origin: string,
  body: Buffer,
  contentType: string,
  connections: number,
  seconds: number,
  addressOf: () => string,
): Promise<PoliteRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  const okLatencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const send = () =>
    new Promise<{ status: number; retryAfter: number }>((resolve, reject) => {
      const request = http.request(
        `${origin}/api/images/process`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': contentType, 'content-length': body.length, 'x-forwarded-for': addressOf() },
          timeout: 120_000,
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: Number(response.headers['retry-after'] ?? 0) }));
        },
      );
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', reject);
      request.end(body);
    });

  const client = async () => {
    while (performance.now() < deadline) {
      const sentAt = performance.now();
      try {
        const { status, retryAfter } = await send();
        const ms = performance.now() - sentAt;
        statuses[status] = (statuses[status] ?? 0) + 1;
        latencies.push(ms);
        if (status === 201) okLatencies.push(ms);
        if (status === 503 || status === 429) {
          const wait = Math.min(retryAfter * 1000, deadline - performance.now());
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
      } catch {
        failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  agent.destroy();
  return { seconds: (performance.now() - started) / 1000, statuses, failures, okLatencies, latencies };
}
