import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { CurrentUser } from "@shared/auth";
import { QUOTE_BUDGET_RANGES, QUOTE_PROPERTY_TYPES, QUOTE_SERVICE_TYPES, QUOTE_URGENCIES, TIMEFRAMES } from "@shared/enums";
import { manualLeadRequest } from "@shared/pipeline";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { labelOf } from "@/lib/labels";
import { useAddManualLead } from "../api/purchases";
import { FormField, selectClass } from "./FormField";

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
  // SPEC.md section 3: the manual payload carries these two fixed values.
  budgetConcern: "somewhat_important",
  previousExperience: "regular_customer",
};

/** "Add Lead": the super admin adds a marketplace lead; a provider adds their own job at $0. */
export function AddLeadDialog({ open, onOpenChange, user }: { open: boolean; onOpenChange: (open: boolean) => void; user: CurrentUser }) {
  const add = useAddManualLead();
  const form = useForm<Form, unknown, z.output<typeof manualLeadRequest>>({ resolver: zodResolver(manualLeadRequest), defaultValues: DEFAULTS });
  const errors = form.formState.errors;
  const isSuperAdmin = user.userType === "super_admin";

  const submit = form.handleSubmit(async (input) => {
    try {
      await add.mutateAsync(input);
      toast({ title: "Lead added successfully", description: isSuperAdmin ? "It is on the marketplace now." : "It is in your Purchased column." });
      form.reset(DEFAULTS);
      onOpenChange(false);
    } catch (err) {
      toast({ title: "Error creating lead", description: err instanceof Error ? err.message : "Please try again.", variant: "destructive" });
    }
  });

  const select = (name: "serviceType" | "propertyType" | "budgetRange" | "urgency" | "timeframe", label: string, values: readonly string[]) => (
    <FormField id={`add-${name}`} label={label}>
      <select id={`add-${name}`} className={selectClass} {...form.register(name)}>
        {values.map((v) => <option key={v} value={v}>{labelOf(v)}</option>)}
      </select>
    </FormField>
  );
  const text = (name: "customerName" | "customerPhone" | "customerEmail" | "customerAddress" | "serviceLocation", label: string, type = "text") => (
    <FormField id={`add-${name}`} label={label} error={errors[name]?.message}>
      <Input id={`add-${name}`} type={type} aria-invalid={Boolean(errors[name])} {...form.register(name)} />
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>Add New Lead</DialogTitle>
            <DialogDescription>
              {isSuperAdmin ? "Adds an available lead to the marketplace." : "Adds your own job straight into your pipeline at $0. Nobody else sees it."}
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
              <Textarea id="add-electricalWork" aria-invalid={Boolean(errors.electricalWork)} {...form.register("electricalWork")} />
            </FormField>
            <FormField id="add-specialRequests" label="Notes (optional)">
              <Textarea id="add-specialRequests" {...form.register("specialRequests")} />
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>Cancel</Button>
            <Button type="submit" disabled={add.isPending}>{add.isPending ? "Adding..." : "Add Lead"}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
