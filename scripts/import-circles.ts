// The circles of an import graph (docs/decisions/074): scripts/check-cycles.ts builds the graph
// from the repository with the TypeScript compiler and fails on any circle this finds.

/** Tarjan's strongly connected components, iteratively: every component of more than one file is a circle. */
export function circlesOf(edges: ReadonlyMap<string, ReadonlyMap<string, unknown> | ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; targets: string[]; at: number }> = [];
    const open = (node: string) => {
      index.set(node, next);
      low.set(node, next);
      next += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, targets: [...(edges.get(node)?.keys() ?? [])], at: 0 });
    };
    open(start);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      if (frame.at < frame.targets.length) {
        const target = frame.targets[frame.at++]!;
        if (!index.has(target)) open(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        for (let node = stack.pop()!; ; node = stack.pop()!) {
          onStack.delete(node);
          component.push(node);
          if (node === frame.node) break;
        }
        if (component.length > 1) found.push(component.sort());
      }
    }
  }
  return found;
}
