// `npm run bench:size`: the JavaScript a browser downloads for a landing page, gzipped, from the
// built web app (run `npm run build` first). The served HTML names the entry script and the chunks
// it preloads; nothing else loads until the visitor leaves the landing page.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');
const indexFile = path.join(dist, 'index.html');
if (!existsSync(indexFile)) {
  console.error('web/dist/index.html is missing: run `npm run build` first.');
  process.exit(1);
}
const html = readFileSync(indexFile, 'utf8');
const scripts = [
  ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
  ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
].map((match) => match[1]!);
const styles = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
function measure(files: string[]) {
  return files.map((file) => {
    const data = readFileSync(path.join(dist, file));
    return { file, raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
  });
}
const js = measure(scripts);
const css = measure(styles);
const total = (rows: { raw: number; gzip: number }[]) => rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 });

console.log('| File | Bytes | Gzip |\n| --- | ---: | ---: |');
for (const row of [...js, ...css]) console.log(`| ${row.file} | ${kib(row.raw)} | ${kib(row.gzip)} |`);
const jsTotal = total(js);
const cssTotal = total(css);
console.log(`| **Landing JavaScript** | ${kib(jsTotal.raw)} | **${kib(jsTotal.gzip)}** |`);
console.log(`| Landing CSS | ${kib(cssTotal.raw)} | ${kib(cssTotal.gzip)} |`);
