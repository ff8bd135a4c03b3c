// Running the job from its card (docs/decisions/031): the agreed price, the booked date
// with its calendar file, the follow-up day, who works it, and why it was declined.
import { useQuery } from "@tanstack/react-query";
import { CalendarPlus } from "lucide-react";
import type { CurrentUser, TeamMember } from "@shared/auth";
import { displayName } from "@shared/display-name";
import type { PurchasedLead } from "@shared/pipeline";
import { followUpState, isOpenStage } from "@shared/follow-ups";
import { declineReasonText } from "@shared/pipeline-jobs";
import { can } from "@shared/policy";
import { sydneyDayKey } from "@shared/sydney-time";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { formatMoney } from "@/lib/format";
import { QUERY_KEYS } from "@/lib/query-keys";
import { useAssignPurchase } from "../api/purchases";
import type { CardField } from "../card-draft";
import { formatStateDateTime } from "@shared/state-time-text";
import { zoneLabel } from "../booking-rows";

interface JobFieldsProps {
  purchase: PurchasedLead;
  user: CurrentUser;
  draft: { value: (field: CardField) => string; set: (field: CardField, value: string) => void };
}

const FOLLOW_UP_TEXT = { overdue: "Follow-up overdue", today: "Follow up today" } as const;

export function JobFields({ purchase, user, draft }: JobFieldsProps) {
  const stage = purchase.salesStage;
  const booked = stage === "booked_in" || stage === "picked_up" || stage === "delivered";
  const mayAssign = can(user, "assignJobs");
  const team = useQuery<TeamMember[]>({ queryKey: QUERY_KEYS.team, enabled: mayAssign, staleTime: 60_000 });
  const assign = useAssignPurchase();
  const followUp = followUpState(purchase, sydneyDayKey(new Date()));
  const id = purchase.id;

  async function changeAssignee(value: string) {
    try {
      await assign.mutateAsync({ purchaseId: id, assignedTo: value ? Number(value) : null, version: purchase.version });
      toast({ title: value ? "Job assigned" : "Job unassigned" });
    } catch (err) {
      toast({ title: "Error assigning job", description: err instanceof Error ? err.message : "Please try again.", variant: "destructive" });
    }
  }

  return (
    // `contents`: the fields sit in the card's stage grid; the wrapper only names the group for tests.
    <div className="contents" data-testid="job-fields">
      {(booked || stage === "invoice_paid") && purchase.quotePrice && (
        <p className="text-sm" data-testid="agreed-quote">
          <span className="font-medium">Agreed quote: </span>
          {formatMoney(purchase.quotePrice)}
        </p>
      )}
      {stage === "declined" && purchase.declineReason && (
        <p className="text-sm break-words" data-testid="decline-reason">
          <span className="font-medium">Declined: </span>
          {declineReasonText(purchase.declineReason, purchase.declineNote)}
        </p>
      )}
      {booked && (
        <div className="grid min-w-0 gap-1">
          <Label htmlFor={`job-at-${id}`}>Job date and time, {zoneLabel(purchase.lead.state)}</Label>
          <Input
            id={`job-at-${id}`}
            type="datetime-local"
            className="min-w-0"
            value={draft.value("jobStartsAt")}
            onChange={(e) => draft.set("jobStartsAt", e.target.value)}
          />
          {purchase.jobStartsAt && (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span data-testid="job-booked-for">Booked for {formatStateDateTime(new Date(purchase.jobStartsAt), purchase.lead.state)}</span>
              <Button asChild variant="outline" size="sm">
                <a href={`/api/lead-purchases/${id}/calendar.ics`} download>
                  <CalendarPlus aria-hidden /> Add to calendar
                </a>
              </Button>
            </div>
          )}
        </div>
      )}
      {isOpenStage(stage) && (
        <div className="grid min-w-0 gap-1">
          <Label htmlFor={`follow-up-${id}`}>Follow up on</Label>
          <Input
            id={`follow-up-${id}`}
            type="date"
            className="min-w-0"
            value={draft.value("followUpOn")}
            onChange={(e) => draft.set("followUpOn", e.target.value)}
          />
          {(followUp === "overdue" || followUp === "today") && (
            <p className="text-xs font-semibold text-red-700" data-testid="follow-up-state">
              {FOLLOW_UP_TEXT[followUp]}
            </p>
          )}
        </div>
      )}
      {mayAssign && (team.data?.length ?? 0) > 0 && (
        <div className="grid min-w-0 gap-1">
          <Label htmlFor={`assignee-${id}`}>Assigned to</Label>
          <select
            id={`assignee-${id}`}
            value={purchase.assignedTo ?? ""}
            disabled={assign.isPending}
            onChange={(e) => void changeAssignee(e.target.value)}
            className="h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base"
          >
            <option value="">Me (not assigned)</option>
            {team.data!.map((m) => (
              <option key={m.id} value={m.id}>
                {displayName(m)}
              </option>
            ))}
          </select>
        </div>
      )}
      {!mayAssign && purchase.assignedTo === user.id && (
        <p className="self-center text-sm font-semibold text-brand-800" data-testid="assigned-to-me">
          Assigned to you
        </p>
      )}
    </div>
  );
}
