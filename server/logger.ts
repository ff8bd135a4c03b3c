import { pino } from "pino";
import type { Config } from "./config";

export function createLogger(config: Pick<Config, "LOG_LEVEL" | "NODE_ENV">) {
  return pino({
    level: config.NODE_ENV === "test" ? "silent" : config.LOG_LEVEL,
    // Never log secrets or customer contact details that ride on requests.
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
  });
}
export type Logger = ReturnType<typeof createLogger>;
