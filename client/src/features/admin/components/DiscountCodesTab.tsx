// Discount codes (docs/product.md section 5 schema, shared with the server): create, list with
// uses, deactivate. Buyers enter codes in the purchase dialog.
import { zodResolver } from "@hookform/resolvers/zod";
import { Ticket } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField, TextField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { formatMoney, formatSydneyDate } from "@/lib/format";
import { discountCodeCreate, type AdminDiscountCode } from "@shared/admin";
import { endOfSydneyDay } from "@shared/sydney-time";
import { useCreateDiscountCode, useDeactivateDiscountCode, useDiscountCodes } from "../api/discount-codes";
import { Badge, EmptyState, ListState, SectionHeader } from "./bits";

type FormInput = z.input<typeof discountCodeCreate>;
type FormOutput = z.output<typeof discountCodeCreate>;
const FIELDS = ["code", "description", "discountType", "discountValue", "maxUses", "validUntil"] as const;
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
/** A date input's day, valid until the end of that Sydney day, whatever the browser's zone. */
const endOfDay = (v: unknown) => (typeof v === "string" && v ? endOfSydneyDay(v) : undefined);

const describe = (c: AdminDiscountCode) =>
  c.discountType === "free" ? "Free lead" : c.discountType === "percentage" ? `${Number(c.discountValue)}% off` : `${formatMoney(c.discountValue ?? 0)} off`;

export function DiscountCodesTab() {
  const codes = useDiscountCodes();
  const create = useCreateDiscountCode();
  const deactivate = useDeactivateDiscountCode();
  const [confirming, setConfirming] = useState<AdminDiscountCode | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(discountCodeCreate),
    defaultValues: { code: "", description: "", discountType: "percentage" },
  });
  const { errors } = form.formState;
  const type = form.watch("discountType");

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (code) => {
        toast({ title: "Discount code created", description: `${code.code}: ${describe(code)}` });
        form.reset({ code: "", description: "", discountType: values.discountType, discountValue: "", maxUses: "", validUntil: "" });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 409) form.setError("code", { message: err.message });
        if (err instanceof ApiError && err.errors) for (const f of FIELDS) if (err.errors[f]) form.setError(f, { message: err.errors[f] });
        toast({ variant: "destructive", title: "Could not create code", description: err.message });
      },
    }),
  );

  async function confirmDeactivate() {
    if (!confirming) return;
    try {
      await deactivate.mutateAsync(confirming.id);
      toast({ title: "Discount code deactivated", description: confirming.code });
    } catch (err) {
      toast({ variant: "destructive", title: "Could not deactivate", description: err instanceof Error ? err.message : "Please try again." });
    } finally {
      setConfirming(null);
    }
  }

  const items = codes.data ?? [];
  return (
    <section className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
      <Card className="self-start">
        <CardHeader>
          {/* h2, as the list's heading beside it: headings go down one level at a time (docs/decisions/032). */}
          <h2 className="text-lg leading-tight font-semibold">New discount code</h2>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-3">
            <TextField label="Code" autoCapitalize="characters" maxLength={50} error={errors.code?.message} {...form.register("code")} />
            <TextField label="Description (optional)" error={errors.description?.message} {...form.register("description")} />
            <FormField id="discount-type" label="Discount type" error={errors.discountType?.message}>
              {(control) => (
                <NativeSelect {...control} className="mt-1" {...form.register("discountType")}>
                  <option value="percentage">Percentage off</option>
                  <option value="fixed_amount">Fixed amount off</option>
                  <option value="free">Free lead</option>
                </NativeSelect>
              )}
            </FormField>
            {type !== "free" && (
              <TextField
                label={type === "percentage" ? "Percent off (0-100)" : "Dollars off"}
                type="number"
                inputMode="decimal"
                min={0}
                max={type === "percentage" ? 100 : undefined}
                step={type === "percentage" ? 1 : 0.01}
                error={errors.discountValue?.message}
                {...form.register("discountValue", { setValueAs: blankToUndefined })}
              />
            )}
            <TextField
              label="Maximum uses (optional)"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              error={errors.maxUses?.message}
              {...form.register("maxUses", { setValueAs: blankToUndefined })}
            />
            <TextField
              label="Valid until (optional)"
              type="date"
              error={errors.validUntil?.message}
              {...form.register("validUntil", { setValueAs: endOfDay })}
            />
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Creating..." : "Create code"}
            </Button>
          </form>
        </CardContent>
      </Card>

      <div>
        <SectionHeader title="Discount codes" description={codes.data && `${items.filter((c) => c.isActive).length} active`} />
        <ListState
          query={codes}
          count={items.length}
          what="discount codes"
          empty={<EmptyState title="No discount codes yet">Codes you create appear here with their uses.</EmptyState>}
        >
          <ul className="grid gap-3">
            {items.map((c) => (
              <li key={c.id}>
                <Card className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="discount-code">
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <Ticket className="size-4 text-brand-700" aria-hidden />
                      <span className="font-mono font-semibold">{c.code}</span>
                      <Badge tone={c.isActive ? "green" : "slate"}>{c.isActive ? "Active" : "Inactive"}</Badge>
                    </div>
                    <p className="mt-1 text-sm text-slate-700">
                      {describe(c)} · {c.currentUses} {c.maxUses ? `of ${c.maxUses} uses` : c.currentUses === 1 ? "use" : "uses"}
                      {c.validUntil && ` · until ${formatSydneyDate(c.validUntil)}`}
                    </p>
                    {c.description && <p className="text-xs text-slate-500">{c.description}</p>}
                  </div>
                  {c.isActive && (
                    <Button size="sm" variant="outline" aria-label={`Deactivate ${c.code}`} onClick={() => setConfirming(c)}>
                      Deactivate
                    </Button>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        </ListState>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={`Deactivate ${confirming?.code ?? ""}?`}
        description="Buyers can no longer use this code. Purchases already made keep their discount."
        confirmLabel="Deactivate"
        destructive
        busy={deactivate.isPending}
        onConfirm={confirmDeactivate}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
