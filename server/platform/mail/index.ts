// What the rest of the server may use of mail/ (docs/decisions/040-server-walls.md, 074).
export { createMailer, type Mail, type Mailer } from "./mailer";
