// The market card's line under a Purchase it disables (docs/decisions/085-an-honest-public-profile.md):
// the server's standing decides whether the account may buy (GET /api/auth/verification,
// docs/decisions/033); this only says it in a line, as the notice above the market says the rest.
import type { VerificationStanding } from "@shared/vetting";

export function cannotBuyOnCard(standing: Pick<VerificationStanding, "status" | "cannotBuy"> | undefined): string | null {
  if (!standing?.cannotBuy) return null;
  if (standing.status === "pending") return "You can't buy yet: your licence is being checked.";
  if (standing.status === "rejected") return "You can't buy: your licence was not approved.";
  return "You can't buy: your licence has expired.";
}
