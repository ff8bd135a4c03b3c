// Sends the spans still waiting in the batch (docs/decisions/097-traces.md), through the API's
// global provider: with tracing off it is the API's no-op and this does nothing.
import { trace } from "@opentelemetry/api";

type Flushable = { forceFlush?: () => Promise<void> };

/** Exports what has ended so far; a no-op with tracing off. Call it before the process exits. */
export async function flushTraces(): Promise<void> {
  const proxy = trace.getTracerProvider() as { getDelegate?: () => unknown };
  await (proxy.getDelegate?.() as Flushable | undefined)?.forceFlush?.();
}
