// Business details (docs/decisions/051-quotes-and-tax-invoices.md): what the electrician's quotes
// and tax invoices print: name, ABN, GST registration, address, invoice numbering, payment
// terms and the EFT details a customer pays into; and getting paid online through the owner's own
// Stripe account (docs/decisions/056). The owner edits them; a team member reads them.
import { useForm } from "react-hook-form";
import type { BusinessDetails, BusinessDetailsUpdate } from "@shared/business";
import { formatAbn } from "@shared/vetting";
import { Alert } from "@/components/ui/alert";
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { useBusiness, useUpdateBusiness } from "../api/business";
import { GetPaidOnline } from "./GetPaidOnline";

interface Form {
  businessName: string;
  abn: string;
  gstRegistered: boolean;
  address: string;
  invoicePrefix: string;
  paymentTermsDays: string;
  bankBsb: string;
  bankAccount: string;
  publicProfile: boolean;
}
const FIELDS = ["businessName", "abn", "gstRegistered", "address", "invoicePrefix", "paymentTermsDays", "bankBsb", "bankAccount", "publicProfile"] as const;

const formOf = (d: BusinessDetails): Form => ({
  businessName: d.businessName ?? "",
  abn: d.abn ? formatAbn(d.abn) : "",
  gstRegistered: d.gstRegistered,
  address: d.address ?? "",
  invoicePrefix: d.invoicePrefix,
  paymentTermsDays: String(d.paymentTermsDays),
  bankBsb: d.bankBsb ? formatBsb(d.bankBsb) : "",
  bankAccount: d.bankAccount ?? "",
  publicProfile: d.publicProfile,
});

/** The typed strings as the PATCH sends them; the server checks them with the shared schema. */
const updateOf = (f: Form) => ({
  ...f,
  // An account from before ABNs were asked for may leave it blank; a typed one is checked.
  abn: f.abn.trim() === "" ? undefined : f.abn,
  paymentTermsDays: /^\d+$/.test(f.paymentTermsDays.trim()) ? Number(f.paymentTermsDays.trim()) : f.paymentTermsDays,
});

/**
 * "062000" -> "062-000". Written here, and the form checked by the server alone (its 400 names
 * each field, shown under it): a value import of shared/business brings its messages' module
 * into the dashboard's chunks, which split it out of the chunk every landing page loads
 * (docs/decisions/054).
 */
const formatBsb = (bsb: string) => bsb.replace(/^(\d{3})(\d{3})$/, "$1-$2");

export function BusinessDetailsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const business = useBusiness(open);
  const details = business.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="business-details">
        <DialogHeader>
          <DialogTitle>Business details</DialogTitle>
          <DialogDescription>What your quotes and tax invoices show your customers.</DialogDescription>
        </DialogHeader>
        {business.isError && <Alert variant="destructive">Could not load your business details. Close this and try again.</Alert>}
        {!details && !business.isError && (
          <div role="status" aria-label="Loading business details" className="h-96 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />
        )}
        {details && <GetPaidOnline account={details.stripeAccount} canEdit={details.canEdit} />}
        {details &&
          (details.canEdit ? (
            <BusinessForm key={details.invoicePrefix} details={details} onClose={() => onOpenChange(false)} />
          ) : (
            <BusinessSummary details={details} />
          ))}
      </DialogContent>
    </Dialog>
  );
}

function BusinessForm({ details, onClose }: { details: BusinessDetails; onClose: () => void }) {
  const update = useUpdateBusiness();
  const form = useForm<Form>({ defaultValues: formOf(details) });
  const errors = form.formState.errors;
  const prefix = form.watch("invoicePrefix");
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(updateOf(values) as BusinessDetailsUpdate);
      toast({ title: "Business details saved" });
      onClose();
    } catch (err) {
      // The server's words go under the field they are about (docs/product.md section 5).
      if (err instanceof ApiError && err.errors) for (const f of FIELDS) if (err.errors[f]) form.setError(f, { message: err.errors[f] });
      if (!(err instanceof ApiError && err.errors && FIELDS.some((f) => err.errors?.[f])))
        toast({ title: "Could not save", description: err instanceof Error ? err.message : "Please try again.", variant: "destructive" });
    }
  });
  const text = (name: Exclude<keyof Form, "gstRegistered" | "publicProfile">, label: string, props: Parameters<typeof Input>[0] = {}, hint?: string) => (
    <FormField id={`business-${name}`} label={label} error={errors[name]?.message} hint={hint}>
      {(control) => <Input className="mt-1" {...control} {...props} {...form.register(name)} />}
    </FormField>
  );
  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      {text("businessName", "Business name", { autoComplete: "organization" })}
      {text("abn", "ABN", { inputMode: "numeric", autoComplete: "off" })}
      <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0" {...form.register("gstRegistered")} />
        <span>
          <span className="block font-medium text-slate-900">Registered for GST</span>
          <span className="block text-sm text-slate-600">Prices on your quotes are ex-GST and GST is added; your invoices are tax invoices.</span>
        </span>
      </label>
      <FormField id="business-address" label="Business address (optional)" error={errors.address?.message}>
        {(control) => <Textarea className="mt-1 min-h-16" rows={2} autoComplete="street-address" {...control} {...form.register("address")} />}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        {text(
          "invoicePrefix",
          "Invoice prefix",
          { maxLength: 6, autoCapitalize: "characters" },
          `Invoices are numbered ${(prefix || "INV").toUpperCase()}-000001 upwards.`,
        )}
        {text("paymentTermsDays", "Payment terms (days)", { inputMode: "numeric" })}
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-semibold text-slate-900">Bank details for EFT (optional)</legend>
        {text("bankBsb", "BSB", { inputMode: "numeric", autoComplete: "off" })}
        {text("bankAccount", "Account number", { inputMode: "numeric", autoComplete: "off" })}
      </fieldset>
      {/* The public profile and suburb listings (docs/decisions/060-public-profiles.md): on unless the owner opts out. */}
      <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0" data-testid="public-profile" {...form.register("publicProfile")} />
        <span>
          <span className="block font-medium text-slate-900">Show my public profile</span>
          <span className="block text-sm text-slate-600">
            Customers and search engines see your business name, licence, ABN, service area, rating and reviews. Off: no profile page and no suburb listings.
          </span>
        </span>
      </label>
      <DialogFormFooter onCancel={onClose} busy={update.isPending} submitLabel="Save details" busyLabel="Saving..." className="mt-2" />
    </form>
  );
}

/** A team member's view: the same details, read only. */
function BusinessSummary({ details }: { details: BusinessDetails }) {
  const rows: [string, string][] = [
    ["Business name", details.businessName ?? "Not set"],
    ["ABN", details.abn ? formatAbn(details.abn) : "Not set"],
    ["GST", details.gstRegistered ? "Registered for GST" : "Not registered for GST"],
    ["Address", details.address ?? "Not set"],
    ["Invoice numbers", `${details.invoicePrefix}-000001 upwards`],
    ["Payment terms", `${details.paymentTermsDays} days`],
    ["BSB", details.bankBsb ? formatBsb(details.bankBsb) : "Not set"],
    ["Account number", details.bankAccount ?? "Not set"],
    ["Public profile", details.publicProfile ? "Shown" : "Hidden"],
  ];
  return (
    <div className="grid gap-3">
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">Only the business owner can change these.</p>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="mb-1 [overflow-wrap:anywhere] whitespace-pre-line text-slate-900 sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
