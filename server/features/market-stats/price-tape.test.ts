// The public price tape over HTTP against a real database (docs/decisions/066-price-tape.md):
// figures for a seeded market computed here independently, every view of the filter space
// checked for suppression and for differencing, the 400s, and the sweep exactly once.
import { sql } from "drizzle-orm";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { MARKET_GROUPINGS, MARKET_WINDOWS, type MarketStats } from "../../../shared/market-stats";
import { AUSTRALIAN_STATES } from "../../../shared/state-time";
import { addDays, sydneyDayKey } from "../../../shared/sydney-time";
import { openDatabase } from "../../platform/db/client";
import { useTestApp } from "../../test/app";
import { itOnPostgres } from "../../test/postgres-only";
import { adminAuth, TEST_ADMIN } from "../../test/sign-in";
import { forgetCounts } from "./count-repo";
import { runPriceTape } from "./sweep";
import { seedPastSales, type SeededListing } from "../../setup/past-sales";

const ctx = useTestApp({ suburbs: true, startAlertWorker: false, env: TEST_ADMIN });
let listings: SeededListing[] = [];
const now = new Date();

/** The plain reference: sort, then interpolate between the closest ranks, half up to a whole unit. */
function reference(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * p;
  const low = sorted[Math.floor(position)]!;
  const high = sorted[Math.ceil(position)]!;
  return Math.floor(low + (high - low) * (position - Math.floor(position)) + 0.5);
}
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Which seeded listings a published row or week stands for. */
function membersOf(days: number, groupBy: string, key: string): SeededListing[] {
  const from = addDays(sydneyDayKey(now), 1 - days);
  return listings.filter((l) => {
    if (l.day < from) return false;
    if (groupBy === "state") return l.state === key;
    if (groupBy === "region") return l.region === key;
    if (groupBy === "suburb") return l.suburb === key;
    if (groupBy === "serviceType") return `${l.state}:${l.serviceType}` === key;
    if (groupBy === "hour") return `${l.state}:${l.hour}` === key;
    return `${l.state}:${l.week}` === key;
  });
}

const views: Array<{ days: number; groupBy: string; state?: string; body: MarketStats }> = [];

beforeAll(async () => {
  listings = await seedPastSales(ctx.db, now);
  await runPriceTape({ db: ctx.db, now: () => now }, { publishNow: true });
  for (const days of MARKET_WINDOWS)
    for (const groupBy of MARKET_GROUPINGS)
      for (const state of [undefined, ...AUSTRALIAN_STATES]) {
        const res = await request(ctx.server)
          .get("/api/market/stats")
          .query({ days, groupBy, ...(state && { state }) });
        expect(res.status).toBe(200);
        views.push({ days, groupBy, state, body: res.body as MarketStats });
      }
}, 60_000);

describe("GET /api/market/stats", () => {
  it("when a view is asked for, then each published figure is the seeded sales' own, exact to the cent", () => {
    let published = 0;
    for (const view of views) {
      for (const row of view.body.rows) {
        if ("suppressed" in row) continue;
        const members = membersOf(view.days, view.groupBy, row.key);
        const sold = members.filter((l) => l.sold);
        const prices = sold.map((l) => l.priceCents);
        expect(row.sales, `${view.days} ${view.groupBy} ${row.key}`).toBe(sold.length);
        expect(row.medianPrice).toBe(dollars(reference(prices, 0.5)));
        expect(row.p25Price).toBe(dollars(reference(prices, 0.25)));
        expect(row.p75Price).toBe(dollars(reference(prices, 0.75)));
        expect(row.medianMinutesToSale).toBe(
          reference(
            sold.map((l) => l.minutes * 10),
            0.5,
          ) / 10,
        );
        expect(row.unsoldShare).toBe(Math.round(((members.length - sold.length) / members.length) * 1000) / 1000);
        published++;
      }
      for (const week of view.body.weeks) {
        if ("suppressed" in week) continue;
        const sold = membersOf(view.days, "week", `${view.state}:${week.week}`).filter((l) => l.sold);
        expect(week.sales).toBe(sold.length);
        expect(week.medianPrice).toBe(
          dollars(
            reference(
              sold.map((l) => l.priceCents),
              0.5,
            ),
          ),
        );
      }
    }
    // The seeded market is big enough that most of NSW shows.
    expect(published).toBeGreaterThan(25);
  });

  it("when a state is chosen, then it only narrows the rows: each row is the same as without it", () => {
    for (const view of views.filter((v) => v.state)) {
      const whole = views.find((v) => v.days === view.days && v.groupBy === view.groupBy && !v.state)!;
      expect(view.body.rows).toEqual(whole.body.rows.filter((row) => membersOf(view.days, view.groupBy, row.key)[0]?.state === view.state));
    }
  });

  it("when a group has fewer than 5 sales, then it shows only its key, its label and suppressed", () => {
    let suppressedSmall = 0;
    for (const view of views)
      for (const row of view.body.rows) {
        const sales = membersOf(view.days, view.groupBy, row.key).filter((l) => l.sold).length;
        if (sales < 5) {
          expect(row).toEqual({ key: row.key, label: row.label, suppressed: true });
          suppressedSmall++;
        }
      }
    // Penrith (4 listings) and Hobart (3) are among them, in both windows.
    expect(suppressedSmall).toBeGreaterThan(10);
  });

  it("when every view of the filter space is put together, then no sum or difference of published counts isolates 1 to 4 sales", () => {
    const sold = listings.map((l, i) => ({ ...l, i })).filter((l) => l.sold);
    // Every published group, as the set of seeded sales it stands for (rows and weeks alike).
    const groups = new Map<string, Set<number>>();
    for (const view of views) {
      const add = (groupBy: string, key: string) => {
        const id = `${view.days}|${groupBy}|${key}`;
        if (!groups.has(id))
          groups.set(
            id,
            new Set(
              membersOf(view.days, groupBy, key)
                .filter((l) => l.sold)
                .map((l) => listings.indexOf(l)),
            ),
          );
      };
      for (const row of view.body.rows) if (!("suppressed" in row)) add(view.groupBy, row.key);
      for (const week of view.body.weeks) if (!("suppressed" in week)) add("week", `${view.state}:${week.week}`);
    }
    for (const members of groups.values()) expect(members.size).toBeGreaterThanOrEqual(5);
    // Anything derived by adding and subtracting published counts is constant on the atoms (the
    // sales that lie in exactly the same published groups): a set it can count is a union of atoms.
    const published = [...groups.values()];
    const atoms = new Map<string, number[]>();
    for (const sale of sold) {
      const signature = published.map((g, gi) => (g.has(sale.i) ? gi : -1)).filter((gi) => gi >= 0);
      if (signature.length === 0) continue;
      const key = signature.join(",");
      atoms.set(key, [...(atoms.get(key) ?? []), sale.i]);
    }
    const atomList = [...atoms.values()];
    const kernel = kernelModP(
      published.map((g) => atomList.map((atom) => (g.has(atom[0]!) ? 1 : 0))),
      atomList.length,
    );
    const inSpan = (chosen: number[]) => kernel.every((k) => chosen.reduce((sum, a) => (sum + k[a]!) % P, 0) === 0);
    const small = atomList.map((atom, a) => ({ a, size: atom.length })).filter((x) => x.size < 5);
    let tried = 0;
    const walk = (from: number, chosen: number[], total: number) => {
      if (chosen.length > 0) {
        tried++;
        expect(inSpan(chosen), `atoms ${chosen.join(",")} (${total} sales) can be counted from published groups`).toBe(false);
      }
      for (let j = from; j < small.length; j++) if (total + small[j]!.size < 5) walk(j + 1, [...chosen, small[j]!.a], total + small[j]!.size);
    };
    walk(0, [], 0);
    // There are small atoms (a service type inside a suburb, say): the check had work to do.
    expect(tried).toBeGreaterThan(0);
  });

  it("when days or groupBy is anything else, then 400 with the rule", async () => {
    for (const query of [{ days: 7, groupBy: "state" }, { days: 30, groupBy: "week" }, { groupBy: "state" }, { days: 30, groupBy: "state", state: "XX" }]) {
      const res = await request(ctx.server).get("/api/market/stats").query(query);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/days|groupBy|state/);
    }
  });

  it("when asked, then it says for how long a cache may keep it and needs no sign-in", async () => {
    const res = await request(ctx.server).get("/api/market/stats?days=90&groupBy=state");
    expect(res.headers["cache-control"]).toBe("public, max-age=30");
    expect(new Date(res.body.from).getTime()).toBeLessThan(new Date(res.body.to).getTime());
  });
});

describe("the sweep", () => {
  it("when it runs again with nothing new, then the figures do not change; after a rebuild they are the same", async () => {
    const before = await request(ctx.server).get("/api/market/stats?days=90&groupBy=suburb");
    await runPriceTape({ db: ctx.db, now: () => now }, { publishNow: true });
    await forgetCounts(ctx.db);
    await runPriceTape({ db: ctx.db, now: () => now }, { publishNow: true });
    const after = await request(ctx.server).get("/api/market/stats?days=90&groupBy=suburb");
    expect(after.body.rows).toEqual(before.body.rows);
    expect(after.body.rows.length).toBeGreaterThan(3);
  });

  it("when a backlog is counted a few sales a step and a step a pass, then the watermark moves step by step and the figures end as in one pass", async () => {
    const before = await request(ctx.server).get("/api/market/stats?days=90&groupBy=suburb");
    await forgetCounts(ctx.db);
    const watermarks: number[] = [];
    for (let pass = 0; pass < 500; pass++) {
      await runPriceTape({ db: ctx.db, now: () => now }, { publishNow: true, stepSales: 5, budgetMs: 0 });
      const { rows } = (await ctx.db.execute(sql`select counted_through from market_tape_state`)) as unknown as {
        rows: Array<{ counted_through: string | Date }>;
      };
      watermarks.push(new Date(rows[0]!.counted_through).getTime());
      if (watermarks.at(-1) === now.getTime()) break;
    }
    const sold = listings.filter((l) => l.sold).length;
    expect(watermarks.at(-1)).toBe(now.getTime());
    expect(watermarks.length).toBeGreaterThan(Math.min(3, sold / 6));
    expect(watermarks).toEqual([...watermarks].sort((a, b) => a - b));
    const after = await request(ctx.server).get("/api/market/stats?days=90&groupBy=suburb");
    expect(after.body.rows).toEqual(before.body.rows);
  });

  itOnPostgres("when two instances sweep at once, then each sale is counted once", async () => {
    await forgetCounts(ctx.db);
    const other = await openDatabase({ url: ctx.database.url! });
    try {
      await Promise.all([
        runPriceTape({ db: ctx.db, now: () => now }, { publishNow: true }),
        runPriceTape({ db: other.db, now: () => now }, { publishNow: true }),
      ]);
      // Whichever lost the lock skipped; one more pass publishes whatever it left.
      await runPriceTape({ db: ctx.db, now: () => now }, { publishNow: true });
    } finally {
      await other.close();
    }
    const res = await request(ctx.server).get("/api/market/stats?days=90&groupBy=state&state=NSW");
    expect(res.body.rows[0].sales).toBe(listings.filter((l) => l.state === "NSW" && l.sold).length);
  });
});

describe("GET /api/admin/auction-health", () => {
  it("when the operator asks, then each region-week has its sales, unsold share and medians against starting prices", async () => {
    const res = await request(ctx.server)
      .get("/api/admin/auction-health")
      .set("Authorization", await adminAuth(ctx.server));
    expect(res.status).toBe(200);
    const rows = res.body.rows as Array<{
      region: string;
      week: string;
      sales: number;
      unsold: number;
      medianPrice: string | null;
      medianStartingPrice: string;
    }>;
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const members = listings.filter((l) => l.region === row.region && l.week === row.week);
      const sold = members.filter((l) => l.sold);
      expect(row.sales).toBe(sold.length);
      expect(row.unsold).toBe(members.length - sold.length);
      if (sold.length > 0)
        expect(row.medianPrice).toBe(
          dollars(
            reference(
              sold.map((l) => l.priceCents),
              0.5,
            ),
          ),
        );
      expect(row.medianStartingPrice).toBe(
        dollars(
          reference(
            members.map((l) => l.startCents),
            0.5,
          ),
        ),
      );
    }
  });
});

const P = 2_147_483_647;
const mulMod = (a: number, b: number) => Number((BigInt(a) * BigInt(b)) % BigInt(P));
function inverse(a: number) {
  let result = 1;
  let base = a % P;
  for (let e = P - 2; e > 0; e = Math.floor(e / 2)) {
    if (e % 2 === 1) result = mulMod(result, base);
    base = mulMod(base, base);
  }
  return result;
}

/** A basis of the vectors x with Mx = 0 (mod a large prime): v is in M's row space exactly when every one is orthogonal to it. */
function kernelModP(matrix: number[][], columns: number): number[][] {
  const rows = matrix.map((r) => [...r]);
  const pivots: number[] = [];
  let r = 0;
  for (let c = 0; c < columns && r < rows.length; c++) {
    const found = rows.findIndex((row, i) => i >= r && row[c]! % P !== 0);
    if (found < 0) continue;
    [rows[r], rows[found]] = [rows[found]!, rows[r]!];
    const inv = inverse(rows[r]![c]!);
    rows[r] = rows[r]!.map((v) => mulMod(v, inv));
    for (let i = 0; i < rows.length; i++) {
      if (i === r || rows[i]![c] === 0) continue;
      const factor = rows[i]![c]!;
      rows[i] = rows[i]!.map((v, j) => (((v - mulMod(factor, rows[r]![j]!)) % P) + P) % P);
    }
    pivots.push(c);
    r++;
  }
  const free = [...Array(columns).keys()].filter((c) => !pivots.includes(c));
  return free.map((f) => {
    const x = Array<number>(columns).fill(0);
    x[f] = 1;
    pivots.forEach((c, i) => (x[c] = (P - rows[i]![f]!) % P));
    return x;
  });
}
