// Who may do what (docs/product.md section 6, docs/product.md section 10 "Roles"): one table, read by the
// server's route guards (server/platform/access/authorize.ts `allow`) and by the screens (`can`) to show
// or hide an action. Whose record it is (one's own purchases, the owner's team) is the
// services' question, not this table's: a stranger's record is "not found", never "forbidden".
import { AUTH_MESSAGES } from "./auth-messages";
import { BAD_LEAD_MESSAGES } from "./bad-lead-messages";
import { USER_TYPES, type UserType } from "./enums";
import { MARKET_MESSAGES } from "./market-messages";
import { PIPELINE_MESSAGES } from "./pipeline-messages";

interface Rule {
  roles: readonly UserType[];
  /** What a refused role is told; any other refused role gets AUTH_MESSAGES.forbidden. */
  refusals?: Partial<Record<UserType, string>>;
  /** Refused to a user who works under a team owner, whatever the role (docs/product.md section 2). */
  notUnderAnOwner?: true;
  /** A team member passes only when their owner lets the team see it (PolicyUser.teamSeesLeadSpend). */
  teamOnlyWhenOwnerAllows?: true;
}

const DASHBOARD_USERS = ["provider", "team_member", "super_admin"] as const;
// The super admin's dashboard is the provider's plus more.
const OWNERS = ["provider", "super_admin"] as const;
const SUPER_ADMIN = ["super_admin"] as const;

/** Written here, not in shared/auto-buy-messages.ts: every page loads this table, and only this refusal of auto-buy's words. */
export const AUTO_BUY_OWNERS_ONLY = "Only the business owner can set up auto-buy";

/** What a team member is told when their owner keeps lead spend private (docs/decisions/087-lead-spend-private-from-the-team.md). */
export const LEAD_SPEND_PRIVATE = "Your business owner keeps lead spend, tax invoices and Insights private. Ask them to share it in Team Management.";

export const POLICY = {
  seeOwnAccount: { roles: USER_TYPES },
  /** The dashboard's route table and screens. */
  useDashboard: { roles: DASHBOARD_USERS },
  /** Team members work their owner's service area. */
  updateServiceArea: { roles: OWNERS },
  manageTeam: { roles: OWNERS, notUnderAnOwner: true },
  viewMarket: { roles: OWNERS },
  /** The market opens on all of Australia instead of the service area (docs/product.md section 12). */
  startMarketOnAllAustralia: { roles: SUPER_ADMIN },
  /** Buy or claim a lead, and price it with a discount code on the way. */
  buyLeads: { roles: OWNERS, refusals: { team_member: MARKET_MESSAGES.teamCannotBuy, customer: MARKET_MESSAGES.onlyElectricians } },
  /** Claim any lead at $0 before its price falls there ("Admin Access - No Payment Required"). */
  claimLeadsFree: { roles: SUPER_ADMIN },
  /** Full customer name, phone, email and address on available leads. */
  seeCustomersBeforePurchase: { roles: SUPER_ADMIN },
  archiveAvailableLead: { roles: SUPER_ADMIN },
  /** The pipeline: purchases, stages, job details, history, export. */
  usePipeline: { roles: DASHBOARD_USERS },
  /** Stages and history of every buyer's purchases, not only one's own. */
  workOnAnyPurchase: { roles: SUPER_ADMIN },
  addManualLead: { roles: DASHBOARD_USERS },
  /** A manual lead goes on the marketplace instead of into one's own pipeline. */
  addLeadToMarket: { roles: SUPER_ADMIN },
  archivePurchase: { roles: OWNERS, refusals: { team_member: PIPELINE_MESSAGES.teamCannot } },
  /** Give a job to a member of one's own team (docs/decisions/031); the service checks the team. */
  assignJobs: { roles: OWNERS, refusals: { team_member: PIPELINE_MESSAGES.teamCannot }, notUnderAnOwner: true },
  /** Unpurchase and "To Lead": the purchase goes back to the marketplace. */
  releasePurchase: { roles: SUPER_ADMIN },
  /** The business details quotes and invoices print (docs/decisions/051): the team reads them, the owner changes them. */
  changeBusinessDetails: { roles: OWNERS, refusals: { team_member: PIPELINE_MESSAGES.businessOwnerOnly }, notUnderAnOwner: true },
  /** Only the buyer reports; the team sees the outcome. */
  reportBadLead: { roles: OWNERS, refusals: { team_member: BAD_LEAD_MESSAGES.teamCannot } },
  seeOwnBadLeadReports: { roles: DASHBOARD_USERS },
  /** The one public reply to a review of one's own jobs (docs/decisions/058-reviews.md); the service checks it is theirs. */
  replyToReviews: { roles: OWNERS, refusals: { team_member: "Only the business owner can reply to reviews." }, notUnderAnOwner: true },
  /**
   * Auto-buy orders (docs/decisions/063-auto-buy-orders.md): the business owner's alone, as the sale is made in
   * their name on their card; the super admin claims for the operator and buys nothing standing.
   */
  useAutoBuy: {
    roles: ["provider"],
    refusals: { team_member: AUTO_BUY_OWNERS_ONLY, customer: AUTO_BUY_OWNERS_ONLY, super_admin: AUTO_BUY_OWNERS_ONLY },
    notUnderAnOwner: true,
  },
  /**
   * What the business spends on leads: our tax invoices, adjustment notes and monthly statements, Insights'
   * return on lead spend and the lead fees in Purchase History. The owner chooses whether the team sees them
   * (docs/decisions/087-lead-spend-private-from-the-team.md); private by default.
   */
  seeLeadSpend: { roles: DASHBOARD_USERS, refusals: { team_member: LEAD_SPEND_PRIVATE }, teamOnlyWhenOwnerAllows: true },
  /** New-lead alerts (docs/decisions/029): a team member's match their owner's market. */
  receiveLeadAlerts: { roles: ["provider", "team_member"] },
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof POLICY;

export interface PolicyUser {
  userType: UserType;
  teamOwnerId?: number | null;
  /** An owner's choice, or a team member's owner's (shared/auth.ts CurrentUser). */
  teamSeesLeadSpend?: boolean;
}

/** Why this user may not do this, or null when they may. Signed out is the guard's 401, not a refusal here. */
export function refusal(user: PolicyUser, action: Action): string | null {
  const rule: Rule = POLICY[action];
  const keptFromTeam = rule.teamOnlyWhenOwnerAllows && user.userType === "team_member" && !user.teamSeesLeadSpend;
  if (rule.roles.includes(user.userType) && !(rule.notUnderAnOwner && user.teamOwnerId != null) && !keptFromTeam) return null;
  return rule.refusals?.[user.userType] ?? AUTH_MESSAGES.forbidden;
}

export function can(user: PolicyUser | null | undefined, action: Action): boolean {
  return !!user && refusal(user, action) === null;
}

/**
 * Whether the licence check (docs/decisions/033-vetted-electricians.md) applies: the super admin
 * holds no licence and claims for the operator, so the server lets them buy unvetted and the
 * screens ask for no licence. Everyone else on the dashboard buys under a checked licence.
 */
export const needsLicence = (user: PolicyUser) => user.userType !== "super_admin";

/** Where a user lands after signing in (docs/product.md section 2, Login): the app and the sign-in form's answer agree. */
export function homePathFor(user: PolicyUser | null): string {
  return can(user, "useDashboard") ? "/dashboard" : "/";
}
