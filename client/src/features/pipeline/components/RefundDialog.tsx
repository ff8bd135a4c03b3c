// Refund an online payment (docs/decisions/056, 057): the whole of what is not yet refunded goes
// back to the customer's card through Stripe, on the electrician's own Stripe account (its fee is
// not returned by Stripe). A reason is required; the server's refusal shows as it words it.
import { useState, type FormEvent } from "react";
import type { Payment } from "@shared/document-payments";
import { ONLINE_PAYMENT_MESSAGES, REFUND_REASON_MAX } from "@shared/stripe-connect";
import { toCents } from "@shared/pricing";
import { Alert } from "@/components/ui/alert";
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { formatMoney } from "@/lib/format";
import { useRefundPayment } from "../api/refund-payment";

export function RefundDialog({ purchaseId, payment, onOpenChange }: { purchaseId: number; payment: Payment; onOpenChange: (open: boolean) => void }) {
  const refund = useRefundPayment(purchaseId, payment.id);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const left = formatMoney((toCents(payment.amount) - toCents(payment.refundedAmount)) / 100);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setReasonError(ONLINE_PAYMENT_MESSAGES.refundReason);
    setReasonError(null);
    setFailure(null);
    try {
      const answer = await refund.mutateAsync({ reason });
      toast({ title: `Refunded ${left}`, description: answer.message });
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && err.errors?.reason) return setReasonError(err.errors.reason);
      setFailure(err instanceof Error ? err.message : "That did not go through. Check your signal and try again.");
    }
  };
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent data-testid="refund-dialog">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogHeader>
            <DialogTitle>Refund {left} to the customer?</DialogTitle>
            <DialogDescription>
              {payment.source === "demo"
                ? "This was a demo payment: nothing was charged, so nothing goes back to a card."
                : "It goes back to the card they paid with, from your Stripe account, in 5 to 10 business days. Stripe doesn't return its fee."}{" "}
              The refund shows under the payment, and the amount is owing again.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-3">
            <div>
              <Label htmlFor="refund-reason">Why are you refunding?</Label>
              <Textarea
                id="refund-reason"
                maxLength={REFUND_REASON_MAX}
                className="mt-1 min-h-16"
                value={reason}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? "refund-reason-error" : undefined}
                onChange={(e) => setReason(e.target.value)}
              />
              <FieldError id="refund-reason-error" message={reasonError ?? undefined} />
            </div>
            {failure && <Alert variant="destructive">{failure}</Alert>}
          </div>
          <DialogFormFooter onCancel={() => onOpenChange(false)} busy={refund.isPending} submitLabel={`Refund ${left}`} busyLabel="Refunding..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
