import { isRels, sourceOf } from './package.js';
import { attribute, buildXml, children, parseXml, type XmlNode } from './xml.js';
import { readPackage, writePackage } from './zip.js';

/**
 * A converted deck keeps nothing that points outside it (docs/decisions/0145): linked pictures, media,
 * objects and templates lose their external relationship, and the parts that used them lose the
 * reference, so no reader of the result fetches or reads anything on the deck's say. Hyperlinks stay:
 * nothing follows them unless a person clicks.
 */

const HYPERLINK = /\/hyperlink$/;
/** Attributes (in the relationships namespace) that name a relationship by its id. */
const REFERENCE = new Set(['id', 'embed', 'link', 'pict', 'dm', 'lo', 'qs', 'cs']);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The deck without external targets other than hyperlinks; the same bytes when it has none. */
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
  if (changed.size === 0) return deck;
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
  return writePackage(entries.map((entry) => (changed.has(entry.name) ? { ...entry, data: changed.get(entry.name)! } : entry)));
}
