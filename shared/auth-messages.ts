// What accounts, sessions and the policy tell a person (docs/product.md sections 5 and 8). No Zod here:
// the landing pages import these through shared/policy.ts and must not carry the schemas.
export const AUTH_MESSAGES = {
  usernameRequired: "Username is required",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 6 characters",
  confirmPassword: "Please confirm your password",
  passwordsDontMatch: "Passwords don't match",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  phoneTooShort: "Phone number must be at least 10 digits",
  companyRequired: "Company name is required",
  emailInvalid: "Please enter a valid email address",
  emailRequired: "Email is required",
  tokenRequired: "Reset token is required",
  serviceLocationInvalid: "Please select a valid service location.",
  serviceRadiusInvalid: "Please choose a service radius from the list",
  invalidCredentials: "Invalid username or password",
  accountInactive: "This account has been deactivated. Please contact support.",
  usernameTaken: "Username already taken",
  emailTaken: "Email already registered",
  resetTokenInvalid: "This reset link is invalid or has expired. Please request a new one.",
  forgotPasswordSent: "If an account exists for that email, password reset instructions are on their way.",
  passwordUpdated: "Your password has been updated. You can now login with your new password.",
  signedOut: "Please sign in",
  forbidden: "You do not have permission to do that",
  adminRequired: "Admin sign-in required",
  tooManySignIns: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
} as const;

/**
 * Why a sign-in through the sign-in page's own form failed (docs/decisions/036): the server
 * answers 303 to `/login?failed=<flag>` and the page shows the flag's message, the one the JSON
 * API gives. A short flag, never what was typed.
 */
export const SIGN_IN_FAILURES = {
  "1": AUTH_MESSAGES.invalidCredentials,
  inactive: AUTH_MESSAGES.accountInactive,
  limit: AUTH_MESSAGES.tooManySignIns,
  username: AUTH_MESSAGES.usernameRequired,
  password: AUTH_MESSAGES.passwordRequired,
} as const;
export type SignInFailure = keyof typeof SIGN_IN_FAILURES;

/** The flag for a refusal's message, or undefined when the sign-in page has no words for it. */
export function signInFailureFor(message: string): SignInFailure | undefined {
  return (Object.keys(SIGN_IN_FAILURES) as SignInFailure[]).find((flag) => SIGN_IN_FAILURES[flag] === message);
}

/** What the sign-in page says for `?failed=<flag>`; null for no flag or one it does not know. */
export function signInFailureMessage(flag: string | null): string | null {
  return flag !== null && Object.hasOwn(SIGN_IN_FAILURES, flag) ? SIGN_IN_FAILURES[flag as SignInFailure] : null;
}
