/**
 * Loaded into the server by `npm run bench:server-cpu -- --statements` (node --import): writes one line
 * per SQL statement the server sends, PGlite's or PostgreSQL's, to the file LIGHTPIX_BENCH_SQL_LOG
 * names, so the benchmark can count statements per request. A transaction's BEGIN and COMMIT count as
 * statements. Nothing of the server is changed; the drivers' own entry points are wrapped.
 */
import { appendFileSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';

const file = process.env.LIGHTPIX_BENCH_SQL_LOG;
if (!file) throw new Error('LIGHTPIX_BENCH_SQL_LOG must name the file to write statements to');
const write = (text: unknown) => {
  const statement = typeof text === 'string' ? text : String((text as { text?: unknown } | null)?.text ?? text);
  appendFileSync(file, `${statement.replace(/\s+/g, ' ').slice(0, 300)}\n`);
};

const pglite = PGlite.prototype;
const { query, exec, transaction } = pglite;
pglite.query = function (this: PGlite, ...args: Parameters<PGlite['query']>) {
  write(args[0]);
  return query.apply(this, args);
} as PGlite['query'];
pglite.exec = function (this: PGlite, ...args: Parameters<PGlite['exec']>) {
  write(args[0]);
  return exec.apply(this, args);
};
pglite.transaction = function <T>(this: PGlite, callback: (tx: Transaction) => Promise<T>) {
  write('BEGIN');
  return transaction
    .call(this, (tx) =>
      callback(
        new Proxy(tx, {
          get(target, name, receiver) {
            const value: unknown = Reflect.get(target, name, receiver);
            if ((name !== 'query' && name !== 'exec') || typeof value !== 'function') return value;
            return (...args: unknown[]) => {
              write(args[0]);
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          },
        }),
      ),
    )
    .finally(() => write('COMMIT (or ROLLBACK)')) as Promise<T>;
} as PGlite['transaction'];

const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
const pgQuery = client.query;
client.query = function (this: unknown, ...args: unknown[]) {
  write(args[0]);
  return pgQuery.apply(this, args);
};
