// What goes to the customer's bank for the electrician's disputed payment (docs/decisions/094-
// dispute-evidence.md): the job's records as the platform sends them, read-only; the operator
// adds to it when the electrician replies to the notice.
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { EvidenceFields } from "@/components/disputes/EvidenceFields";
import { usePaymentEvidence } from "../api/payment-evidence";

export function PaymentEvidenceDialog({ paymentId, onClose }: { paymentId: number | null; onClose: () => void }) {
  const pack = usePaymentEvidence(paymentId);
  return (
    <Dialog open={paymentId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto" data-testid="payment-evidence">
        <DialogHeader>
          <DialogTitle>What we send the bank</DialogTitle>
          <DialogDescription>
            The job&apos;s records, from the quote the customer signed to their payment. To add something, reply to our message about the dispute.
          </DialogDescription>
        </DialogHeader>
        {pack.error && <p className="py-4 text-red-600">{pack.error.message}</p>}
        {pack.data && <EvidenceFields fields={pack.data.fields} receipt={pack.data.receiptName} />}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
