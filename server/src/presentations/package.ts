import path from 'node:path';
import { attribute, children, child, parseXml, type XmlNode } from './xml.js';
import { invalidDeck, type PackageEntry } from './zip.js';

/** The parts of an Office package we need: content types, relationships and the main presentation part. */

export const CONTENT_TYPES = '[Content_Types].xml';
const OFFICE_DOCUMENT = /\/officeDocument$/;

export interface Relationship {
  /** The .rels part it is written in. */
  relsName: string;
  id: string;
  type: string;
  /** The part it points to, resolved to a package name (no leading '/'); null for external or broken targets. */
  target: string | null;
  external: boolean;
}

/** The .rels part of a part: `ppt/slides/slide1.xml` → `ppt/slides/_rels/slide1.xml.rels`. */
export function relsNameOf(partName: string): string {
  const { dir, base } = path.posix.parse(partName);
  return path.posix.join(dir, '_rels', `${base}.rels`);
}

/** The part a .rels part describes: `ppt/slides/_rels/slide1.xml.rels` → `ppt/slides/slide1.xml`; '' for the package. */
export function sourceOf(relsName: string): string {
  const folder = path.posix.dirname(path.posix.dirname(relsName));
  const base = path.posix.basename(relsName).replace(/\.rels$/, '');
  return folder === '.' ? base : path.posix.join(folder, base);
}

/** A target written relative to its source part's folder, or from the package root with a leading '/'. */
export function resolveTarget(source: string, target: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return null;
  }
  const joined = decoded.startsWith('/') ? decoded.slice(1) : path.posix.join(path.posix.dirname(source), decoded);
  const normal = path.posix.normalize(joined);
  return normal.startsWith('..') || normal.startsWith('/') ? null : normal;
}

/** A target for `partName` written as the original was: relative to its source's folder. */
export function relativeTarget(source: string, partName: string): string {
  return path.posix.relative(path.posix.dirname(source), partName);
}

export const isRels = (name: string) => name.endsWith('.rels') && path.posix.basename(path.posix.dirname(name)) === '_rels';

export function readRelationships(entry: PackageEntry): { tree: XmlNode; relationships: Relationship[] } {
  const tree = parseXml(entry.data, entry.name);
  const source = sourceOf(entry.name);
  const relationships: Relationship[] = [];
  for (const root of children(tree, 'Relationships')) {
    for (const rel of children(root, 'Relationship')) {
      const target = attribute(rel, 'Target') ?? '';
      const external = attribute(rel, 'TargetMode') === 'External';
      relationships.push({
        relsName: entry.name,
        id: attribute(rel, 'Id') ?? '',
        type: attribute(rel, 'Type') ?? '',
        target: external ? null : resolveTarget(source, target.replace(/&amp;/g, '&')),
        external,
      });
    }
  }
  return { tree, relationships };
}

/** The main presentation part named by the package's own relationships, checked against its content type. */
export function mainPart(entries: Map<string, PackageEntry>): string {
  const types = entries.get(CONTENT_TYPES);
  const rootRels = entries.get('_rels/.rels');
  if (!types || !rootRels) throw notADeck();
  const main = readRelationships(rootRels).relationships.find((rel) => OFFICE_DOCUMENT.test(rel.type))?.target;
  if (!main || !entries.has(main)) throw notADeck();
  const typesRoot = child(parseXml(types.data, CONTENT_TYPES), 'Types');
  const override = typesRoot && children(typesRoot, 'Override').find((o) => attribute(o, 'PartName')?.replace(/^\//, '') === main);
  if (!override || !/presentationml|ms-powerpoint/.test(attribute(override, 'ContentType') ?? '')) throw notADeck();
  return main;
}

export const notADeck = () => invalidDeck('This file is an Office package but not a PowerPoint deck.');
