// "A bad lead is replaced" (docs/product.md section 1, docs/product.md section 11): on a purchased lead's
// card, the buyer reports it within 7 days; the card then shows the report's outcome.
import { zodResolver } from "@hookform/resolvers/zod";
import { Flag } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { FieldError } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";
import { BAD_LEAD_REASONS, reportBadLeadRequest, withinReportWindow, type MyBadLeadReport, type ReportBadLeadRequest } from "@shared/bad-leads";
import { BAD_LEAD_REASON_LABELS } from "@shared/labels";
import { useMyBadLeadReports, useReportBadLead } from "../api/bad-lead-reports";

function ReportStatus({ report }: { report: MyBadLeadReport }) {
  const text =
    report.status === "pending"
      ? "Report pending"
      : report.status === "approved"
        ? `Report approved: refunded ${formatMoney(report.refundAmount ?? "0")}`
        : `Report rejected${report.adminNote ? `: ${report.adminNote}` : ""}`;
  return (
    <p
      role="status"
      className={cn(
        "flex items-start gap-2 rounded-lg px-3 py-2 text-sm",
        report.status === "pending" && "bg-amber-50 text-amber-900",
        report.status === "approved" && "bg-green-50 text-green-800",
        report.status === "rejected" && "bg-slate-100 text-slate-700",
      )}
    >
      <Flag className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {text}
        {report.status === "approved" && report.adminNote ? ` (${report.adminNote})` : ""}
      </span>
    </p>
  );
}

/** `mayReport` false (team members, 013): the outcome shows, the Report button does not. */
export function ReportBadLead({ purchaseId, purchasedAt, mayReport = true }: { purchaseId: number; purchasedAt: string; mayReport?: boolean }) {
  const reports = useMyBadLeadReports();
  const report = reports.data?.find((r) => r.purchaseId === purchaseId);
  const canReport = mayReport && (!report || report.status === "rejected") && withinReportWindow(purchasedAt, new Date());
  const [open, setOpen] = useState(false);
  if (reports.isPending) return null;
  if (!report && !canReport) return null;
  return (
    <div className="flex flex-col gap-2">
      {report && <ReportStatus report={report} />}
      {canReport && (
        <div>
          <Button variant="ghost" size="sm" className="text-slate-600" onClick={() => setOpen(true)}>
            <Flag aria-hidden /> Report bad lead
          </Button>
          <ReportDialog purchaseId={purchaseId} open={open} onOpenChange={setOpen} />
        </div>
      )}
    </div>
  );
}

function ReportDialog({ purchaseId, open, onOpenChange }: { purchaseId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const report = useReportBadLead();
  const form = useForm<ReportBadLeadRequest, unknown, z.output<typeof reportBadLeadRequest>>({
    resolver: zodResolver(reportBadLeadRequest),
    defaultValues: { details: "" },
  });
  const { errors } = form.formState;
  const reason = form.watch("reason");

  const submit = form.handleSubmit(async (body) => {
    try {
      await report.mutateAsync({ purchaseId, body });
      toast({ title: "Report sent", description: "We'll review it and let you know on this card." });
      onOpenChange(false);
      form.reset();
    } catch (err) {
      toast({ variant: "destructive", title: "Could not send the report", description: err instanceof Error ? err.message : "Please try again." });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report bad lead</DialogTitle>
          <DialogDescription>Tell us what was wrong. If we approve the report, the lead price is refunded.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Reason</legend>
            <div className="mt-2 grid gap-2">
              {BAD_LEAD_REASONS.map((value) => (
                <label
                  key={value}
                  className={cn(
                    "flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm",
                    reason === value ? "border-brand-600 bg-brand-50" : "border-slate-200",
                  )}
                >
                  <input type="radio" value={value} {...form.register("reason")} className="size-4 accent-brand-700" />
                  {BAD_LEAD_REASON_LABELS[value]}
                </label>
              ))}
            </div>
            <FieldError message={errors.reason?.message} />
          </fieldset>
          <FormField id={`report-details-${purchaseId}`} label={`Details${reason === "other" ? "" : " (optional)"}`} error={errors.details?.message}>
            {(control) => <Textarea {...control} maxLength={1000} {...form.register("details")} className="mt-1" />}
          </FormField>
          <DialogFormFooter className="mt-0" onCancel={() => onOpenChange(false)} busy={report.isPending} submitLabel="Send report" busyLabel="Sending..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
