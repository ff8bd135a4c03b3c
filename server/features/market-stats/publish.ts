// Publishing the price tape (docs/decisions/066-price-tape.md): every view's rows computed once
// from the counts, suppression applied over all of them together, written as one set. A request
// then reads rows; it never counts.
import { centsToDollars, MARKET_WINDOWS, MIN_PUBLISHED_SALES, type MarketWindow } from "../../../shared/market-stats";
import { SERVICE_TYPE_LABELS } from "../../../shared/labels";
import { AUSTRALIAN_STATES } from "../../../shared/state-time";
import { addDays } from "../../../shared/sydney-time";
import { marketTapeRows } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { figureSource, groupCells, writeRows, type GroupCell } from "./publish-repo";
import { quartilesBy, type MeasureFigures } from "./figures-repo";
import { suppressedGroups, type Cell } from "./suppression";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The rows' groupings: the API's five and the chart's weeks, each always inside one state. */

const groupId = (days: MarketWindow, dimension: GroupCell["dimension"], state: string, key: string) => `${days}|${dimension}|${state}|${key}`;
const windowsOf = (recent: boolean): MarketWindow[] => (recent ? [30, 90] : [90]);

/** Recomputes every published row for the windows ending on the Sydney day `today`; returns how many rows. */
export async function publishFigures(tx: Tx, today: string): Promise<number> {
  const from90 = addDays(today, -89);
  const from30 = addDays(today, -29);
  const cells = await groupCells(tx, from90, from30);
  const salesOf = new Map<string, number>();
  const unsoldOf = new Map<string, number>();
  const labels = new Map<string, string>();
  for (const cell of cells) {
    for (const days of windowsOf(cell.recent)) {
      const id = groupId(days, cell.dimension, cell.state, cell.key);
      salesOf.set(id, (salesOf.get(id) ?? 0) + cell.sales);
      unsoldOf.set(id, (unsoldOf.get(id) ?? 0) + cell.unsold);
      labels.set(id, cell.label);
    }
  }
  const suppressed = suppressedGroups(familiesOf(cells), salesOf, stateWindows(salesOf));
  const figures = new Map<MarketWindow, Map<string, Map<string, MeasureFigures>>>();
  for (const days of MARKET_WINDOWS) figures.set(days, await quartilesBy(tx, figureSource(days === 30 ? from30 : from90)));

  const rows: (typeof marketTapeRows.$inferInsert)[] = [];
  for (const [id, sales] of salesOf) {
    const [daysText, dimension, state, key] = id.split("|") as [string, GroupCell["dimension"], string, string];
    const days = Number(daysText) as MarketWindow;
    const row = {
      days,
      groupBy: dimension,
      state,
      key: publicKey(dimension, state, key),
      label: publicLabel(dimension, state, labels.get(id) ?? key),
      position: 0,
    };
    const measures = figures.get(days)?.get(`${dimension}|${state}|${key}`);
    const price = measures?.get("price");
    const minutes = measures?.get("minutes");
    // Weeks carry only the price (the chart); every other row all its figures.
    if (suppressed.has(id) || !price || (!minutes && dimension !== "week")) {
      rows.push({ ...row, suppressed: true });
      continue;
    }
    const unsold = unsoldOf.get(id) ?? 0;
    rows.push({
      ...row,
      suppressed: false,
      sales,
      medianPrice: centsToDollars(price.p50),
      p25Price: centsToDollars(price.p25),
      p75Price: centsToDollars(price.p75),
      medianMinutesToSale: minutes ? (minutes.p50 / 10).toFixed(1) : null,
      unsoldShare: (Math.round((unsold / (sales + unsold)) * 1000) / 1000).toFixed(3),
    });
  }
  rows.sort(rowOrder);
  rows.forEach((row, position) => (row.position = position));
  await writeRows(tx, rows);
  return rows.length;
}

/**
 * Each state's two windows are the parents every family shares. A state-window is shown whole or
 * not at all: the last 90 days under 5 sales hide both windows; the last 30 days under 5, or the
 * 60 days before them with 1 to 4 sales (the difference of the two), hide the last 30 days.
 */
function stateWindows(salesOf: ReadonlyMap<string, number>) {
  const parents = new Set<string>();
  const hiddenWindows = new Set<string>();
  for (const state of new Set([...salesOf.keys()].map((id) => id.split("|")[2]!))) {
    const recent = salesOf.get(groupId(30, "state", state, "all")) ?? 0;
    const all = salesOf.get(groupId(90, "state", state, "all")) ?? 0;
    const older = all - recent;
    if (all < MIN_PUBLISHED_SALES) hiddenWindows.add(`90|${state}`);
    if (recent < MIN_PUBLISHED_SALES || all < MIN_PUBLISHED_SALES || (older > 0 && older < MIN_PUBLISHED_SALES)) hiddenWindows.add(`30|${state}`);
    for (const days of MARKET_WINDOWS) parents.add(groupId(days, "state", state, "all"));
  }
  const hidden = [...salesOf.keys()].filter((id) => {
    const [days, , state] = id.split("|");
    return hiddenWindows.has(`${days}|${state}`);
  });
  return { parents, hidden };
}

/**
 * The families whose groups nest or partition one state's sales (docs/decisions/066-price-tape.md):
 * its places (regions, their suburbs), its service types, its hours, its weeks; each over both
 * windows, since the last 30 days lie inside the last 90.
 */
export function familiesOf(cells: readonly GroupCell[]): Cell[][] {
  const families = new Map<string, Cell[]>();
  for (const cell of cells) {
    if (cell.dimension === "state" || cell.dimension === "region") continue;
    const family = cell.dimension === "suburb" ? "place" : cell.dimension;
    const list = families.get(`${cell.state}|${family}`) ?? [];
    const groups: string[] = [];
    for (const days of windowsOf(cell.recent)) {
      groups.push(groupId(days, "state", cell.state, "all"), groupId(days, cell.dimension, cell.state, cell.key));
      if (cell.dimension === "suburb") groups.push(groupId(days, "region", cell.state, cell.key.slice(0, cell.key.indexOf("/"))));
    }
    list.push({ groups, sales: cell.sales });
    families.set(`${cell.state}|${family}`, list);
  }
  return [...families.values()];
}

/** The key the API shows: a state's own code, the other groups as the rollup keys them (each names its state). */
function publicKey(dimension: GroupCell["dimension"], state: string, key: string) {
  if (dimension === "state") return state;
  if (dimension === "serviceType" || dimension === "hour" || dimension === "week") return `${state}:${key}`;
  return key;
}

function publicLabel(dimension: GroupCell["dimension"], state: string, label: string) {
  if (dimension === "state") return state;
  // Service types and hours are counted inside each state: the label says which.
  if (dimension === "serviceType") return `${SERVICE_TYPE_LABELS[label as keyof typeof SERVICE_TYPE_LABELS] ?? label}, ${state}`;
  if (dimension === "hour") return `${hourLabel(Number(label))}, ${state}`;
  return label;
}

/** 0 -> "12 am to 1 am", 13 -> "1 pm to 2 pm": the hour the lead went on sale, in its state's time. */
function hourLabel(hour: number) {
  const name = (h: number) => `${h % 12 === 0 ? 12 : h % 12} ${h % 24 < 12 ? "am" : "pm"}`;
  return `${name(hour)} to ${name(hour + 1)}`;
}

function rowOrder(a: typeof marketTapeRows.$inferInsert, b: typeof marketTapeRows.$inferInsert) {
  if (a.days !== b.days) return a.days - b.days;
  if (a.groupBy !== b.groupBy) return a.groupBy < b.groupBy ? -1 : 1;
  const byState = AUSTRALIAN_STATES.indexOf(a.state as never) - AUSTRALIAN_STATES.indexOf(b.state as never);
  if (byState !== 0) return byState;
  // Never by sales: the order of suppressed rows would tell their size.
  if (a.groupBy === "hour") return Number(a.key.split(":")[1]) - Number(b.key.split(":")[1]);
  if (a.groupBy === "week") return a.key < b.key ? -1 : 1;
  return a.label.localeCompare(b.label, "en-AU") || (a.key < b.key ? -1 : 1);
}
