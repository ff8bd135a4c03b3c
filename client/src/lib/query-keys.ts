// Query keys shared by features, so one feature can refresh what another shows without
// importing it (features never import each other).
export const QUERY_KEYS = {
  currentUser: ["/api/auth/me"],
  availableLeads: ["/api/leads"],
  purchasedLeads: ["/api/my-purchased-leads"],
  verification: ["/api/auth/verification"],
  /** The owner's team (the dashboard's Team dialog and the pipeline's "Assigned to"). */
  team: ["/api/team"],
  followUps: ["/api/lead-purchases", "follow-ups"],
  /** The business details documents print (the dashboard's Business details, the quote builder's GST). */
  business: ["/api/provider/business"],
  /** The owner's auto-buy orders and their spend (the Auto-buy tab; the live market refreshes them when a lead sells). */
  autoBuyOrders: ["/api/auto-buy-orders"],
} as const;
