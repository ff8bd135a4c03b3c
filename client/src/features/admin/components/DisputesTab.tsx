// Chargebacks (docs/decisions/093-disputes.md): every dispute Stripe reported, of a lead purchase or
// of a customer's payment on an electrician's account, open ones first, the soonest evidence
// deadline first. While one is open or after it was lost, the purchase is not refunded by us.
// A lead purchase's evidence is reviewed and sent from here (docs/decisions/094-dispute-evidence.md).
import { useState } from "react";
import { Badge, type Tone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState, SectionHeader } from "@/components/ui/paged-list";
import { formatMoney, formatSydneyDateTime } from "@/lib/format";
import { DISPUTE_STATUS_LABELS, OPEN_DISPUTE_STATUSES, type DisputeStatus, type DisputeView } from "@shared/disputes";
import { useAdminDisputes } from "../api/disputes";
import { EvidenceDialog } from "./EvidenceDialog";

const tone = (status: DisputeStatus): Tone => (status === "lost" ? "red" : OPEN_DISPUTE_STATUSES.includes(status) ? "amber" : "green");

/** Where the evidence stands: sent (by whom), failing, or when it goes on its own. */
function EvidenceLine({ evidence }: { evidence: NonNullable<DisputeView["evidence"]> }) {
  if (evidence.submittedAt)
    return (
      <p className="text-sm text-slate-700">
        Evidence sent {evidence.submittedBy === "automatic" ? "on its own" : ""} {formatSydneyDateTime(evidence.submittedAt)}
      </p>
    );
  return (
    <>
      {evidence.error && <p className="text-sm font-semibold text-red-700">Evidence not sent: {evidence.error}</p>}
      {evidence.autoSubmitAt && <p className="text-sm text-slate-700">Goes on its own {formatSydneyDateTime(evidence.autoSubmitAt)}</p>}
    </>
  );
}

export const disputeTitle = (dispute: DisputeView) =>
  dispute.purchase
    ? `Lead purchase ${dispute.purchase.jobReference} by ${dispute.purchase.buyer}`
    : dispute.payment
      ? `A customer's payment for job ${dispute.payment.jobReference} to ${dispute.payment.electrician}`
      : `A charge we hold no record of (${dispute.stripeAccount ?? "platform"})`;

function DisputeCard({ dispute, onEvidence }: { dispute: DisputeView; onEvidence: () => void }) {
  const open = OPEN_DISPUTE_STATUSES.includes(dispute.status);
  return (
    <Card className="flex h-full flex-col gap-2 p-4" data-testid="admin-dispute">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">
            {formatMoney(dispute.amount)} <span className="text-xs font-normal text-slate-500 uppercase">{dispute.currency}</span>
          </h3>
          <p className="text-sm break-words text-slate-700">{disputeTitle(dispute)}</p>
        </div>
        <Badge tone={tone(dispute.status)}>{DISPUTE_STATUS_LABELS[dispute.status]}</Badge>
      </div>
      <p className="text-sm text-slate-600">Reason: {dispute.reason.replaceAll("_", " ")}</p>
      {dispute.purchase?.refundedAt && (
        <p className="text-sm font-semibold text-slate-800" data-testid="dispute-refunded">
          We refunded this purchase on {formatSydneyDateTime(dispute.purchase.refundedAt)}: say so in the evidence.
        </p>
      )}
      {open && dispute.evidenceDueBy && <p className="text-sm font-semibold text-amber-900">Evidence due by {formatSydneyDateTime(dispute.evidenceDueBy)}</p>}
      {dispute.evidence && <EvidenceLine evidence={dispute.evidence} />}
      {dispute.evidence && (
        <Button type="button" variant="outline" size="sm" className="self-start" onClick={onEvidence} data-testid="dispute-evidence">
          {dispute.evidence.submittedAt || !dispute.evidence.autoSubmitAt ? "See the evidence" : "Review and send the evidence"}
        </Button>
      )}
      <div className="mt-auto flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
        <span>Opened {formatSydneyDateTime(dispute.createdAt)}</span>
        {dispute.fundsWithdrawnAt && <span>Funds withdrawn {formatSydneyDateTime(dispute.fundsWithdrawnAt)}</span>}
        {dispute.fundsReinstatedAt && <span>Funds reinstated {formatSydneyDateTime(dispute.fundsReinstatedAt)}</span>}
      </div>
    </Card>
  );
}

export function DisputesTab() {
  const disputes = useAdminDisputes();
  const items = disputes.data?.items ?? [];
  const open = items.filter((d) => OPEN_DISPUTE_STATUSES.includes(d.status)).length;
  const [reviewing, setReviewing] = useState<DisputeView | null>(null);
  return (
    <section>
      <SectionHeader title="Disputes" description={disputes.data && `${open} open, soonest deadline first`} />
      {disputes.error && <p className="py-6 text-red-600">{disputes.error.message}</p>}
      {disputes.data && items.length === 0 && <EmptyState title="No disputes" />}
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {items.map((dispute) => (
          <DisputeCard key={dispute.id} dispute={dispute} onEvidence={() => setReviewing(dispute)} />
        ))}
      </div>
      <EvidenceDialog disputeId={reviewing?.id ?? null} title={reviewing ? disputeTitle(reviewing) : ""} onClose={() => setReviewing(null)} />
    </section>
  );
}
