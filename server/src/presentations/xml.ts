import { createRequire } from 'node:module';
import type { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { invalidDeck } from './zip.js';

/**
 * The XML parts of a deck, parsed without entity expansion. Office packages may not declare a DTD
 * (Open Packaging Conventions, rule M1.17), so a part with one is refused before parsing: that is
 * where billion-laughs and external-entity tricks live. Parts are read as an XML reader would, in
 * UTF-8 or UTF-16 (the only encodings the conventions allow), so no encoding hides a DTD.
 */

/** An element: child elements by qualified name (always arrays), attributes under '@_name'. */
export type XmlNode = { [key: string]: XmlNode[] | string | undefined };

const options = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (_name: string, _path: unknown, _isLeaf: boolean, isAttribute: boolean) => !isAttribute,
} as const;

const require = createRequire(import.meta.url);
let tools: { parser: XMLParser; builder: XMLBuilder } | undefined;
/** The parser and builder, made with the first deck read: a process that reads none never loads them (docs/decisions/0280). */
function xml() {
  if (tools) return tools;
  const { XMLBuilder, XMLParser } = require('fast-xml-parser') as typeof import('fast-xml-parser');
  tools = { parser: new XMLParser(options), builder: new XMLBuilder({ ...options, suppressEmptyNode: true }) };
  return tools;
}

const DTD = /<!DOCTYPE|<!ENTITY/i;
/** 8-bit encodings in which a DTD is spelled in ASCII, so the check below sees it. */
const ASCII_BASED = /^(utf-?8|us-ascii|ascii|iso-8859-\d{1,2}|windows-125\d|cp125\d|latin-?1)$/i;
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';

const swapped = (data: Buffer) => {
  const copy = Buffer.from(data.subarray(0, data.length - (data.length % 2)));
  return copy.swap16();
};

/** A part's text as an XML reader decodes it: UTF-16 by its byte order mark or its first character, else UTF-8. */
export function xmlText(data: Buffer, partName: string): string {
  if (data[0] === 0xff && data[1] === 0xfe) return data.subarray(2).toString('utf16le');
  if (data[0] === 0xfe && data[1] === 0xff) return swapped(data.subarray(2)).toString('utf16le');
  if (data[0] === 0x3c && data[1] === 0x00) return data.toString('utf16le');
  if (data[0] === 0x00 && data[1] === 0x3c) return swapped(data).toString('utf16le');
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  // An 8-bit part that names an encoding where ASCII is not ASCII (UTF-16, UTF-7…) or holds NULs is read differently by other readers.
  const declared = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([^"']*)["']/.exec(text)?.[1];
  if ((declared !== undefined && !ASCII_BASED.test(declared)) || text.includes('\u0000')) {
    throw invalidDeck(`The part ${partName} is not in UTF-8 or UTF-16 as its bytes say, which decks must be; the file may be hostile.`);
  }
  return text;
}

/** Whether a part is XML: named as such (.xml, .rels, .vml), or text that starts with a tag. */
export function isXmlPart(name: string, data: Buffer): boolean {
  if (/\.(xml|rels|vml)$/i.test(name)) return true;
  if (name.startsWith('ppt/media/')) return false;
  const start = data.subarray(0, 8);
  return /^(\uFEFF)?\s*</.test(start.toString('utf8')) || start.includes(Buffer.from('<\0')) || start.includes(Buffer.from('\0<'));
}

/** Refuses a part with a DTD, whether or not we parse it: the deck goes on to other readers. */
export function assertNoDtd(data: Buffer, partName: string): string {
  const text = xmlText(data, partName);
  if (DTD.test(text)) throw invalidDeck(`The part ${partName} declares a DTD, which decks may not use; the file may be hostile.`);
  return text;
}

export function parseXml(data: Buffer, partName: string): XmlNode {
  const text = assertNoDtd(data, partName);
  try {
    return xml().parser.parse(text) as XmlNode;
  } catch {
    throw invalidDeck(`The part ${partName} is not well-formed XML; the deck is damaged.`);
  }
}

export function buildXml(tree: XmlNode): Buffer {
  return Buffer.from(DECLARATION + (xml().builder.build(tree) as string), 'utf8');
}

/** The name without its namespace prefix: `p:pic` → `pic`. */
export const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

/** Child elements whose local name matches, in document order per name. */
export function children(node: XmlNode, name: string): XmlNode[] {
  const found: XmlNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_') || key === '#text' || !Array.isArray(value)) continue;
    if (localName(key) === name) found.push(...value);
  }
  return found;
}

export const child = (node: XmlNode | undefined, name: string): XmlNode | undefined => (node ? children(node, name)[0] : undefined);

/** Every child element with its local name. */
export function* elements(node: XmlNode): Generator<[string, XmlNode]> {
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_') || key === '#text' || !Array.isArray(value)) continue;
    for (const item of value) if (typeof item === 'object') yield [localName(key), item];
  }
}

/** An attribute by local name (`r:embed` is found as 'embed'). */
export function attribute(node: XmlNode | undefined, name: string): string | undefined {
  if (!node) return undefined;
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_') && localName(key.slice(2)) === name && typeof value === 'string') return value;
  }
  return undefined;
}

export function setAttribute(node: XmlNode, name: string, value: string): void {
  for (const key of Object.keys(node)) {
    if (key.startsWith('@_') && localName(key.slice(2)) === name) {
      node[key] = value;
      return;
    }
  }
  node[`@_${name}`] = value;
}

export function numberAttribute(node: XmlNode | undefined, name: string): number | null {
  const text = attribute(node, name);
  if (text === undefined) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
