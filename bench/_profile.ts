import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { encode } from '../server/src/images/encode.js';
import { fromPixels } from '../server/src/images/loaders.js';
import { lookJudge, lossySettings, smartTuning } from '../server/src/images/smart.js';
import { smartQuality } from '@lightpix/shared';
const t = async <T>(label: string, f: () => Promise<T>) => { const s = performance.now(); const r = await f(); console.log(label, ((performance.now() - s) / 1000).toFixed(2), 's'); return r; };
for (const file of process.argv.slice(2)) {
  const data = await readFile(file);
  console.log(file, data.length);
  await t('fixed moz q75 from file', () => sharp(data).jpeg({ quality: 75, mozjpeg: true }).toBuffer());
  const px = await t('decode raw', async () => { const { data: d, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true }); return { data: d, width: info.width, height: info.height, channels: info.channels }; });
  await t('fixed moz q75 from pixels', () => encode(fromPixels(px), 'jpeg', 75, {}).toBuffer());
  await t('fixed moz q75 table1 from pixels', () => encode(fromPixels(px), 'jpeg', 75, { jpegTable: 1 }).toBuffer());
  const judge = await t('lookJudge', () => lookJudge(px));
  let probes = 0; let judgeMs = 0; const orig = judge.looksAsGood; judge.looksAsGood = async (e) => { probes++; const s = performance.now(); const r = await orig(e); judgeMs += performance.now() - s; return r; };
  const base = smartTuning(px);
  const seed = smartQuality(data.length);
  const j = await t('lossy jpeg', () => lossySettings(judge, 'jpeg', seed, base)); console.log(' seed', seed, 'probes', probes, 'judge ms', judgeMs.toFixed(0), j); probes = 0; judgeMs = 0;
  const bar = { bytes: j!.bytes };
  const w = await t('lossy webp+avif', () => Promise.all([lossySettings(judge, 'webp', seed, base, bar), lossySettings(judge, 'avif', seed, base, bar)])); console.log(' probes', probes, 'judge ms', judgeMs.toFixed(0), w);
}
