// Payments behind one small interface (docs/decisions/011): Stripe with manual capture, or demo
// mode where nothing is charged. The sale logic never knows which one it talks to.

export interface Authorisation {
  id: string;
  clientSecret: string;
  amountCents: number;
}

export interface AuthorisationCheck {
  leadId: number;
  buyerId: number;
  /** The server's price now; the authorisation must cover it. */
  amountCents: number;
}

/** A card being saved for an auto-buy order (docs/decisions/063-auto-buy-orders.md): the browser confirms `clientSecret`. */
export interface CardSetup {
  setupIntentId: string;
  clientSecret: string;
  /** The owner's Stripe customer the card is saved to: made once per owner, then reused. */
  customerId: string;
}

export interface SavedCard {
  paymentMethodId: string;
  brand: string | null;
  last4: string | null;
}

export interface PaymentGateway {
  readonly mode: "stripe" | "demo";
  /** Reserve the amount on the buyer's card (Stripe: PaymentIntent, capture_method manual). */
  authorise(input: { amountCents: number; leadId: number; buyerId: number; description: string }): Promise<Authorisation>;
  /** Throws AppError when the authorisation is not usable for this lead, buyer and amount. */
  verify(authorisationId: string, check: AuthorisationCheck): Promise<void>;
  /** Take the money for the winner: exactly `amountCents`, at most what was authorised. */
  capture(authorisationId: string, amountCents: number): Promise<void>;
  /** Release the reservation of a buyer who lost the lead. */
  cancel(authorisationId: string): Promise<void>;
  /**
   * After a failed (or $0) sale: cancel the buyer's reservation if it is still held
   * (requires_capture). A captured one is refunded only when `capturedHere`: this very
   * request captured it and its sale did not commit. Touches only an authorisation made for
   * this lead and buyer; anything else is left as it is ("untouched").
   */
  release(authorisationId: string, owner: { leadId: number; buyerId: number }, options: { capturedHere: boolean }): Promise<ReleaseOutcome>;
  /**
   * Start saving a card for off-session charges (Stripe: a SetupIntent, usage off_session, on the
   * owner's customer, made here when `customerId` is null). Demo mode: null, no card is needed.
   */
  startCardSetup(input: { ownerId: number; email: string | null; orderId: number; customerId: string | null }): Promise<CardSetup | null>;
  /** The card a SetupIntent saved; throws AppError 400 unless it succeeded for this customer, owner and order. */
  confirmCardSetup(setupIntentId: string, check: { ownerId: number; orderId: number; customerId: string }): Promise<SavedCard>;
  /**
   * An auto-buy order's charge (docs/decisions/064-auto-buy-engine.md): an off-session,
   * manual-capture PaymentIntent on the owner's Stripe customer and saved card, confirmed now
   * and captured inside the sale as a manual purchase's is. A refused card throws CardDeclined.
   */
  chargeSavedCard(input: SavedCardCharge): Promise<{ intentId: string }>;
  /** Give money back (bad-lead credits). The key makes a retried refund happen once. */
  refund(authorisationId: string, amountCents: number | undefined, options: { idempotencyKey: string }): Promise<void>;
}

export type ReleaseOutcome = "cancelled" | "refunded" | "untouched";

export interface SavedCardCharge {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  leadId: number;
  buyerId: number;
  orderId: number;
}

/** The bank refused an auto-buy order's saved card (Stripe's 402 card_error): the order pauses. */
export class CardDeclined extends Error {
  constructor(
    readonly declineCode: string | null,
    message = "The card was declined",
  ) {
    super(message);
    this.name = "CardDeclined";
  }
}
