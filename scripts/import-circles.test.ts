// The circle finder behind `npm run lint`'s import check (docs/decisions/074): a graph without a
// circle passes, and each circle is found whole, however long, beside the files that are not in it.
import { describe, expect, it } from "vitest";
import { circlesOf } from "./import-circles";

const graph = (arrows: Record<string, string[]>) => new Map(Object.entries(arrows).map(([file, targets]) => [file, new Set(targets)]));

describe("import circles", () => {
  it("when every import runs one way, then there is no circle", () => {
    expect(circlesOf(graph({ app: ["feature", "core"], feature: ["core", "platform"], core: ["platform"], platform: [] }))).toEqual([]);
  });

  it("when two files import each other, or a longer loop closes, then each circle is named with exactly its files", () => {
    const found = circlesOf(
      graph({
        app: ["a"],
        a: ["b"],
        b: ["c", "shared"],
        c: ["a"],
        "store.ts": ["s3-store.ts"],
        "s3-store.ts": ["store.ts"],
        shared: [],
      }),
    );
    expect(found.map((circle) => circle.join(" ")).sort()).toEqual(["a b c", "s3-store.ts store.ts"]);
  });

  it("when the graph is deep, then the walk does not overflow the stack", () => {
    const size = 50_000;
    const arrows: Record<string, string[]> = {};
    for (let i = 0; i < size; i++) arrows[`f${i}`] = [`f${(i + 1) % size}`];
    expect(circlesOf(graph(arrows))[0]).toHaveLength(size);
  });
});
