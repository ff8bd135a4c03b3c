// "Customer unreachable" on the stage card (docs/decisions/049-missed-promises-and-refunds.md): the
// action once two tries 4 hours apart did not reach the customer, why not yet before that, and the
// claim's state after it. The claim texts the customer, so it asks first.
import { PhoneOff } from "lucide-react";
import { useState } from "react";
import type { PurchasedLead } from "@shared/pipeline";
import { firstNameOf } from "@shared/customer-name";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import { formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useClaimUnreachable } from "../api/unreachable";
import { unreachableView } from "../unreachable";
import { useNow } from "../use-now";

const TONES = { waiting: "bg-amber-50 text-amber-900", good: "bg-green-50 text-green-900", neutral: "bg-slate-50 text-slate-700" } as const;

export function CustomerUnreachable({ purchase }: { purchase: PurchasedLead }) {
  const now = useNow();
  const claim = useClaimUnreachable();
  const [asking, setAsking] = useState(false);
  const view = unreachableView(purchase.unreachable, purchase.lead.state, now);
  if (!view) return null;
  if (view.kind === "not_yet") {
    return (
      <p className="text-xs text-slate-500" data-testid="unreachable-not-yet">
        {view.text}
      </p>
    );
  }
  if (view.kind === "state") {
    return (
      <p className={cn("rounded-lg px-3 py-2 text-sm font-medium", TONES[view.tone])} data-testid="unreachable-state">
        {view.text}
      </p>
    );
  }

  async function confirm() {
    try {
      const answer = await claim.mutateAsync(purchase.id);
      toast({ title: "Customer unreachable", description: answer.message });
    } catch (err) {
      toast({ variant: "destructive", title: "Could not claim customer unreachable", description: err instanceof Error ? err.message : "Please try again." });
    } finally {
      setAsking(false);
    }
  }

  const name = firstNameOf(purchase.lead.customerName);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="unreachable-action">
      <Button variant="outline" size="sm" onClick={() => setAsking(true)}>
        <PhoneOff aria-hidden /> Customer unreachable
      </Button>
      <span className="text-xs text-slate-500">{view.hint}</span>
      <ConfirmDialog
        open={asking}
        title={`Tell us you can't reach ${name}?`}
        description={`We text ${name} to ask whether you reached them. If they don't answer within 48 hours, the ${formatMoney(purchase.amountPaid)} you paid comes back. You can claim this once per job.`}
        confirmLabel="Customer unreachable"
        busy={claim.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
