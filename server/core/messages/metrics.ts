// The outbox in numbers (docs/decisions/095-readiness-and-metrics.md): how many messages wait per
// channel and how long the oldest due one has waited; a growing age means a sender is stuck.
import type { Db } from "../../platform/db/client";
import type { Metrics } from "../../platform/metrics";
import { pendingByChannel } from "./metrics-repo";

export function registerOutboxMetrics(metrics: Metrics, db: Db) {
  metrics.gauge({
    name: "outbox_pending_messages",
    help: "Messages waiting in the outbox, by channel (quiet hours and retries included)",
    labelNames: ["channel"],
    async read(set) {
      for (const row of await pendingByChannel(db)) set(row.pending, { channel: row.channel });
    },
  });
  metrics.gauge({
    name: "outbox_oldest_due_age_seconds",
    help: "How long the oldest message already due has waited, by channel",
    labelNames: ["channel"],
    async read(set) {
      for (const row of await pendingByChannel(db)) set(Number(row.oldestDueSeconds), { channel: row.channel });
    },
  });
}
