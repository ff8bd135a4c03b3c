// What the rest of the server may use of sms/ (docs/decisions/040-server-walls.md).
export { createSmsSender, type Sms, type SmsSender } from "./sender";
