import { disputeLine } from "@shared/disputes";
import { Check, Mail, MapPin, MessageSquarePlus, Pencil, Phone, Repeat, X } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { CurrentUser } from "@shared/auth";
import { offersOnMyWay } from "@shared/customer-updates";
import type { ContactChannel } from "@shared/jobs";
import { labelOf } from "@shared/labels";
import { formatAustralianPhone } from "@shared/phone";
import { stageOptions, type PurchasedLead } from "@shared/pipeline";
import { can } from "@shared/policy";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatRelative, telHref } from "@/lib/format";
import { leadDayTime } from "@/lib/lead-clock";
import { CARD_FIELDS, useCardDraft, type CardField, type DraftConflict } from "../card-draft";
import { stageCardId } from "../keep-place";
import { CardBooking } from "./CardBooking";
import { CardDocuments } from "./CardDocuments";
import { CardReview } from "./CardReview";
import { ChangeHistory } from "./ChangeHistory";
import { ConflictNotice } from "./ConflictNotice";
import { ContactLog, LastContact } from "./ContactLog";
import { ContactPromise } from "./ContactPromise";
import { CustomerUnreachable } from "./CustomerUnreachable";
import { OnMyWay } from "./OnMyWayDialog";
import { DeclineDialog } from "./DeclineDialog";
import { BookingDialog } from "./BookingDialog";
import { hasJobDocuments } from "@shared/job-paid";
import { JobFields } from "./JobFields";
import { ReportBadLead } from "./ReportBadLead";
import { TestResults } from "./TestResults";
import { Paperwork } from "./Paperwork";
import { CardActions } from "./CardActions";
import { useCardChanges } from "../use-card-changes";
import { reportRefusal } from "@shared/bad-leads";
import { zoneLabel } from "../booking-rows";

/** Loaded with the first card that has photos: the route table every landing page carries names the dashboard's static chunks. */
const CustomerPhotos = lazy(() => import("./CustomerPhotos").then((m) => ({ default: m.CustomerPhotos })));

/** The fields where their saved value differs from what this person has: those are shown. */
const conflictFields = (conflict: DraftConflict, mine: (f: CardField) => string) => CARD_FIELDS.filter((f) => conflict.theirs[f] !== mine(f));

interface StageCardProps {
  purchase: PurchasedLead;
  user: CurrentUser;
  onEdit: (purchase: PurchasedLead) => void;
}

/** A dollar amount the electrician types on the card, kept as a draft until saved. */
function DollarsInput({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="number" inputMode="decimal" min={0} step={0.01} value={value} onChange={(e) => onChange(e.target.value)} />
    </>
  );
}

export function StageCard({ purchase, user, onEdit }: StageCardProps) {
  const { lead } = purchase;
  // Typed values live in a per-card local draft until the server has them (decision 031).
  const draft = useCardDraft(purchase, user.id);
  // The contact log's open panel (docs/decisions/045): opened by the phone or e-mail link, or "Log contact".
  const [logging, setLogging] = useState<ContactChannel | null>(null);
  // Only a market job carries a promise; a provider's own job has none to log against.
  const promised = purchase.contactBy !== null;
  const offerLog = (channel: ContactChannel) => promised && setLogging(channel);
  // A job with a quote or an invoice keeps its money in them; the typed figures are for jobs without (docs/decisions/054).
  const hasDocuments = hasJobDocuments(purchase.documents);
  const showsQuote = !hasDocuments && (purchase.salesStage === "quote_sent" || purchase.salesStage === "quote_accepted");
  const isPaid = !hasDocuments && purchase.salesStage === "invoice_paid";
  const { changeStage, save, saveState, busy, declining, booking, cancelDecline, cancelBooking } = useCardChanges(purchase, draft, isPaid);

  return (
    <Card id={stageCardId(purchase.id)} tabIndex={-1} className="flex min-w-0 flex-col gap-4 p-4 outline-brand-600 sm:p-5" data-testid="stage-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold [overflow-wrap:anywhere]">{lead.customerName}</h3>
          <p className="text-xs text-slate-500">
            {lead.jobReference} · bought {formatRelative(purchase.purchasedAt)} · {leadDayTime(lead.state, purchase.purchasedAt)}
          </p>
          {/* Bought by one of the owner's standing orders, not by a tap (docs/decisions/065-auto-buy-screens.md). */}
          {purchase.autoBought && (
            <p className="mt-1" data-testid="card-auto-bought">
              <Badge tone="blue">
                <Repeat className="mr-1 size-3" aria-hidden /> Auto-bought
              </Badge>
            </p>
          )}
          {/* The card's bank disputes the purchase; the platform answers the bank (docs/decisions/093-disputes.md). */}
          {purchase.dispute && (
            <p className="mt-1" data-testid="card-dispute">
              <Badge tone={purchase.dispute.status === "lost" ? "red" : "amber"}>{disputeLine(purchase.dispute)}</Badge>
            </p>
          )}
        </div>
        <Button variant="ghost" size="icon" aria-label={`Edit job details for ${lead.jobReference}`} onClick={() => onEdit(purchase)}>
          <Pencil />
        </Button>
      </div>

      {promised && <ContactPromise purchase={purchase} />}

      <div className="flex flex-wrap gap-2">
        {/* 44 px to tap at 390 px, as every control a thumb works on the card (docs/decisions/084-undo-a-stage-move.md). */}
        <Button asChild variant="outline" size="sm" className="h-11">
          <a href={telHref(lead.customerPhone)} onClick={() => offerLog("call")}>
            <Phone aria-hidden /> {formatAustralianPhone(lead.customerPhone)}
          </a>
        </Button>
        {lead.customerEmail && (
          // A long address wraps inside the card rather than widen it; it stays whole and selectable (docs/decisions/032).
          <Button asChild variant="outline" size="sm" className="h-auto min-h-11 max-w-full justify-start py-1.5 text-left whitespace-normal">
            <a href={`mailto:${lead.customerEmail}`} onClick={() => offerLog("email")}>
              <Mail aria-hidden /> <span className="min-w-0 [overflow-wrap:anywhere]">{lead.customerEmail}</span>
            </a>
          </Button>
        )}
        {promised && logging === null && (
          <Button variant="ghost" size="sm" className="h-11" onClick={() => setLogging("call")}>
            <MessageSquarePlus aria-hidden /> Log contact
          </Button>
        )}
        {/* Texts the customer an ETA: a visit to quote as much as the booked job (docs/decisions/049). */}
        {offersOnMyWay(purchase) && <OnMyWay purchase={purchase} />}
      </div>
      {logging && <ContactLog purchase={purchase} channel={logging} onChannel={setLogging} onDone={() => setLogging(null)} />}
      <LastContact purchase={purchase} />
      {/* "Customer unreachable" (docs/decisions/049): the action, why not yet, or the claim's state. */}
      <CustomerUnreachable purchase={purchase} />

      <p className="text-sm leading-relaxed break-words text-slate-700">{lead.electricalWork}</p>
      {(lead.photos ?? []).length > 0 && (
        <Suspense>
          <CustomerPhotos lead={lead} />
        </Suspense>
      )}
      <dl className="grid gap-1 text-sm text-slate-600 sm:grid-cols-2">
        <div className="flex min-w-0 gap-1.5">
          <dt className="shrink-0">
            <MapPin className="mt-0.5 size-4 text-slate-400" aria-hidden />
            <span className="sr-only">Location</span>
          </dt>
          <dd className="min-w-0 break-words">{lead.customerAddress || lead.serviceLocation}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Service: </dt>
          <dd className="inline">
            {labelOf("serviceType", lead.serviceType)} · {labelOf("propertyType", lead.propertyType)}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Budget: </dt>
          <dd className="inline">{labelOf("budgetRange", lead.budgetRange)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Urgency: </dt>
          <dd className="inline">{labelOf("urgency", lead.urgency)}</dd>
        </div>
      </dl>
      {lead.specialRequests && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm break-words text-amber-900">
          <span className="font-semibold">Customer notes: </span>
          {lead.specialRequests}
        </p>
      )}
      {/* Gate codes, parking, pets: the buyer's alone, never shown before purchase (docs/decisions/034). */}
      {lead.accessNotes && (
        <p className="rounded-lg bg-sky-50 p-3 text-sm break-words whitespace-pre-line text-sky-900">
          <span className="font-semibold">Access notes: </span>
          {lead.accessNotes}
        </p>
      )}
      {lead.phoneVerifiedAt && <p className="text-xs font-medium text-green-800">Mobile verified by SMS code</p>}
      {/* Quote, invoice and payments inside the lead (docs/decisions/051-quotes-and-tax-invoices.md). */}
      <CardDocuments purchase={purchase} userId={user.id} />
      {/* Market jobs offer windows the customer picks (docs/decisions/102-booking-windows.md); an own job keeps the typed time below. */}
      {lead.source !== "provider_manual" && <CardBooking purchase={purchase} />}
      {/* The tests done before the work is used, market and own jobs alike (docs/decisions/103-test-records.md). */}
      <TestResults purchaseId={purchase.id} userId={user.id} jobReference={lead.jobReference} />
      {/* What the state wants certified once the work is tested, and by when (docs/decisions/105-paperwork-on-the-card.md). */}
      <Paperwork purchase={purchase} userId={user.id} />
      {/* The customer's review and the owner's one public reply (docs/decisions/062-review-screens.md). */}
      {purchase.review && (
        <CardReview
          review={purchase.review}
          business={user.companyName ?? purchase.buyerName}
          canReply={can(user, "replyToReviews") && purchase.review.providerId === user.id}
        />
      )}

      <div className="grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`stage-${purchase.id}`}>Sales stage</Label>
          <select
            id={`stage-${purchase.id}`}
            value={purchase.salesStage}
            onChange={(e) => void changeStage(e.target.value)}
            className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
          >
            {stageOptions(purchase.salesStage).map(({ value, disabled }) => (
              <option key={value} value={value} disabled={disabled}>
                {disabled ? `${labelOf("salesStage", value)} (old stage)` : labelOf("salesStage", value)}
              </option>
            ))}
          </select>
        </div>
        {showsQuote && (
          <div>
            <DollarsInput id={`quote-${purchase.id}`} label="Quote price ($)" value={draft.value("quotePrice")} onChange={(v) => draft.set("quotePrice", v)} />
          </div>
        )}
        {isPaid && (
          <div>
            <DollarsInput
              id={`payment-${purchase.id}`}
              label="Payment amount ($)"
              value={draft.value("customerPaymentAmount")}
              onChange={(v) => draft.set("customerPaymentAmount", v)}
            />
            {purchase.invoicePaidAt && <p className="mt-1 text-xs text-slate-500">Paid {leadDayTime(lead.state, purchase.invoicePaidAt)}</p>}
          </div>
        )}
        <JobFields purchase={purchase} user={user} draft={draft} />
      </div>
      {draft.conflict && (
        <ConflictNotice conflict={draft.conflict} fields={conflictFields(draft.conflict, draft.value)} state={lead.state} onDismiss={draft.dismissConflict} />
      )}
      <div>
        <Label htmlFor={`notes-${purchase.id}`}>Sales notes</Label>
        <Textarea
          id={`notes-${purchase.id}`}
          value={draft.value("salesNotes")}
          onChange={(e) => draft.set("salesNotes", e.target.value)}
          placeholder="Calls, quotes, follow-ups..."
        />
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={save} disabled={saveState === "saving"} variant={saveState === "error" ? "destructive" : "default"} aria-live="polite">
          {saveState === "saving" ? (
            "Saving..."
          ) : saveState === "saved" ? (
            <>
              <Check aria-hidden /> Saved
            </>
          ) : saveState === "error" ? (
            <>
              <X aria-hidden /> Error
            </>
          ) : (
            "Save"
          )}
        </Button>
        {draft.dirty && saveState === "idle" && (
          <span className="text-xs text-amber-700" data-testid="unsaved-draft">
            Unsaved changes (kept on this device)
          </span>
        )}
        <CardActions purchase={purchase} user={user} />
      </div>
      {/* Only the buyer reports a bad lead; the team sees the outcome without the button (docs/decisions/013). */}
      {/* Never on an own job or a $0 claim (shared/bad-leads.ts reportRefusal, which the server applies too; docs/decisions/032). */}
      <ReportBadLead
        purchaseId={purchase.id}
        purchasedAt={purchase.purchasedAt}
        mayReport={can(user, "reportBadLead") && reportRefusal({ amountPaid: purchase.amountPaid, leadSource: lead.source }) === null}
      />
      <ChangeHistory purchaseId={purchase.id} />

      <BookingDialog
        key={booking ? "booking" : "closed"}
        open={booking}
        jobReference={lead.jobReference}
        zone={zoneLabel(lead.state)}
        initial={draft.value("jobStartsAt")}
        busy={busy}
        onConfirm={(jobStartsAt) => void changeStage("booked_in", { jobStartsAt })}
        onCancel={cancelBooking}
      />
      <DeclineDialog
        open={declining}
        jobReference={lead.jobReference}
        busy={busy}
        onConfirm={(declineReason, declineNote) => void changeStage("declined", { declineReason, declineNote })}
        onCancel={cancelDecline}
      />
    </Card>
  );
}
