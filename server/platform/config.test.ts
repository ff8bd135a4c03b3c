import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DEMO_BUSINESS, loadConfig, loadEnvFileIfPresent } from "./config";
import { PRODUCTION_ENV } from "../test/app";

const production = PRODUCTION_ENV;

describe("loadConfig", () => {
  it("when nothing is set, then development defaults apply and payments are in demo mode", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(5000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.paymentsMode).toBe("demo");
    expect(config.isProduction).toBe(false);
    expect(config.MAX_STARTING_PRICE).toBe("400.00");
  });

  it("when PUBLIC_URL ends in a slash or a path, then the bare origin is kept, so a link is origin + /dashboard", () => {
    expect(loadConfig({ PUBLIC_URL: "https://example.com.au/" }).PUBLIC_URL).toBe("https://example.com.au");
    expect(loadConfig({ PUBLIC_URL: " https://Example.com.au/app/ " }).PUBLIC_URL).toBe("https://example.com.au");
    expect(() => loadConfig({ PUBLIC_URL: "ftp://example.com.au" })).toThrowError(/PUBLIC_URL/);
  });

  it("when S3_BUCKET and its settings are given, then the photo store's settings are read, path style as a boolean", () => {
    const config = loadConfig({ S3_BUCKET: "photos", S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "true" });
    expect(config).toMatchObject({ S3_BUCKET: "photos", S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "ap-southeast-2", S3_FORCE_PATH_STYLE: true });
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
  });

  it("when DRAIN_DELAY_MS is empty or unset, then the entry's own default applies; set, it is kept in ms; negative, it is refused", () => {
    expect(loadConfig({ DRAIN_DELAY_MS: "" }).DRAIN_DELAY_MS).toBeUndefined();
    expect(loadConfig({ DRAIN_DELAY_MS: "0" }).DRAIN_DELAY_MS).toBe(0);
    expect(loadConfig({ DRAIN_DELAY_MS: "8000" }).DRAIN_DELAY_MS).toBe(8000);
    expect(() => loadConfig({ DRAIN_DELAY_MS: "-1" })).toThrowError(/DRAIN_DELAY_MS/);
  });

  it("when MAX_STARTING_PRICE is set in whole dollars, then it is kept as money with 2 decimals", () => {
    expect(loadConfig({ MAX_STARTING_PRICE: "250" }).MAX_STARTING_PRICE).toBe("250.00");
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ STRIPE_SECRET_KEY: "pk_wrong", STRIPE_PUBLISHABLE_KEY: "pk_x" }, "STRIPE_SECRET_KEY"],
    [{ SITE_EMAIL: "not-an-email" }, "SITE_EMAIL"],
    [{ SUPER_ADMIN_USERNAME: "boss" }, "SUPER_ADMIN_PASSWORD"],
    [{ ADMIN_PASSWORD: "secret123" }, "ADMIN_USERNAME"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ MAX_STARTING_PRICE: "lots" }, "MAX_STARTING_PRICE"],
    [{ MAX_STARTING_PRICE: "39.99" }, "MAX_STARTING_PRICE"],
    [{ MAX_STARTING_PRICE: "100000000" }, "MAX_STARTING_PRICE"],
    [{ S3_ACCESS_KEY_ID: "key" }, "S3_SECRET_ACCESS_KEY"],
    [{ S3_ENDPOINT: "ftp://files.example" }, "S3_ENDPOINT"],
    [{ S3_FORCE_PATH_STYLE: "yes" }, "S3_FORCE_PATH_STYLE"],
  ])("when %o, then it fails naming %s", (env, name) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    expect(() => loadConfig(env)).toThrowError(new RegExp(`^Invalid configuration: ${name} `));
  });

  it("when production lacks SESSION_SECRET, then it names SESSION_SECRET in one line", () => {
    const { SESSION_SECRET: _, ...rest } = production;
    expect(() => loadConfig(rest)).toThrowError(/^Invalid configuration: SESSION_SECRET is required in production$/);
  });

  it("when production lacks PUBLIC_URL, then it names PUBLIC_URL in one line (reset links must not follow the Host header)", () => {
    const { PUBLIC_URL: _, ...rest } = production;
    expect(() => loadConfig(rest)).toThrowError(/^Invalid configuration: PUBLIC_URL is required in production[^\n]*$/);
  });

  it("when production lacks Stripe, then it refuses to start (no demo payments in production)", () => {
    const { STRIPE_SECRET_KEY: _, STRIPE_PUBLISHABLE_KEY: __, ...rest } = production;
    expect(() => loadConfig(rest)).toThrowError(/STRIPE_SECRET_KEY/);
  });

  it("when production has Stripe keys but no Connect webhook secret, then it refuses to start (online payments are recorded only from signed Connect events)", () => {
    const { STRIPE_CONNECT_WEBHOOK_SECRET: _, ...rest } = production;
    expect(() => loadConfig(rest)).toThrowError(/^Invalid configuration: STRIPE_CONNECT_WEBHOOK_SECRET is required in production[^\n]*$/);
  });

  it("when production is fully configured, then it loads with Stripe payments and the business's name and ABN (spaces dropped)", () => {
    const config = loadConfig(production);
    expect(config.isProduction).toBe(true);
    expect(config.paymentsMode).toBe("stripe");
    expect(config.business).toEqual({ name: "Aussie Electricians Pty Ltd", abn: "51824753556" });
  });

  it("when production lacks BUSINESS_ABN, then it refuses to start (a tax invoice names its seller's ABN)", () => {
    const { BUSINESS_ABN: _, ...rest } = production;
    expect(() => loadConfig(rest)).toThrowError(/^Invalid configuration: BUSINESS_ABN is required in production[^\n]*$/);
  });

  it("when BUSINESS_ABN fails the ATO's check, then it names BUSINESS_ABN; unset outside production, the demo identity is used", () => {
    expect(() => loadConfig({ BUSINESS_ABN: "51 824 753 557" })).toThrowError(/^Invalid configuration: BUSINESS_ABN must be an 11-digit ABN/);
    expect(loadConfig({}).business).toEqual(DEMO_BUSINESS);
  });
});

describe("loadEnvFileIfPresent", () => {
  it("when the file exists, then its variables are read but the environment's own win; when it does not, then nothing happens", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ae-env-"));
    const file = path.join(dir, ".env");
    fs.writeFileSync(file, "AE_TEST_FROM_FILE=file\nAE_TEST_ALREADY_SET=file\n");
    process.env.AE_TEST_ALREADY_SET = "environment";
    try {
      loadEnvFileIfPresent(file);
      expect(process.env.AE_TEST_FROM_FILE).toBe("file");
      expect(process.env.AE_TEST_ALREADY_SET).toBe("environment");
      expect(() => loadEnvFileIfPresent(path.join(dir, "missing.env"))).not.toThrow();
    } finally {
      delete process.env.AE_TEST_FROM_FILE;
      delete process.env.AE_TEST_ALREADY_SET;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
