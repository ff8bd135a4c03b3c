// Query keys shared by features, so one feature can refresh what another shows without
// importing it (features never import each other).
export const QUERY_KEYS = {
  currentUser: ["/api/auth/me"],
  availableLeads: ["/api/leads"],
  purchasedLeads: ["/api/my-purchased-leads"],
  verification: ["/api/auth/verification"],
} as const;
