import { CONTENT_TYPES, isRels, sourceOf } from './package.js';
import { attribute, buildXml, children, parseXml, type XmlNode } from './xml.js';
import { readPackage, writePackage } from './zip.js';

/**
 * A converted deck keeps nothing that points outside it (docs/decisions/0145): linked pictures, media,
 * objects and templates lose their external relationship, and the parts that used them lose the
 * reference, so no reader of the result fetches or reads anything on the deck's say. Hyperlinks stay:
 * nothing follows them unless a person clicks. A reference to no relationship at all (`r:embed=""`,
 * which LibreOffice writes for a linked picture it did not load) goes too (docs/decisions/0257).
 */

const HYPERLINK = /\/hyperlink$/;
/** Attributes (in the relationships namespace) that name a relationship by its id. */
const REFERENCE = new Set(['id', 'embed', 'link', 'pict', 'dm', 'lo', 'qs', 'cs']);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const RELATIONSHIPS_NAMESPACE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_PART = /\.(xml|vml)$/i;

/** A part's text without reference attributes of the relationships namespace whose value is empty; null when it has none. */
function withoutEmptyReferences(text: string): string | null {
  const prefixes = [...text.matchAll(/\sxmlns:([\w.-]+)\s*=\s*(["'])([^"']*)\2/g)]
    .filter((declaration) => declaration[3] === RELATIONSHIPS_NAMESPACE)
    .map((declaration) => escapeRegExp(declaration[1]!));
  if (prefixes.length === 0) return null;
  // `r:id=""` stays: PowerPoint writes it on an action that jumps inside the deck (next slide).
  const names = [...REFERENCE].filter((name) => name !== 'id');
  const empty = new RegExp(`\\s(?:${prefixes.join('|')}):(?:${names.join('|')})\\s*=\\s*(["'])\\s*\\1`, 'g');
  const cleaned = text.replace(empty, '');
  return cleaned === text ? null : cleaned;
}

/** The deck without external targets other than hyperlinks, nor empty references, its content types first; the same bytes when nothing changes. */
export async function dropExternalLinks(deck: Buffer): Promise<Buffer> {
  const entries = await readPackage(deck);
  const droppedBySource = new Map<string, Set<string>>();
  const changed = new Map<string, Buffer>();
  for (const entry of entries.filter((e) => isRels(e.name))) {
    const tree = parseXml(entry.data, entry.name);
    const dropped = new Set<string>();
    for (const root of children(tree, 'Relationships')) {
      const key = Object.keys(root).find((name) => name.endsWith('Relationship'));
      if (!key) continue;
      const kept = (root[key] as XmlNode[]).filter((rel) => {
        const external = attribute(rel, 'TargetMode') === 'External' && !HYPERLINK.test(attribute(rel, 'Type') ?? '');
        if (external) dropped.add(attribute(rel, 'Id') ?? '');
        return !external;
      });
      root[key] = kept;
    }
    if (dropped.size === 0) continue;
    changed.set(entry.name, buildXml(tree));
    droppedBySource.set(sourceOf(entry.name), dropped);
  }
  for (const [source, ids] of droppedBySource) {
    const part = entries.find((entry) => entry.name === source);
    if (!part) continue;
    let text = part.data.toString('utf8');
    for (const id of ids) {
      // ` r:link="rId9"` and the like: prefixed, so a shape's own `id="9"` is never touched.
      const reference = new RegExp(`\\s[\\w.-]+:(${[...REFERENCE].join('|')})\\s*=\\s*(["'])${escapeRegExp(id)}\\2`, 'g');
      text = text.replace(reference, '');
    }
    changed.set(source, Buffer.from(text, 'utf8'));
  }
  for (const entry of entries.filter((e) => XML_PART.test(e.name))) {
    const cleaned = withoutEmptyReferences((changed.get(entry.name) ?? entry.data).toString('utf8'));
    if (cleaned !== null) changed.set(entry.name, Buffer.from(cleaned, 'utf8'));
  }
  // LibreOffice writes `[Content_Types].xml` last; writePackage puts it first.
  if (changed.size === 0 && entries[0]?.name === CONTENT_TYPES) return deck;
  return writePackage(entries.map((entry) => (changed.has(entry.name) ? { ...entry, data: changed.get(entry.name)! } : entry)));
}
