import fs from "node:fs";
import path from "node:path";
import { Scanner } from "@tailwindcss/oxide";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { kindOf, mergeClasses, splitVariants } from "./class-merge";

const CLIENT_SOURCE = path.resolve(import.meta.dirname, "..");

/**
 * The classes the client's source writes, found as Tailwind finds the classes it makes CSS for
 * (its own scanner): a class Tailwind has no CSS for styles nothing. Test files and this table's
 * own module (its kinds' names) are not the app's classes. Kept: the words tailwind-merge or ours
 * takes for a Tailwind class.
 */
function classesInSource(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") && entry.name !== "class-merge.ts") files.push(file);
    }
  };
  walk(CLIENT_SOURCE);
  const candidates = new Scanner({}).scanFiles(files.map((file) => ({ content: fs.readFileSync(file, "utf8"), extension: path.extname(file).slice(1) })));
  return candidates.filter((w) => twMerge(`${w} ${w}`) === w || kindOf(splitVariants(w)[1]) !== undefined);
}

describe("merging the app's classes (class-merge.ts)", () => {
  it("when any two classes in the client's source follow one another, then it keeps what tailwind-merge keeps", () => {
    const classes = classesInSource();
    // The source holds several hundred: a vocabulary this small would mean the scan is broken.
    expect(classes.length).toBeGreaterThan(500);
    // Only classes under the same variants can override each other, in either merge (tailwind-merge
    // compares them sorted: "hover:sm:" is "sm:hover:"), so pairs are taken within each such set.
    const byVariants = new Map<string, string[]>();
    for (const cls of classes) {
      const variants = splitVariants(cls)[0].split(":").sort().join(":");
      byVariants.set(variants, [...(byVariants.get(variants) ?? []), cls]);
    }
    const differences: string[] = [];
    for (const same of byVariants.values()) {
      for (const first of same) {
        for (const second of same) {
          const pair = `${first} ${second}`;
          const expected = twMerge(pair);
          if (mergeClasses(pair) !== expected) differences.push(`${pair} → ${mergeClasses(pair)}, not ${expected}`);
        }
      }
    }
    expect(differences.slice(0, 30), `${differences.length} pairs differ`).toEqual([]);
  }, 30_000);

  it("when classes of one kind meet under variants, then the later wins only within the same variants", () => {
    expect(mergeClasses("px-4 py-2 p-3")).toBe("p-3");
    expect(mergeClasses("p-3 px-4")).toBe("p-3 px-4");
    expect(mergeClasses("text-sm text-slate-600 sm:text-lg text-base")).toBe("text-slate-600 sm:text-lg text-base");
    expect(mergeClasses("max-h-[calc(100dvh_-_4rem)] max-h-72 hover:bg-white bg-slate-900/60")).toBe("max-h-72 hover:bg-white bg-slate-900/60");
    expect(mergeClasses("my-card  flex hidden my-card")).toBe("my-card hidden my-card");
    // A utility after a colour's prefix that is no colour is kept, never taken for one and dropped.
    expect(mergeClasses("bg-cover bg-[url(/hero.jpg)] bg-white text-balance text-red-500")).toBe(
      "bg-cover bg-[url(/hero.jpg)] bg-white text-balance text-red-500",
    );
    expect(mergeClasses("text-[clamp(1rem,2vw,1.5rem)] text-sm")).toBe("text-sm");
  });
});
