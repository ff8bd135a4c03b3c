// Bad-lead reports (docs/decisions/013): approve (refund on the card or a recorded credit) or reject,
// each with a note the electrician sees on their card.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { formatMoney, formatSydneyDate, formatSydneyDateTime } from "@/lib/format";
import type { AdminReport } from "@shared/admin";
import { REPORT_STATUSES, type ReportStatus } from "@shared/bad-leads";
import { BAD_LEAD_REASON_LABELS, labelOf, REPORT_STATUS_LABELS } from "@shared/labels";
import { formatAustralianPhone } from "@shared/phone";
import { useFilteredPaging } from "../api/paging";
import { useAdminReports, useDecideReport } from "../api/reports";
import { Badge, EmptyState, PagedList, SectionHeader, STATUS_TONES, StatusFilter } from "./bits";

export function ReportsTab() {
  const paging = useFilteredPaging<"" | ReportStatus>("pending");
  const reports = useAdminReports(paging.filter, paging.offset);
  return (
    <section>
      <SectionHeader title="Bad-lead reports" description="Electricians report a bad lead within 7 days of buying it">
        <StatusFilter id="report-status" statuses={REPORT_STATUSES} labels={REPORT_STATUS_LABELS} paging={paging} />
      </SectionHeader>
      <PagedList
        query={reports}
        paging={paging}
        what="reports"
        empty={<EmptyState title={paging.filter === "pending" ? "No reports waiting" : "No reports"}>Reports from electricians appear here.</EmptyState>}
      >
        {(report) => <ReportCard report={report} />}
      </PagedList>
    </section>
  );
}

function ReportCard({ report }: { report: AdminReport }) {
  const decide = useDecideReport();
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string>();
  const amount = formatMoney(report.purchase.amountPaid);

  async function run(decision: "approve" | "reject") {
    if (decision === "reject" && !note.trim()) {
      setNoteError("Please add a note for the electrician");
      return;
    }
    setNoteError(undefined);
    try {
      const result = await decide.mutateAsync({ id: report.id, decision, note });
      toast(
        decision === "approve"
          ? {
              title: "Report approved",
              description: `${formatMoney(result.refundAmount ?? "0")} ${report.purchase.hasCardPayment ? "refunded to the card" : "credited"}.`,
            }
          : { title: "Report rejected" },
      );
    } catch (err) {
      toast({ variant: "destructive", title: "Could not decide the report", description: err instanceof Error ? err.message : "Please try again." });
    }
  }

  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid="report-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold">
            Report #{report.id} · {report.lead.jobReference}
          </h3>
          <p className="text-xs text-slate-500">Reported {formatSydneyDateTime(report.createdAt)}</p>
        </div>
        <Badge tone={STATUS_TONES[report.status]}>{REPORT_STATUS_LABELS[report.status]}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm [&_dd]:[overflow-wrap:anywhere]">
        <dt className="text-slate-500">Reason</dt>
        <dd className="font-medium">{BAD_LEAD_REASON_LABELS[report.reason]}</dd>
        {report.details && (
          <>
            <dt className="text-slate-500">Details</dt>
            <dd>{report.details}</dd>
          </>
        )}
        <dt className="text-slate-500">Electrician</dt>
        <dd>
          {report.reporter.name}
          {report.reporter.companyName ? ` (${report.reporter.companyName})` : ""}
        </dd>
        <dt className="text-slate-500">Lead</dt>
        <dd>
          Lead #{report.lead.id} · {labelOf("serviceType", report.lead.serviceType)}
          {report.lead.suburb ? ` · ${report.lead.suburb} ${report.lead.state ?? ""}` : ""}
        </dd>
        <dt className="text-slate-500">Customer</dt>
        <dd>
          {report.lead.customerName} · {formatAustralianPhone(report.lead.customerPhone)}
        </dd>
        <dt className="text-slate-500">Paid</dt>
        <dd>
          {amount} on {formatSydneyDate(report.purchase.purchasedAt)} ({report.purchase.hasCardPayment ? "card" : "no card"})
        </dd>
      </dl>
      {report.status === "pending" ? (
        <div className="mt-auto grid gap-2 border-t border-slate-100 pt-3">
          <div>
            <Label htmlFor={`report-note-${report.id}`}>Note to the electrician</Label>
            <Textarea
              id={`report-note-${report.id}`}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={1000}
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
            <Button size="sm" disabled={decide.isPending} onClick={() => void run("approve")}>
              Approve and refund {amount}
            </Button>
            <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => void run("reject")}>
              Reject
            </Button>
          </div>
        </div>
      ) : (
        <p className="mt-auto rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          {report.status === "approved" ? `Refunded ${formatMoney(report.refundAmount ?? "0")} (${report.refundReference})` : "Rejected"}
          {report.decidedAt && ` on ${formatSydneyDate(report.decidedAt)}`}
          {report.adminNote && (
            <>
              <br />
              Note: {report.adminNote}
            </>
          )}
        </p>
      )}
    </Card>
  );
}
