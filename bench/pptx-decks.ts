import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import PptxGenJS from 'pptxgenjs';
import sharp from 'sharp';
import { readPackage, writePackage } from '../server/src/presentations/zip.js';

/**
 * The PowerPoint benchmark's decks, built at run time from the corpus (its MANIFEST.txt gives each
 * file's licence) so no large binary is committed. They are what people e-mail: camera photos placed
 * small, cropped, full-bleed and repeated on several slides, a photo behind the master, PNG
 * screenshots and graphics, a photo pasted as PNG. Camera originals are the corpus photos saved again
 * at a camera's finest JPEG setting, so a 13 MP photo weighs megabytes as it would.
 */

type Slide = ReturnType<PptxGenJS['addSlide']>;
type Pictures = Record<string, Buffer>;

const PHOTOS = {
  dragonfly: 'photos/Dragonfly_by_Bolly.jpg',
  seeding: 'photos/seeding_by_Clements_Engelhardt.jpg',
  sunset: 'photos/sunset_by_Aitzol_Berasategi.jpg',
  picos: 'photos/picosdeeuropa_by_Aitzol_Berasategi.jpg',
  free: 'photos/free_by_Peter_Nerlich.jpg',
  ladybird: 'photos/mate_LadyBird.jpg',
  raindrops: 'photos/mate_RainDrops.jpg',
  dune: 'photos/mate_Dune.jpg',
  retina: 'photos/skimage_retina.jpg',
  canon: 'photos/canon_IMG_1054.JPG',
  whatsapp: 'photos/whatsapp_IMG-20191006-WA0002.jpg',
  rocket: 'photos/skimage_rocket.jpg',
  tower: 'photos/jpeg-decoder_tower.jpg',
} as const;

const GRAPHICS = {
  screenshot: 'graphics/calligra_screenshot_template04.png',
  dialog: 'graphics/calligra_dialog_configure-author.png',
  rendered: 'graphics/officer_rendered_doc_ph_with.png',
  page: 'graphics/skimage_page_gray.png',
  text: 'graphics/skimage_text_gray.png',
  wallpaper: 'graphics/sway_wallpaper_1920x1080.png',
  float: 'graphics/mate_Float-into-MATE_icc.png',
  arc: 'graphics/mate_Arc-Colors-Transparent-Wallpaper.png',
  logo: 'graphics/imagemagick_logo_alpha.png',
  tux: 'graphics/go_tux_alpha.png',
  skimageLogo: 'graphics/skimage_logo_alpha.png',
  coffee: 'photos/skimage_coffee.png',
  chelsea: 'photos/skimage_chelsea.png',
  tiger: 'photos/jxl_wesaturate_keong_macan_srgb8.png',
} as const;

const jpeg = (data: Buffer) => `image/jpeg;base64,${data.toString('base64')}`;
const png = (data: Buffer) => `image/png;base64,${data.toString('base64')}`;

/** A photo as a camera writes it at its finest setting: full size, JPEG quality 97, no chroma subsampling. */
const cameraOriginal = (file: string) => sharp(file).jpeg({ quality: 97, chromaSubsampling: '4:4:4' }).toBuffer();
/** A photo copied from a browser and pasted: PowerPoint stores the clipboard's PNG. */
const pastedAsPng = (file: string, width: number) => sharp(file).resize(width).png({ compressionLevel: 6 }).toBuffer();

async function load<T extends Record<string, string>>(
  corpus: string,
  files: T,
  read: (file: string) => Promise<Buffer>,
): Promise<Record<keyof T, Buffer>> {
  const entries = await Promise.all(
    Object.entries(files).map(async ([name, file]) => [name, await read(path.join(corpus, file))] as const),
  );
  return Object.fromEntries(entries) as Record<keyof T, Buffer>;
}

function heading(slide: Slide, text: string, color = '1F2937') {
  slide.addText(text, { x: 0.5, y: 0.25, w: 12.3, h: 0.7, fontSize: 28, bold: true, color });
}

/** ~30 MB: a trip report of camera photos, full-bleed, placed small, cropped and repeated, with a photo behind the master. */
function fieldTrip(pres: PptxGenJS, p: Pictures) {
  pres.defineSlideMaster({ title: 'COVER', background: { data: jpeg(p.sunset!) }, objects: [] });
  const cover = pres.addSlide({ masterName: 'COVER' });
  cover.addText('Field trip 2026', { x: 0.6, y: 5.2, w: 12, h: 1.2, fontSize: 48, bold: true, color: 'FFFFFF' });
  cover.addText('Picos de Europa · Asturias · Cantabria', { x: 0.6, y: 6.3, w: 12, h: 0.6, fontSize: 20, color: 'FFFFFF' });

  for (const [name, caption] of [
    ['picos', 'Day 1: the range from the valley'],
    ['seeding', 'Day 2: the farms'],
    ['dragonfly', 'Day 3: by the river'],
  ] as const) {
    const slide = pres.addSlide();
    slide.addImage({ data: jpeg(p[name]!), x: 0, y: 0, w: 13.33, h: 7.5, sizing: { type: 'cover', w: 13.33, h: 7.5 } });
    slide.addText(caption, { x: 0.5, y: 6.6, w: 12.3, h: 0.6, fontSize: 22, color: 'FFFFFF', bold: true });
  }

  const grid = pres.addSlide();
  heading(grid, 'What we saw');
  const small = ['ladybird', 'raindrops', 'dune', 'free', 'retina', 'canon'] as const;
  small.forEach((name, i) => {
    grid.addImage({
      data: jpeg(p[name]!),
      x: 0.5 + (i % 3) * 4.2,
      y: 1.2 + Math.floor(i / 3) * 3.1,
      w: 3.9,
      h: 2.9,
      sizing: { type: 'cover', w: 3.9, h: 2.9 },
    });
  });

  const detail = pres.addSlide();
  heading(detail, 'A closer look: the dragonfly');
  detail.addImage({ data: jpeg(p.dragonfly!), x: 0.5, y: 1.2, w: 6, h: 5.6, sizing: { type: 'crop', x: 1.8, y: 1.2, w: 3, h: 2.8 } });
  detail.addText('Cropped from the full frame on slide 4.', { x: 7, y: 1.2, w: 5.8, h: 1, fontSize: 18 });

  for (const [i, name] of (['ladybird', 'free', 'dragonfly'] as const).entries()) {
    const slide = pres.addSlide();
    heading(slide, `Notes ${i + 1}`);
    slide.addText('• Weather held\n• Trails in good shape\n• Next visit in spring', { x: 0.5, y: 1.3, w: 7, h: 3, fontSize: 20 });
    // The same pictures again, placed small: one media part per picture once the deck is deduplicated.
    slide.addImage({ data: jpeg(p[name]!), x: 8.3, y: 1.3, w: 4.4, h: 3.3, sizing: { type: 'cover', w: 4.4, h: 3.3 } });
    slide.addImage({ data: jpeg(p.sunset!), x: 8.3, y: 4.9, w: 2.1, h: 1.4 });
  }

  const pasted = pres.addSlide();
  heading(pasted, 'The valley from the ridge (pasted from the browser)');
  pasted.addImage({ data: png(p.pastedSeeding!), x: 0.5, y: 1.2, w: 12.3, h: 5.9, sizing: { type: 'cover', w: 12.3, h: 5.9 } });

  const closeUp = pres.addSlide();
  closeUp.addImage({ data: png(p.pastedLadybird!), x: 0, y: 0, w: 13.33, h: 7.5, sizing: { type: 'cover', w: 13.33, h: 7.5 } });
  closeUp.addText('Day 4: a visitor (pasted from the browser)', {
    x: 0.5,
    y: 6.6,
    w: 12.3,
    h: 0.6,
    fontSize: 22,
    color: 'FFFFFF',
    bold: true,
  });

  const map = pres.addSlide();
  heading(map, 'Route planning');
  map.addImage({ data: png(p.screenshot!), x: 0.5, y: 1.2, w: 8.2, h: 5.6, sizing: { type: 'contain', w: 8.2, h: 5.6 } });
  map.addImage({ data: jpeg(p.whatsapp!), x: 9, y: 1.2, w: 3.8, h: 2.85 });

  const end = pres.addSlide({ masterName: 'COVER' });
  end.addText('Thank you', { x: 0.6, y: 5.6, w: 12, h: 1.2, fontSize: 44, bold: true, color: 'FFFFFF' });
}

/** Screenshots and graphics, a logo on every slide, a photo pasted as PNG: a product update. */
function productUpdate(pres: PptxGenJS, p: Pictures) {
  pres.defineSlideMaster({
    title: 'BRAND',
    background: { color: 'FFFFFF' },
    objects: [{ image: { data: png(p.logo!), x: 11.9, y: 6.7, w: 1.2, h: 0.6 } }],
  });
  pres.defineSlideMaster({ title: 'WALL', background: { data: png(p.wallpaper!) }, objects: [] });
  const cover = pres.addSlide({ masterName: 'WALL' });
  cover.addText('Product update', { x: 0.6, y: 2.6, w: 12, h: 1.4, fontSize: 54, bold: true, color: 'FFFFFF' });

  const pages: [string, string, keyof Pictures, 'contain' | 'cover'][] = [
    ['The new editor', 'screenshot', 'screenshot', 'contain'],
    ['Author settings', 'dialog', 'dialog', 'contain'],
    ['Reports, rendered', 'rendered', 'rendered', 'contain'],
    ['Scanned pages', 'page', 'page', 'contain'],
    ['Typography', 'text', 'text', 'contain'],
  ];
  for (const [title, , name, type] of pages) {
    const slide = pres.addSlide({ masterName: 'BRAND' });
    heading(slide, title);
    slide.addImage({ data: png(p[name]!), x: 1.2, y: 1.2, w: 10.9, h: 5.4, sizing: { type, w: 10.9, h: 5.4 } });
  }

  const art = pres.addSlide({ masterName: 'BRAND' });
  heading(art, 'Wallpapers in this release');
  art.addImage({ data: png(p.float!), x: 0.5, y: 1.3, w: 6, h: 3.4 });
  art.addImage({ data: png(p.arc!), x: 6.8, y: 1.3, w: 6, h: 3.4 });

  const pasted = pres.addSlide({ masterName: 'BRAND' });
  heading(pasted, 'From the customer visit (pasted from the browser)');
  pasted.addImage({ data: png(p.pastedPicos!), x: 0.5, y: 1.2, w: 7.2, h: 5.4 });
  pasted.addImage({ data: png(p.coffee!), x: 8, y: 1.2, w: 4.8, h: 3.2 });
  pasted.addImage({ data: png(p.tiger!), x: 8, y: 4.6, w: 2.2, h: 2.2 });

  const team = pres.addSlide({ masterName: 'BRAND' });
  heading(team, 'Mascots');
  for (const [i, name] of (['tux', 'skimageLogo', 'chelsea'] as const).entries())
    team.addImage({ data: png(p[name]!), x: 0.8 + i * 4.2, y: 2, w: 3.4, h: 3.4, sizing: { type: 'contain', w: 3.4, h: 3.4 } });
}

/** A company deck: a photo behind the title master, team photos small and cropped, one chart-like graphic. */
function quarterlyReview(pres: PptxGenJS, p: Pictures) {
  pres.defineSlideMaster({ title: 'TITLE', background: { data: jpeg(p.free!) }, objects: [] });
  pres.defineSlideMaster({
    title: 'BODY',
    background: { color: 'F8FAFC' },
    objects: [{ image: { data: png(p.tux!), x: 12.4, y: 6.8, w: 0.6, h: 0.6 } }],
  });
  const cover = pres.addSlide({ masterName: 'TITLE' });
  cover.addText('Quarterly review', { x: 0.6, y: 2.8, w: 12, h: 1.4, fontSize: 50, bold: true, color: 'FFFFFF' });

  const team = pres.addSlide({ masterName: 'BODY' });
  heading(team, 'The team');
  for (const [i, name] of (['whatsapp', 'canon', 'tower', 'rocket'] as const).entries()) {
    team.addImage({ data: jpeg(p[name]!), x: 0.6 + i * 3.15, y: 1.6, w: 2.8, h: 2.8, sizing: { type: 'cover', w: 2.8, h: 2.8 } });
  }

  const results = pres.addSlide({ masterName: 'BODY' });
  heading(results, 'Results');
  results.addText('Revenue up 12 %\nChurn down to 2.1 %\nThree new markets', { x: 0.6, y: 1.4, w: 5.5, h: 3, fontSize: 22 });
  results.addImage({ data: png(p.text!), x: 6.5, y: 1.4, w: 6.2, h: 4.6, sizing: { type: 'contain', w: 6.2, h: 4.6 } });

  const site = pres.addSlide({ masterName: 'BODY' });
  heading(site, 'The new site');
  site.addImage({ data: jpeg(p.raindrops!), x: 0.6, y: 1.3, w: 7.6, h: 4.75 });
  site.addImage({ data: jpeg(p.dune!), x: 8.6, y: 1.3, w: 4.1, h: 4.75, sizing: { type: 'crop', x: 2, y: 0.5, w: 4.1, h: 4.75 } });

  const outlook = pres.addSlide({ masterName: 'TITLE' });
  outlook.addText('Next quarter', { x: 0.6, y: 2.8, w: 12, h: 1.4, fontSize: 44, bold: true, color: 'FFFFFF' });
}

/**
 * The same picture embedded on several slides is one media part in a PowerPoint deck; pptxgenjs writes
 * one per slide. Keeps the first copy and points every relationship at it.
 */
async function shareRepeatedMedia(deck: Buffer): Promise<Buffer> {
  const entries = await readPackage(deck);
  const firstByHash = new Map<string, string>();
  const replaced = new Map<string, string>();
  for (const entry of entries.filter((e) => e.name.startsWith('ppt/media/'))) {
    const hash = createHash('sha256').update(entry.data).digest('hex');
    const first = firstByHash.get(hash);
    if (first) replaced.set(path.posix.basename(entry.name), path.posix.basename(first));
    else firstByHash.set(hash, entry.name);
  }
  const kept = entries.filter((entry) => !replaced.has(path.posix.basename(entry.name)) || !entry.name.startsWith('ppt/media/'));
  const rewritten = kept.map((entry) => {
    if (!entry.name.endsWith('.rels')) return entry;
    const text = entry.data.toString('utf8').replace(/Target="\.\.\/media\/([^"]+)"/g, (whole, name: string) => {
      const first = replaced.get(name);
      return first ? `Target="../media/${first}"` : whole;
    });
    return { ...entry, data: Buffer.from(text, 'utf8') };
  });
  return writePackage(rewritten);
}

async function build(make: (pres: PptxGenJS, p: Pictures) => void, pictures: Pictures): Promise<Buffer> {
  const pres = new PptxGenJS();
  pres.layout = 'LAYOUT_WIDE';
  make(pres, pictures);
  return shareRepeatedMedia((await pres.write({ outputType: 'nodebuffer' })) as Buffer);
}

/** Decks from the corpus that other programs wrote, measured beside ours. */
const FOUND_DECKS = ['pptx/generated/pptxgenjs4.0.1_images.pptx', 'pptx/generated/LO7.4_calligra_business.pptx'];

/** Writes the benchmark decks into `folder`; returns their paths. */
export async function buildBenchmarkDecks(corpus: string, folder: string): Promise<string[]> {
  await mkdir(folder, { recursive: true });
  const photos = await load(corpus, PHOTOS, cameraOriginal);
  const graphics = await load(corpus, GRAPHICS, (file) => readFile(file));
  const [pastedPicos, pastedSeeding, pastedLadybird] = await Promise.all([
    pastedAsPng(path.join(corpus, PHOTOS.picos), 2400),
    pastedAsPng(path.join(corpus, PHOTOS.seeding), 2560),
    pastedAsPng(path.join(corpus, PHOTOS.ladybird), 2560),
  ]);
  const pictures: Pictures = { ...photos, ...graphics, pastedPicos, pastedSeeding, pastedLadybird };
  const written: string[] = [];
  for (const [name, make] of [
    ['field-trip', fieldTrip],
    ['product-update', productUpdate],
    ['quarterly-review', quarterlyReview],
  ] as const) {
    const file = path.join(folder, `${name}.pptx`);
    await writeFile(file, await build(make, pictures));
    written.push(file);
  }
  for (const found of FOUND_DECKS) {
    const file = path.join(folder, path.basename(found));
    await copyFile(path.join(corpus, found), file);
    written.push(file);
  }
  return written;
}
