// The operator's review queue (docs/decisions/049-missed-promises-and-refunds.md): the cases the
// after-sale rules leave to a person, of any kind, each with both sides' records as they stood
// when it was opened; upheld or dismissed once, with a note.
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { NativeSelect, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { EmptyState, PagedList, SectionHeader } from "@/components/ui/paged-list";
import { toast } from "@/components/ui/use-toast";
import { formatMoney, formatSydneyDate, formatSydneyDateTime } from "@/lib/format";
import type { ContactChannel, ContactOutcome } from "@shared/jobs";
import { labelOf } from "@shared/labels";
import { contactAttemptText } from "@shared/pipeline-contact";
import { REVIEW_STATUSES, reviewKindLabel, type AdminReview } from "@shared/operator-reviews";
import { useFilteredPaging } from "../api/paging";
import { useAdminReviews, useDecideReview } from "../api/reviews";

type Status = AdminReview["status"];
const STATUS_LABELS: Record<Status, string> = { open: "Open", upheld: "Upheld", dismissed: "Dismissed" };
const STATUS_TONE = { open: "amber", upheld: "green", dismissed: "slate" } as const;

export function ReviewsTab() {
  const paging = useFilteredPaging<Status>("open");
  const reviews = useAdminReviews(paging.filter, paging.offset);
  return (
    <section>
      <SectionHeader title="Cases to review" description="Where the rules leave it to you: both sides' records as they stood when the case opened">
        <div className="flex items-center gap-2">
          <Label htmlFor="review-status" className="shrink-0">
            Status
          </Label>
          <NativeSelect
            id="review-status"
            value={paging.filter}
            onChange={(e) => paging.setFilter(e.target.value as Status)}
            options={REVIEW_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
            className="h-10 w-auto text-sm"
          />
        </div>
      </SectionHeader>
      <PagedList
        query={reviews}
        paging={paging}
        what="cases"
        empty={
          <EmptyState title={paging.filter === "open" ? "No cases waiting" : "No cases"}>Cases appear here when a rule needs a person to decide.</EmptyState>
        }
      >
        {(review) => <ReviewCard review={review} />}
      </PagedList>
    </section>
  );
}

/** "Call, no answer · 24 Nov, 10:12 am" for each logged attempt; any other record as its own line. */
function EvidenceList({ evidence }: { evidence: Record<string, unknown> }) {
  const attempts = Array.isArray(evidence.attempts) ? (evidence.attempts as Array<{ channel: ContactChannel; outcome: ContactOutcome; at: string }>) : null;
  const moves = Array.isArray(evidence.stageHistory) ? (evidence.stageHistory as Array<{ from: string | null; to: string; at: string }>) : null;
  const promise = evidence.promise as { contactBy?: string } | undefined;
  const rest = Object.entries(evidence).filter(([key]) => !["attempts", "stageHistory", "promise"].includes(key));
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm [&_dd]:[overflow-wrap:anywhere]" data-testid="review-evidence">
      {promise?.contactBy && (
        <>
          <dt className="text-slate-500">Promised by</dt>
          <dd>{formatSydneyDateTime(promise.contactBy)}</dd>
        </>
      )}
      {attempts && (
        <>
          <dt className="text-slate-500">Attempts logged</dt>
          <dd>
            {attempts.length === 0
              ? "None"
              : attempts.map((a) => (
                  <span key={a.at} className="block">
                    {contactAttemptText(a)} · {formatSydneyDateTime(a.at)}
                  </span>
                ))}
          </dd>
        </>
      )}
      {moves && (
        <>
          <dt className="text-slate-500">Stage moves</dt>
          <dd>
            {moves.length === 0
              ? "None"
              : moves.map((m) => (
                  <span key={m.at} className="block">
                    {labelOf("salesStage", m.from ?? "")} → {labelOf("salesStage", m.to)} · {formatSydneyDateTime(m.at)}
                  </span>
                ))}
          </dd>
        </>
      )}
      {rest.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-slate-500">{key}</dt>
          <dd className="font-mono text-xs">{typeof value === "string" ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReviewCard({ review }: { review: AdminReview }) {
  const decide = useDecideReview();
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string>();

  async function run(verdict: "upheld" | "dismissed") {
    if (!note.trim()) {
      setNoteError("Write a note saying why");
      return;
    }
    setNoteError(undefined);
    try {
      await decide.mutateAsync({ id: review.id, verdict, note });
      toast({ title: verdict === "upheld" ? "Case upheld" : "Case dismissed" });
    } catch (err) {
      toast({ variant: "destructive", title: "Could not decide the case", description: err instanceof Error ? err.message : "Please try again." });
    }
  }

  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid="review-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold">{reviewKindLabel(review.kind)}</h3>
          <p className="text-xs text-slate-500">
            Case #{review.id} · {review.lead.jobReference} · opened {formatSydneyDateTime(review.createdAt)}
          </p>
        </div>
        <Badge tone={STATUS_TONE[review.status]}>{STATUS_LABELS[review.status]}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm [&_dd]:[overflow-wrap:anywhere]">
        <dt className="text-slate-500">Electrician</dt>
        <dd>
          {review.provider.name}
          {review.provider.companyName ? ` (${review.provider.companyName})` : ""}
        </dd>
        <dt className="text-slate-500">Job</dt>
        <dd>
          {labelOf("serviceType", review.lead.serviceType)}
          {review.lead.suburb ? ` · ${review.lead.suburb} ${review.lead.state ?? ""}` : ""}
        </dd>
        <dt className="text-slate-500">Bought</dt>
        <dd>
          {formatMoney(review.purchase.amountPaid)} on {formatSydneyDate(review.purchase.purchasedAt)} · now {labelOf("salesStage", review.purchase.salesStage)}
        </dd>
      </dl>
      <EvidenceList evidence={review.evidence} />
      {review.status === "open" ? (
        <div className="mt-auto grid gap-2 border-t border-slate-100 pt-3">
          <div>
            <Label htmlFor={`review-note-${review.id}`}>Why (kept with the case)</Label>
            <Textarea
              id={`review-note-${review.id}`}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={2000}
              className="min-h-16"
              aria-invalid={noteError ? true : undefined}
            />
            {noteError && (
              <p role="alert" className="mt-1 text-sm text-red-600">
                {noteError}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={decide.isPending} onClick={() => void run("upheld")}>
              Uphold
            </Button>
            <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => void run("dismissed")}>
              Dismiss
            </Button>
          </div>
        </div>
      ) : (
        <p className="mt-auto rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          {STATUS_LABELS[review.status]}
          {review.decidedAt && ` on ${formatSydneyDate(review.decidedAt)}`}
          {review.note && `: ${review.note}`}
        </p>
      )}
    </Card>
  );
}
