// Request and response shapes of accounts, sessions and the team (docs/product.md sections 3, 5, 7).
// Forms and routes parse with these same schemas, so a message shown under a field is the
// message the server would answer with.
import { z } from "zod";
import { recordIdParam } from "./ids";
import { USER_TYPES } from "./enums";
import { AUTH_MESSAGES } from "./auth-messages";
import { checkLicenceShape, licenceExpiryProblem, licenceFields } from "./vetting";
import { DEFAULT_SERVICE_RADIUS, SERVICE_RADIUS_OPTIONS } from "./service-radius";

// Field schemas shared by every form below. Upper bounds keep absurd input (and scrypt work
// on a megabyte "password") away from the server; they are far beyond honest use.
const requiredText = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
export const usernameField = requiredText(AUTH_MESSAGES.usernameRequired, 50);
export const passwordField = z
  .string({ error: AUTH_MESSAGES.passwordTooShort })
  .min(6, AUTH_MESSAGES.passwordTooShort)
  .max(200, "Password must be at most 200 characters");
export const emailField = z.string({ error: AUTH_MESSAGES.emailInvalid }).trim().max(254, AUTH_MESSAGES.emailInvalid).pipe(z.email(AUTH_MESSAGES.emailInvalid));
/** Optional email: absent, null or blank all mean "no email". */
const optionalEmailField = z.preprocess((v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v), emailField.optional());
const phoneField = z
  .string({ error: AUTH_MESSAGES.phoneTooShort })
  .trim()
  .min(10, AUTH_MESSAGES.phoneTooShort)
  .max(30, "Phone number must be at most 30 characters");

// docs/product.md section 5, Login: username at least 1, password at least 1.
export const loginRequest = z.object({
  username: requiredText(AUTH_MESSAGES.usernameRequired, 200),
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(200, AUTH_MESSAGES.invalidCredentials),
});
export type LoginRequest = z.infer<typeof loginRequest>;

// docs/product.md section 5, Customer registration.
export const customerSignupRequest = z.object({
  email: optionalEmailField,
  username: usernameField,
  password: passwordField,
  firstName: requiredText(AUTH_MESSAGES.firstNameRequired),
  lastName: requiredText(AUTH_MESSAGES.lastNameRequired),
  phone: phoneField,
});
export type CustomerSignupRequest = z.infer<typeof customerSignupRequest>;

const latitudeValue = z.coerce
  .number({ error: AUTH_MESSAGES.serviceLocationInvalid })
  .min(-90, AUTH_MESSAGES.serviceLocationInvalid)
  .max(90, AUTH_MESSAGES.serviceLocationInvalid);
const longitudeValue = z.coerce
  .number({ error: AUTH_MESSAGES.serviceLocationInvalid })
  .min(-180, AUTH_MESSAGES.serviceLocationInvalid)
  .max(180, AUTH_MESSAGES.serviceLocationInvalid);
const radiusValue = z.coerce
  .number({ error: AUTH_MESSAGES.serviceRadiusInvalid })
  .int(AUTH_MESSAGES.serviceRadiusInvalid)
  .refine((r) => (SERVICE_RADIUS_OPTIONS as readonly number[]).includes(r), AUTH_MESSAGES.serviceRadiusInvalid);

// docs/product.md section 5, Provider registration: the customer rules plus companyName and an
// optional service area; vetting adds the licence and ABN (docs/decisions/033) (shared/vetting.ts).
const providerSignupFields = customerSignupRequest.extend({
  companyName: requiredText(AUTH_MESSAGES.companyRequired, 200),
  serviceAreas: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
  serviceLocation: z.string().trim().max(300).optional(),
  serviceLatitude: latitudeValue.optional(),
  serviceLongitude: longitudeValue.optional(),
  serviceRadius: radiusValue.optional(),
  /** The single-use link from an approved callback; marks the account verified (docs/decisions/014). */
  invitationToken: z.string().trim().min(1).max(200, "This invitation link is not valid").optional(),
  ...licenceFields,
});
/** The expiry's "in the future" needs the server's clock: server/core/accounts/service.ts checks it. */
export const providerSignupRequest = providerSignupFields.superRefine(checkLicenceShape);
export type ProviderSignupRequest = z.infer<typeof providerSignupRequest>;

/**
 * The sign-up screen asks for an email even though the API lets it be left out: without
 * one a provider could never reset a forgotten password (docs/decisions/010-accounts-details.md).
 */
export const providerSignupForm = providerSignupFields
  .pick({
    firstName: true,
    lastName: true,
    phone: true,
    companyName: true,
    username: true,
    password: true,
    licenceNumber: true,
    licenceState: true,
    licenceExpiry: true,
    abn: true,
  })
  .extend({ email: emailField })
  .superRefine(checkLicenceShape)
  .superRefine((v, ctx) => {
    // The browser's clock only gives the early hint; the server's answer is the one that counts.
    const problem = licenceExpiryProblem(v.licenceExpiry, new Date());
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["licenceExpiry"] });
  });
export type ProviderSignupFormInput = z.input<typeof providerSignupForm>;
export type ProviderSignupForm = z.infer<typeof providerSignupForm>;

export const forgotPasswordRequest = z.object({ email: emailField });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const forgotPasswordResponse = z.object({ message: z.string(), resetUrl: z.string().optional() });
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponse>;

// docs/product.md section 5, Reset password: the mismatch is reported on confirmPassword.
export const resetPasswordRequest = z
  .object({
    token: z.string({ error: AUTH_MESSAGES.tokenRequired }).trim().min(1, AUTH_MESSAGES.tokenRequired).max(200, AUTH_MESSAGES.resetTokenInvalid),
    password: passwordField,
    confirmPassword: z.string({ error: AUTH_MESSAGES.confirmPassword }).min(6, AUTH_MESSAGES.confirmPassword),
  })
  .refine((v) => v.password === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDontMatch, path: ["confirmPassword"] });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

// docs/product.md section 5, Service area: location and coordinates come from a place selection.
export const updateServiceAreaRequest = z.object({
  serviceLocation: z
    .string({ error: AUTH_MESSAGES.serviceLocationInvalid })
    .trim()
    .min(1, AUTH_MESSAGES.serviceLocationInvalid)
    .max(300, AUTH_MESSAGES.serviceLocationInvalid),
  serviceLatitude: latitudeValue,
  serviceLongitude: longitudeValue,
  serviceRadius: radiusValue.default(DEFAULT_SERVICE_RADIUS),
});
export type UpdateServiceAreaRequest = z.infer<typeof updateServiceAreaRequest>;

/** GET /api/leads/area-preview: what a service area would have caught, shown before it is saved. */
export const areaPreviewQuery = z.object({ latitude: latitudeValue, longitude: longitudeValue, radius: radiusValue });
export type AreaPreviewQuery = z.infer<typeof areaPreviewQuery>;
export const AREA_PREVIEW_DAYS = 30;
export interface AreaPreview {
  /** Leads put on the market in the last `days` days whose place lies within the radius (sold ones too). */
  count: number;
  days: number;
}

// A team member as the owner creates one (docs/decisions/010): name, username, email and password.
export const teamMemberCreateRequest = z.object({
  firstName: requiredText(AUTH_MESSAGES.firstNameRequired),
  lastName: requiredText(AUTH_MESSAGES.lastNameRequired),
  username: usernameField,
  email: emailField,
  password: passwordField,
  /**
   * The member's mobile, asked when they are added: no one in a team may buy a lead whose customer
   * is one of them (docs/decisions/073-the-customers-own-contact.md). Optional: without one, the
   * member's e-mail and the rest of the team's contacts still count.
   */
  phone: z
    .union([z.literal(""), phoneField])
    .optional()
    .transform((v) => v || undefined),
});
export type TeamMemberCreateRequest = z.infer<typeof teamMemberCreateRequest>;
export type TeamMemberCreateForm = z.input<typeof teamMemberCreateRequest>;

export const teamMemberIdParam = recordIdParam;

/**
 * PUT /api/team/sharing: the owner's choice whether the team sees lead spend, our tax invoices and
 * statements, and Insights (docs/decisions/087-lead-spend-private-from-the-team.md). The answer is the same shape.
 */
export const teamSharingRequest = z.object({ teamSeesLeadSpend: z.boolean({ error: "Say whether the team sees lead spend (true or false)" }) });
export type TeamSharing = z.infer<typeof teamSharingRequest>;

export const adminLoginRequest = z.object({
  username: z.string({ error: AUTH_MESSAGES.usernameRequired }).min(1, AUTH_MESSAGES.usernameRequired).max(200),
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(200),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequest>;
/** The operator's bearer token and when it lapses. */
export const adminLoginResponse = z.object({ token: z.string(), expiresAt: z.string() });
export type AdminLoginResponse = z.infer<typeof adminLoginResponse>;

/** The signed-in user as every route and screen sees it: the stored user without the password. */
export const currentUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  companyName: z.string().nullable(),
  teamOwnerId: z.number().int().nullable(),
  serviceLocation: z.string().nullable(),
  /** numeric(10,8) on the wire as a string, e.g. "-33.81355710". */
  serviceLatitude: z.string().nullable(),
  serviceLongitude: z.string().nullable(),
  serviceRadius: z.number().int().nullable(),
  isActive: z.boolean(),
  /**
   * Whether the team sees lead spend, our tax invoices and monthly statements, and Insights
   * (docs/decisions/087-lead-spend-private-from-the-team.md): an owner's own choice, a team member's owner's.
   */
  teamSeesLeadSpend: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** A member of a provider's team as the Team Management dialog lists them. */
export type TeamMember = Pick<CurrentUser, "id" | "username" | "email" | "firstName" | "lastName" | "isActive">;
