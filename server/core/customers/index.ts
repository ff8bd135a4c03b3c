// The customer (docs/decisions/073-the-customers-own-contact.md): the contact a customer typed at
// intake is their own, and a buyer whose side shares it is buying their own customer.
export { contactKeysOf, customerIsAmong } from "./rules";
export { sideContactsOf, sidesContactsOf, teamContactsColumn } from "./repo";
