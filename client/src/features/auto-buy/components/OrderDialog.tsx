// Create or edit an auto-buy order (docs/decisions/065-auto-buy-screens.md): a bottom sheet on a
// phone, every target 44 px, decimal keyboards for money, the suburb from the suburbs table, and
// before saving what the order would have bought in the last 30 days. A save that would buy at
// once names those leads and asks first (docs/decisions/083-auto-buy-says-what-it-buys.md). In
// Stripe mode a new order then asks for the card it will charge; an order without a good card
// opens straight on that step.
import { forwardRef, lazy, Suspense, useState, type InputHTMLAttributes } from "react";
import { Controller, useForm } from "react-hook-form";
import { type AutoBuyBuysNow, type AutoBuyOrder, type AutoBuyOrderCreateRequest } from "@shared/auto-buy";
import { AUTO_BUY_MESSAGES } from "@shared/auto-buy-messages";
import type { CurrentUser } from "@shared/auth";
import { MARKET_CHOICES, withChosen } from "@shared/labels";
import { LEAD_SCORE_MAX } from "@shared/lead-score";
import { AddressField } from "@/components/address/AddressField";
import { Alert } from "@/components/ui/alert";
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField, TextField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { usePublicConfig } from "@/lib/use-public-config";
import { cn } from "@/lib/utils";
import { useCreateOrder, useSaveCard, useUpdateOrder } from "../api/orders";
import { useBuysNow, useOrderPreview } from "../api/preview";
import { fieldOf, formOf, NEW_ORDER, orderResolver, previewable, requestOf, type AreaKind, type OrderForm } from "../order-form";
import { areaText, previewText } from "../order-text";
import { BuysNowConfirm } from "./BuysNowConfirm";
import { ChoiceChips } from "./ChoiceChips";

/** Stripe.js and its card element load only when a card is asked for. */
const CardSetup = lazy(() => import("./CardSetup"));

/** The SetupIntent whose card the sheet asks for. */
interface CardToConfirm {
  orderId: number;
  clientSecret: string;
}

interface OrderDialogProps {
  /** null: a new order. */
  order: AutoBuyOrder | null;
  user: CurrentUser;
  /** Set: the sheet only asks for this card (another card for an existing order, POST .../card-setup). */
  card?: CardToConfirm;
  onClose: () => void;
}

export function OrderDialog({ order, user, card: cardAsked, onClose }: OrderDialogProps) {
  const [card, setCard] = useState<CardToConfirm | null>(cardAsked ?? null);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="auto-buy-dialog" onOpenAutoFocus={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{card ? "The card for this order" : order ? "Edit auto-buy order" : "New auto-buy order"}</DialogTitle>
          <DialogDescription>
            {card
              ? "Each lead the order buys is charged to this card, at the price of that moment."
              : "It buys each matching lead for you once its falling price reaches your maximum, within your daily and weekly caps."}
          </DialogDescription>
        </DialogHeader>
        {card ? (
          <CardStep {...card} onDone={onClose} />
        ) : (
          <OrderFormBody order={order} user={user} onSaved={(created) => (created ? setCard(created) : onClose())} onCancel={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The order's three "any of these" filters, each a row of chips: what a lead on the market can
 * carry, in the cards' words (docs/decisions/088-one-list-of-each-choice.md).
 */
const CHOICES = [
  { name: "serviceTypes", legend: "Service types", field: "serviceType" },
  { name: "propertyTypes", legend: "Property types", field: "propertyType" },
  { name: "urgencies", legend: "Urgencies", field: "urgency" },
] as const;

const AREA_CHOICES: Array<{ value: AreaKind; label: string }> = [
  { value: "service_area", label: "My service area" },
  { value: "base", label: "A distance from my base" },
  { value: "suburb", label: "Around a suburb" },
];

function OrderFormBody({
  order,
  user,
  onSaved,
  onCancel,
}: {
  order: AutoBuyOrder | null;
  user: CurrentUser;
  /** With the SetupIntent when the new order needs its card confirmed. */
  onSaved: (card: CardToConfirm | null) => void;
  onCancel: () => void;
}) {
  const config = usePublicConfig();
  const create = useCreateOrder();
  const update = useUpdateOrder();
  const form = useForm<OrderForm>({ defaultValues: order ? formOf(order) : NEW_ORDER, resolver: orderResolver, mode: "onTouched" });
  const { errors } = form.formState;
  const values = form.watch();
  const preview = useOrderPreview(previewable(values) ? requestOf(values) : null);
  const [problem, setProblem] = useState<string | null>(null);
  const buysNow = useBuysNow();
  /** The answer to "what would saving buy now?", with the body it was asked for, while the owner decides. */
  const [confirming, setConfirming] = useState<{ answer: AutoBuyBuysNow; body: AutoBuyOrderCreateRequest } | null>(null);
  // A paused order stays paused when edited: its save buys nothing, so there is nothing to ask.
  const saveMayBuy = !order || order.status === "active";

  const submit = form.handleSubmit(async (typed) => {
    const body = requestOf(typed);
    if (!saveMayBuy) return save(body);
    setProblem(null);
    try {
      const answer = await buysNow.mutateAsync({ ...body, orderId: order?.id ?? null });
      if (answer.leads.length > 0) return setConfirming({ answer, body });
    } catch (err) {
      return showProblem(err);
    }
    await save(body);
  });

  async function save(body: AutoBuyOrderCreateRequest) {
    setProblem(null);
    try {
      if (order) {
        await update.mutateAsync({ id: order.id, change: body });
        toast({ title: AUTO_BUY_MESSAGES.created });
        return onSaved(null);
      }
      const created = await create.mutateAsync(body);
      toast({ title: AUTO_BUY_MESSAGES.created });
      onSaved(created.setup ? { orderId: created.id, clientSecret: created.setup.clientSecret } : null);
    } catch (err) {
      setConfirming(null);
      showProblem(err);
    }
  }

  /** The server's words under the field they are about (docs/product.md section 5); the rest above the buttons. */
  function showProblem(err: unknown) {
    let placed = false;
    if (err instanceof ApiError && err.errors)
      for (const [path, message] of Object.entries(err.errors)) {
        const field = fieldOf(path);
        if (field) {
          form.setError(field, { message }, { shouldFocus: !placed });
          placed = true;
        }
      }
    if (!placed) setProblem(err instanceof Error ? err.message : "Could not save the order. Check your signal and try again.");
  }

  const area = values.area;
  const home = { serviceLocation: user.serviceLocation ?? null, serviceRadius: user.serviceRadius ?? null };

  const n = confirming?.answer.leads.length ?? 0;
  return (
    <>
      {confirming && (
        <BuysNowConfirm
          answer={confirming.answer}
          // A new order in Stripe mode buys once its card is saved, the next step.
          doing={config.paymentsMode === "stripe" && !order ? "Once its card is saved, this order" : "Saving"}
          confirmLabel={`Save and buy ${n} now`}
          busy={create.isPending || update.isPending}
          onConfirm={() => void save(confirming.body)}
          onBack={() => setConfirming(null)}
        />
      )}
      <form onSubmit={submit} noValidate className={cn("grid gap-5", confirming && "hidden")}>
        <fieldset className="grid min-w-0 gap-2">
          <legend className="text-sm font-medium text-slate-800">Where</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {AREA_CHOICES.map((choice) => (
              <label
                key={choice.value}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-medium has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input type="radio" value={choice.value} className="size-5 shrink-0" {...form.register("area")} />
                {choice.label}
              </label>
            ))}
          </div>
          {area === "service_area" && <p className="text-sm text-slate-600">{areaText({ radiusKm: null, suburbId: null, suburbLabel: null }, home)}</p>}
          <div className={cn("grid gap-3", area === "suburb" && "sm:grid-cols-[minmax(0,1fr)_9rem]")}>
            {area === "suburb" && (
              <FormField id="auto-buy-suburb" label="Suburb" error={errors.suburbText?.message}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name="suburbText"
                    render={({ field }) => (
                      <div className="mt-1">
                        <AddressField
                          {...control}
                          suburbsOnly
                          value={field.value}
                          onBlur={field.onBlur}
                          placeholder="Suburb or postcode"
                          onChange={(text) => {
                            field.onChange(text);
                            // Typing after a pick un-picks it: the suburb must come from the list.
                            if (text !== field.value) form.setValue("suburbId", null);
                          }}
                          onSelect={(place) => {
                            form.setValue("suburbId", place.suburbId ?? null);
                            form.clearErrors("suburbText");
                          }}
                        />
                      </div>
                    )}
                  />
                )}
              </FormField>
            )}
            {area !== "service_area" && (
              <TextField
                id="auto-buy-radius"
                label="Within (km)"
                inputMode="numeric"
                autoComplete="off"
                error={errors.radiusKm?.message}
                {...form.register("radiusKm")}
              />
            )}
          </div>
        </fieldset>

        {CHOICES.map((choice) => (
          <Controller
            key={choice.name}
            control={form.control}
            name={choice.name}
            render={({ field }) => (
              <ChoiceChips
                legend={choice.legend}
                // An older order's choice the list no longer offers stays shown, so saving keeps it unless unticked.
                options={withChosen(choice.field, MARKET_CHOICES[choice.field], order?.[choice.name] ?? [])}
                value={field.value}
                onChange={field.onChange}
                error={errors[choice.name]?.message}
              />
            )}
          />
        ))}

        <div className="grid gap-3 sm:grid-cols-2">
          <ScoreField id="auto-buy-min-score" error={errors.minLeadScore?.message} {...form.register("minLeadScore")} />
          <label className="flex min-h-11 cursor-pointer items-center gap-3 self-end rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600">
            <input type="checkbox" className="size-5 shrink-0" {...form.register("verifiedMobileOnly")} />
            <span className="text-sm font-medium">Only customers whose mobile is verified</span>
          </label>
        </div>

        <fieldset className="grid min-w-0 gap-3 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-semibold text-slate-900">Price and caps</legend>
          <MoneyField id="auto-buy-max-price" label="Most per lead" error={errors.maxPrice?.message} {...form.register("maxPrice")} />
          <TextField
            id="auto-buy-max-per-day"
            label="Leads a day, at most"
            inputMode="numeric"
            autoComplete="off"
            error={errors.maxPerDay?.message}
            {...form.register("maxPerDay")}
          />
          <MoneyField id="auto-buy-max-per-week" label="Spend a week, at most" error={errors.maxPerWeek?.message} {...form.register("maxPerWeek")} />
        </fieldset>

        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" aria-live="polite" data-testid="auto-buy-preview">
          {!previewable(values)
            ? "Fill in the price and caps to see what this order would have bought."
            : preview.isError
              ? "Could not work out what this order would have bought."
              : preview.data
                ? previewText(preview.data)
                : "Looking at the last 30 days..."}
        </p>
        {config.paymentsMode === "demo" ? (
          <p className="text-sm font-medium text-slate-700" data-testid="auto-buy-demo">
            Demo mode: no card is charged
          </p>
        ) : (
          !order && <p className="text-sm text-slate-700">After saving, you confirm the card each lead is charged to.</p>
        )}
        {problem && <Alert variant="destructive">{problem}</Alert>}
        <DialogFormFooter
          onCancel={onCancel}
          busy={create.isPending || update.isPending || buysNow.isPending}
          submitLabel={order ? "Save changes" : "Save order"}
          busyLabel="Saving..."
          className="mt-0"
        />
      </form>
    </>
  );
}

/** The lowest lead score, out of 10 as the market's cards show it: "/10" inside the box. */
const ScoreField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { error?: string }>(({ error, id, ...props }, ref) => (
  <FormField
    id={id}
    label={
      <>
        Lowest lead score<span className="sr-only">, out of {LEAD_SCORE_MAX}</span>
      </>
    }
    error={error}
  >
    {(control) => (
      <div className="relative mt-1">
        <Input ref={ref} {...control} inputMode="numeric" autoComplete="off" placeholder="0" className="pr-12" {...props} />
        <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-base text-slate-500" aria-hidden data-testid="score-scale">
          /{LEAD_SCORE_MAX}
        </span>
      </div>
    )}
  </FormField>
));
ScoreField.displayName = "ScoreField";

/** A dollar field: the decimal keyboard, a "$" inside the box, the server's words under it. */
const MoneyField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string }>(
  ({ label, error, id, ...props }, ref) => (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <div className="relative mt-1">
          <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-base text-slate-500" aria-hidden>
            $
          </span>
          <Input ref={ref} {...control} inputMode="decimal" autoComplete="off" placeholder="0.00" className="pl-7" {...props} />
        </div>
      )}
    </FormField>
  ),
);
MoneyField.displayName = "MoneyField";

function CardStep({ orderId, clientSecret, onDone }: CardToConfirm & { onDone: () => void }) {
  const config = usePublicConfig();
  const save = useSaveCard();
  if (!config.stripePublishableKey) return <Alert variant="destructive">Card payments are not set up on this site. The order stays without a card.</Alert>;
  return (
    <Suspense
      fallback={<div role="status" aria-label="Loading the card form" className="h-40 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />}
    >
      <CardSetup
        orderId={orderId}
        publishableKey={config.stripePublishableKey}
        clientSecret={clientSecret}
        onConfirmed={async (setupIntentId) => {
          await save.mutateAsync({ id: orderId, setupIntentId });
          toast({ title: "Card saved for this order" });
          onDone();
        }}
      />
    </Suspense>
  );
}
