import { useEffect, useState } from "react";
import { AUCTION_SECONDS, auctionPriceAt } from "@shared/pricing";
import { formatMoney } from "@/lib/format";

/** Re-renders every second with the server-aligned time. */
export function useServerNow(clockOffsetMs: number, intervalMs = 1000) {
  const [now, setNow] = useState(() => new Date(Date.now() + clockOffsetMs));
  useEffect(() => {
    const tick = () => setNow(new Date(Date.now() + clockOffsetMs));
    tick();
    const timer = setInterval(tick, intervalMs);
    return () => clearInterval(timer);
  }, [clockOffsetMs, intervalMs]);
  return now;
}

const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

interface AuctionProps {
  startingPrice: string;
  auctionStartedAt: string;
  now: Date;
}

/**
 * "Free in 53:42", or "Claim it now". The card sets it above its Purchase button, in the
 * button's own column: beside a wide price it ran under the button (docs/decisions/084-undo-a-
 * stage-move.md).
 */
export function FreeIn({ startingPrice, auctionStartedAt, now }: AuctionProps) {
  const { secondsLeft, isFree } = auctionPriceAt(startingPrice, auctionStartedAt, now);
  return (
    <span className="text-xs whitespace-nowrap text-slate-500" aria-live="off" data-testid="free-in">
      {isFree ? (
        "Claim it now"
      ) : (
        <>
          Free in <span className="font-mono tabular-nums">{mmss(secondsLeft)}</span>
        </>
      )}
    </span>
  );
}

/**
 * The falling price, computed by the same pricing module the server charges from, with a
 * bar that empties as the lead heads to free.
 */
export function LivePrice({ startingPrice, auctionStartedAt, now }: AuctionProps) {
  const { price, secondsLeft, isFree } = auctionPriceAt(startingPrice, auctionStartedAt, now);
  const remaining = secondsLeft / AUCTION_SECONDS;
  return (
    <div className="space-y-1.5" aria-live="off">
      <span className={isFree ? "block text-2xl font-extrabold text-green-600" : "block text-2xl font-extrabold text-brand-800"} data-testid="live-price">
        {isFree ? "FREE" : formatMoney(price)}
      </span>
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Time until this lead is free"
        aria-valuemin={0}
        aria-valuemax={AUCTION_SECONDS}
        aria-valuenow={secondsLeft}
      >
        <div className="h-full rounded-full bg-gradient-to-r from-green-500 via-spark-400 to-orange-500" style={{ width: `${remaining * 100}%` }} />
      </div>
      <p className="text-xs text-slate-500">Started at {formatMoney(startingPrice)}</p>
    </div>
  );
}
