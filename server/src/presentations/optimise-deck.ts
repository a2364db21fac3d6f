import path from 'node:path';
import type { DeckReport, DeckTarget } from '@lightpix/shared';
import { optimisePicture, type PictureFormat } from '../images/deck-media.js';
import {
  CONTENT_TYPES,
  isRels,
  mainPart,
  readRelationships,
  relativeTarget,
  resolveTarget,
  sourceOf,
  type Relationship,
} from './package.js';
import { pictureNeeds, pixelsPerEmu, slideSize } from './pictures.js';
import { assertNoDtd, attribute, buildXml, children, child, isXmlPart, parseXml, setAttribute, type XmlNode } from './xml.js';
import { invalidDeck, isZip, readPackage, writePackage, type PackageEntry } from './zip.js';

/**
 * The PowerPoint optimiser: every embedded picture made as small as its largest use allows, renamed
 * (with `[Content_Types].xml` and every `.rels` updated) when it changes format, media nothing refers
 * to dropped, everything else byte for byte as it was, in its order. Never larger than the upload.
 */

export type DeckCounts = Omit<DeckReport, 'target' | 'convertedFromPpt'>;

export interface OptimisedDeck {
  data: Buffer;
  counts: DeckCounts;
  /** Nothing could be made smaller: the upload itself comes back. */
  alreadyOptimal: boolean;
}

const VECTOR = /\.(emf|wmf|emz|wmz|svg)$/i;
const IMAGE_REL = /\/image$/;
const AUDIO_VIDEO_REL = /\/(audio|video|media)$/;
/** Pictures re-encoded at once; sharp runs each on libuv's pool. */
const PARALLEL_PICTURES = 2;
const EXTENSION: Record<PictureFormat, string> = { jpeg: 'jpeg', png: 'png' };
const CONTENT_TYPE: Record<PictureFormat, string> = { jpeg: 'image/jpeg', png: 'image/png' };

export async function optimiseDeck(upload: Buffer, target: DeckTarget): Promise<OptimisedDeck> {
  if (!isZip(upload)) throw invalidDeck('This file is not a .pptx deck (it is not a zip package).');
  const entries = await readPackage(upload);
  for (const entry of entries) if (isXmlPart(entry.name, entry.data)) assertNoDtd(entry.data, entry.name);
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const presentation = byName.get(mainPart(byName))!;

  const relsTrees = new Map<string, XmlNode>();
  const relationshipsBySource = new Map<string, Relationship[]>();
  for (const entry of entries.filter((e) => isRels(e.name))) {
    const { tree, relationships } = readRelationships(entry);
    relsTrees.set(entry.name, tree);
    relationshipsBySource.set(sourceOf(entry.name), relationships);
  }
  const all = [...relationshipsBySource.values()].flat();
  const referenced = new Set(all.flatMap((rel) => (rel.target ? [rel.target] : [])));
  const images = new Set(all.filter((rel) => IMAGE_REL.test(rel.type) && rel.target && byName.has(rel.target)).map((rel) => rel.target!));
  const rasters = [...images].filter((name) => !VECTOR.test(name));
  const unused = entries.filter((entry) => entry.name.startsWith('ppt/media/') && !referenced.has(entry.name));

  const counts: DeckCounts = {
    pictures: rasters.length,
    resized: 0,
    recompressed: 0,
    converted: 0,
    leftAlone: 0,
    linked: all.filter((rel) => rel.external && IMAGE_REL.test(rel.type)).length,
    vector: images.size - rasters.length,
    audioVideo: new Set(all.filter((rel) => AUDIO_VIDEO_REL.test(rel.type) && rel.target).map((rel) => rel.target)).size,
    unusedDropped: unused.length,
  };

  const slide = slideSize(presentation);
  const needs = pictureNeeds(byName, relationshipsBySource, new Set(rasters), slide, pixelsPerEmu(target, slide));
  const replaced = new Map<string, { data: Buffer; name: string }>();
  const taken = new Set(entries.map((entry) => entry.name.toLowerCase()));
  const queue = [...rasters];
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      const need = needs.get(name);
      const outcome = await optimisePicture(byName.get(name)!.data, need && need !== 'own' ? need : null);
      if (!outcome.changed) {
        counts.leftAlone++;
        continue;
      }
      if (outcome.converted) counts.converted++;
      else if (outcome.resized) counts.resized++;
      else counts.recompressed++;
      replaced.set(name, { data: outcome.data, name: outcome.converted ? freeName(name, EXTENSION[outcome.format], taken) : name });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_PICTURES }, worker));

  const renamed = new Map([...replaced].filter(([from, to]) => from !== to.name).map(([from, to]) => [from, to.name]));
  const dropped = new Set(unused.map((entry) => entry.name));
  const output: PackageEntry[] = [];
  for (const entry of entries) {
    if (dropped.has(entry.name)) continue;
    const change = replaced.get(entry.name);
    if (change) output.push({ ...entry, name: change.name, data: change.data });
    else if (entry.name === CONTENT_TYPES) output.push({ ...entry, data: updateContentTypes(entry, renamed, dropped, replaced) });
    else if (relsTrees.has(entry.name) && touches(relationshipsBySource.get(sourceOf(entry.name))!, renamed)) {
      output.push({ ...entry, data: updateRels(entry.name, relsTrees.get(entry.name)!, renamed) });
    } else output.push(entry);
  }
  // Readers find the content types first (Open Packaging Conventions recommend it).
  output.sort((a, b) => Number(b.name === CONTENT_TYPES) - Number(a.name === CONTENT_TYPES));
  const data = await writePackage(output);
  if (data.length >= upload.length) {
    return {
      data: upload,
      alreadyOptimal: true,
      counts: { ...counts, resized: 0, recompressed: 0, converted: 0, leftAlone: counts.pictures, unusedDropped: 0 },
    };
  }
  return { data, counts, alreadyOptimal: false };
}

/** `ppt/media/image3.png` → `ppt/media/image3.jpeg`, or `image3-2.jpeg` when that name is taken. */
function freeName(name: string, extension: string, taken: Set<string>): string {
  const { dir, name: base } = path.posix.parse(name);
  for (let n = 1; ; n++) {
    const candidate = path.posix.join(dir, `${base}${n === 1 ? '' : `-${n}`}.${extension}`);
    if (!taken.has(candidate.toLowerCase())) {
      taken.add(candidate.toLowerCase());
      return candidate;
    }
  }
}

const touches = (relationships: Relationship[], renamed: Map<string, string>) =>
  relationships.some((rel) => rel.target && renamed.has(rel.target));

function updateRels(relsName: string, tree: XmlNode, renamed: Map<string, string>): Buffer {
  const source = sourceOf(relsName);
  for (const root of children(tree, 'Relationships')) {
    for (const rel of children(root, 'Relationship')) {
      if (attribute(rel, 'TargetMode') === 'External') continue;
      const written = attribute(rel, 'Target') ?? '';
      const resolved = resolveTarget(source, written.replace(/&amp;/g, '&'));
      const next = resolved && renamed.get(resolved);
      if (next) setAttribute(rel, 'Target', written.startsWith('/') ? `/${next}` : relativeTarget(source, next));
    }
  }
  return buildXml(tree);
}

function updateContentTypes(
  entry: PackageEntry,
  renamed: Map<string, string>,
  dropped: Set<string>,
  replaced: Map<string, { data: Buffer; name: string }>,
): Buffer {
  if (renamed.size === 0 && dropped.size === 0) return entry.data;
  const tree = parseXml(entry.data, entry.name);
  const types = child(tree, 'Types');
  if (!types) throw invalidDeck('This deck has no content types; it is damaged.');
  const overrides = children(types, 'Override');
  const keep = overrides.filter((o) => !dropped.has((attribute(o, 'PartName') ?? '').replace(/^\//, '')));
  for (const override of keep) {
    const part = (attribute(override, 'PartName') ?? '').replace(/^\//, '');
    const next = renamed.get(part);
    if (next) {
      setAttribute(override, 'PartName', `/${next}`);
      setAttribute(override, 'ContentType', CONTENT_TYPE[formatOf(next)]);
    }
  }
  const overrideKey = Object.keys(types).find((key) => key.endsWith('Override'));
  if (overrideKey) types[overrideKey] = keep;
  const defaults = children(types, 'Default');
  const declared = new Set(defaults.map((d) => (attribute(d, 'Extension') ?? '').toLowerCase()));
  const needed = new Set([...replaced.values()].map((change) => path.posix.extname(change.name).slice(1).toLowerCase()));
  const defaultKey = Object.keys(types).find((key) => key.endsWith('Default')) ?? 'Default';
  for (const extension of needed) {
    if (declared.has(extension)) continue;
    const list = (types[defaultKey] as XmlNode[] | undefined) ?? [];
    list.push({ '@_Extension': extension, '@_ContentType': CONTENT_TYPE[formatOf(`x.${extension}`)] });
    types[defaultKey] = list;
  }
  return buildXml(tree);
}

const formatOf = (name: string): PictureFormat => (/\.jpe?g$/i.test(name) ? 'jpeg' : 'png');
