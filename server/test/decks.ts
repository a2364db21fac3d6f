import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import PptxGenJS from 'pptxgenjs';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { CONTENT_TYPES, isRels, readRelationships } from '../src/presentations/package.js';
import { attribute, child, children, parseXml } from '../src/presentations/xml.js';
import { readPackage } from '../src/presentations/zip.js';
import { apiPaths } from '@lightpix/shared';
import { fixture, type TestApp, type visitor } from './helpers.js';

/**
 * A realistic deck made from the fixture pictures with pptxgenjs: a photo as the master's background,
 * a large photo placed small, the same photo cropped, a photo saved as PNG, and an application screenshot.
 */
export async function realisticDeck(): Promise<Buffer> {
  const [ladybird, chelsea, screenshot] = await Promise.all([
    fixture('decks/ladybird.jpg'),
    fixture('decks/chelsea.png'),
    fixture('decks/screenshot.png'),
  ]);
  const jpeg = (data: Buffer) => `image/jpeg;base64,${data.toString('base64')}`;
  const png = (data: Buffer) => `image/png;base64,${data.toString('base64')}`;
  const pres = new PptxGenJS();
  pres.layout = 'LAYOUT_16x9';
  pres.defineSlideMaster({ title: 'PHOTO', background: { data: jpeg(ladybird) } });

  const title = pres.addSlide({ masterName: 'PHOTO' });
  title.addText('Quarterly review', { x: 0.5, y: 0.4, w: 9, h: 1, fontSize: 36, color: 'FFFFFF', bold: true });

  const placedSmall = pres.addSlide();
  placedSmall.addText('A photo placed small', { x: 0.5, y: 0.2, w: 9, h: 0.6, fontSize: 24 });
  placedSmall.addImage({ data: jpeg(ladybird), x: 0.5, y: 1, w: 3.2, h: 2 });
  placedSmall.addImage({ data: png(chelsea), x: 4.5, y: 1, w: 3, h: 2 });

  const cropped = pres.addSlide();
  cropped.addText('The same photo, cropped', { x: 0.5, y: 0.2, w: 9, h: 0.6, fontSize: 24 });
  cropped.addImage({ data: jpeg(ladybird), x: 1, y: 1, w: 4, h: 3, sizing: { type: 'crop', x: 1, y: 0.5, w: 4, h: 3 } });

  const screen = pres.addSlide();
  screen.addText('A screenshot', { x: 0.5, y: 0.2, w: 9, h: 0.6, fontSize: 24 });
  screen.addImage({ data: png(screenshot), x: 1.5, y: 1, w: 6.09, h: 4.2 });

  return (await pres.write({ outputType: 'nodebuffer' })) as Buffer;
}

/** A zip of the given entries, written by yazl (deflated). */
export async function zipOf(entries: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), name);
  zip.end();
  return buffer(zip.outputStream);
}

/** Every entry of a deck, to change one part and zip it again. */
export async function entriesOf(deck: Buffer): Promise<Record<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(deck, { lazyEntries: true });
  const entries: Record<string, Buffer> = {};
  for await (const entry of zip.eachEntry()) {
    if (!entry.fileName.endsWith('/')) entries[entry.fileName] = await buffer(await zip.openReadStreamPromise(entry));
  }
  return entries;
}

/** A real deck whose first slide is a billion-laughs XML bomb. */
export async function billionLaughsDeck(deck: Buffer): Promise<Buffer> {
  const entities = [
    '<!ENTITY lol "lol">',
    ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`),
  ];
  const bomb = `<?xml version="1.0"?>\n<!DOCTYPE lolz [${entities.join('')}]>\n<p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main">&lol9;</p:sld>`;
  const entries = await entriesOf(deck);
  const slide = Object.keys(entries).find((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))!;
  return zipOf({ ...entries, [slide]: bomb });
}

const EXTERNAL_DTD = '<!DOCTYPE p:sld SYSTEM "http://127.0.0.1:9/deck.dtd">';

/** Decks whose DTD hides from a UTF-8 reading: a slide in UTF-16 (with and without its byte order mark), one declared UTF-7, and a DTD in a .vml part. */
export async function hiddenDtdDecks(deck: Buffer): Promise<[string, Buffer][]> {
  const entries = await entriesOf(deck);
  const slide = Object.keys(entries).find((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))!;
  const original = entries[slide]!.toString('utf8').replace(/^<\?xml[^>]*\?>\s*/, '');
  const utf16 = `<?xml version="1.0" encoding="UTF-16" standalone="yes"?>\n${EXTERNAL_DTD}\n${original}`;
  const utf7 = `<?xml version="1.0" encoding="UTF-7"?>\n+ADw-!DOCTYPE p:sld SYSTEM +ACI-http://127.0.0.1:9/deck.dtd+ACI-+AD4-\n${original}`;
  const vml = `<?xml version="1.0"?>\n<!DOCTYPE xml [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<xml xmlns:v="urn:schemas-microsoft-com:vml"><v:shape>&x;</v:shape></xml>`;
  return [
    [
      'a slide in UTF-16 with its byte order mark and a DTD',
      await zipOf({ ...entries, [slide]: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(utf16, 'utf16le')]) }),
    ],
    [
      'a slide in UTF-16 big-endian without a byte order mark and a DTD',
      await zipOf({ ...entries, [slide]: Buffer.from(utf16, 'utf16le').swap16() }),
    ],
    ['a slide declared UTF-7 that spells a DTD in it', await zipOf({ ...entries, [slide]: utf7 })],
    ['a DTD in a .vml part', await zipOf({ ...entries, 'ppt/drawings/vmlDrawing1.vml': vml })],
  ];
}

/**
 * A real deck plus `parts` extra markup parts of `bytes` of repetitive XML each. 9,990 parts of 20 KB
 * make the outside probe's 2.7 MB deck that unpacks to ~200 MB of markup (bench/deck-limits.ts).
 */
export async function manyPartsDeck(parts: number, bytes = 20_000): Promise<Buffer> {
  const base = await entriesOf(await fixture('decks/libreoffice5.pptx'));
  const row = '<a:p><a:r><a:t>filler</a:t></a:r></a:p>';
  const slide = `<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:a="a" xmlns:p="p">${row.repeat(Math.ceil(bytes / row.length))}</p:sld>`;
  const extra = Object.fromEntries(Array.from({ length: parts }, (_, i) => [`ppt/extra/part${i}.xml`, slide]));
  return zipOf({ ...base, ...extra });
}

/** A deck with one extra part of zeros that inflates a thousandfold (a zip bomb's trick, at a test's size). */
export async function zipBombDeck(deck: Buffer, megabytes = 64): Promise<Buffer> {
  return zipOf({ ...(await entriesOf(deck)), 'ppt/media/zeros.bin': Buffer.alloc(megabytes * 1024 * 1024) });
}

/** A deck with an entry named `../escape.xml`: yazl refuses such names, so a same-length name is patched in. */
export async function traversalDeck(deck: Buffer): Promise<Buffer> {
  const zip = await zipOf({ ...(await entriesOf(deck)), 'zz/escape.xml': '<x/>' });
  const from = Buffer.from('zz/escape.xml');
  const to = Buffer.from('../escape.xml');
  for (let at = zip.indexOf(from); at !== -1; at = zip.indexOf(from, at + 1)) to.copy(zip, at);
  return zip;
}

/**
 * What PowerPoint checks before it offers to "repair" a deck: every internal relationship's target is
 * in the package, and every part's extension (or the part itself) has a content type. Returns the problems.
 */
export async function structuralProblems(deck: Buffer): Promise<string[]> {
  const entries = await readPackage(deck);
  const names = new Set(entries.map((entry) => entry.name));
  const problems: string[] = [];
  if (entries[0]?.name !== CONTENT_TYPES) problems.push(`${CONTENT_TYPES} is not the first entry`);
  const types = child(parseXml(entries.find((entry) => entry.name === CONTENT_TYPES)!.data, CONTENT_TYPES), 'Types')!;
  const defaults = new Set(children(types, 'Default').map((d) => attribute(d, 'Extension')!.toLowerCase()));
  const overrides = new Set(children(types, 'Override').map((o) => attribute(o, 'PartName')!.replace(/^\//, '')));
  for (const override of overrides) if (!names.has(override)) problems.push(`content type for a missing part ${override}`);
  for (const entry of entries) {
    if (entry.name === CONTENT_TYPES) continue;
    const base = path.posix.basename(entry.name);
    const extension = base.includes('.') ? base.slice(base.lastIndexOf('.') + 1).toLowerCase() : '';
    if (!defaults.has(extension) && !overrides.has(entry.name)) problems.push(`no content type for ${entry.name}`);
    if (!isRels(entry.name)) continue;
    for (const rel of readRelationships(entry).relationships) {
      if (!rel.external && (!rel.target || !names.has(rel.target))) problems.push(`${entry.name} ${rel.id} points to a missing part`);
    }
  }
  return problems;
}

/** The multipart body the PowerPoint page sends: `file`, then `target` when chosen. */
export async function deckRequest(
  client: ReturnType<typeof visitor>,
  app: TestApp['app'],
  data: Buffer,
  filename: string,
  target?: string,
) {
  const form = new FormData();
  form.append('file', new Blob([data]), filename);
  if (target !== undefined) form.append('target', target);
  const body = new Request('http://x', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: apiPaths.processDeck,
    headers: { cookie: client.cookie, 'content-type': body.headers.get('content-type')! },
    payload: Buffer.from(await body.arrayBuffer()),
    remoteAddress: '203.0.113.77',
  });
}
