// The step before a save that buys at once (docs/decisions/083-auto-buy-says-what-it-buys.md):
// the leads it would buy now named with their price of this moment, and a choice between saving
// and buying them, or going back with nothing saved.
import type { AutoBuyBuysNow } from "@shared/auto-buy";
import { formatMoney } from "@shared/format";
import { Button } from "@/components/ui/button";
import { buysNowText } from "../order-text";

interface BuysNowConfirmProps {
  answer: AutoBuyBuysNow;
  /** "Saving", "Resuming": the sentence's subject. */
  doing: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

export function BuysNowConfirm({ answer, doing, confirmLabel, busy, onConfirm, onBack }: BuysNowConfirmProps) {
  return (
    <div className="grid gap-4" data-testid="auto-buy-buys-now">
      <p className="font-semibold text-slate-900" role="status">
        {buysNowText(answer, doing)}
      </p>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {answer.leads.map((lead) => (
          <li key={lead.leadId} className="flex items-baseline justify-between gap-3 px-3 py-2 text-sm">
            <span className="min-w-0 break-words">{lead.title}</span>
            <span className="shrink-0 font-semibold tabular-nums">{formatMoney(lead.price)}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600">
        These are the prices of this moment; the order buys each at the price of the moment it buys it, never above your maximum.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button onClick={onConfirm} disabled={busy}>
          {busy ? "Saving..." : confirmLabel}
        </Button>
      </div>
    </div>
  );
}
