// Back from a bank's own check of the card (docs/decisions/065-auto-buy-screens.md): when a bank
// sends the owner away to confirm the card, Stripe brings them back to
// /dashboard?autoBuyOrder=<id>&setup_intent=<id>&redirect_status=succeeded|failed. The dashboard
// opens the Auto-buy tab, the tab hands the SetupIntent to the server as the sheet would have,
// and the address loses the markers so a reload does not send it again.
import { useEffect, useRef } from "react";
import { useLocation, useSearch } from "wouter";
import { AUTO_BUY_MESSAGES } from "@shared/auto-buy-messages";
import { toast } from "@/components/ui/use-toast";
import { useSaveCard } from "./api/orders";
import { ORDER_PARAM } from "./card-return";

export function useBackFromBank() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const save = useSaveCard();
  const handled = useRef(false);
  useEffect(() => {
    const params = new URLSearchParams(search);
    const orderId = Number(params.get(ORDER_PARAM));
    if (handled.current || !params.has(ORDER_PARAM)) return;
    handled.current = true;
    navigate("/dashboard", { replace: true });
    const setupIntentId = params.get("setup_intent");
    if (!Number.isInteger(orderId) || !setupIntentId || params.get("redirect_status") !== "succeeded")
      return void toast({ title: AUTO_BUY_MESSAGES.cardNotConfirmed, variant: "destructive" });
    save.mutateAsync({ id: orderId, setupIntentId }).then(
      () => toast({ title: "Card saved for this order" }),
      (err: unknown) =>
        toast({ title: AUTO_BUY_MESSAGES.cardNotConfirmed, description: err instanceof Error ? err.message : undefined, variant: "destructive" }),
    );
  }, [search, navigate, save]);
}
