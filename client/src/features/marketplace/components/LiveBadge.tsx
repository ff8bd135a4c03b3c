import { Radio, RefreshCw } from "lucide-react";
import type { StreamStatus } from "../api/live-market";

/** 'Live Updates Active' only while the stream is connected; otherwise the list polls every 30 s. */
export function LiveBadge({ status }: { status: StreamStatus }) {
  if (status === "live") {
    return (
      <span
        className="inline-flex shrink-0 items-center gap-1.5 rounded-full whitespace-nowrap bg-green-50 px-3 py-1 text-sm font-medium text-green-700 ring-1 ring-green-200"
        data-testid="live-badge"
      >
        <Radio className="size-4" aria-hidden /> Live Updates Active
      </span>
    );
  }
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1.5 rounded-full whitespace-nowrap bg-amber-50 px-3 py-1 text-sm font-medium text-amber-800 ring-1 ring-amber-200"
      data-testid="live-badge"
      title="Updates every 30 seconds until the live connection is back"
    >
      <RefreshCw className="size-4 motion-safe:animate-spin" aria-hidden /> {status === "connecting" ? "Connecting…" : "Reconnecting…"}
    </span>
  );
}
