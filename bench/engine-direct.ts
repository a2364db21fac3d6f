import { outputForOriginal } from '../server/src/images/formats.js';
import { inspectImage } from '../server/src/images/inspect.js';
import { optimiseImage, type OptimisedImage, type OptimiseOptions } from '../server/src/images/optimise.js';

export interface EngineRuns {
  smart: OptimisedImage;
  auto: OptimisedImage;
  fixedMs: number;
  smartMs: number;
  autoMs: number;
}

/** A premium plan's formats: 'auto' may pick any of them. */
const PREMIUM_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

/**
 * The engine called in this process, as a job runs it: quality 75, smart and 'auto' on the same
 * image, in the original's output format, so their times compare without HTTP around them.
 */
export async function engineRuns(data: Buffer): Promise<EngineRuns> {
  const info = await inspectImage(data);
  const options: OptimiseOptions = {
    width: null,
    height: null,
    maintainRatio: true,
    format: outputForOriginal(info.format, info.hasAlpha),
    quality: 75,
    maxBytes: null,
    keepMetadata: false,
  };
  const fixed = await timed(() => optimiseImage(data, info, options));
  const smart = await timed(() => optimiseImage(data, info, { ...options, quality: 'smart' }));
  const auto = await timed(() => optimiseImage(data, info, { ...options, format: 'auto', autoFormats: PREMIUM_FORMATS, quality: 'smart' }));
  return { smart: smart.result, auto: auto.result, fixedMs: fixed.ms, smartMs: smart.ms, autoMs: auto.ms };
}
