import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv, settingDefaults, settingNames } from '../../src/runtime/env.js';

/*
 * One list of settings (issue 35 point 2, docs/decisions/0242): server/src/runtime/env.ts reads them,
 * .env.example lists each with its default, and README's settings table names each with the same default.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** A default as a settings file writes it: empty for none. */
function asText(value: unknown): string {
  if (value === undefined || value === null || value === false) return value === false ? 'false' : '';
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

const defaults = settingDefaults();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lightpix-settings-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const schemaDefault = (name: string) => asText(defaults[name]);

/** .env.example's `NAME=value` lines up to the compose-only section, and the names after it. */
function envExample() {
  const [lightpix = '', composeOnly = ''] = read('.env.example').split(/^# --- compose\.yaml only.*$/m);
  const entries = (text: string) => [...text.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1]!, match[2]!] as const);
  return { settings: new Map(entries(lightpix)), composeOnly: entries(composeOnly).map(([name]) => name) };
}

/** README's settings table: each name with its default cell (`value`, or words such as — or generated). */
function readmeTable(): Map<string, string> {
  const readme = read('README.md');
  const section = readme.slice(readme.indexOf('## Settings'), readme.indexOf('\n## ', readme.indexOf('## Settings') + 5));
  const table = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split(' | ');
    if (!line.startsWith('| `') || cells.length < 3) continue;
    const names = [...cells[0]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!);
    const cell = cells[1]!.trim();
    // One default per name, or one for them all.
    const values = names.length > 1 && cell.includes(', ') ? cell.split(', ') : names.map(() => cell);
    expect(values, `README's default cell for ${names.join(', ')} names one default per setting`).toHaveLength(names.length);
    names.forEach((name, index) => table.set(name, values[index]!.trim()));
  }
  return table;
}

/** A README cell that is one literal value in backticks, else null (—, empty, generated, Stripe's…). */
const literal = (cell: string) => /^`([^`]*)`$/.exec(cell)?.[1] ?? null;

/** Defaults parseEnv applies after the schema, as README states them. */
const laterDefaults: Record<string, string> = { S3_REGION: 'us-east-1' };

describe('the settings, in env.ts, .env.example and README', () => {
  it('are the same names in all three', () => {
    const { settings } = envExample();
    expect(settingNames.length).toBeGreaterThan(50);
    expect([...settings.keys()].sort()).toEqual([...settingNames].sort());
    expect([...readmeTable().keys()].sort()).toEqual([...settingNames].sort());
  });

  it(".env.example writes each setting's default as env.ts has it", () => {
    const { settings } = envExample();
    const wrong = settingNames.filter((name) => settings.get(name) !== schemaDefault(name));
    expect(
      wrong.map((name) => `${name}=${settings.get(name)} but env.ts: ${schemaDefault(name)}`),
      'values in .env.example that are not the default',
    ).toEqual([]);
    // As a settings file, it starts the server as having no settings does.
    expect(() => parseEnv({ ...Object.fromEntries(settings), DATA_DIR: dataDir })).not.toThrow();
  });

  it("README's default column says what env.ts does", () => {
    const table = readmeTable();
    const wrong = settingNames.filter((name) => {
      const expected = laterDefaults[name] ?? schemaDefault(name);
      const written = literal(table.get(name)!);
      return expected === '' ? written !== null : written !== expected;
    });
    expect(
      wrong.map((name) => `${name}: README ${table.get(name)}, env.ts ${laterDefaults[name] ?? (schemaDefault(name) || 'none')}`),
    ).toEqual([]);
  });

  it('states the defaults applied after the schema truly', () => {
    const env = parseEnv({ S3_BUCKET: 'b', DATA_DIR: dataDir, NODE_ENV: 'test' });
    expect(env.storage.kind === 's3' && env.storage.region).toBe(laterDefaults.S3_REGION);
  });

  it("names compose.yaml's own variables apart, each of them used by compose.yaml", () => {
    const { composeOnly } = envExample();
    const compose = read('compose.yaml');
    expect(composeOnly).toEqual(['POSTGRES_PASSWORD', 'MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD']);
    for (const name of composeOnly) expect(compose).toContain(`\${${name}:`);
    expect(composeOnly.filter((name) => settingNames.includes(name))).toEqual([]);
  });
});
