// "On my way" on the stage card (docs/decisions/049-missed-promises-and-refunds.md, "Keeping the
// customer informed"): how far away, in big buttons a thumb hits from the driver's seat, or any
// number of minutes typed; one tap texts the customer. The server sends one per 10 minutes.
import { Car } from "lucide-react";
import { useState, type FormEvent } from "react";
import { ETA_MINUTES, ETA_QUICK_CHOICES, parseEtaMinutes } from "@shared/customer-updates";
import { firstNameOf } from "@shared/customer-name";
import type { PurchasedLead } from "@shared/pipeline";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { useOnMyWay } from "../api/on-my-way";
import { etaLabel, onMyWayNotice } from "../on-my-way";

/** The card's button and its dialog. */
export function OnMyWay({ purchase }: { purchase: PurchasedLead }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" className="h-11" onClick={() => setOpen(true)}>
        <Car aria-hidden /> On my way
      </Button>
      {open && <OnMyWayDialog purchase={purchase} onClose={() => setOpen(false)} />}
    </>
  );
}

function OnMyWayDialog({ purchase, onClose }: { purchase: PurchasedLead; onClose: () => void }) {
  const send = useOnMyWay();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const customer = firstNameOf(purchase.lead.customerName);
  const inputId = `eta-${purchase.id}`;

  async function go(etaMinutes: number) {
    try {
      const answer = await send.mutateAsync({ purchaseId: purchase.id, etaMinutes });
      toast(onMyWayNotice(answer, customer, purchase.lead.state, new Date()));
      onClose();
    } catch (err) {
      toast({ variant: "destructive", title: "Could not text the customer", description: err instanceof Error ? err.message : "Please try again." });
    }
  }

  function submitTyped(event: FormEvent) {
    event.preventDefault();
    const eta = parseEtaMinutes(typed);
    if (!eta.ok) return setError(eta.message);
    setError(null);
    void go(eta.minutes);
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>How far away are you?</DialogTitle>
          <DialogDescription>We text {customer} that you are on the way and about when you will arrive.</DialogDescription>
        </DialogHeader>
        <div role="group" aria-label="Minutes away" className="grid grid-cols-3 gap-2">
          {ETA_QUICK_CHOICES.map((minutes) => (
            <Button
              key={minutes}
              variant="outline"
              className="h-auto min-h-16 text-lg font-semibold"
              disabled={send.isPending}
              onClick={() => void go(minutes)}
            >
              {etaLabel(minutes)}
            </Button>
          ))}
        </div>
        <form className="mt-4 grid gap-1.5" onSubmit={submitTyped} noValidate>
          <Label htmlFor={inputId}>Other (minutes)</Label>
          <div className="flex gap-2">
            <Input
              id={inputId}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              placeholder={`${ETA_MINUTES.min} to ${ETA_MINUTES.max}`}
              className="min-w-0 flex-1 text-lg"
              value={typed}
              aria-invalid={error !== null}
              aria-describedby={error ? `${inputId}-error` : undefined}
              onChange={(e) => setTyped(e.target.value)}
            />
            <Button type="submit" className="min-h-11" disabled={send.isPending || typed.trim() === ""}>
              Send
            </Button>
          </div>
          {error && (
            <p id={`${inputId}-error`} className="text-sm text-red-700">
              {error}
            </p>
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}
