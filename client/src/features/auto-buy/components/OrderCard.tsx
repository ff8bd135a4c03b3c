// One auto-buy order as a card, readable at 390 px (docs/decisions/065-auto-buy-screens.md): what it
// buys in words, today's and this week's spend against its caps, its status and card, and the
// owner's actions on it.
import { CalendarDays, CreditCard, Pause, Pencil, Play, Trash2 } from "lucide-react";
import type { AutoBuyOrder } from "@shared/auto-buy";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { areaText, capBars, cardButtonText, cardText, filterLines, statusText, titleText, type CapBar, type ServiceArea } from "../order-text";

export type OrderAction = "pause" | "pauseUntil" | "resume" | "edit" | "delete" | "card";

function CapMeter({ bar, label }: { bar: CapBar; label: string }) {
  return (
    <div>
      <p className={cn("text-sm", bar.full ? "font-semibold text-amber-900" : "text-slate-700")}>
        {bar.text}
        {bar.full && " · cap reached"}
      </p>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(bar.fraction * 100)}
        aria-valuetext={bar.text}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={cn("h-full rounded-full", bar.full ? "bg-amber-500" : "bg-brand-600")} style={{ width: `${bar.fraction * 100}%` }} />
      </div>
    </div>
  );
}

export function OrderCard({ order, home, busy, onAction }: { order: AutoBuyOrder; home: ServiceArea; busy: boolean; onAction: (action: OrderAction) => void }) {
  const caps = capBars(order);
  const active = order.status === "active";
  const anotherCard = cardButtonText(order);
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-4 sm:p-5" data-testid="auto-buy-order" data-order-id={order.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold">{titleText(order)}</h3>
          <p className="text-sm break-words text-slate-700" data-testid="auto-buy-area">
            {areaText(order, home)}
          </p>
        </div>
        <Badge tone={active ? "green" : "amber"} className="max-w-full whitespace-normal">
          <span data-testid="auto-buy-status">{statusText(order)}</span>
        </Badge>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        {filterLines(order).map(([label, text]) => (
          <div key={label} className="flex min-w-0 gap-1.5">
            <dt className="shrink-0 font-medium text-slate-600">{label}:</dt>
            <dd className="min-w-0 break-words text-slate-800">{text}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-3 sm:grid-cols-2" data-testid="auto-buy-caps">
        <CapMeter bar={caps.today} label="Leads bought today" />
        <CapMeter bar={caps.week} label="Spent this week" />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          className={cn("flex min-w-0 items-center gap-2 text-sm", order.card.status === "needed" ? "font-semibold text-red-700" : "text-slate-600")}
          data-testid="auto-buy-card"
        >
          <CreditCard className="size-4 shrink-0" aria-hidden /> {cardText(order.card)}
        </p>
        {anotherCard && (
          <Button disabled={busy} onClick={() => onAction("card")} className="max-sm:w-full" data-testid="auto-buy-another-card">
            <CreditCard aria-hidden /> {anotherCard}
          </Button>
        )}
      </div>
      <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        {active ? (
          <>
            <Button variant="outline" disabled={busy} onClick={() => onAction("pause")}>
              <Pause aria-hidden /> Pause
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => onAction("pauseUntil")}>
              <CalendarDays aria-hidden /> Pause until…
            </Button>
          </>
        ) : (
          <Button variant="outline" disabled={busy} onClick={() => onAction("resume")}>
            <Play aria-hidden /> Resume
          </Button>
        )}
        <Button variant="outline" disabled={busy} onClick={() => onAction("edit")}>
          <Pencil aria-hidden /> Edit
        </Button>
        <Button variant="ghost" className="text-red-700" disabled={busy} onClick={() => onAction("delete")}>
          <Trash2 aria-hidden /> Delete
        </Button>
      </div>
    </Card>
  );
}
