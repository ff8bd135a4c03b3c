import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { editJobDetails, editJobOptions, type EditJobChoiceField, type PurchasedLead } from "@shared/pipeline";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { labelOf } from "@/lib/labels";
import { useEditJob } from "../api/purchases";
import { FormField, selectClass } from "./FormField";

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
      <select id={`edit-${name}`} className={selectClass} {...form.register(name)}>
        {editJobOptions(name, lead[name]).map((v) => <option key={v} value={v}>{labelOf(v)}</option>)}
      </select>
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>Edit Job Details</DialogTitle>
        <DialogDescription>{lead.jobReference}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="edit-customerName" label="Customer name" error={errors.customerName?.message}>
          <Input id="edit-customerName" aria-invalid={Boolean(errors.customerName)} {...form.register("customerName")} />
        </FormField>
        <FormField id="edit-customerPhone" label="Phone" error={errors.customerPhone?.message}>
          <Input id="edit-customerPhone" type="tel" aria-invalid={Boolean(errors.customerPhone)} {...form.register("customerPhone")} />
        </FormField>
        <FormField id="edit-customerEmail" label="Email" error={errors.customerEmail?.message}>
          <Input id="edit-customerEmail" type="email" aria-invalid={Boolean(errors.customerEmail)} {...form.register("customerEmail")} />
        </FormField>
        <FormField id="edit-customerAddress" label="Address" error={errors.customerAddress?.message}>
          <Input id="edit-customerAddress" {...form.register("customerAddress")} />
        </FormField>
        {select("serviceType", "Service type")}
        {select("propertyType", "Property type")}
        {select("budgetRange", "Budget")}
        {select("urgency", "Urgency")}
      </div>
      <div className="mt-3 grid gap-3">
        <FormField id="edit-electricalWork" label="Electrical work" error={errors.electricalWork?.message}>
          <Textarea id="edit-electricalWork" {...form.register("electricalWork")} />
        </FormField>
        <FormField id="edit-specialRequests" label="Customer notes" error={errors.specialRequests?.message}>
          <Textarea id="edit-specialRequests" {...form.register("specialRequests")} />
        </FormField>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
        <Button type="submit" disabled={edit.isPending}>{edit.isPending ? "Saving..." : "Save Changes"}</Button>
      </DialogFooter>
    </form>
  );
}
