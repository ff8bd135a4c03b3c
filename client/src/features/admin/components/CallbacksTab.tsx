// Provider callbacks (docs/decisions/014): the operator phones, then approves (a single-use sign-up
// link, shown once to copy) or declines. Only the legal next moves are offered.
import { Check, Copy, Mail, MapPin, Phone } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { formatSydneyDate, formatSydneyDateTime, telHref } from "@/lib/format";
import { CALLBACK_TRANSITIONS, type AdminCallback, type CallbackStatus } from "@shared/admin";
import { CALLBACK_STATUSES } from "@shared/enums";
import { CALLBACK_STATUS_LABELS } from "@shared/labels";
import { formatAustralianPhone } from "@shared/phone";
import { useAdminCallbacks, useUpdateCallback } from "../api/callbacks";
import { useFilteredPaging } from "../api/paging";
import { Badge, EmptyState, PagedList, SectionHeader, STATUS_TONES, StatusFilter } from "./bits";

const MOVE_LABELS: Record<CallbackStatus, string> = { pending: "Back to pending", contacted: "Mark contacted", approved: "Approve", declined: "Decline" };

export function CallbacksTab() {
  const paging = useFilteredPaging<"" | CallbackStatus>("");
  const callbacks = useAdminCallbacks(paging.filter, paging.offset);
  const update = useUpdateCallback();
  const [confirming, setConfirming] = useState<{ callback: AdminCallback; to: CallbackStatus } | null>(null);
  const [invitation, setInvitation] = useState<{ name: string; url: string; expiresAt: string } | null>(null);

  async function moveTo(callback: AdminCallback, to: CallbackStatus) {
    try {
      const result = await update.mutateAsync({ id: callback.id, status: to });
      if (result.invitation)
        setInvitation({ name: `${callback.firstName} ${callback.lastName}`, url: result.invitation.url, expiresAt: result.invitation.expiresAt });
      else toast({ title: "Callback updated", description: `${callback.firstName} ${callback.lastName} is now ${CALLBACK_STATUS_LABELS[to].toLowerCase()}.` });
    } catch (err) {
      toast({ variant: "destructive", title: "Could not update callback", description: err instanceof Error ? err.message : "Please try again." });
    } finally {
      setConfirming(null);
    }
  }

  return (
    <section>
      <SectionHeader title="Provider Callbacks" description="Electricians who asked to be phoned about joining">
        <StatusFilter id="callback-status" statuses={CALLBACK_STATUSES} labels={CALLBACK_STATUS_LABELS} paging={paging} />
      </SectionHeader>
      <PagedList
        query={callbacks}
        paging={paging}
        what="callbacks"
        empty={<EmptyState title="No callback requests">Requests from the Join Our Network form appear here.</EmptyState>}
      >
        {(callback) => (
          <CallbackCard
            callback={callback}
            onMove={(to) => (to === "contacted" ? void moveTo(callback, to) : setConfirming({ callback, to }))}
            busy={update.isPending}
          />
        )}
      </PagedList>

      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? `${MOVE_LABELS[confirming.to]} ${confirming.callback.firstName} ${confirming.callback.lastName}?` : ""}
        description={
          confirming?.to === "approved" ? "A single-use sign-up link valid for 7 days is created for you to send them." : "They will not be invited to join."
        }
        confirmLabel={confirming ? MOVE_LABELS[confirming.to] : ""}
        destructive={confirming?.to === "declined"}
        busy={update.isPending}
        onConfirm={() => confirming && void moveTo(confirming.callback, confirming.to)}
        onCancel={() => setConfirming(null)}
      />
      <InvitationDialog invitation={invitation} onClose={() => setInvitation(null)} />
    </section>
  );
}

function CallbackCard({ callback, onMove, busy }: { callback: AdminCallback; onMove: (to: CallbackStatus) => void; busy: boolean }) {
  const update = useUpdateCallback();
  const [notes, setNotes] = useState(callback.notes ?? "");
  const moves = CALLBACK_TRANSITIONS[callback.status];
  const name = `${callback.firstName} ${callback.lastName}`;

  async function saveNotes() {
    try {
      await update.mutateAsync({ id: callback.id, notes });
      toast({ title: "Notes saved" });
    } catch (err) {
      toast({ variant: "destructive", title: "Could not save notes", description: err instanceof Error ? err.message : "Please try again." });
    }
  }

  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid="callback-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-semibold">{name}</h3>
          <p className="truncate text-sm text-slate-600">{callback.businessName}</p>
        </div>
        <Badge tone={STATUS_TONES[callback.status]}>{CALLBACK_STATUS_LABELS[callback.status]}</Badge>
      </div>
      <dl className="grid gap-1 text-sm text-slate-700">
        <div className="flex items-center gap-2">
          <Phone className="size-4 shrink-0 text-slate-400" aria-hidden />
          <dt className="sr-only">Mobile</dt>
          <dd>
            <a className="hover:underline" href={telHref(callback.mobile)}>
              {formatAustralianPhone(callback.mobile)}
            </a>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <Mail className="size-4 shrink-0 text-slate-400" aria-hidden />
          <dt className="sr-only">Email</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">
            <a className="hover:underline" href={`mailto:${callback.email}`}>
              {callback.email}
            </a>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden />
          <dt className="sr-only">Service area</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">{callback.serviceArea}</dd>
        </div>
      </dl>
      <p className="text-xs text-slate-500">
        Requested {formatSydneyDateTime(callback.createdAt)}
        {callback.contactedAt && ` · Contacted ${formatSydneyDate(callback.contactedAt)}`}
        {callback.approvedAt && ` · Approved ${formatSydneyDate(callback.approvedAt)} by ${callback.approvedBy ?? "operator"}`}
      </p>
      <div>
        <Label htmlFor={`callback-notes-${callback.id}`}>Notes</Label>
        <Textarea
          id={`callback-notes-${callback.id}`}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          className="min-h-16"
          placeholder="Licence number, call outcome..."
        />
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={saveNotes} disabled={update.isPending || notes === (callback.notes ?? "")}>
          Save notes
        </Button>
        {moves.map((to) => (
          <Button
            key={to}
            size="sm"
            variant={to === "declined" ? "destructive" : "default"}
            disabled={busy}
            aria-label={`${MOVE_LABELS[to]} ${name}`}
            onClick={() => onMove(to)}
          >
            {MOVE_LABELS[to]}
          </Button>
        ))}
      </div>
    </Card>
  );
}

function InvitationDialog({ invitation, onClose }: { invitation: { name: string; url: string; expiresAt: string } | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    if (!invitation) return;
    try {
      await navigator.clipboard.writeText(invitation.url);
      setCopied(true);
      toast({ title: "Invitation link copied" });
    } catch {
      toast({ variant: "destructive", title: "Could not copy", description: "Select the link and copy it by hand." });
    }
  }
  return (
    <Dialog
      open={invitation !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Callback approved</DialogTitle>
          <DialogDescription>
            Send {invitation?.name} this sign-up link. It works once and expires {invitation ? formatSydneyDateTime(invitation.expiresAt) : ""}. It is shown
            only now.
          </DialogDescription>
        </DialogHeader>
        <Label htmlFor="invitation-link">Invitation link</Label>
        <Input id="invitation-link" readOnly value={invitation?.url ?? ""} onFocus={(e) => e.currentTarget.select()} className="mt-1 font-mono text-sm" />
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              setCopied(false);
              onClose();
            }}
          >
            Done
          </Button>
          <Button onClick={copy}>
            {copied ? (
              <>
                <Check aria-hidden /> Copied
              </>
            ) : (
              <>
                <Copy aria-hidden /> Copy link
              </>
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
