// The customer's name before purchase lives in shared/customer-name.ts, so the one outbox's
// reminder (server/core/messages) cuts it the same way without importing the marketplace.
export { firstNameOf, surnameSpellings } from "../../../shared/customer-name";
