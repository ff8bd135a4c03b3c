// The owner's caps across all their orders (docs/decisions/083-auto-buy-says-what-it-buys.md):
// "at most N leads a day" and "at most $X a week", each order's own caps still applying. Blank is
// no business cap. The server keeps them in every sale; this only shows and sets them.
import { useEffect, useState, type FormEvent } from "react";
import type { AutoBuyBusinessCaps } from "@shared/auto-buy";
import { formatMoney } from "@shared/format";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { useSaveBusinessCaps } from "../api/orders";

/** "3" as 3 and "" as no cap; anything else goes as typed, for the server to refuse in words. */
const dayCap = (text: string) => (text.trim() === "" ? null : /^\s*\d+\s*$/.test(text) ? Number(text) : text);
const weekCap = (text: string) => (text.trim() === "" ? null : text.replace(/^\s*\$/, "").trim());

export function BusinessCaps({ caps }: { caps: AutoBuyBusinessCaps }) {
  const save = useSaveBusinessCaps();
  const [perDay, setPerDay] = useState(caps.maxPerDay === null ? "" : String(caps.maxPerDay));
  const [perWeek, setPerWeek] = useState(caps.maxPerWeek ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  // What the server holds, once it answers again (a save, another tab).
  useEffect(() => {
    setPerDay(caps.maxPerDay === null ? "" : String(caps.maxPerDay));
    setPerWeek(caps.maxPerWeek ?? "");
  }, [caps.maxPerDay, caps.maxPerWeek]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.mutateAsync({ maxPerDay: dayCap(perDay) as number | null, maxPerWeek: weekCap(perWeek) }).then(
      () => toast({ title: "Business caps saved" }),
      (err: unknown) =>
        err instanceof ApiError && err.errors
          ? setErrors(err.errors)
          : toast({ title: "Could not save the caps", description: err instanceof Error ? err.message : "Please try again.", variant: "destructive" }),
    );
  };

  const used = `Today ${caps.boughtToday} ${caps.boughtToday === 1 ? "lead" : "leads"}${caps.maxPerDay === null ? "" : ` of ${caps.maxPerDay}`} · this week ${formatMoney(caps.spentThisWeek)}${caps.maxPerWeek === null ? "" : ` of ${formatMoney(caps.maxPerWeek)}`}, all orders together.`;
  return (
    <Card className="p-4 sm:p-5" data-testid="auto-buy-business-caps">
      <form onSubmit={submit} noValidate className="grid gap-3">
        <div>
          <h3 className="font-semibold">Caps for the whole business</h3>
          <p className="text-sm text-slate-600">Across all your orders, beside each order&apos;s own caps. Leave a box empty for no such cap.</p>
        </div>
        <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <TextField
            id="business-max-per-day"
            label="Leads a day, all orders"
            inputMode="numeric"
            autoComplete="off"
            placeholder="No cap"
            value={perDay}
            onChange={(e) => setPerDay(e.target.value)}
            error={errors.maxPerDay}
          />
          <TextField
            id="business-max-per-week"
            label="Spend a week, all orders ($)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="No cap"
            value={perWeek}
            onChange={(e) => setPerWeek(e.target.value)}
            error={errors.maxPerWeek}
          />
          <Button type="submit" disabled={save.isPending} className="max-sm:w-full">
            {save.isPending ? "Saving..." : "Save caps"}
          </Button>
        </div>
        <p className="text-sm text-slate-700" data-testid="auto-buy-business-use">
          {used}
        </p>
      </form>
    </Card>
  );
}
