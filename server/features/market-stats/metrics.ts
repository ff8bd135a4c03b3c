// The price tape in numbers (docs/decisions/095-readiness-and-metrics.md): how far its counts lag
// behind now (docs/decisions/066-price-tape.md); a lag that keeps growing means its loop stopped.
import type { Db } from "../../platform/db/client";
import type { Metrics } from "../../platform/metrics";
import { tapeLagSeconds } from "./metrics-repo";

export function registerPriceTapeMetrics(metrics: Metrics, db: Db) {
  metrics.gauge({
    name: "price_tape_lag_seconds",
    help: "How far the price tape's counts lag behind now (sales and $0 listings counted through)",
    async read(set) {
      const lag = await tapeLagSeconds(db);
      if (lag !== null) set(lag);
    },
  });
}
