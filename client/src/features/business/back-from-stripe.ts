// Back from Stripe's set-up pages (docs/decisions/056, 057): Stripe sends the owner to
// /dashboard?stripe=return when they finish or leave, and ?stripe=refresh when its link has
// expired. Either way Business details open, where Get paid online shows the account as the
// server now has it (and, after an expired link, the button to carry on); the address loses the
// marker so a reload does not open them again.
import { useEffect } from "react";

const STRIPE_RETURN_PARAM = "stripe";

export function useBackFromStripe(openBusinessDetails: () => void) {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(STRIPE_RETURN_PARAM)) return;
    url.searchParams.delete(STRIPE_RETURN_PARAM);
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    openBusinessDetails();
    // Once, when the dashboard first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
