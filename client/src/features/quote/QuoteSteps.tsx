// The four steps of the quote wizard (docs/product.md section 2 "Electrical quote wizard").
import { Info } from "lucide-react";
import { Controller, useFormContext } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { AddressField } from "@/components/address/AddressField";
import { HONEYPOT_FIELD } from "@shared/honeypot";
import type { QuoteRequest, QuoteRequestInput } from "@shared/leads";
import { sydneyDayKey } from "@shared/sydney-time";
import { ChoiceGroup, type ChoiceGroupProps } from "./ChoiceGroup";
import { BUDGET_CHOICES, DATE_CHOICES, EXISTING_ELECTRICIAN_CHOICES, PROPERTY_CHOICES, SERVICE_CHOICES, TIMEFRAME_CHOICES, URGENCY_CHOICES } from "./choices";

const useQuoteForm = () => useFormContext<QuoteRequestInput, unknown, QuoteRequest>();

/** Today in Sydney, YYYY-MM-DD (the minimum for both dates), whatever the visitor's own zone. */
const today = () => sydneyDayKey(new Date());

/** The wizard's fields sit a little looser than a dialog's. */
const FIELD = "space-y-1.5";
const optional = (label: string) => (
  <>
    {label} <span className="font-normal text-slate-500">(optional)</span>
  </>
);

/** One wizard question as tappable cards, bound to its form field; `toChoice` and
 * `fromChoice` translate the fields the request stores as booleans. */
function ChoiceField<V extends string>({
  name,
  toChoice = (stored) => stored as V,
  fromChoice = (choice) => choice,
  ...group
}: Pick<ChoiceGroupProps<V>, "legend" | "choices" | "className"> & {
  name: keyof QuoteRequestInput;
  toChoice?: (stored: unknown) => V;
  fromChoice?: (choice: V) => unknown;
}) {
  const { control, formState } = useQuoteForm();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ChoiceGroup
          {...group}
          name={name}
          value={toChoice(field.value)}
          onChange={(choice) => field.onChange(fromChoice(choice))}
          error={formState.errors[name]?.message}
        />
      )}
    />
  );
}

export function WorkDetailsStep() {
  const { control, register, watch, formState } = useQuoteForm();
  const { errors } = formState;
  const flexible = watch("isFlexibleDates");
  const work = watch("electricalWork") ?? "";
  return (
    <div className="space-y-6">
      <FormField
        id="serviceLocation"
        label="Service location"
        error={errors.serviceLocation?.message}
        hint="Start typing your street address or suburb"
        className={FIELD}
      >
        {(fieldControl) => (
          <Controller
            control={control}
            name="serviceLocation"
            render={({ field }) => (
              <AddressField
                {...fieldControl}
                ref={field.ref}
                name={field.name}
                value={field.value ?? ""}
                onChange={field.onChange}
                onBlur={field.onBlur}
                placeholder="e.g. 12 Smith St, Parramatta"
              />
            )}
          />
        )}
      </FormField>
      <FormField
        id="electricalWork"
        label="Describe the electrical work"
        error={errors.electricalWork?.message}
        hint={`${work.trim().length} characters, at least 10. More detail means more accurate quotes.`}
        className={FIELD}
      >
        {(fieldControl) => (
          <Textarea
            {...fieldControl}
            rows={4}
            placeholder="e.g. Install 6 LED downlights in the living room and replace two switches with dimmers"
            {...register("electricalWork")}
          />
        )}
      </FormField>
      <ChoiceField name="serviceType" legend="Type of service" choices={SERVICE_CHOICES} className="sm:grid-cols-2" />
      <ChoiceField
        name="isFlexibleDates"
        legend="When would you like the work done?"
        choices={DATE_CHOICES}
        toChoice={(stored) => (stored === false ? "specific" : "flexible")}
        fromChoice={(choice) => choice === "flexible"}
        className="sm:grid-cols-2"
      />
      {flexible === false && (
        <div className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="preferredPickupDate" label="Preferred start date" error={errors.preferredPickupDate?.message} className={FIELD}>
              {(fieldControl) => <Input {...fieldControl} type="date" min={today()} {...register("preferredPickupDate")} />}
            </FormField>
            <FormField id="preferredDropoffDate" label="Preferred completion date" error={errors.preferredDropoffDate?.message} className={FIELD}>
              {(fieldControl) => <Input {...fieldControl} type="date" min={watch("preferredPickupDate") || today()} {...register("preferredDropoffDate")} />}
            </FormField>
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
  return (
    <div className="space-y-6">
      <ChoiceField name="propertyType" legend="Property type" choices={PROPERTY_CHOICES} className="sm:grid-cols-3" />
      <ChoiceField name="budgetRange" legend="Budget range" choices={BUDGET_CHOICES} className="grid-cols-2 sm:grid-cols-3" />
      <ChoiceField
        name="hasExistingElectrician"
        legend="Do you already have an electrician?"
        choices={EXISTING_ELECTRICIAN_CHOICES}
        toChoice={(stored) => (stored ? "yes" : "no")}
        fromChoice={(choice) => choice === "yes"}
      />
    </div>
  );
}

export function SchedulingStep() {
  return (
    <div className="space-y-6">
      <ChoiceField name="urgency" legend="How urgent is the work?" choices={URGENCY_CHOICES} className="sm:grid-cols-2" />
      <ChoiceField name="timeframe" legend="Timeframe" choices={TIMEFRAME_CHOICES} className="sm:grid-cols-2" />
    </div>
  );
}

export function ContactStep() {
  const { register, formState } = useQuoteForm();
  const { errors } = formState;
  return (
    <div className="space-y-5">
      <FormField id="customerName" label="Full name" error={errors.customerName?.message} className={FIELD}>
        {(fieldControl) => <Input {...fieldControl} autoComplete="name" {...register("customerName")} />}
      </FormField>
      <FormField
        id="customerPhone"
        label="Phone number"
        error={errors.customerPhone?.message}
        hint="Mobile or landline, e.g. 0412 345 678. We text a mobile a code to confirm it."
        className={FIELD}
      >
        {(fieldControl) => <Input {...fieldControl} type="tel" inputMode="tel" autoComplete="tel" {...register("customerPhone")} />}
      </FormField>
      {/* No second address: the first step's service location is the property's (./address-once.ts). */}
      <FormField
        id="specialRequests"
        label={optional("Additional notes")}
        error={errors.specialRequests?.message}
        hint="Shown to electricians before they buy the job; numbers and contact details are hidden."
        className={FIELD}
      >
        {(fieldControl) => <Textarea {...fieldControl} rows={3} placeholder="Best time to call, the age of the wiring..." {...register("specialRequests")} />}
      </FormField>
      <FormField
        id="accessNotes"
        label={optional("Access notes")}
        error={errors.accessNotes?.message}
        hint="Only the electrician who takes your job sees these."
        className={FIELD}
      >
        {(fieldControl) => <Textarea {...fieldControl} rows={2} placeholder="Gate code, parking, pets..." {...register("accessNotes")} />}
      </FormField>
      {/* Honeypot: invisible to people, irresistible to form-filling bots. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="quote-website">Website (leave empty)</label>
        <input id="quote-website" type="text" tabIndex={-1} autoComplete="off" {...register(HONEYPOT_FIELD)} />
      </div>
    </div>
  );
}
