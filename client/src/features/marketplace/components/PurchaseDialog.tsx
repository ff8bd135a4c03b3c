import { useQueryClient } from "@tanstack/react-query";
import { Lock, ShieldCheck, Tag } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import type { CurrentUser } from "@shared/auth";
import type { BuyerForm, LeadRemovalReason, MarketLead } from "@shared/marketplace";
import { MARKET_MESSAGES } from "@shared/market-messages";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { usePublicConfig } from "@/lib/use-public-config";
import { ApiError } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";
import { formatMoney } from "@/lib/format";
import { AVAILABLE_LEADS_KEY } from "../api/available-leads";
import { useBuyerDetails, type BuyerField } from "../buyer-details";
import { can } from "@shared/policy";
import { priceNow } from "@shared/price-now";
import { createPaymentIntent, usePurchaseLead, validateDiscountCode, type AppliedDiscount, type PurchaseResult } from "../api/purchase";
import { useServerNow } from "./LivePrice";

const StripeCardForm = lazy(() => import("./StripeCardForm"));

interface PurchaseDialogProps {
  lead: MarketLead | null;
  /** The live market says this lead has just left the market (sold or archived). */
  gone: LeadRemovalReason | null;
  user: CurrentUser;
  clockOffsetMs: number;
  /** Why this account cannot buy (pending, rejected, expired licence); the dialog explains it instead of offering to pay (docs/decisions/033). */
  cannotBuy?: string | null;
  onClose: () => void;
  onPurchased: (result: PurchaseResult) => void;
}

/** What the customer's job page will show of the buyer: a rating only where real reviews stand behind it (docs/decisions/060-public-profiles.md). */
function standingText(e: PurchaseResult["electrician"] | undefined) {
  if (!e?.profilePath) return "";
  const rating = e.rating.average === null ? "no reviews yet" : `rated ${e.rating.average} from ${e.rating.count} review${e.rating.count === 1 ? "" : "s"}`;
  return `The customer sees your profile (${rating}) at ${e.profilePath}.`;
}

/** The buyer form's fields (docs/product.md section 5 "Buyer form"), as the phone's keyboard and autofill should read them. */
const BUYER_FIELDS: { name: BuyerField; label: string; type: string; autoComplete: string }[] = [
  { name: "buyerName", label: "Your name", type: "text", autoComplete: "name" },
  { name: "buyerEmail", label: "Email", type: "email", autoComplete: "email" },
  { name: "buyerPhone", label: "Phone", type: "tel", autoComplete: "tel" },
  { name: "buyerCompany", label: "Company (optional)", type: "text", autoComplete: "organization" },
];

export function PurchaseDialog({ lead, gone, user, clockOffsetMs, cannotBuy, onClose, onPurchased }: PurchaseDialogProps) {
  return (
    <Dialog open={lead !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onOpenAutoFocus={(e) => {
          // Start on the buy button, not in a prefilled field: one tap to buy.
          e.preventDefault();
          (e.currentTarget as HTMLElement).querySelector<HTMLElement>("[data-primary]")?.focus();
        }}
      >
        {lead && cannotBuy && <CannotBuyBody reason={cannotBuy} onClose={onClose} />}
        {lead && !cannotBuy && (
          <PurchaseBody key={lead.id} lead={lead} gone={gone} user={user} clockOffsetMs={clockOffsetMs} onClose={onClose} onPurchased={onPurchased} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CannotBuyBody({ reason, onClose }: { reason: string; onClose: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-brand-700" aria-hidden /> You can't buy leads yet
        </DialogTitle>
        <DialogDescription>{reason}</DialogDescription>
      </DialogHeader>
      <p className="text-sm text-slate-600">Only licensed electricians we have checked can buy leads: it is how customers know who is coming.</p>
      <Button data-primary onClick={onClose}>
        OK
      </Button>
    </>
  );
}

function PurchaseBody({ lead, gone, user, clockOffsetMs, onClose, onPurchased }: PurchaseDialogProps & { lead: MarketLead }) {
  const queryClient = useQueryClient();
  const { paymentsMode, stripePublishableKey } = usePublicConfig();
  const purchase = usePurchaseLead();
  const now = useServerNow(clockOffsetMs);
  const [code, setCode] = useState("");
  const [discount, setDiscount] = useState<AppliedDiscount | null>(null);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const details = useBuyerDetails(user);
  const [codeError, setCodeError] = useState<string | null>(null);
  /** The checked details a card payment goes on with, once its form shows. */
  const [payer, setPayer] = useState<BuyerForm | null>(null);
  /**
   * From Buy until the sale or the card form is asked for: the details are checked first, and the
   * schema may still be on its way. The ref stops a second tap before the buttons show it.
   */
  const [checking, setChecking] = useState(false);
  const checkingNow = useRef(false);
  /** False once the dialog has closed (Cancel, or the lead went meanwhile): a Buy still waiting then sends nothing. */
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  // Gone while this buyer looked: close with why. Not while their own purchase is under way or
  // done: then it is theirs (or their 409 says someone was first).
  useEffect(() => {
    if (!gone || purchase.isPending || purchase.isSuccess) return;
    toast({ title: gone === "sold" ? MARKET_MESSAGES.soldToAnother : MARKET_MESSAGES.archivedMeanwhile, variant: "destructive" });
    onClose();
  }, [gone, purchase.isPending, purchase.isSuccess, onClose]);

  const adminClaim = can(user, "claimLeadsFree");
  const { discountAmountCents, amountCents, isClaim } = priceNow(lead, discount, adminClaim, now);
  const needsCard = !isClaim && amountCents > 0 && paymentsMode === "stripe";

  async function buy(body: Parameters<typeof purchase.mutateAsync>[0]["body"]) {
    try {
      const result = await purchase.mutateAsync({ leadId: lead.id, body });
      if (adminClaim) toast({ title: "Lead claimed", description: MARKET_MESSAGES.adminClaim });
      else if (result.purchase.amountPaid === "0.00") toast({ title: "Lead claimed", description: "The lead is yours. Customer details are unlocked." });
      // The server's words: in demo mode they say no card was charged (decision 037).
      else
        toast({
          title: paymentsMode === "stripe" ? "Payment Successful" : "Demo purchase",
          description: `${result.message} ${standingText(result.electrician)}`,
        });
      onPurchased(result);
    } catch (err) {
      const message = err instanceof Error ? err.message : "Please try again.";
      if (err instanceof ApiError && err.status === 409 && message === MARKET_MESSAGES.alreadySold) {
        toast({ title: "Someone else bought this lead first", description: "The list has been refreshed.", variant: "destructive" });
        await queryClient.invalidateQueries({ queryKey: AVAILABLE_LEADS_KEY });
        onClose();
      } else if (err instanceof ApiError && err.status === 403) {
        // Vetted electricians (docs/decisions/033): the licence check refused (approval withdrawn, licence just expired), or
        // the customer is the buyer's own (docs/decisions/073): the server's reason, and the dashboard's notice catches up.
        toast({ title: "Purchase refused", description: message, variant: "destructive" });
        await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.verification });
        onClose();
      } else if (isClaim) {
        toast({ title: "Error claiming lead", description: "Please try again.", variant: "destructive" });
      } else {
        toast({ title: "Error", description: `Failed to purchase lead: ${message}`, variant: "destructive" });
      }
    }
  }

  async function applyCode() {
    try {
      const { discountType, discountValue } = await validateDiscountCode(code.trim());
      setDiscount({ code: code.trim(), discountType, discountValue });
      setCodeError(null);
      setClientSecret(null);
    } catch (err) {
      setCodeError(err instanceof Error ? err.message : "This discount code is not valid");
      setDetailsOpen(true);
    }
  }

  async function submitBuyer(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (checkingNow.current) return;
    const form = e.currentTarget;
    setCodeError(null);
    checkingNow.current = true;
    setChecking(true);
    try {
      const checked = await details.check().catch(() => null);
      if (!shown.current) return;
      if (!checked) {
        // The schema's chunk did not come. A browser keeps a failed module load until the page is
        // loaded again, so only a reload brings it; nothing was sent.
        toast({ title: "Your details could not be checked", description: "Reload the page, then tap Purchase again.", variant: "destructive" });
        return;
      }
      const { buyer, wrong } = checked;
      if (buyer) return await onValidBuyer(buyer);
      // Unfolded, with the caret in the first wrong field on screen (each field's id is its name).
      setDetailsOpen(true);
      const first = BUYER_FIELDS.find((f) => wrong[f.name]);
      if (first) requestAnimationFrame(() => form.querySelector<HTMLElement>(`#${first.name}`)?.focus());
    } finally {
      checkingNow.current = false;
      setChecking(false);
    }
  }

  async function onValidBuyer(buyer: BuyerForm) {
    if (!needsCard) return buy({ ...buyer, paymentStatus: "completed", discountCode: discount?.code });
    setPayer(buyer);
    try {
      const intent = await createPaymentIntent(lead.id, discount?.code);
      if (!intent.clientSecret) throw new Error("No client secret received from server");
      setClientSecret(intent.clientSecret);
    } catch (err) {
      toast({
        title: "Payment Error",
        description: err instanceof Error ? err.message : "Failed to process payment. Please try again.",
        variant: "destructive",
      });
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{isClaim ? "Claim this lead" : "Purchase this lead"}</DialogTitle>
        <DialogDescription>
          {lead.jobReference}
          {lead.location && ` · ${lead.location}`}. It is sold to one electrician only.
        </DialogDescription>
      </DialogHeader>

      <div className="mb-4 flex items-center justify-between rounded-xl bg-slate-50 p-4">
        <span className="text-sm text-slate-600">{adminClaim ? "Admin claim" : "Price now"}</span>
        <span className="text-2xl font-extrabold text-brand-800" data-testid="dialog-price">
          {amountCents === 0 ? "FREE" : formatMoney(amountCents / 100)}
        </span>
      </div>

      {adminClaim && (
        <p className="mb-4 flex items-center gap-2 text-sm font-medium text-green-700">
          <ShieldCheck className="size-4" /> {MARKET_MESSAGES.adminClaim}
        </p>
      )}

      {isClaim ? (
        <Button data-primary className="w-full" size="lg" variant="spark" disabled={purchase.isPending} onClick={() => buy({ paymentStatus: "completed" })}>
          {purchase.isPending ? "Claiming..." : adminClaim ? "Claim" : "Claim FREE"}
        </Button>
      ) : clientSecret && stripePublishableKey ? (
        <Suspense fallback={<p className="text-sm text-slate-500">Loading secure card form...</p>}>
          <StripeCardForm
            publishableKey={stripePublishableKey}
            clientSecret={clientSecret}
            payLabel={`Pay ${formatMoney(amountCents / 100)}`}
            onAuthorised={(paymentIntentId) => buy({ ...(payer ?? details.values), paymentIntentId, discountCode: discount?.code })}
            onFailure={(title, description) => toast({ title, description, variant: "destructive" })}
          />
        </Suspense>
      ) : (
        <form onSubmit={submitBuyer} className="space-y-3" noValidate>
          {paymentsMode === "demo" && <p className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">Demo mode - no card will be charged</p>}
          {/* Prefilled from the profile: folded away so a buyer on a phone taps once more, not scrolls. */}
          <details open={detailsOpen} onToggle={(e) => setDetailsOpen(e.currentTarget.open)} className="rounded-lg border border-slate-200 p-3">
            <summary className="cursor-pointer text-sm font-medium text-slate-700">
              Buyer details: {details.values.buyerName || "add your name"} · {details.values.buyerEmail || "add your email"}
            </summary>
            <div className="mt-3 space-y-3">
              {BUYER_FIELDS.map(({ name, label, type, autoComplete }) => (
                <FormField key={name} id={name} label={label} error={details.errors[name]}>
                  {(control) => (
                    <Input
                      type={type}
                      autoComplete={autoComplete}
                      {...control}
                      name={name}
                      value={details.values[name] ?? ""}
                      onChange={(e) => details.change(name, e.target.value)}
                    />
                  )}
                </FormField>
              ))}
              <FormField id="discountCode" label="Discount code" error={codeError ?? undefined}>
                {(control) => (
                  <div className="flex gap-2">
                    <Input
                      {...control}
                      value={code}
                      onChange={(e) => {
                        setCode(e.target.value);
                        setCodeError(null);
                      }}
                      placeholder="Optional"
                      autoComplete="off"
                    />
                    <Button type="button" variant="outline" disabled={!code.trim() || checking} onClick={applyCode}>
                      <Tag aria-hidden /> Apply
                    </Button>
                  </div>
                )}
              </FormField>
            </div>
          </details>
          {discount && (
            <p className="text-sm text-green-700" data-testid="discount-applied">
              Code {discount.code} applied: {formatMoney(discountAmountCents / 100)} off
              {discount.discountType === "percentage" && ` (${Number(discount.discountValue)}% of the price now)`}
            </p>
          )}
          <Button data-primary type="submit" className="w-full" size="lg" variant="spark" disabled={purchase.isPending || checking}>
            <Lock aria-hidden />
            {purchase.isPending ? "Processing..." : needsCard ? "Continue to payment" : `Buy for ${formatMoney(amountCents / 100)}`}
          </Button>
        </form>
      )}
    </>
  );
}
