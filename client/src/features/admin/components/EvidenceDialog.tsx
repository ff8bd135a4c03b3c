// A disputed lead purchase's evidence as it goes to the card's bank (docs/decisions/094-dispute-
// evidence.md): each field the platform filled, our tax invoice as the receipt, a note of the
// operator's, and Send. Sent once; nobody having sent it, it goes on its own a day before the deadline.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { EvidenceFields } from "@/components/disputes/EvidenceFields";
import { formatSydneyDateTime } from "@/lib/format";
import type { DisputeEvidenceView } from "@shared/dispute-evidence";
import { useDisputeEvidence, useSendEvidence } from "../api/disputes";

const NOTE_LIMIT = 2000;

function sentLine(pack: DisputeEvidenceView) {
  if (pack.submittedAt) return `Sent ${pack.submittedBy === "automatic" ? "on its own" : "by the operator"} ${formatSydneyDateTime(pack.submittedAt)}.`;
  if (pack.autoSubmitAt) return `Goes on its own ${formatSydneyDateTime(pack.autoSubmitAt)} unless sent before.`;
  return "This dispute no longer takes evidence.";
}

export function EvidenceDialog({ disputeId, title, onClose }: { disputeId: number | null; title: string; onClose: () => void }) {
  return (
    <Dialog open={disputeId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        {disputeId !== null && <EvidencePack key={disputeId} id={disputeId} title={title} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EvidencePack({ id, title, onClose }: { id: number; title: string; onClose: () => void }) {
  const pack = useDisputeEvidence(id);
  const send = useSendEvidence(id);
  const [note, setNote] = useState("");
  const data = pack.data;
  const submit = async () => {
    try {
      await send.mutateAsync(note.trim() ? { note: note.trim() } : {});
      toast({ title: "Evidence sent", description: "Stripe has it; the bank's decision shows in this list when it comes." });
      onClose();
    } catch (err) {
      toast({ variant: "destructive", title: "Not sent", description: err instanceof Error ? err.message : "Please try again." });
    }
  };
  return (
    <div data-testid="evidence-pack">
      <DialogHeader>
        <DialogTitle>Evidence for the bank</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          {title}
          {data ? ` · ${sentLine(data)}` : ""}
        </DialogDescription>
      </DialogHeader>
      {pack.error && <p className="py-4 text-red-600">{pack.error.message}</p>}
      {data && (
        <div className="mt-3 grid gap-3 text-sm">
          {data.error && !data.submittedAt && (
            <p className="rounded-md bg-red-50 p-2 text-red-800" role="alert">
              Last try failed: {data.error}
            </p>
          )}
          <EvidenceFields fields={data.fields} receipt={data.files.map((f) => f.fileName).join(", ") || null} />
          {data.open && (
            <FormField
              id="evidence-note"
              label="Your note (optional)"
              hint={`Added to the evidence as it is sent; up to ${NOTE_LIMIT.toLocaleString()} characters.`}
            >
              {(control) => <Textarea {...control} rows={3} maxLength={NOTE_LIMIT} value={note} onChange={(e) => setNote(e.target.value)} />}
            </FormField>
          )}
        </div>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Close
        </Button>
        {data?.open && (
          <Button type="button" disabled={send.isPending} onClick={submit}>
            {send.isPending ? "Sending..." : "Send to Stripe"}
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}
