import { AppError } from "../http/errors";
import type { PaymentGateway } from "./gateway";

/** Outside production without Stripe keys: purchases complete without a card. */
export function createDemoGateway(): PaymentGateway {
  const noCard = () => {
    throw new AppError(400, "Demo mode - no card will be charged");
  };
  return {
    mode: "demo",
    authorise: async () => noCard(),
    verify: async () => noCard(),
    capture: async () => {},
    cancel: async () => {},
    release: async () => "untouched",
    // Demo mode charges an order nothing: the engine never asks (docs/decisions/064-auto-buy-engine.md).
    chargeSavedCard: async () => noCard(),
    refund: async () => {},
    startCardSetup: async () => null,
    confirmCardSetup: async () => noCard(),
  };
}
