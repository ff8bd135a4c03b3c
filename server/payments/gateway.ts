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
  /** Give money back (bad-lead credits). The key makes a retried refund happen once. */
  refund(authorisationId: string, amountCents: number | undefined, options: { idempotencyKey: string }): Promise<void>;
}

export type ReleaseOutcome = "cancelled" | "refunded" | "untouched";
