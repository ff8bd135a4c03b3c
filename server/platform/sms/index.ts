// What the rest of the server may use of sms/ (docs/decisions/040-server-walls.md, 074).
export { createSmsSender, type Sms, type SmsSender } from "./sender";
export { claimSmsSend, smsSendWindow } from "./send-budget";
