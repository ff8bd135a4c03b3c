// The four steps of the quote wizard (SPEC.md section 2 "Electrical quote wizard").
import { Info } from "lucide-react";
import { Controller, useFormContext } from "react-hook-form";
import { Input, Textarea } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { AddressField } from "@/features/address/AddressField";
import { HONEYPOT_FIELD, type QuoteRequest, type QuoteRequestInput } from "@shared/leads";
import { ChoiceGroup } from "./ChoiceGroup";
import {
  BUDGET_CHOICES,
  DATE_CHOICES,
  EXISTING_ELECTRICIAN_CHOICES,
  PROPERTY_CHOICES,
  SERVICE_CHOICES,
  TIMEFRAME_CHOICES,
  URGENCY_CHOICES,
} from "./choices";

const useQuoteForm = () => useFormContext<QuoteRequestInput, unknown, QuoteRequest>();

/** Today as YYYY-MM-DD in the visitor's own calendar (the minimum for both dates). */
const today = () => new Date().toLocaleDateString("en-CA");

function Field({ id, label, optional, error, children, hint }: { id: string; label: string; optional?: boolean; error?: string; hint?: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {label} {optional && <span className="font-normal text-slate-500">(optional)</span>}
      </Label>
      {children}
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function WorkDetailsStep() {
  const { control, register, watch, formState } = useQuoteForm();
  const { errors } = formState;
  const flexible = watch("isFlexibleDates");
  const work = watch("electricalWork") ?? "";
  return (
    <div className="space-y-6">
      <Field id="serviceLocation" label="Service location" error={errors.serviceLocation?.message} hint="Start typing your street address or suburb">
        <Controller
          control={control}
          name="serviceLocation"
          render={({ field }) => (
            <AddressField
              id="serviceLocation"
              ref={field.ref}
              name={field.name}
              value={field.value ?? ""}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder="e.g. 12 Smith St, Parramatta NSW"
              aria-invalid={errors.serviceLocation ? true : undefined}
              aria-describedby={errors.serviceLocation ? "serviceLocation-error" : undefined}
            />
          )}
        />
      </Field>
      <Field id="electricalWork" label="Describe the electrical work" error={errors.electricalWork?.message} hint={`${work.trim().length} characters, at least 10. More detail means more accurate quotes.`}>
        <Textarea
          id="electricalWork"
          rows={4}
          placeholder="e.g. Install 6 LED downlights in the living room and replace two switches with dimmers"
          aria-invalid={errors.electricalWork ? true : undefined}
          aria-describedby={errors.electricalWork ? "electricalWork-error" : undefined}
          {...register("electricalWork")}
        />
      </Field>
      <Controller
        control={control}
        name="serviceType"
        render={({ field }) => (
          <ChoiceGroup name="serviceType" legend="Type of service" choices={SERVICE_CHOICES} value={field.value} onChange={field.onChange} error={errors.serviceType?.message} className="sm:grid-cols-2" />
        )}
      />
      <Controller
        control={control}
        name="isFlexibleDates"
        render={({ field }) => (
          <ChoiceGroup
            name="isFlexibleDates"
            legend="When would you like the work done?"
            choices={DATE_CHOICES}
            value={field.value === false ? "specific" : "flexible"}
            onChange={(v) => field.onChange(v === "flexible")}
            className="sm:grid-cols-2"
          />
        )}
      />
      {flexible === false && (
        <div className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="preferredPickupDate" label="Preferred start date" error={errors.preferredPickupDate?.message}>
              <Input id="preferredPickupDate" type="date" min={today()} {...register("preferredPickupDate")} />
            </Field>
            <Field id="preferredDropoffDate" label="Preferred completion date" error={errors.preferredDropoffDate?.message}>
              <Input id="preferredDropoffDate" type="date" min={watch("preferredPickupDate") || today()} {...register("preferredDropoffDate")} />
            </Field>
          </div>
          <p className="flex gap-2 text-sm text-slate-600">
            <Info className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden /> Specific dates may affect pricing.
          </p>
        </div>
      )}
    </div>
  );
}

export function PropertyBudgetStep() {
  const { control, formState } = useQuoteForm();
  const { errors } = formState;
  return (
    <div className="space-y-6">
      <Controller control={control} name="propertyType" render={({ field }) => (
        <ChoiceGroup name="propertyType" legend="Property type" choices={PROPERTY_CHOICES} value={field.value} onChange={field.onChange} error={errors.propertyType?.message} className="sm:grid-cols-3" />
      )} />
      <Controller control={control} name="budgetRange" render={({ field }) => (
        <ChoiceGroup name="budgetRange" legend="Budget range" choices={BUDGET_CHOICES} value={field.value} onChange={field.onChange} error={errors.budgetRange?.message} className="grid-cols-2 sm:grid-cols-3" />
      )} />
      <Controller control={control} name="hasExistingElectrician" render={({ field }) => (
        <ChoiceGroup
          name="hasExistingElectrician"
          legend="Do you already have an electrician?"
          choices={EXISTING_ELECTRICIAN_CHOICES}
          value={field.value ? "yes" : "no"}
          onChange={(v) => field.onChange(v === "yes")}
          error={errors.hasExistingElectrician?.message}
        />
      )} />
    </div>
  );
}

export function SchedulingStep() {
  const { control, formState } = useQuoteForm();
  const { errors } = formState;
  return (
    <div className="space-y-6">
      <Controller control={control} name="urgency" render={({ field }) => (
        <ChoiceGroup name="urgency" legend="How urgent is the work?" choices={URGENCY_CHOICES} value={field.value} onChange={field.onChange} error={errors.urgency?.message} className="sm:grid-cols-2" />
      )} />
      <Controller control={control} name="timeframe" render={({ field }) => (
        <ChoiceGroup name="timeframe" legend="Timeframe" choices={TIMEFRAME_CHOICES} value={field.value} onChange={field.onChange} error={errors.timeframe?.message} className="sm:grid-cols-2" />
      )} />
    </div>
  );
}

export function ContactStep() {
  const { register, formState } = useQuoteForm();
  const { errors } = formState;
  const invalid = (name: keyof typeof errors) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  return (
    <div className="space-y-5">
      <Field id="customerName" label="Full name" error={errors.customerName?.message}>
        <Input id="customerName" autoComplete="name" {...invalid("customerName")} {...register("customerName")} />
      </Field>
      <Field id="customerPhone" label="Phone number" error={errors.customerPhone?.message} hint="Mobile or landline, e.g. 0412 345 678">
        <Input id="customerPhone" type="tel" inputMode="tel" autoComplete="tel" {...invalid("customerPhone")} {...register("customerPhone")} />
      </Field>
      <Field id="customerAddress" label="Property address" optional error={errors.customerAddress?.message}>
        <Input id="customerAddress" autoComplete="street-address" {...register("customerAddress")} />
      </Field>
      <Field id="specialRequests" label="Additional notes" optional error={errors.specialRequests?.message}>
        <Textarea id="specialRequests" rows={3} placeholder="Access, parking, pets, best time to call..." {...register("specialRequests")} />
      </Field>
      {/* Honeypot: invisible to people, irresistible to form-filling bots. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="quote-website">Website (leave empty)</label>
        <input id="quote-website" type="text" tabIndex={-1} autoComplete="off" {...register(HONEYPOT_FIELD)} />
      </div>
    </div>
  );
}
