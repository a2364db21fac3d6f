import { describe, expect, it } from 'vitest';
import { fairLines, workersAllowed, type LinePlace } from './result-queue.js';

/** Jobs the test ends by hand, recording who started when and how many of each owner ran at once. */
function harness(workers: number, maxWaitingPerLine?: number) {
  const lines = fairLines(workers, maxWaitingPerLine);
  const started: string[] = [];
  const running = new Map<string, number>();
  const ends: { owner: string; end: () => void }[] = [];
  // Each start: how many of its owner's jobs ran, and whether another owner had a job waiting.
  const starts: { owner: string; held: number; othersWaiting: boolean }[] = [];
  const waitingOf = new Map<string, number>();
  const send = (place: LinePlace, name: string) => {
    waitingOf.set(place.owner, (waitingOf.get(place.owner) ?? 0) + 1);
    return lines.run(place, async () => {
      waitingOf.set(place.owner, waitingOf.get(place.owner)! - 1);
      const held = (running.get(place.owner) ?? 0) + 1;
      running.set(place.owner, held);
      const othersWaiting = [...waitingOf].some(([owner, count]) => owner !== place.owner && count > 0);
      starts.push({ owner: place.owner, held, othersWaiting });
      started.push(name);
      await new Promise<void>((resolve) => ends.push({ owner: place.owner, end: resolve }));
      running.set(place.owner, running.get(place.owner)! - 1);
      return name;
    });
  };
  /** Ends the oldest running job (of `owner` if given) and lets the lines start the next. */
  const endOne = async (owner?: string) => {
    const at = ends.findIndex((job) => owner === undefined || job.owner === owner);
    expect(at).toBeGreaterThanOrEqual(0);
    ends.splice(at, 1)[0]!.end();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { lines, started, starts, send, endOne, runningOf: (owner: string) => running.get(owner) ?? 0 };
}

const free = (owner: string): LinePlace => ({ owner, mayUseAllWorkers: false });
const premium = (owner: string): LinePlace => ({ owner, mayUseAllWorkers: true });
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('fair lines (docs/decisions/0147)', () => {
  it('allows half the workers (at least one), all of them only to a premium batch waiting alone', () => {
    expect(workersAllowed(2, free('a'), false)).toBe(1);
    expect(workersAllowed(1, free('a'), true)).toBe(1);
    expect(workersAllowed(5, free('a'), false)).toBe(2);
    expect(workersAllowed(4, premium('a'), false)).toBe(4);
    expect(workersAllowed(4, premium('a'), true)).toBe(2);
  });

  it("starts a guest's one job on the next free worker, before the flood of an account that came first", async () => {
    const h = harness(2);
    for (let i = 1; i <= 6; i++) void h.send(free('account'), `flood-${i}`);
    await tick();
    // A free account's flood holds one of the two workers; the other stays for whoever comes next.
    expect(h.started).toEqual(['flood-1']);
    void h.send(free('guest'), 'guest');
    await tick();
    expect(h.started).toEqual(['flood-1', 'guest']);
    await h.endOne('account');
    expect(h.started).toEqual(['flood-1', 'guest', 'flood-2']);
  });

  it('takes from the lines in turn', async () => {
    const h = harness(1);
    for (let i = 1; i <= 3; i++) void h.send(free('a'), `a${i}`);
    for (let i = 1; i <= 3; i++) void h.send(free('b'), `b${i}`);
    void h.send(free('c'), 'c1');
    await tick();
    for (let i = 0; i < 6; i++) await h.endOne();
    expect(h.started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'b3']);
  });

  it('never lets an account start past half the workers while another waits, at least one each', async () => {
    const h = harness(4);
    for (let i = 0; i < 8; i++) void h.send(premium('batch'), `batch-${i}`);
    await tick();
    // Alone, a premium batch uses every worker.
    expect(h.runningOf('batch')).toBe(4);
    for (let i = 0; i < 3; i++) void h.send(free('guest'), `guest-${i}`);
    for (let i = 0; i < 3; i++) void h.send(free('other'), `other-${i}`);
    for (let i = 0; i < 14; i++) await h.endOne();
    const whileOthersWaited = h.starts.filter((start) => start.othersWaiting);
    expect(whileOthersWaited.length).toBeGreaterThan(5);
    for (const start of whileOthersWaited) expect(start.held, `${start.owner} held ${start.held}`).toBeLessThanOrEqual(2);
    expect(h.started).toHaveLength(14);
  });

  it('refuses a job past its line’s waiting places with 503, and others still get in', async () => {
    const h = harness(1, 2);
    void h.send(free('a'), 'a1');
    void h.send(free('a'), 'a2');
    void h.send(free('a'), 'a3');
    await expect(h.send(free('a'), 'a4')).rejects.toMatchObject({ code: 'server_busy', headers: { 'Retry-After': '5' } });
    void h.send(free('b'), 'b1');
    await tick();
    expect(h.lines.waiting).toBe(3);
  });
});
