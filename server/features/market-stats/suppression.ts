// Which groups of the price tape may show figures (docs/decisions/066-price-tape.md, "Privacy by
// construction"). Published counts can be added and subtracted: whatever anyone derives from them
// is a sum over the atoms of the published groups (the sets of sales that belong to exactly the
// same published groups), so every atom must hold no sale or at least MIN_PUBLISHED_SALES.
// Groups under the minimum are suppressed first; while an atom holds 1 to 4 sales, the smallest
// published group it belongs to is suppressed too, which merges it into a larger one.
import { MIN_PUBLISHED_SALES } from "../../../shared/market-stats";

/** Sales that belong to the same candidate groups: within one family, the finest cell its groups are made of. */
export interface Cell {
  groups: readonly string[];
  sales: number;
}

/**
 * One family: groups that nest or partition one another (a state, its regions and suburbs, over
 * both windows), described by their cells. Families share groups (the state) only where one is a
 * partition of the other's same total.
 */
export type Family = readonly Cell[];

/**
 * The suppressed groups among all the families' groups, given each group's sales. `parents` are
 * the groups the families share (a state's, in each window): the caller shows them only when every
 * family can show them too (docs/decisions/066-price-tape.md), and they are never suppressed here
 * to protect another group, since a parent hidden in one family could be summed up from another.
 * `hidden` are suppressed from the start (a whole thin state-window).
 */
export function suppressedGroups(
  families: readonly Family[],
  salesOf: ReadonlyMap<string, number>,
  { parents, hidden }: { parents: ReadonlySet<string>; hidden: Iterable<string> },
): Set<string> {
  const suppressed = new Set<string>(hidden);
  for (const [group, sales] of salesOf) if (sales < MIN_PUBLISHED_SALES) suppressed.add(group);
  for (let changed = true; changed;) {
    changed = false;
    for (const family of families) {
      for (let group = groupToSuppress(family, suppressed, salesOf, parents); group; group = groupToSuppress(family, suppressed, salesOf, parents)) {
        suppressed.add(group);
        changed = true;
      }
    }
  }
  return suppressed;
}

interface Atom {
  groups: string[];
  sales: number;
}

/**
 * The group to suppress next in this family: the smallest of a too-small atom's own groups and of
 * the siblings whose suppression would merge their sales into it (classic secondary suppression);
 * for an atom of parents alone with no such sibling (the sales of a state-window that no shown group holds), the
 * smallest shown group of the same state-window, whose sales then join it. Undefined when every atom is fine.
 */
function groupToSuppress(
  family: Family,
  suppressed: ReadonlySet<string>,
  salesOf: ReadonlyMap<string, number>,
  parents: ReadonlySet<string>,
): string | undefined {
  const atoms = new Map<string, Atom>();
  /** Per set of parents: the shown groups beneath it. */
  const beneath = new Map<string, Set<string>>();
  /** Per signature: the groups whose suppression would merge another cell into its atom (a sibling). */
  const siblings = new Map<string, Set<string>>();
  for (const cell of family) {
    if (cell.sales === 0) continue;
    const published = cell.groups.filter((g) => !suppressed.has(g)).sort();
    if (published.length === 0) continue;
    const signature = published.join("\n");
    const atom = atoms.get(signature);
    if (atom) atom.sales += cell.sales;
    else atoms.set(signature, { groups: published, sales: cell.sales });
    const parentKey = published.filter((g) => parents.has(g)).join("\n");
    const below = beneath.get(parentKey) ?? new Set<string>();
    for (const g of published) if (!parents.has(g)) below.add(g);
    beneath.set(parentKey, below);
    for (const g of published) {
      if (parents.has(g)) continue;
      const rest = published.filter((other) => other !== g).join("\n");
      siblings.set(rest, (siblings.get(rest) ?? new Set<string>()).add(g));
    }
  }
  let pick: { group: string; sales: number } | undefined;
  const consider = (group: string) => {
    const sales = salesOf.get(group) ?? 0;
    if (!pick || sales < pick.sales || (sales === pick.sales && group < pick.group)) pick = { group, sales };
  };
  for (const atom of atoms.values()) {
    if (atom.sales >= MIN_PUBLISHED_SALES) continue;
    const signature = atom.groups.join("\n");
    const candidates = [...atom.groups.filter((g) => !parents.has(g)), ...(siblings.get(signature) ?? [])];
    if (candidates.length > 0) candidates.forEach(consider);
    else for (const g of beneath.get(signature) ?? []) consider(g);
  }
  return pick?.group;
}
