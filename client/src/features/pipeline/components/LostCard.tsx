import { MapPin } from "lucide-react";
import { LOST_MISSED_PROMISE_LABEL } from "@shared/job-aftercare";
import type { PurchasedLead } from "@shared/pipeline";
import { Card } from "@/components/ui/card";
import { formatMoney } from "@/lib/format";
import { leadDayTime } from "@/lib/lead-clock";

/**
 * A purchase released because the promise was missed (docs/decisions/049): the customer told us
 * nobody called, and the job went back to other electricians. It stays on the board to account
 * for (the fee is not refunded), with nothing left to work and none of the customer's contacts.
 */
export function LostCard({ purchase }: { purchase: PurchasedLead }) {
  const { lead } = purchase;
  return (
    <Card className="space-y-2 border-slate-300 bg-slate-50 p-4" data-testid="lost-card" data-job-reference={lead.jobReference}>
      <p className="inline-flex rounded bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900">{LOST_MISSED_PROMISE_LABEL}</p>
      <h3 className="font-semibold text-slate-900">
        {lead.jobReference} · {lead.customerName}
      </h3>
      <p className="line-clamp-2 text-sm text-slate-700">{lead.electricalWork}</p>
      <p className="flex items-center gap-1 text-sm text-slate-600">
        <MapPin className="size-4" aria-hidden /> {[lead.suburb, lead.state].filter(Boolean).join(" ") || "Location not given"}
      </p>
      <p className="text-sm text-slate-600">
        Bought {leadDayTime(purchase.lead.state, purchase.purchasedAt)} for {formatMoney(purchase.amountPaid)}; nothing was logged by the promise, and the
        customer asked for another electrician{purchase.releasedAt ? ` on ${leadDayTime(purchase.lead.state, purchase.releasedAt)}` : ""}. The fee is not
        refunded.
      </p>
    </Card>
  );
}
