// The address a bank's check of an auto-buy order's card comes back to (./back-from-bank.ts). No
// imports: the dashboard's own chunk reads it to start on the Auto-buy tab.
export const ORDER_PARAM = "autoBuyOrder";

/** Where Stripe sends the owner back after the bank's check of the card for `orderId`. */
export const cardReturnUrl = (orderId: number) => `${window.location.origin}/dashboard?${ORDER_PARAM}=${orderId}`;

/** Whether the dashboard was opened by such a return: it then starts on the Auto-buy tab. */
export const isBackFromBank = (search: string) => new URLSearchParams(search).has(ORDER_PARAM);
