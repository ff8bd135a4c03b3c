// The quote builder on a purchased job's card (docs/decisions/051-quotes-and-tax-invoices.md,
// 054-quote-and-invoice-screens.md): lines, a deposit, the last day it is good for, notes, Send.
// Made for a thumb at 390 px: every control 44 px or more, numeric keyboards, descriptions that
// wrap and grow. The totals follow the typing through shared/document-totals.ts; the server
// works them out again from what is sent, and its figures are the ones the quote keeps.
import { useQuery } from "@tanstack/react-query";
import { Plus, Send, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { BusinessDetails } from "@shared/business";
import { MAX_DOCUMENT_LINES } from "@shared/document-totals";
import { formatMoney } from "@shared/format";
import { fromCents } from "@shared/pricing";
import { DEFAULT_QUOTE_VALID_DAYS, QUOTE_MESSAGES, quoteCreateRequest, type QuoteCreateRequest } from "@shared/quotes";
import { addDays, sydneyDayKey } from "@shared/sydney-time";
import { formatAbn } from "@shared/vetting";
import type { PurchasedLead } from "@shared/pipeline";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input, Textarea } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";
import { cn } from "@/lib/utils";
import { useSendQuote } from "../api/send-quote";
import { usePlace } from "../keep-place";
import { canAddLine, emptyLine, errorsOfIssues, liveTotals, typedNumber, wireLine, type DepositKind, type FieldErrors, type LineDraft } from "../quote-draft";
import { useQuoteDraft } from "../use-quote-draft";

const money = (cents: number) => formatMoney(fromCents(cents));

export function QuoteBuilder({
  purchase,
  userId,
  open,
  onOpenChange,
}: {
  purchase: PurchasedLead;
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="pb-0 sm:max-w-2xl" data-testid="quote-builder" onOpenAutoFocus={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Quote for {purchase.lead.customerName}</DialogTitle>
          <DialogDescription>
            {purchase.lead.jobReference}: the customer sees it on their job page and can accept it there. A new quote replaces the open one.
          </DialogDescription>
        </DialogHeader>
        {open && <QuoteForm purchase={purchase} userId={userId} onSent={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function QuoteForm({ purchase, userId, onSent }: { purchase: PurchasedLead; userId: number; onSent: () => void }) {
  const business = useQuery<BusinessDetails>({ queryKey: QUERY_KEYS.business, staleTime: 0 });
  const send = useSendQuote(purchase.id);
  const place = usePlace();
  const today = sydneyDayKey(new Date());
  const { draft, update, clear } = useQuoteDraft(userId, purchase.id, () => ({
    lines: [emptyLine()],
    deposit: { kind: "none" as DepositKind, value: "" },
    validUntil: addDays(today, DEFAULT_QUOTE_VALID_DAYS),
    notes: "",
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const form = useRef<HTMLFormElement>(null);
  // A refusal shows on its field, which may be forty lines up: bring the first one into view.
  useEffect(() => {
    form.current?.querySelector("[aria-invalid=true]")?.scrollIntoView({ block: "center" });
  }, [errors]);
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const descriptions = useRef(new Map<number, HTMLTextAreaElement>());
  useEffect(() => {
    if (focusKey !== null) descriptions.current.get(focusKey)?.focus();
  }, [focusKey]);

  const gstRegistered = business.data?.gstRegistered ?? false;
  const totals = liveTotals(draft.lines, gstRegistered, draft.deposit);
  const setLine = (key: number, change: Partial<LineDraft>) => update({ lines: draft.lines.map((l) => (l.key === key ? { ...l, ...change } : l)) });
  const addLine = () => {
    const line = emptyLine();
    update({ lines: [...draft.lines, line] });
    setFocusKey(line.key);
  };
  const removeLine = (key: number) => update({ lines: draft.lines.length > 1 ? draft.lines.filter((l) => l.key !== key) : [emptyLine()] });

  function request(): QuoteCreateRequest {
    const value = typedNumber(draft.deposit.value);
    return {
      items: draft.lines.map(wireLine),
      depositPercent: draft.deposit.kind === "percent" ? (value === null ? (draft.deposit.value as unknown as number) : Number(value)) : null,
      depositAmount: draft.deposit.kind === "amount" ? (value ?? draft.deposit.value) : null,
      validUntil: draft.validUntil || null,
      notes: draft.notes,
    };
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = request();
    // The shared schema answers at once what the server would refuse; the server checks again.
    const checked = quoteCreateRequest.safeParse(body);
    if (!checked.success) return setErrors(errorsOfIssues(checked.error.issues));
    setErrors({});
    // A sent quote moves the job to Quoted, off this list: the view stays where it was (docs/decisions/084-undo-a-stage-move.md).
    place?.leaving(purchase.id);
    try {
      const sent = await send.mutateAsync(body);
      clear();
      toast({ title: sent.sentToCustomer ? QUOTE_MESSAGES.sent : QUOTE_MESSAGES.savedOwnJob });
      onSent();
    } catch (err) {
      // The server's words under the fields they are about; anything else above Send.
      setErrors(err instanceof ApiError ? { ...(err.errors ?? {}), _: err.message } : { _: "Could not send the quote. Check your signal and try again." });
    }
  }

  const lineError = (i: number, field: string) => errors[`items.${i}.${field}`];
  const unmatched = errors._ && !Object.keys(errors).some((k) => k !== "_") ? errors._ : (errors.items ?? null);

  return (
    <form ref={form} onSubmit={submit} noValidate className="grid gap-4">
      <SellerLine business={business.data} />
      <ol className="grid gap-3" aria-label="Quote lines">
        {draft.lines.map((line, i) => {
          const id = `quote-${purchase.id}-line-${line.key}`;
          const cents = totals.lineCents[i];
          return (
            <li key={line.key} className="rounded-xl border border-slate-200 p-3" data-testid="quote-line">
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <Label htmlFor={`${id}-description`}>
                    <span className="sr-only">Line {i + 1} </span>Description
                  </Label>
                  <Textarea
                    id={`${id}-description`}
                    ref={(el) => void (el ? descriptions.current.set(line.key, el) : descriptions.current.delete(line.key))}
                    rows={1}
                    maxLength={500}
                    className="mt-1 min-h-11 resize-none [field-sizing:content]"
                    value={line.description}
                    aria-invalid={lineError(i, "description") ? true : undefined}
                    onChange={(e) => setLine(line.key, { description: e.target.value })}
                    placeholder="e.g. Supply and install a double power point"
                  />
                  <FieldError message={lineError(i, "description")} />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="mt-6 shrink-0 text-slate-500"
                  aria-label={`Remove line ${i + 1}`}
                  onClick={() => removeLine(line.key)}
                >
                  <Trash2 />
                </Button>
              </div>
              <div className="mt-2 grid grid-cols-[5.5rem_1fr] gap-2 sm:grid-cols-[6rem_10rem_1fr]">
                <div>
                  <Label htmlFor={`${id}-quantity`}>
                    <span className="sr-only">Line {i + 1} </span>Qty
                  </Label>
                  <Input
                    id={`${id}-quantity`}
                    inputMode="decimal"
                    autoComplete="off"
                    className="mt-1"
                    value={line.quantity}
                    aria-invalid={lineError(i, "quantity") ? true : undefined}
                    onChange={(e) => setLine(line.key, { quantity: e.target.value })}
                  />
                </div>
                <div>
                  <Label htmlFor={`${id}-price`}>
                    <span className="sr-only">Line {i + 1} </span>Unit price{gstRegistered ? " ex GST" : ""} ($)
                  </Label>
                  <Input
                    id={`${id}-price`}
                    inputMode="decimal"
                    autoComplete="off"
                    className="mt-1"
                    value={line.unitPrice}
                    placeholder="0.00"
                    aria-invalid={lineError(i, "unitPrice") ? true : undefined}
                    onChange={(e) => setLine(line.key, { unitPrice: e.target.value })}
                  />
                </div>
                <div className="col-span-2 flex items-center justify-between gap-3 sm:col-span-1 sm:mt-6">
                  {gstRegistered ? (
                    <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-700">
                      <input type="checkbox" className="size-5" checked={line.gstFree} onChange={(e) => setLine(line.key, { gstFree: e.target.checked })} />
                      GST-free<span className="sr-only"> line {i + 1}</span>
                    </label>
                  ) : (
                    <span />
                  )}
                  <span className="text-right text-sm font-semibold tabular-nums text-slate-900" data-testid="line-amount">
                    {cents == null ? "–" : money(cents)}
                  </span>
                </div>
              </div>
              <FieldError message={lineError(i, "quantity") ?? lineError(i, "unitPrice")} />
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="outline" onClick={addLine} disabled={!canAddLine(draft.lines)}>
          <Plus aria-hidden /> Add line
        </Button>
        <span className="text-xs text-slate-500">
          {draft.lines.length} of {MAX_DOCUMENT_LINES} lines
        </span>
      </div>

      <DepositFields
        deposit={draft.deposit}
        onChange={(deposit) => update({ deposit })}
        error={errors.depositAmount ?? errors.depositPercent}
        depositCents={totals.depositCents}
      />

      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <Label htmlFor={`quote-${purchase.id}-valid`}>Valid until</Label>
          <Input
            id={`quote-${purchase.id}-valid`}
            type="date"
            min={today}
            className="mt-1"
            value={draft.validUntil}
            aria-invalid={errors.validUntil ? true : undefined}
            onChange={(e) => update({ validUntil: e.target.value })}
          />
          <FieldError message={errors.validUntil} />
        </div>
      </div>
      <div>
        <Label htmlFor={`quote-${purchase.id}-notes`}>Notes for the customer (optional)</Label>
        <Textarea
          id={`quote-${purchase.id}-notes`}
          maxLength={2000}
          className="mt-1 [field-sizing:content]"
          value={draft.notes}
          onChange={(e) => update({ notes: e.target.value })}
          placeholder="What is included, access, warranty..."
        />
        <FieldError message={errors.notes} />
      </div>

      {/* The figures and Send stay under the thumb however many lines there are. */}
      <div className="sticky -bottom-px z-10 -mx-5 grid gap-2 border-t border-slate-200 bg-white px-5 pt-3 pb-4" data-testid="quote-totals">
        {unmatched && <Alert variant="destructive">{unmatched}</Alert>}
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 text-sm tabular-nums">
          <dt className="text-slate-600">Subtotal{gstRegistered ? " (ex GST)" : ""}</dt>
          <dd className="text-right">{money(totals.subtotalCents)}</dd>
          {gstRegistered && (
            <>
              <dt className="text-slate-600">GST</dt>
              <dd className="text-right">{money(totals.gstCents)}</dd>
            </>
          )}
          <dt className="font-bold text-slate-900">Total{gstRegistered ? " (inc GST)" : ""}</dt>
          <dd className="text-right text-base font-bold text-slate-900" data-testid="quote-total">
            {money(totals.totalCents)}
          </dd>
        </dl>
        <Button type="submit" size="lg" className="w-full" disabled={send.isPending || !business.data}>
          <Send aria-hidden /> {send.isPending ? "Sending..." : "Send quote"}
        </Button>
      </div>
    </form>
  );
}

/** Who the quote is from, as it will print; missing details are worth fixing before sending. */
function SellerLine({ business }: { business: BusinessDetails | undefined }) {
  if (!business) return <div className="h-10 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" aria-hidden />;
  const parts = [
    business.businessName ?? "No business name",
    business.abn ? `ABN ${formatAbn(business.abn)}` : "no ABN",
    business.gstRegistered ? "registered for GST" : "not registered for GST",
  ];
  return (
    <p className="rounded-lg bg-slate-50 p-3 text-sm [overflow-wrap:anywhere] text-slate-700">
      From {parts.join(" · ")}. {business.gstRegistered ? "Prices are ex GST; GST is added." : "No GST is added."} Change these in Business details.
    </p>
  );
}

const DEPOSIT_KINDS: { value: DepositKind; label: string }[] = [
  { value: "none", label: "No deposit" },
  { value: "percent", label: "Percent" },
  { value: "amount", label: "Amount" },
];

function DepositFields({
  deposit,
  onChange,
  error,
  depositCents,
}: {
  deposit: { kind: DepositKind; value: string };
  onChange: (deposit: { kind: DepositKind; value: string }) => void;
  error?: string;
  depositCents: number;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Deposit (optional)</legend>
      <div className="grid grid-cols-3 gap-2">
        {DEPOSIT_KINDS.map(({ value, label }) => (
          <label
            key={value}
            className={cn(
              "flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-slate-300 px-2 text-sm font-medium",
              "has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
            )}
          >
            <input
              type="radio"
              name="deposit-kind"
              className="sr-only"
              checked={deposit.kind === value}
              onChange={() => onChange({ kind: value, value: "" })}
            />
            {label}
          </label>
        ))}
      </div>
      {deposit.kind !== "none" && (
        <div className="flex items-end gap-3">
          <div className="w-40">
            <Label htmlFor="deposit-value">{deposit.kind === "percent" ? "Deposit (%)" : "Deposit ($ inc GST)"}</Label>
            <Input
              id="deposit-value"
              inputMode="decimal"
              autoComplete="off"
              className="mt-1"
              value={deposit.value}
              aria-invalid={error ? true : undefined}
              onChange={(e) => onChange({ ...deposit, value: e.target.value })}
            />
          </div>
          <p className="pb-3 text-sm text-slate-600 tabular-nums">Due on acceptance: {money(depositCents)}</p>
        </div>
      )}
      <FieldError message={error} />
    </fieldset>
  );
}
