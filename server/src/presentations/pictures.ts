import type { DeckTarget } from '@lightpix/shared';
import type { Relationship } from './package.js';
import { attribute, child, elements, numberAttribute, parseXml, type XmlNode } from './xml.js';
import type { PackageEntry } from './zip.js';

/**
 * The largest size each picture is shown at, over every slide, layout and master that uses it
 * (docs/decisions/0040-deck-targets-and-picture-sizes.md): the box of the shape (`a:xfrm/a:ext`,
 * in EMU) scaled by every group around it, divided by the part a crop (`a:srcRect`) leaves visible,
 * at the target's pixels per EMU. A use whose size we cannot tell (a placeholder that inherits it,
 * a tiled fill, a table cell) keeps the picture's own size.
 */

export const EMU_PER_INCH = 914_400;
/** The screen target shows a slide this many pixels wide. */
export const SCREEN_SLIDE_WIDTH = 1920;
const PRINT_DPI = 220;
const SMALLEST_DPI = 150;
/** a:srcRect edges are in thousandths of a percent. */
const WHOLE = 100_000;
/** A 4:3 slide (10 × 7.5 in), PowerPoint's default when p:sldSz is missing. */
const DEFAULT_SLIDE = { cx: 9_144_000, cy: 6_858_000 };

export interface Box {
  cx: number;
  cy: number;
}

/** Pixels a picture needs in each direction; 'own' when some use's size is unknown. */
export type PictureNeed = { width: number; height: number } | 'own';

export function slideSize(presentation: PackageEntry): Box {
  const size = child(child(parseXml(presentation.data, presentation.name), 'presentation'), 'sldSz');
  const cx = numberAttribute(size, 'cx');
  const cy = numberAttribute(size, 'cy');
  return cx && cy && cx > 0 && cy > 0 ? { cx, cy } : DEFAULT_SLIDE;
}

export function pixelsPerEmu(target: DeckTarget, slide: Box): number {
  const screen = SCREEN_SLIDE_WIDTH / slide.cx;
  if (target === 'screen') return screen;
  if (target === 'print') return PRINT_DPI / EMU_PER_INCH;
  return Math.min(SMALLEST_DPI / EMU_PER_INCH, screen);
}

interface Context {
  sx: number;
  sy: number;
  box: Box | null;
  slide: Box;
}

function extOf(xfrm: XmlNode | undefined, name = 'ext'): Box | null {
  const ext = child(xfrm, name);
  const cx = numberAttribute(ext, 'cx');
  const cy = numberAttribute(ext, 'cy');
  return cx !== null && cy !== null && cx > 0 && cy > 0 ? { cx, cy } : null;
}

/** Records, for one part, each embedded picture's use: the box it fills and the share a crop leaves visible. */
function walk(node: XmlNode, ctx: Context, use: (embed: string, need: { box: Box; visible: Box } | null) => void): void {
  for (const [name, element] of elements(node)) {
    if (name === 'grpSp') {
      const xfrm = child(child(element, 'grpSpPr'), 'xfrm');
      const ext = extOf(xfrm);
      const chExt = extOf(xfrm, 'chExt');
      const sx = ext && chExt ? (ctx.sx * ext.cx) / chExt.cx : ctx.sx;
      const sy = ext && chExt ? (ctx.sy * ext.cy) / chExt.cy : ctx.sy;
      walk(element, { ...ctx, sx, sy, box: null }, use);
    } else if (name === 'pic' || name === 'sp' || name === 'cxnSp') {
      const ext = extOf(child(child(element, 'spPr'), 'xfrm'));
      walk(element, { ...ctx, box: ext ? { cx: ext.cx * ctx.sx, cy: ext.cy * ctx.sy } : null }, use);
    } else if (name === 'bg' || name === 'bgFillStyleLst') {
      walk(element, { ...ctx, sx: 1, sy: 1, box: ctx.slide }, use);
    } else if (name === 'blipFill') {
      const embed = attribute(child(element, 'blip'), 'embed');
      if (!embed) continue;
      const crop = child(element, 'srcRect');
      const visible = {
        cx: Math.max(0.01, 1 - ((numberAttribute(crop, 'l') ?? 0) + (numberAttribute(crop, 'r') ?? 0)) / WHOLE),
        cy: Math.max(0.01, 1 - ((numberAttribute(crop, 't') ?? 0) + (numberAttribute(crop, 'b') ?? 0)) / WHOLE),
      };
      use(embed, ctx.box && !child(element, 'tile') ? { box: ctx.box, visible } : null);
    } else {
      walk(element, ctx, use);
    }
  }
}

/**
 * Pixels each picture part needs, by part name, from every XML part whose relationships point at pictures.
 * `pictures` are the parts image relationships point to.
 */
export function pictureNeeds(
  entries: Map<string, PackageEntry>,
  relationshipsBySource: Map<string, Relationship[]>,
  pictures: Set<string>,
  slide: Box,
  perEmu: number,
): Map<string, PictureNeed> {
  const needs = new Map<string, PictureNeed>();
  const widen = (picture: string, need: PictureNeed) => {
    const before = needs.get(picture);
    if (before === 'own' || need === 'own') needs.set(picture, 'own');
    else needs.set(picture, before ? { width: Math.max(before.width, need.width), height: Math.max(before.height, need.height) } : need);
  };
  for (const [source, relationships] of relationshipsBySource) {
    const pictureRels = relationships.filter((rel) => rel.target && pictures.has(rel.target));
    if (pictureRels.length === 0) continue;
    const part = entries.get(source);
    const seen = new Set<string>();
    if (part && source.endsWith('.xml')) {
      walk(parseXml(part.data, part.name), { sx: 1, sy: 1, box: null, slide }, (embed, use) => {
        const rel = pictureRels.find((r) => r.id === embed);
        if (!rel?.target) return;
        seen.add(rel.id);
        widen(
          rel.target,
          use
            ? { width: Math.ceil((use.box.cx * perEmu) / use.visible.cx), height: Math.ceil((use.box.cy * perEmu) / use.visible.cy) }
            : 'own',
        );
      });
    }
    // Pictures a part uses in ways we do not measure (bullets, effects, charts) keep their own size.
    for (const rel of pictureRels) if (!seen.has(rel.id)) widen(rel.target!, 'own');
  }
  return needs;
}
