// The Dashboard's "Auto-buy" tab for the business owner (docs/decisions/065-auto-buy-screens.md):
// their standing orders as cards, a new one, the caps for the whole business, and the public rule
// for which order goes first. A resume that would buy at once says what first (decision 083).
// Loaded with the tab, in its own chunk: the dashboard's first paint does not carry it.
import { Plus, Repeat } from "lucide-react";
import { useState } from "react";
import { AUTO_BUY_TIE_BREAK_TEXT, type AutoBuyBuysNow, type AutoBuyOrder } from "@shared/auto-buy";
import { AUTO_BUY_MAX_ORDERS, AUTO_BUY_MESSAGES } from "@shared/auto-buy-messages";
import type { CurrentUser } from "@shared/auth";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { useAutoBuyOrders, useBusinessCaps, useDeleteOrder, useNewCardSetup, useUpdateOrder } from "../api/orders";
import { useBuysNow } from "../api/preview";
import { useBackFromBank } from "../back-from-bank";
import { formOf, requestOf } from "../order-form";
import { BusinessCaps } from "./BusinessCaps";
import { BuysNowConfirm } from "./BuysNowConfirm";
import { OrderCard, type OrderAction } from "./OrderCard";
import { OrderDialog } from "./OrderDialog";
import { PauseUntilDialog } from "./PauseUntilDialog";

type Open =
  | { kind: "edit"; order: AutoBuyOrder | null }
  | { kind: "pauseUntil" | "delete"; order: AutoBuyOrder }
  | { kind: "card"; order: AutoBuyOrder; clientSecret: string }
  | { kind: "resume"; order: AutoBuyOrder; answer: AutoBuyBuysNow }
  | null;

export default function AutoBuyTab({ user }: { user: CurrentUser }) {
  const orders = useAutoBuyOrders({ live: true });
  useBackFromBank();
  const update = useUpdateOrder();
  const remove = useDeleteOrder();
  const cardSetup = useNewCardSetup();
  const businessCaps = useBusinessCaps();
  const buysNow = useBuysNow();
  const [open, setOpen] = useState<Open>(null);
  const [pauseError, setPauseError] = useState<string | null>(null);
  const list = orders.data ?? [];
  const home = { serviceLocation: user.serviceLocation ?? null, serviceRadius: user.serviceRadius ?? null };
  const full = list.length >= AUTO_BUY_MAX_ORDERS;

  const failed = (title: string) => (err: unknown) =>
    toast({ title, description: err instanceof Error ? err.message : "Please try again.", variant: "destructive" });

  const act = (order: AutoBuyOrder, action: OrderAction) => {
    if (action === "edit" || action === "pauseUntil" || action === "delete") {
      setPauseError(null);
      return setOpen({ kind: action, order });
    }
    // Another card: a fresh SetupIntent, then the sheet's own card step (decision 065).
    if (action === "card")
      return void cardSetup
        .mutateAsync(order.id)
        .then(
          (answer) =>
            answer.setup
              ? setOpen({ kind: "card", order, clientSecret: answer.setup.clientSecret })
              : toast({ title: "Card payments are not set up on this site", variant: "destructive" }),
          failed("Could not ask for a card"),
        );
    if (action === "pause") return setStatus(order, "paused");
    // Resuming may buy at once: what, first (docs/decisions/083-auto-buy-says-what-it-buys.md).
    buysNow
      .mutateAsync({ ...requestOf(formOf(order)), orderId: order.id })
      .then(
        (answer) => (answer.leads.length > 0 ? setOpen({ kind: "resume", order, answer }) : setStatus(order, "active")),
        failed("Could not resume the order"),
      );
  };

  const setStatus = (order: AutoBuyOrder, status: "paused" | "active") =>
    update.mutateAsync({ id: order.id, change: { status } }).then(
      () => {
        toast({ title: status === "paused" ? AUTO_BUY_MESSAGES.paused : AUTO_BUY_MESSAGES.resumed });
        setOpen(null);
      },
      failed(status === "paused" ? "Could not pause the order" : "Could not resume the order"),
    );

  return (
    <section className="space-y-4" aria-labelledby="auto-buy-heading" data-testid="auto-buy-tab">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="auto-buy-heading" className="flex items-center gap-2 text-xl font-semibold">
            <Repeat className="size-5 text-brand-700" aria-hidden /> Auto-buy
          </h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            Standing orders buy a matching lead for you the moment its falling price reaches your maximum, never past your daily and weekly caps.
          </p>
        </div>
        <Button onClick={() => setOpen({ kind: "edit", order: null })} disabled={full || orders.isLoading} className="max-sm:w-full">
          <Plus aria-hidden /> New order
        </Button>
      </div>
      {full && <p className="text-sm text-slate-600">{AUTO_BUY_MESSAGES.tooManyOrders}.</p>}
      <p className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700" data-testid="auto-buy-tie-break">
        <span className="font-semibold">Who buys first: </span>
        {AUTO_BUY_TIE_BREAK_TEXT} A buyer on the market and an order compete on equal terms: the first to pay gets the lead.
      </p>

      {businessCaps.data && <BusinessCaps caps={businessCaps.data} />}

      {orders.isError && (
        <Alert variant="destructive">{orders.error instanceof ApiError ? orders.error.message : "Could not load your orders. Try again."}</Alert>
      )}
      {orders.isLoading && (
        <div role="status" aria-label="Loading your orders" className="h-48 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none" />
      )}
      {orders.isSuccess && list.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
          No auto-buy orders yet. Make one to buy the leads you want while you are on the tools.
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        {list.map((order) => (
          <OrderCard
            key={order.id}
            order={order}
            home={home}
            busy={
              (update.isPending && update.variables?.id === order.id) ||
              (cardSetup.isPending && cardSetup.variables === order.id) ||
              (buysNow.isPending && buysNow.variables?.orderId === order.id)
            }
            onAction={(action) => act(order, action)}
          />
        ))}
      </div>

      {open?.kind === "edit" && <OrderDialog order={open.order} user={user} onClose={() => setOpen(null)} />}
      {open?.kind === "card" && (
        <OrderDialog order={open.order} user={user} card={{ orderId: open.order.id, clientSecret: open.clientSecret }} onClose={() => setOpen(null)} />
      )}
      {open?.kind === "resume" && (
        <Dialog open onOpenChange={(next) => !next && setOpen(null)}>
          <DialogContent data-testid="auto-buy-resume-dialog">
            <DialogHeader>
              <DialogTitle>Resume and buy now?</DialogTitle>
              <DialogDescription>This order is paused. Resumed, it buys these leads at once.</DialogDescription>
            </DialogHeader>
            <BuysNowConfirm
              answer={open.answer}
              doing="Resuming"
              confirmLabel={`Resume and buy ${open.answer.leads.length} now`}
              busy={update.isPending}
              onConfirm={() => void setStatus(open.order, "active")}
              onBack={() => setOpen(null)}
            />
          </DialogContent>
        </Dialog>
      )}
      {open?.kind === "pauseUntil" && (
        <PauseUntilDialog
          open
          busy={update.isPending}
          error={pauseError}
          onCancel={() => setOpen(null)}
          onPause={(until) =>
            update.mutateAsync({ id: open.order.id, change: { pausedUntil: until.toISOString() } }).then(
              () => {
                toast({ title: AUTO_BUY_MESSAGES.paused });
                setOpen(null);
              },
              (err: unknown) => setPauseError(err instanceof ApiError ? (err.errors?.pausedUntil ?? err.message) : "Could not pause the order. Try again."),
            )
          }
        />
      )}
      <ConfirmDialog
        open={open?.kind === "delete"}
        title="Delete this auto-buy order?"
        description="It stops buying at once. Leads it already bought stay in your pipeline, marked Auto-bought."
        confirmLabel="Delete order"
        destructive
        busy={remove.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => {
          if (open?.kind !== "delete") return;
          remove.mutateAsync(open.order.id).then(() => {
            toast({ title: AUTO_BUY_MESSAGES.deleted });
            setOpen(null);
          }, failed("Could not delete the order"));
        }}
      />
    </section>
  );
}
