import { describe, expect, it } from 'vitest';
import { cruiseTree } from './walls.js';

const root = new URL('..', import.meta.url).pathname;

/** Every import edge between the package's own files, type-only imports included (a cycle of types is still a knot). */
async function importsOf(folder: string, tsConfig: string): Promise<Map<string, string[]>> {
  const edges = new Map<string, string[]>();
  for (const module of (await cruiseTree(root, folder, tsConfig)).modules) {
    if (!module.source.startsWith(folder)) continue;
    edges.set(
      module.source,
      module.dependencies.map((dependency) => dependency.resolved).filter((file) => file.startsWith(folder)),
    );
  }
  return edges;
}

/** The cycles of a graph, one path each (Tarjan's strongly connected components of more than one node, or a self-loop). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The same edges between server modules (server/src/modules/<name>), each module one node. */
function moduleGraph(files: Map<string, string[]>): Map<string, string[]> {
  const moduleOf = (file: string) => /^server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
  const graph = new Map<string, string[]>();
  for (const [from, tos] of files) {
    const a = moduleOf(from);
    if (!a) continue;
    const targets = new Set(graph.get(a) ?? []);
    for (const to of tos) {
      const b = moduleOf(to);
      if (b && b !== a) targets.add(b);
    }
    graph.set(a, [...targets]);
  }
  return graph;
}

describe('no import cycles', () => {
  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']]);
    expect(
      cyclesOf(
        moduleGraph(
          new Map([
            ['server/src/modules/auth/x.ts', ['server/src/modules/session/index.ts']],
            ['server/src/modules/session/index.ts', ['server/src/modules/auth/index.ts']],
          ]),
        ),
      ),
    ).toEqual([['auth', 'session']]);
  });

  it('between the server files, and between the server modules', async () => {
    const files = await importsOf('server/src', 'server/tsconfig.json');
    expect(files.size).toBeGreaterThan(100);
    expect(cyclesOf(files)).toEqual([]);
    const modules = moduleGraph(files);
    expect(modules.size).toBeGreaterThan(10);
    expect(cyclesOf(modules)).toEqual([]);
  });

  it('between the shared package files', async () => {
    const files = await importsOf('shared/src', 'shared/tsconfig.json');
    expect(files.size).toBeGreaterThan(10);
    expect(cyclesOf(files)).toEqual([]);
  });
});
