// axe-core in the page under test: the violations a test fails on.
import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string;
  nodes: Array<{ target: string[] }>;
}

/** The violations on the page, or only inside the element `selector` picks. */
async function violations(page: Page, selector?: string): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (ctx: object, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return axe.run(include ? { include: [[include]] } : document, { resultTypes: ["violations"] });
  }, selector);
  return results.violations;
}

const describeAll = (list: AxeViolation[]) => list.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

/** Serious and critical axe-core violations on the page as it is now. */
export async function seriousViolations(page: Page) {
  return describeAll((await violations(page)).filter((v) => v.impact === "serious" || v.impact === "critical"));
}

/** Serious and critical violations inside what one feature added (`selector`). */
export async function seriousViolationsIn(page: Page, selector: string) {
  return describeAll((await violations(page, selector)).filter((v) => v.impact === "serious" || v.impact === "critical"));
}

/**
 * Serious and critical violations, plus the structural rules docs/decisions/032 names (moderate in
 * axe): heading order, one `main` landmark, content inside landmarks, valid definition lists.
 */
export async function structuralViolations(page: Page) {
  const named = new Set(["heading-order", "landmark-one-main", "region", "definition-list", "dlitem", "landmark-no-duplicate-main", "landmark-unique"]);
  return describeAll((await violations(page)).filter((v) => v.impact === "serious" || v.impact === "critical" || named.has(v.id)));
}
