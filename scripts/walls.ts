import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';

/**
 * The walls of the code, on resolved paths (dependency-cruiser): each floor and what it may import
 * besides itself, the shared package and node_modules. walls.test.ts checks the tree against the
 * rules, proves each rule with probe files, and checks docs/architecture.md's floor table against
 * `serverFloors` (docs/decisions/0174).
 */
export interface Floor {
  /** Folder (ending in /) or files under server/src/. */
  floor: string[];
  /** Folders and files under server/src/ it may import at run time. */
  may: string[];
  /** …and only for their types (the compiler erases them). */
  typesOf?: string[];
  /** What the floor is, for the table in docs/architecture.md. */
  what: string;
}

/** The floor every other may use: one AppError and its mapping to HTTP (docs/decisions/0007), text helpers. */
const core = ['core/'];

export const serverFloors: Floor[] = [
  { floor: core, may: [], what: 'one AppError and its mapping to HTTP, text helpers' },
  { floor: ['db/'], may: core, what: 'the database: PGlite or PostgreSQL, the schema, migrations' },
  { floor: ['storage/'], may: [...core, 'runtime/env.ts'], what: 'the results store: a folder or an S3 bucket' },
  { floor: ['images/'], may: core, what: 'the image engine (sharp/libvips): bytes in, bytes out; no HTTP, no database' },
  { floor: ['presentations/'], may: [...core, 'images/'], what: 'the deck engine: .pptx pictures, .ppt through LibreOffice' },
  {
    floor: ['jobs/'],
    may: [...core, 'images/', 'presentations/', 'storage/'],
    typesOf: ['db/'],
    what: 'result jobs: the queue (here or BullMQ), the job process pool, the job process',
  },
  { floor: ['site/'], may: core, what: 'the landing pages served as HTML' },
  {
    floor: ['http/'],
    may: [...core, 'site/'],
    what: 'HTTP pieces the app and the modules share: the busy door, multipart, downloads, rate limits, proxy trust, origin, compression, the web app',
  },
  { floor: ['runtime/'], may: [...core, 'http/trust-proxy.ts'], what: 'the process: its settings (env.ts), version, and how it stops' },
  {
    floor: ['cluster/'],
    may: [...core, 'db/', 'jobs/', 'storage/', 'runtime/'],
    what: 'several instances: BullMQ wiring, the worker process, background tasks',
  },
  {
    floor: ['modules/'],
    may: [...core, 'http/', 'runtime/', 'db/', 'storage/', 'images/', 'presentations/', 'jobs/', 'modules/'],
    what: "features; another module only through its index.ts; the results table only through modules/results'",
  },
  { floor: ['cli/'], may: [...core, 'db/', 'runtime/', 'modules/'], what: 'operator commands' },
];

/** The entry points wire every floor together: they may import anything (modules through their doors). */
export const entryPoints = ['app.ts', 'main.ts', 'worker.ts'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Folders (ending in /) and whole files under server/src/. */
const anyOf = (names: string[]) =>
  `^server/src/(${names.map((name) => (name.endsWith('/') ? escape(name) : `${escape(name)}$`)).join('|')})`;

/** A wall: an import from `from` to `to` is an error, named and explained. */
const wall = (name: string, comment: string, from: IForbiddenRuleType['from'], to: IForbiddenRuleType['to']): IForbiddenRuleType => ({
  name,
  comment,
  severity: 'error',
  from,
  to,
});

const floorRules: IForbiddenRuleType[] = serverFloors.flatMap(({ floor, may, typesOf = [] }) => {
  const from = { path: anyOf(floor) };
  const rules: IForbiddenRuleType[] = [
    wall(`floor:${floor.join(',')}`, `${floor.join(', ')} may import only ${[...floor, ...may].join(', ')}`, from, {
      path: '^server/src/',
      pathNot: anyOf([...floor, ...may, ...typesOf]),
    }),
  ];
  if (typesOf.length > 0) {
    rules.push(
      wall(`floor:${floor[0]}:types-only`, `${floor.join(', ')} may import only the types of ${typesOf.join(', ')}`, from, {
        path: anyOf(typesOf),
        dependencyTypesNot: ['type-only'],
      }),
    );
  }
  return rules;
});

export const forbidden: IForbiddenRuleType[] = [
  ...floorRules,
  wall(
    'module-door',
    'a module imports another module only through its index.ts',
    { path: '^server/src/modules/([^/]+)/' },
    { path: '^server/src/modules/', pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/index\\.ts$'] },
  ),
  wall(
    'module-door-from-outside',
    'the entry points and other floors import a module only through its index.ts',
    { pathNot: '^server/src/modules/' },
    { path: '^server/src/modules/', pathNot: '^server/src/modules/[^/]+/index\\.ts$' },
  ),
  wall(
    'results-table',
    'the results table is read and written by modules/results only (docs/decisions/0172)',
    { pathNot: '^server/src/(modules/results/|db/)' },
    { path: '^server/src/db/schema/results\\.ts$', dependencyTypesNot: ['type-only'] },
  ),
  wall('server-not-web', 'the server never imports the web app', { path: '^server/' }, { path: '^web/' }),
  wall(
    'shared-imports-neither-side',
    'shared is imported by server and web, never the reverse',
    { path: '^shared/' },
    { path: '^(server|web)/' },
  ),
  wall('shared-no-node', 'shared runs on both sides: no Node built-ins', { path: '^shared/src/' }, { dependencyTypes: ['core'] }),
  wall(
    'web-not-server',
    'the web app runs in the browser: never the server, never Node built-ins',
    { path: '^web/src/' },
    { path: '^server/' },
  ),
  wall(
    'web-no-node',
    'the web app runs in the browser: no Node built-ins (server-side rendering in ssr/ aside)',
    { path: '^web/src/', pathNot: '^web/src/ssr/' },
    { dependencyTypes: ['core'] },
  ),
  wall(
    'feature-alone',
    'a web feature imports neither another feature nor the app that composes them',
    { path: '^web/src/features/([^/]+)/' },
    { path: ['^web/src/features/', '^web/src/app/'], pathNot: '^web/src/features/$1/' },
  ),
  wall(
    'lib-and-components-below',
    'lib/ and components/ sit below the features and the app',
    { path: '^web/src/(lib|components)/' },
    { path: '^web/src/(features|app)/' },
  ),
  wall(
    'resolved',
    'every relative or subpath import (#lib/…) resolves to a file: a path the walls cannot judge is refused',
    { path: '^(server|shared|web)/src/' },
    { couldNotResolve: true, path: '^[.#]' },
  ),
];

/** The floor table of docs/architecture.md, written from serverFloors (walls.test.ts compares them). */
export function floorTable(): string {
  const cell = (names: string[]) => names.map((name) => `\`${name}\``).join(', ') || '—';
  const rows = serverFloors.map(
    ({ floor, may, typesOf = [], what }) =>
      `| ${cell(floor)} | ${what} | ${cell(may.filter((name) => !floor.includes(name)))}${typesOf.length ? ` (types only: ${cell(typesOf)})` : ''} |`,
  );
  return [
    '| Floor (under `server/src/`) | What it is | May import, besides itself, `@lightpix/shared` and packages |',
    '|---|---|---|',
    ...rows,
    `| ${cell(entryPoints)} | entry points: build the app, start instances and workers, wire the floors together | everything (modules through their \`index.ts\`) |`,
  ].join('\n');
}

/**
 * The import graph of `folder` in the tree at `base`, as the walls and the cycle check read it: resolved
 * through the package's tsconfig, dynamic and type-only imports included, tests left out; judged by
 * `rules` when given (walls.test.ts, cycles.test.ts).
 */
export async function cruiseTree(base: string, folder: string, tsConfig: string, rules?: IForbiddenRuleType[]): Promise<ICruiseResult> {
  const cwd = process.cwd();
  process.chdir(base);
  try {
    const { output } = await cruise([folder], {
      tsConfig: { fileName: tsConfig },
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
      exclude: { path: '\\.test\\.tsx?$' },
      ...(rules ? { ruleSet: { forbidden: rules }, validate: true } : {}),
    });
    return output as ICruiseResult;
  } finally {
    process.chdir(cwd);
  }
}
