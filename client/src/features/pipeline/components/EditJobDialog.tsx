import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { labelOf } from "@shared/labels";
import { editJobDetails, editJobOptions, type EditJobChoiceField, type PurchasedLead } from "@shared/pipeline";
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useEditJob } from "../api/purchases";

type Form = z.input<typeof editJobDetails>;

export function EditJobDialog({ purchase, onClose }: { purchase: PurchasedLead | null; onClose: () => void }) {
  return (
    <Dialog open={purchase !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{purchase && <EditJobForm key={purchase.id} purchase={purchase} onClose={onClose} />}</DialogContent>
    </Dialog>
  );
}

function EditJobForm({ purchase, onClose }: { purchase: PurchasedLead; onClose: () => void }) {
  const { lead } = purchase;
  const edit = useEditJob();
  const form = useForm<Form, unknown, z.output<typeof editJobDetails>>({
    resolver: zodResolver(editJobDetails),
    defaultValues: {
      customerName: lead.customerName,
      customerPhone: lead.customerPhone,
      customerEmail: lead.customerEmail ?? "",
      customerAddress: lead.customerAddress ?? "",
      serviceLocation: lead.serviceLocation,
      electricalWork: lead.electricalWork,
      // The stored values, even a quote's `unsure` budget: each select offers its own value.
      serviceType: lead.serviceType,
      propertyType: lead.propertyType,
      budgetRange: lead.budgetRange,
      urgency: lead.urgency,
      specialRequests: lead.specialRequests ?? "",
      // Not a field: the job's version the form opened on goes with the save (decision 037).
      version: purchase.version,
    },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (fields) => {
    try {
      await edit.mutateAsync({ leadId: lead.id, fields });
      toast({ title: "Job details updated" });
      onClose();
    } catch (err) {
      toast({ title: "Error updating lead", description: err instanceof Error ? err.message : "Please try again.", variant: "destructive" });
    }
  });

  const select = (name: EditJobChoiceField, label: string) => (
    <FormField id={`edit-${name}`} label={label} error={errors[name]?.message}>
      {(control) => (
        <NativeSelect {...control} {...form.register(name)} options={editJobOptions(name, lead[name]).map((v) => ({ value: v, label: labelOf(name, v) }))} />
      )}
    </FormField>
  );

  const text = (name: "customerName" | "customerPhone" | "customerEmail" | "customerAddress", label: string, type = "text") => (
    <FormField id={`edit-${name}`} label={label} error={errors[name]?.message}>
      {(control) => <Input type={type} {...control} {...form.register(name)} />}
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>Edit Job Details</DialogTitle>
        <DialogDescription>{lead.jobReference}</DialogDescription>
      </DialogHeader>
      {/* The buyer's working copy only (docs/decisions/073-the-customers-own-contact.md). */}
      <p className="mb-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
        Changes here are your team&apos;s copy of the job. Our texts to the customer (their job link, codes and updates) always go to the mobile they gave us.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {text("customerName", "Customer name")}
        {text("customerPhone", "Phone", "tel")}
        {text("customerEmail", "Email", "email")}
        {text("customerAddress", "Address")}
        {select("serviceType", "Service type")}
        {select("propertyType", "Property type")}
        {select("budgetRange", "Budget")}
        {select("urgency", "Urgency")}
      </div>
      <div className="mt-3 grid gap-3">
        <FormField id="edit-electricalWork" label="Electrical work" error={errors.electricalWork?.message}>
          {(control) => <Textarea {...control} {...form.register("electricalWork")} />}
        </FormField>
        <FormField id="edit-specialRequests" label="Customer notes" error={errors.specialRequests?.message}>
          {(control) => <Textarea {...control} {...form.register("specialRequests")} />}
        </FormField>
      </div>
      <DialogFormFooter onCancel={onClose} busy={edit.isPending} submitLabel="Save Changes" busyLabel="Saving..." />
    </form>
  );
}
