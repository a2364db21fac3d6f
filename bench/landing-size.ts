// `npm run bench:size`: the JavaScript a browser downloads for a landing page before the visitor
// interacts, gzipped, from the built web app (run `npm run build` first). The server sends signed-out
// visitors landing.html with the page rendered in it; its script and the chunks it preloads are all
// that loads until the first touch, key, wheel or focus, which starts the app of index.html
// (docs/decisions/0125). Exits 1 when the landing JavaScript is over its 100 KiB budget.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KIB = 100;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');
for (const page of ['index.html', 'landing.html']) {
  if (!existsSync(path.join(dist, page))) {
    console.error(`web/dist/${page} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
interface Row {
  file: string;
  raw: number;
  gzip: number;
}

/** The scripts and stylesheets a built page names: its entry and the chunks it preloads. */
function pageFiles(page: string): { js: Row[]; css: Row[] } {
  const html = readFileSync(path.join(dist, page), 'utf8');
  const measure = (files: string[]) =>
    files.map((file) => {
      const data = readFileSync(path.join(dist, file));
      return { file, raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
    });
  const scripts = [
    ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
  ];
  const styles = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)];
  return { js: measure(scripts.map((match) => match[1]!)), css: measure(styles.map((match) => match[1]!)) };
}
const total = (rows: Row[]) => rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 });

const landing = pageFiles('landing.html');
const app = pageFiles('index.html');
console.log('| File | Bytes | Gzip |\n| --- | ---: | ---: |');
for (const row of [...landing.js, ...landing.css]) console.log(`| ${row.file} | ${kib(row.raw)} | ${kib(row.gzip)} |`);
const landingJs = total(landing.js);
const appJs = total(app.js);
console.log(`| **Landing JavaScript before interaction** | ${kib(landingJs.raw)} | **${kib(landingJs.gzip)}** |`);
console.log(`| Landing CSS | ${kib(total(landing.css).raw)} | ${kib(total(landing.css).gzip)} |`);
console.log(
  `| The app's JavaScript (index.html; a landing page loads it at the first interaction) | ${kib(appJs.raw)} | ${kib(appJs.gzip)} |`,
);
console.log(`\nBudget ${BUDGET_KIB} KiB: the landing JavaScript is ${(landingJs.gzip / (BUDGET_KIB * 1024)).toFixed(3)}x of it.`);
if (landingJs.gzip > BUDGET_KIB * 1024) {
  console.error(`Over budget: ${kib(landingJs.gzip)} > ${BUDGET_KIB} KiB.`);
  process.exit(1);
}
