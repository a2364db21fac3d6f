import { SearchDeadline } from '../server/src/images/deadline.js';
import { outputForOriginal } from '../server/src/images/formats.js';
import { inspectImage } from '../server/src/images/inspect.js';
import { optimiseImage, type OptimisedImage, type OptimiseOptions } from '../server/src/images/optimise.js';

export interface EngineRuns {
  smart: OptimisedImage;
  auto: OptimisedImage;
  fixedMs: number;
  smartMs: number;
  autoMs: number;
  /** CPU time of this process (all threads) for the same work: less sensitive to other work on the machine than the wall time. */
  fixedCpuMs: number;
  smartCpuMs: number;
  autoCpuMs: number;
  /** With `fixedAvif`: one AVIF at the slider's quality 75 (effort 2, 4:4:4), the encode `auto`'s target is read against. */
  fixedAvifMs?: number;
  fixedAvifCpuMs?: number;
}

/** 'Smallest format' at full size for a premium plan: 'auto' may pick any of its formats. */
export const PREMIUM_AUTO: OptimiseOptions = {
  width: null,
  height: null,
  maintainRatio: true,
  format: 'auto',
  autoFormats: ['jpeg', 'png', 'webp', 'avif'],
  quality: 'smart',
  maxBytes: null,
  keepMetadata: false,
};

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; cpuMs: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(cpu);
  return { result, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * The engine called in this process, as a job runs it: quality 75, smart and 'auto' on the same
 * image, in the original's output format, so their times compare without HTTP around them. The fixed
 * encode runs before and after the other two and counts as the mean of both, so a change of load
 * during the run weighs on both sides of the ratio. With `fixedAvif`, one fixed-quality AVIF runs
 * right before 'auto', whose target (issue 30: ≤ 3× one fixed AVIF encode) is read against it. The
 * searches run without their deadline: a busy machine would otherwise cut them short and change the
 * files measured (docs/decisions/0130).
 */
export async function engineRuns(data: Buffer, { fixedAvif = false } = {}): Promise<EngineRuns> {
  const info = await inspectImage(data);
  const options: OptimiseOptions = { ...PREMIUM_AUTO, format: outputForOriginal(info.format, info.hasAlpha), quality: 75 };
  const fixed = await timed(() => optimiseImage(data, info, options));
  const smart = await timed(() => optimiseImage(data, info, { ...options, quality: 'smart' }, SearchDeadline.none()));
  const avif = fixedAvif ? await timed(() => optimiseImage(data, info, { ...options, format: 'avif' })) : null;
  const auto = await timed(() => optimiseImage(data, info, PREMIUM_AUTO, SearchDeadline.none()));
  const fixedAgain = await timed(() => optimiseImage(data, info, options));
  return {
    ...(avif ? { fixedAvifMs: avif.ms, fixedAvifCpuMs: avif.cpuMs } : {}),
    smart: smart.result,
    auto: auto.result,
    fixedMs: (fixed.ms + fixedAgain.ms) / 2,
    smartMs: smart.ms,
    autoMs: auto.ms,
    fixedCpuMs: (fixed.cpuMs + fixedAgain.cpuMs) / 2,
    smartCpuMs: smart.cpuMs,
    autoCpuMs: auto.cpuMs,
  };
}
