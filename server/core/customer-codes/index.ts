// What the rest of the server may use of customer-codes/ (docs/decisions/058-reviews.md,
// 105-paperwork-on-the-card.md): the code a customer confirms their mobile with before their job
// page acts for them or shows what a forwarded link must not.
export { checkCustomerCode, sendCustomerCode, type CustomerCodeDeps } from "./code";
export { spendCode } from "./repo";
