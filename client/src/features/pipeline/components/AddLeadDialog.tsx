import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { CurrentUser } from "@shared/auth";
import { QUOTE_BUDGET_RANGES, QUOTE_PROPERTY_TYPES, QUOTE_SERVICE_TYPES, QUOTE_URGENCIES, TIMEFRAMES } from "@shared/enums";
import { labelOf } from "@shared/labels";
import { manualLeadRequest } from "@shared/pipeline";
import { can } from "@shared/policy";
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { useAddManualLead } from "../api/purchases";

type Form = z.input<typeof manualLeadRequest>;

const DEFAULTS: Form = {
  customerName: "",
  customerPhone: "",
  customerEmail: "",
  customerAddress: "",
  serviceLocation: "",
  electricalWork: "",
  serviceType: "repair",
  propertyType: "residential",
  budgetRange: "unsure",
  urgency: "within_week",
  timeframe: "this_week",
  specialRequests: "",
  // docs/product.md section 3: the manual payload carries these two fixed values.
  budgetConcern: "somewhat_important",
  previousExperience: "regular_customer",
};

/** "Add Lead": the super admin adds a marketplace lead; a provider adds their own job at $0. */
export function AddLeadDialog({ open, onOpenChange, user }: { open: boolean; onOpenChange: (open: boolean) => void; user: CurrentUser }) {
  const add = useAddManualLead();
  const form = useForm<Form, unknown, z.output<typeof manualLeadRequest>>({ resolver: zodResolver(manualLeadRequest), defaultValues: DEFAULTS });
  const errors = form.formState.errors;
  const toMarket = can(user, "addLeadToMarket");

  const submit = form.handleSubmit(async (input) => {
    try {
      await add.mutateAsync(input);
      toast({ title: "Lead added successfully", description: toMarket ? "It is on the marketplace now." : "It is in your Purchased column." });
      form.reset(DEFAULTS);
      onOpenChange(false);
    } catch (err) {
      // The server's field messages under their fields (e.g. a market lead's location that names no suburb, docs/decisions/034).
      if (err instanceof ApiError && err.errors?.serviceLocation) form.setError("serviceLocation", { message: err.errors.serviceLocation });
      toast({ title: "Error creating lead", description: err instanceof Error ? err.message : "Please try again.", variant: "destructive" });
    }
  });

  const select = (name: "serviceType" | "propertyType" | "budgetRange" | "urgency" | "timeframe", label: string, values: readonly string[]) => (
    <FormField id={`add-${name}`} label={label}>
      {(control) => <NativeSelect {...control} {...form.register(name)} options={values.map((v) => ({ value: v, label: labelOf(name, v) }))} />}
    </FormField>
  );
  const text = (name: "customerName" | "customerPhone" | "customerEmail" | "customerAddress" | "serviceLocation", label: string, type = "text") => (
    <FormField id={`add-${name}`} label={label} error={errors[name]?.message}>
      {(control) => <Input type={type} {...control} {...form.register(name)} />}
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>Add New Lead</DialogTitle>
            <DialogDescription>
              {toMarket ? "Adds an available lead to the marketplace." : "Adds your own job straight into your pipeline at $0. Nobody else sees it."}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            {text("customerName", "Customer name")}
            {text("customerPhone", "Phone", "tel")}
            {text("customerEmail", "Email (optional)", "email")}
            {text("customerAddress", "Address (optional)")}
            {text("serviceLocation", "Suburb or service location")}
            {select("serviceType", "Service type", QUOTE_SERVICE_TYPES)}
            {select("propertyType", "Property type", QUOTE_PROPERTY_TYPES)}
            {select("budgetRange", "Budget", QUOTE_BUDGET_RANGES)}
            {select("urgency", "Urgency", QUOTE_URGENCIES)}
            {select("timeframe", "Timeframe", TIMEFRAMES)}
          </div>
          <div className="mt-3 grid gap-3">
            <FormField id="add-electricalWork" label="Electrical work" error={errors.electricalWork?.message}>
              {(control) => <Textarea {...control} {...form.register("electricalWork")} />}
            </FormField>
            <FormField id="add-specialRequests" label="Notes (optional)">
              {(control) => <Textarea {...control} {...form.register("specialRequests")} />}
            </FormField>
          </div>
          <DialogFormFooter onCancel={() => onOpenChange(false)} busy={add.isPending} submitLabel="Add Lead" busyLabel="Adding..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
