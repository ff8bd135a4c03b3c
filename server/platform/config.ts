// Every environment variable of docs/runtime.md section 2, parsed once at start.
// A bad value stops the server with one line naming the variable.
import fs from "node:fs";
import { z } from "zod";
import { fromCents, MAX_STORED_CENTS, MINIMUM_STARTING_CENTS, toCents } from "../../shared/pricing";
import { isValidAbn } from "../../shared/vetting";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** The seller on the leads' tax invoices outside production (BUSINESS_NAME and BUSINESS_ABN unset). */
export const DEMO_BUSINESS = { name: "Aussie Electricians (demo)", abn: "51824753556" } as const;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Dollars with at most 2 decimals ("400" or "400.00"), kept as the wire's "400.00". */
const dollars = (fallback: string, minCents: number, maxCents: number) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((v) => /^\d{1,8}(\.\d{1,2})?$/.test(v), "must be dollars with at most 2 decimals, e.g. 400.00")
    .refine((v) => toCents(v) >= minCents && toCents(v) <= maxCents, `must be between ${fromCents(minCents)} and ${fromCents(maxCents)}`)
    .transform((v) => fromCents(toCents(v)));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().default("0.0.0.0"),
    /**
     * The site's own origin, e.g. https://example.com.au; used for links in mail and the CSRF
     * check. Kept as the bare origin, so "https://example.com.au/" still makes
     * "https://example.com.au/dashboard" and never "//dashboard".
     */
    PUBLIC_URL: optionalText.pipe(
      z
        .url({ protocol: /^https?$/ })
        .transform((url) => new URL(url).origin)
        .optional(),
    ),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
        .optional(),
    ),
    DATA_DIR: z.string().default("./data"),
    SESSION_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    SUPER_ADMIN_USERNAME: optionalText,
    SUPER_ADMIN_PASSWORD: optionalText.pipe(z.string().min(6, "must be at least 6 characters").optional()),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(6, "must be at least 6 characters").optional()),
    /** Turns GET /metrics on, for a scraper sending it as a bearer token (docs/decisions/095-readiness-and-metrics.md). */
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    /**
     * On SIGTERM, how long the instance goes on serving while unready before it stops listening: a
     * balancer's probes need this long to take it out (docs/decisions/098-restarts-without-a-dropped-request.md).
     * Unset: 5 s on PostgreSQL (instances behind a balancer), 0 on the embedded database (one instance).
     */
    DRAIN_DELAY_MS: optionalText.pipe(
      z.string().regex(/^\d+$/, "must be a whole number of milliseconds").transform(Number).pipe(z.number().max(60_000)).optional(),
    ),
    STRIPE_SECRET_KEY: optionalText.pipe(z.string().startsWith("sk_", "must start with sk_").optional()),
    STRIPE_PUBLISHABLE_KEY: optionalText.pipe(z.string().startsWith("pk_", "must start with pk_").optional()),
    STRIPE_WEBHOOK_SECRET: optionalText.pipe(z.string().startsWith("whsec_", "must start with whsec_").optional()),
    /** The Connect endpoint's own signing secret: customers' payments to electricians (docs/decisions/056). */
    STRIPE_CONNECT_WEBHOOK_SECRET: optionalText.pipe(z.string().startsWith("whsec_", "must start with whsec_").optional()),
    GOOGLE_MAPS_API_KEY: optionalText,
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    MAIL_FROM: z.string().default("Aussie Electricians <no-reply@aussieelectricians.com.au>"),
    SITE_PHONE: z.string().default("1300 000 000"),
    SITE_EMAIL: z.email("must be an email address").default("support@aussieelectricians.com.au"),
    /** The seller on the tax invoices for the leads we sell (docs/decisions/053-tax-documents-pdf.md); required in production. */
    BUSINESS_NAME: optionalText,
    /** The platform's ABN, 11 digits (spaces allowed), checked as at sign-up; required in production. */
    BUSINESS_ABN: optionalText.pipe(
      z
        .string()
        .transform((v) => v.replace(/\s+/g, ""))
        .refine(isValidAbn, "must be an 11-digit ABN that passes the ATO's check, e.g. 51 824 753 556")
        .optional(),
    ),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    RATE_LIMIT_LOGIN_PER_USERNAME: positiveInt(10),
    RATE_LIMIT_LOGIN_PER_IP: positiveInt(100),
    RATE_LIMIT_FORGOT_PER_EMAIL: positiveInt(5),
    RATE_LIMIT_PUBLIC_FORMS_PER_IP: positiveInt(60),
    /** Failed discount-code checks per 15 min (docs/product.md section 13). */
    RATE_LIMIT_DISCOUNT_PER_USER: positiveInt(10),
    RATE_LIMIT_DISCOUNT_PER_IP: positiveInt(100),
    // real-customers: SMS for the customer's mobile check (docs/decisions/034).
    SMS_PROVIDER: z.enum(["log", "twilio"]).default("log"),
    TWILIO_ACCOUNT_SID: optionalText.pipe(
      z
        .string()
        .regex(/^AC[0-9a-fA-F]{32}$/, "must be AC followed by 32 hex digits")
        .optional(),
    ),
    TWILIO_AUTH_TOKEN: optionalText,
    /** The sending number in E.164 (+61...) or a Messaging Service SID (MG...). */
    TWILIO_FROM: optionalText.pipe(
      z
        .string()
        .regex(/^(\+\d{8,15}|MG[0-9a-fA-F]{32})$/, "must be a number in E.164 form (+61...) or a Messaging Service SID (MG...)")
        .optional(),
    ),
    /** Codes sent per hour to one mobile, and from one IP (docs/decisions/034). */
    RATE_LIMIT_SMS_PER_PHONE: positiveInt(5),
    RATE_LIMIT_SMS_PER_IP: positiveInt(20),
    /** The contact promise's business minutes after a sale (docs/decisions/045); emergencies are 30 minutes, day or night. */
    CONTACT_PROMISE_MINUTES: positiveInt(120),
    /** Job page reads per 10 min per IP (docs/decisions/044): an open page asks every 4 s (150), so 20 pages behind one address. */
    RATE_LIMIT_JOB_PAGE_PER_IP: positiveInt(3000),
    /** Calendar feed fetches per 10 min per IP (docs/decisions/049): twenty phones behind one office address, each refreshing often. */
    RATE_LIMIT_CALENDAR_FEED_PER_IP: positiveInt(120),
    /** docs/product.md section 13: the most a starting price can be, so "last 5 + 10%" cannot ratchet without bound. */
    MAX_STARTING_PRICE: dollars("400.00", MINIMUM_STARTING_CENTS, MAX_STORED_CENTS),
    /** docs/product.md section 12: the live market's heartbeat, at least every 20 s; tests make it short. */
    MARKET_STREAM_HEARTBEAT_MS: z.coerce.number().int().positive().max(20_000).default(15_000),
    /** GET /api/leads's pages kept this long at most, dropped at any market change (docs/decisions/027); 0 keeps none. */
    MARKET_PAGE_KEEP_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
    /** Web push keys (docs/decisions/029): both or neither; unset outside production, a pair is generated and kept in the database. */
    VAPID_PUBLIC_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{87}$/, "must be the URL-safe base64 P-256 public key (npx web-push generate-vapid-keys)")
        .optional(),
    ),
    VAPID_PRIVATE_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, "must be the URL-safe base64 P-256 private key (npx web-push generate-vapid-keys)")
        .optional(),
    ),
    /** Who push services contact about our traffic; default mailto:SITE_EMAIL. */
    VAPID_SUBJECT: optionalText.pipe(
      z
        .string()
        .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: or https: URL")
        .optional(),
    ),
    /** The alert worker's safety-net poll (it is woken at once by each new lead). */
    ALERT_POLL_MS: z.coerce.number().int().min(100).max(300_000).default(5000),
    /** Job photos in an S3-compatible bucket instead of PostgreSQL (docs/decisions/050-photos.md); unset: PostgreSQL. */
    S3_BUCKET: optionalText,
    /** The service's URL (https://<account>.r2.cloudflarestorage.com, http://127.0.0.1:9000); unset: AWS S3. */
    S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
    S3_REGION: z.string().trim().min(1).default("ap-southeast-2"),
    /** Both or neither; neither: the AWS SDK's own chain (an instance role, AWS_* variables). */
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** "true" for services that want bucket.endpoint/key as endpoint/bucket/key (MinIO, most self-hosted). */
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false", ""], { error: "must be true or false" })
      .default("false")
      .transform((v) => v === "true"),
  })
  .superRefine((env, ctx) => {
    const need = (name: keyof typeof env, why: string) => {
      if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: why });
    };
    const pair = (a: keyof typeof env, b: keyof typeof env) => {
      if (Boolean(env[a]) !== Boolean(env[b])) need(env[a] ? b : a, `is required when ${env[a] ? a : b} is set`);
    };
    pair("SUPER_ADMIN_USERNAME", "SUPER_ADMIN_PASSWORD");
    pair("ADMIN_USERNAME", "ADMIN_PASSWORD");
    pair("STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY");
    pair("VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY");
    pair("S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY");
    if (env.SMS_PROVIDER === "twilio") {
      for (const name of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const) need(name, "is required when SMS_PROVIDER is twilio");
    }
    if (env.NODE_ENV === "production") {
      need("SESSION_SECRET", "is required in production");
      // Reset links are built from it; without it they would follow the forgeable Host header.
      need("PUBLIC_URL", "is required in production (the origin for links in mail, e.g. https://example.com.au)");
      // No demo payments in production (docs/runtime.md section 2).
      need("STRIPE_SECRET_KEY", "is required in production (demo payments are off)");
      need("STRIPE_WEBHOOK_SECRET", "is required in production");
      // Customers' payments to electricians are recorded only from signed Connect events (docs/decisions/056).
      need("STRIPE_CONNECT_WEBHOOK_SECRET", "is required in production (customers' online payments)");
      // A tax invoice names its seller and ABN (docs/decisions/053-tax-documents-pdf.md): no demo identity in production.
      need("BUSINESS_NAME", "is required in production (the seller on the leads' tax invoices)");
      need("BUSINESS_ABN", "is required in production (the ABN on the leads' tax invoices)");
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  isProduction: boolean;
  /** Who sells the leads, as their tax invoices print it; a demo identity outside production. */
  business: { name: string; abn: string };
  sessionSecret: string;
  paymentsMode: "stripe" | "demo";
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  const env = parsed.data;
  return {
    ...env,
    isProduction: env.NODE_ENV === "production",
    // Outside production a fixed secret keeps sessions across restarts of a dev server.
    sessionSecret: env.SESSION_SECRET ?? "development-only-session-secret-not-for-production",
    paymentsMode: env.STRIPE_SECRET_KEY ? "stripe" : "demo",
    // The demo's ABN is the ATO's own example (it passes the check); production must set both.
    business: { name: env.BUSINESS_NAME ?? DEMO_BUSINESS.name, abn: env.BUSINESS_ABN ?? DEMO_BUSINESS.abn },
  };
}

/**
 * Reads `.env` into process.env when the file exists (.env.example promises it). Variables
 * already set in the environment win over the file.
 */
export function loadEnvFileIfPresent(file = ".env") {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
