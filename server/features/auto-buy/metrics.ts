// Auto-buy in numbers (docs/decisions/095-readiness-and-metrics.md): the due rows waiting now and
// how late this instance's sales came after their moment (docs/decisions/064-auto-buy-engine.md).
import type { Db } from "../../platform/db/client";
import type { Metrics } from "../../platform/metrics";
import type { AutoBuyEngine } from "./engine";
import { dueRowsAt } from "./metrics-repo";

/** The last sales the lateness figures read: recent behaviour, not since start. */
const RECENT = 1000;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

export function registerAutoBuyMetrics(metrics: Metrics, db: Db, engine: AutoBuyEngine, now: () => Date) {
  metrics.gauge({
    name: "auto_buy_due_rows",
    help: "Leads whose price has reached an order's maximum and wait for the engine",
    async read(set) {
      set(await dueRowsAt(db, now()));
    },
  });
  metrics.gauge({
    name: "auto_buy_lateness_seconds",
    help: "From the moment a lead's price reached the winning order's maximum to the sale's commit, over this instance's last 1,000 auto-buys",
    labelNames: ["quantile"],
    read(set) {
      const sorted = engine.lateness.slice(-RECENT).sort((a, b) => a - b);
      for (const q of [0.5, 0.99, 1]) set(quantile(sorted, q) / 1000, { quantile: String(q) });
    },
  });
}
