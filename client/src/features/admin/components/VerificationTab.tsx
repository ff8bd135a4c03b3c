// Vetted electricians (docs/decisions/033): providers who signed up directly wait here, newest first,
// until the operator checks their licence on the state register and approves or rejects
// (with a reason). Either way the provider is e-mailed.
import { BadgeCheck, Building2, Mail, Phone } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { EmptyState, PagedList, SectionHeader } from "@/components/ui/paged-list";
import { formatSydneyDateTime, telHref } from "@/lib/format";
import { formatAustralianPhone } from "@shared/phone";
import { formatLicenceDate } from "@shared/licence-date";
import { formatAbn, VETTING_MESSAGES, type VerificationQueueItem } from "@shared/vetting";
import { useFilteredPaging } from "../api/paging";
import { useDecideProvider, useVerificationQueue } from "../api/verification";
import { LicenceDialog } from "./LicenceDialog";

const fullName = (p: VerificationQueueItem) => [p.firstName, p.lastName].filter(Boolean).join(" ") || p.username;

export function VerificationTab() {
  const paging = useFilteredPaging("");
  const queue = useVerificationQueue(paging.offset);
  return (
    <section>
      <SectionHeader
        title="Licence checks"
        description={queue.data ? `${queue.data.total} waiting · check each licence on the state's public register` : undefined}
      />
      <PagedList
        query={queue}
        paging={paging}
        what="providers waiting"
        empty={<EmptyState title="No one is waiting">Electricians who sign up directly appear here until you check their licence.</EmptyState>}
      >
        {(p) => <VerificationCard provider={p} />}
      </PagedList>
    </section>
  );
}

function VerificationCard({ provider: p }: { provider: VerificationQueueItem }) {
  const decide = useDecideProvider();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string>();
  const [renewing, setRenewing] = useState(false);
  const name = fullName(p);

  async function run(decision: "approve" | "reject") {
    if (decision === "reject" && !reason.trim()) {
      setReasonError(VETTING_MESSAGES.reasonRequired);
      return;
    }
    setReasonError(undefined);
    try {
      const result = await decide.mutateAsync({ id: p.id, decision, reason });
      const mailed = result.mailed ? `${p.email} has been e-mailed.` : "The e-mail could not be sent: tell them by phone.";
      toast({ title: decision === "approve" ? `${name} approved` : `${name} rejected`, description: mailed });
    } catch (err) {
      toast({ variant: "destructive", title: "Could not record the decision", description: err instanceof Error ? err.message : "Please try again." });
    }
  }

  return (
    <Card className="flex h-full min-w-0 flex-col gap-3 p-4" data-testid="verification-card">
      <div className="min-w-0">
        <h3 className="text-base font-semibold [overflow-wrap:anywhere]">{name}</h3>
        <p className="break-words text-xs text-slate-500">
          @{p.username} · Signed up {formatSydneyDateTime(p.createdAt)}
        </p>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Licence</dt>
        <dd className="break-words font-medium" data-testid="verification-licence">
          {p.licenceState ?? "?"} {p.licenceNumber ?? "none given"}
        </dd>
        <dt className="text-slate-500">Expires</dt>
        <dd>{p.licenceExpiry ? formatLicenceDate(p.licenceExpiry) : "Not given"}</dd>
        <dt className="text-slate-500">ABN</dt>
        <dd className="tabular-nums">{p.abn ? formatAbn(p.abn) : "Not given"}</dd>
      </dl>
      <ul className="grid gap-1 text-sm text-slate-700">
        <li className="flex min-w-0 items-center gap-2">
          <Building2 className="size-4 shrink-0 text-slate-400" aria-hidden />
          <span className="sr-only">Company</span>
          <span className="break-words">{p.companyName || "Individual"}</span>
        </li>
        <li className="flex min-w-0 items-center gap-2">
          <Phone className="size-4 shrink-0 text-slate-400" aria-hidden />
          <span className="sr-only">Phone</span>
          {p.phone ? (
            <a className="hover:underline" href={telHref(p.phone)}>
              {formatAustralianPhone(p.phone)}
            </a>
          ) : (
            "No phone"
          )}
        </li>
        <li className="flex min-w-0 items-center gap-2">
          <Mail className="size-4 shrink-0 text-slate-400" aria-hidden />
          <span className="sr-only">Email</span>
          <span className="min-w-0 [overflow-wrap:anywhere]">{p.email ?? "No email"}</span>
        </li>
      </ul>
      <div className="mt-auto grid gap-2 border-t border-slate-100 pt-3">
        {rejecting && (
          <div>
            <Label htmlFor={`reject-reason-${p.id}`}>Reason (e-mailed to {name})</Label>
            <Textarea
              id={`reject-reason-${p.id}`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={1000}
              className="min-h-16"
              placeholder="e.g. The licence number is not on the NSW register"
              aria-invalid={reasonError ? true : undefined}
            />
            {reasonError && (
              <p role="alert" className="mt-1 text-sm text-red-600">
                {reasonError}
              </p>
            )}
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          {rejecting ? (
            <>
              <Button size="sm" variant="destructive" disabled={decide.isPending} onClick={() => void run("reject")}>
                Reject and e-mail
              </Button>
              <Button size="sm" variant="ghost" disabled={decide.isPending} onClick={() => setRejecting(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <>
              <Button size="sm" disabled={decide.isPending} aria-label={`Approve ${name}`} onClick={() => void run("approve")}>
                <BadgeCheck aria-hidden /> Approve
              </Button>
              <Button size="sm" variant="outline" disabled={decide.isPending} aria-label={`Reject ${name}`} onClick={() => setRejecting(true)}>
                Reject…
              </Button>
              {/* A corrected or renewed licence they e-mailed in: recorded before the check. */}
              <Button size="sm" variant="ghost" disabled={decide.isPending} aria-label={`Update licence of ${name}`} onClick={() => setRenewing(true)}>
                Update licence
              </Button>
            </>
          )}
        </div>
      </div>
      <LicenceDialog provider={renewing ? { ...p, name } : null} onClose={() => setRenewing(false)} />
    </Card>
  );
}
