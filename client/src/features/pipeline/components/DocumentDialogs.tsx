// The card's document actions that ask something first (docs/decisions/051, 052): create the
// invoice from the accepted quote (when it is due), record a payment (amount and how), and void
// an invoice (why). The server decides every figure and refusal; its words show on the field.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import type { BusinessDetails } from "@shared/business";
import { INVOICE_MESSAGES, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type DocumentSummary, type PaymentMethod } from "@shared/invoices";
import type { PurchasedLead } from "@shared/pipeline";
import { Alert } from "@/components/ui/alert";
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input, Textarea } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { formatMoney } from "@/lib/format";
import { QUERY_KEYS } from "@/lib/query-keys";
import { useCreateInvoice } from "../api/create-invoice";
import { useRecordPayment, type PaymentTarget } from "../api/record-payment";
import { useVoidInvoice } from "../api/void-invoice";
import { typedNumber } from "../quote-draft";

type Errors = Record<string, string>;
const errorsOf = (err: unknown): Errors =>
  err instanceof ApiError ? { ...(err.errors ?? {}), _: err.message } : { _: "That did not go through. Check your signal and try again." };
/** The message not already shown under a field. */
const leftOver = (errors: Errors, fields: string[]) => (errors._ && !fields.some((f) => errors[f]) ? errors._ : null);

function FormDialog({
  title,
  description,
  onOpenChange,
  onSubmit,
  busy,
  submitLabel,
  busyLabel,
  children,
}: {
  title: string;
  description: ReactNode;
  onOpenChange: (open: boolean) => void;
  onSubmit: () => void;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-3">{children}</div>
          <DialogFormFooter onCancel={() => onOpenChange(false)} busy={busy} submitLabel={submitLabel} busyLabel={busyLabel} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The accepted quote becomes the invoice; it is due after the business's payment terms unless changed here. */
export function CreateInvoiceDialog({
  purchase,
  quote,
  onOpenChange,
}: {
  purchase: PurchasedLead;
  quote: NonNullable<DocumentSummary["quote"]>;
  onOpenChange: (open: boolean) => void;
}) {
  const business = useQuery<BusinessDetails>({ queryKey: QUERY_KEYS.business, staleTime: 0 });
  const create = useCreateInvoice(purchase.id);
  const [dueDays, setDueDays] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const shownDays = dueDays ?? (business.data ? String(business.data.paymentTermsDays) : "");
  const title = business.data?.gstRegistered === false ? "invoice" : "tax invoice";
  async function submit() {
    const days = shownDays.trim();
    if (days !== "" && !/^\d+$/.test(days)) return setErrors({ dueDays: INVOICE_MESSAGES.dueDays });
    try {
      // No notice: the card shows the invoice at once, and a notice would sit over its Record payment.
      await create.mutateAsync({ quoteId: quote.id, dueDays: days === "" ? null : Number(days) });
      onOpenChange(false);
    } catch (err) {
      setErrors(errorsOf(err));
    }
  }
  return (
    <FormDialog
      title={`Create ${title}`}
      description={`From quote ${quote.number}, accepted, for ${formatMoney(quote.total)}. Any deposit recorded is taken off the balance. An issued invoice keeps its number for good: a mistake is voided.`}
      onOpenChange={onOpenChange}
      onSubmit={() => void submit()}
      busy={create.isPending}
      submitLabel={`Create ${title}`}
      busyLabel="Creating..."
    >
      <div className="w-48">
        <Label htmlFor="invoice-due-days">Payment due in (days)</Label>
        <Input
          id="invoice-due-days"
          inputMode="numeric"
          className="mt-1"
          value={shownDays}
          aria-invalid={errors.dueDays ? true : undefined}
          onChange={(e) => setDueDays(e.target.value)}
        />
        <FieldError message={errors.dueDays} />
      </div>
      {leftOver(errors, ["dueDays"]) && <Alert variant="destructive">{errors._}</Alert>}
    </FormDialog>
  );
}

/** Money received outside the app: how much, and how. Paid in full, the job moves to Paid by itself. */
export function PaymentDialog({
  purchaseId,
  target,
  owing,
  title,
  onOpenChange,
}: {
  purchaseId: number;
  target: PaymentTarget;
  owing: string;
  title: string;
  onOpenChange: (open: boolean) => void;
}) {
  const record = useRecordPayment(purchaseId, target);
  const [amount, setAmount] = useState(owing);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  async function submit() {
    if (!method) return setErrors({ method: INVOICE_MESSAGES.paymentMethod });
    try {
      await record.mutateAsync({ amount: typedNumber(amount) ?? amount, method });
      toast({ title: "Payment recorded", description: `${formatMoney(typedNumber(amount) ?? 0)} by ${PAYMENT_METHOD_LABELS[method]}.` });
      onOpenChange(false);
    } catch (err) {
      setErrors(errorsOf(err));
    }
  }
  return (
    <FormDialog
      title={title}
      description={`${formatMoney(owing)} is still owing.`}
      onOpenChange={onOpenChange}
      onSubmit={() => void submit()}
      busy={record.isPending}
      submitLabel="Record payment"
      busyLabel="Recording..."
    >
      <div className="w-48">
        <Label htmlFor="payment-amount">Amount ($)</Label>
        <Input
          id="payment-amount"
          inputMode="decimal"
          autoComplete="off"
          className="mt-1"
          value={amount}
          aria-invalid={errors.amount ? true : undefined}
          onChange={(e) => setAmount(e.target.value)}
        />
        <FieldError message={errors.amount} />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Paid by</legend>
        {PAYMENT_METHODS.map((value) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 has-[:checked]:border-brand-600"
          >
            <input type="radio" name="payment-method" className="size-5" checked={method === value} onChange={() => setMethod(value)} />
            {PAYMENT_METHOD_LABELS[value]}
          </label>
        ))}
        <FieldError message={errors.method} />
      </fieldset>
      {leftOver(errors, ["amount", "method"]) && <Alert variant="destructive">{errors._}</Alert>}
    </FormDialog>
  );
}

/** Void keeps the number, marked void, with the reason; a new invoice can then be issued. */
export function VoidInvoiceDialog({
  purchaseId,
  invoice,
  onOpenChange,
}: {
  purchaseId: number;
  invoice: NonNullable<DocumentSummary["invoice"]>;
  onOpenChange: (open: boolean) => void;
}) {
  const voiding = useVoidInvoice(purchaseId, invoice.id);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  async function submit() {
    if (!reason.trim()) return setErrors({ reason: INVOICE_MESSAGES.voidReason });
    try {
      await voiding.mutateAsync({ reason });
      toast({ title: `Invoice ${invoice.number} is void`, description: "Its number stays on record. You can create a new invoice." });
      onOpenChange(false);
    } catch (err) {
      setErrors(errorsOf(err));
    }
  }
  return (
    <FormDialog
      title={`Void invoice ${invoice.number}?`}
      description="It stays on record with its number, marked void, and the customer sees it as void. This cannot be undone."
      onOpenChange={onOpenChange}
      onSubmit={() => void submit()}
      busy={voiding.isPending}
      submitLabel="Void invoice"
      busyLabel="Voiding..."
    >
      <div>
        <Label htmlFor="void-reason">Why is it void?</Label>
        <Textarea
          id="void-reason"
          maxLength={300}
          className="mt-1 min-h-16"
          value={reason}
          aria-invalid={errors.reason ? true : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        <FieldError message={errors.reason} />
      </div>
      {leftOver(errors, ["reason"]) && <Alert variant="destructive">{errors._}</Alert>}
    </FormDialog>
  );
}
