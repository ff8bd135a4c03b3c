import { Radio, RefreshCw } from "lucide-react";
import type { StreamStatus } from "../api/live-market";

/**
 * 'Live Updates Active' only while the stream is connected; otherwise the list polls every 30 s.
 * Every state is the same size, so "Connecting…" turning live does not move the service-area
 * button beside it; on a phone the badge is its icon alone (the words stay for screen readers
 * and as its tooltip), so the area's place and radius fit beside it (docs/decisions/038).
 */
const SHAPE =
  "inline-flex shrink-0 items-center justify-center gap-1.5 rounded-full whitespace-nowrap text-sm font-medium ring-1 max-sm:size-9 sm:w-48 sm:px-3 sm:py-1";

export function LiveBadge({ status }: { status: StreamStatus }) {
  if (status === "live") {
    return (
      <span className={`${SHAPE} bg-green-50 text-green-700 ring-green-200`} data-testid="live-badge" title="Live Updates Active">
        <Radio className="size-4" aria-hidden /> <span className="max-sm:sr-only">Live Updates Active</span>
      </span>
    );
  }
  return (
    <span
      className={`${SHAPE} bg-amber-50 text-amber-800 ring-amber-200`}
      data-testid="live-badge"
      title="Updates every 30 seconds until the live connection is back"
    >
      <RefreshCw className="size-4 motion-safe:animate-spin" aria-hidden />{" "}
      <span className="max-sm:sr-only">{status === "connecting" ? "Connecting…" : "Reconnecting…"}</span>
    </span>
  );
}
