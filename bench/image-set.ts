import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export type ImageClass = 'photo' | 'graphic';

export interface BenchImage {
  /** Path relative to the folder benchmarked, for the tables. */
  name: string;
  file: string;
  imageClass: ImageClass;
  /** As sharp names it: jpeg, png, webp, gif, avif, tiff. */
  format: string;
  width: number;
  height: number;
  data: Buffer;
}

export interface SkippedFile {
  name: string;
  reason: string;
}

/** What the server accepts (server/src/images/formats.ts); SVG is refused there and skipped here. */
const READABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);
const CLASS_FOLDERS: Record<string, ImageClass> = { photos: 'photo', graphics: 'graphic' };

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && !/\.(txt|md)$/i.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** JPEG is a photo; PNG, WebP and the rest are graphics. */
function classOfFormat(format: string): ImageClass {
  return format === 'jpeg' ? 'photo' : 'graphic';
}

/** One file as the benchmark sees it: named by its path (or `name`), classed by its folder (`imageClass`) or else by its format. */
export async function benchImage(
  file: string,
  data: Buffer,
  { name = path.basename(file), imageClass }: { name?: string; imageClass?: ImageClass } = {},
): Promise<BenchImage> {
  const metadata = await sharp(data).metadata();
  const format = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
  return { name, file, imageClass: imageClass ?? classOfFormat(format), format, width: metadata.width, height: metadata.height, data };
}

/**
 * The images to benchmark. A folder with photos/ and graphics/ subfolders is classed by subfolder,
 * and its other subfolders (tricky cases, presentations) are left out unless `all`; any other
 * folder is classed by format. SVGs and files sharp cannot read are skipped with a reason.
 */
export async function loadImageSet(folder: string, all: boolean): Promise<{ images: BenchImage[]; skipped: SkippedFile[] }> {
  const top = await readdir(folder, { withFileTypes: true });
  const byFolder = Object.keys(CLASS_FOLDERS).every((name) => top.some((entry) => entry.isDirectory() && entry.name === name));
  const images: BenchImage[] = [];
  const skipped: SkippedFile[] = [];
  for (const file of await filesUnder(folder)) {
    const name = path.relative(folder, file);
    const subfolder = name.split(path.sep)[0]!;
    const folderClass = byFolder ? CLASS_FOLDERS[subfolder] : undefined;
    if (byFolder && !folderClass && !all) continue;
    if (/\.svgz?$/i.test(file)) {
      skipped.push({ name, reason: 'SVG is not a raster image' });
      continue;
    }
    const data = await readFile(file);
    try {
      const image = await benchImage(file, data, { name, imageClass: folderClass });
      if (!READABLE.has(image.format) || !image.width || !image.height) {
        skipped.push({ name, reason: `format ${image.format} is not benchmarked` });
        continue;
      }
      // A header can read while the pixels cannot: decode once to be sure.
      await sharp(data).raw().toBuffer();
      images.push(image);
    } catch (error) {
      skipped.push({
        name,
        reason: `sharp cannot read it (${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim().slice(0, 200)})`,
      });
    }
  }
  return { images, skipped };
}

/** Photos named on the command line: each a file, or a folder whose raster images are all loaded. */
export async function photosOf(names: string[]): Promise<BenchImage[]> {
  const images: BenchImage[] = [];
  for (const input of names.map((name) => path.resolve(name))) {
    if ((await stat(input)).isDirectory()) images.push(...(await loadImageSet(input, false)).images);
    else images.push(await benchImage(input, await readFile(input), { imageClass: 'photo' }));
  }
  return images;
}
