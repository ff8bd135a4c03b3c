// The SMS providers (docs/decisions/034): the log one, and Twilio's SDK against a local
// stand-in for api.twilio.com that speaks its Messages API (form-encoded POST, JSON answer).
import http from "node:http";
import { Writable } from "node:stream";
import { pino } from "pino";
import type { AddressInfo } from "node:net";
import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { PRODUCTION_ENV } from "../../test/app";
import { createLogger } from "../logger";
import { createSmsSender, maskPhone, toE164 } from "./sender";

const SID = "AC" + "0123456789abcdef".repeat(2);
const TWILIO_ENV = { SMS_PROVIDER: "twilio", TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: "secret-token", TWILIO_FROM: "+61480000000" };

interface Received {
  path: string;
  authorization: string;
  form: URLSearchParams;
}
const received: Received[] = [];
let base = "";
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      received.push({ path: req.url ?? "", authorization: req.headers.authorization ?? "", form: new URLSearchParams(body) });
      const form = new URLSearchParams(body);
      if (form.get("To") === "+61499999999") {
        res.writeHead(400, { "Content-Type": "application/json" });
        return res.end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }));
      }
      res.writeHead(201, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ sid: "SM" + "1".repeat(32), status: "queued", to: form.get("To"), from: form.get("From"), body: form.get("Body") }));
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Twilio's own HTTP client, pointed at the stand-in instead of https://api.twilio.com. */
class ToStandIn extends twilio.RequestClient {
  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    return super.request<TData>({ ...opts, uri: opts.uri.replace(/^https:\/\/api\.twilio\.com/, base) });
  }
}

describe("SMS providers", () => {
  it("writes E.164 numbers", () => {
    expect(toE164("0412345678")).toBe("+61412345678");
  });

  it("when the log provider runs in production, then the mobile is masked in the log; outside production it is whole", async () => {
    expect(maskPhone("0412345678")).toBe("04xx xxx 678");
    const logged = async (env: Record<string, string>) => {
      const lines: string[] = [];
      const logger = pino({}, new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) }));
      await createSmsSender(loadConfig(env), logger).send({ to: "0412345678", text: "123456 is your code" });
      return lines.join("");
    };
    const production = await logged({ ...PRODUCTION_ENV, SMS_PROVIDER: "log" });
    expect(production).toContain('"to":"04xx xxx 678"');
    expect(production).not.toContain("0412345678");
    expect(production).not.toContain("412345678");
    expect(await logged({ NODE_ENV: "development", SMS_PROVIDER: "log" })).toContain('"to":"0412345678"');
  });

  it("when SMS_PROVIDER is unset, then the log provider is used", () => {
    expect(createSmsSender(loadConfig({ NODE_ENV: "test" }), createLogger(loadConfig({ NODE_ENV: "test" }))).kind).toBe("log");
  });

  it("when SMS_PROVIDER=twilio, then the message goes to Twilio's Messages API with the account's credentials", async () => {
    const config = loadConfig({ NODE_ENV: "test", ...TWILIO_ENV });
    const sender = createSmsSender(config, createLogger(config), { twilioHttpClient: new ToStandIn() });
    expect(sender.kind).toBe("twilio");
    await sender.send({ to: "0412345678", text: "123456 is your Aussie Electricians code." });
    const last = received.at(-1)!;
    expect(last.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(last.authorization).toBe(`Basic ${Buffer.from(`${SID}:secret-token`).toString("base64")}`);
    expect(Object.fromEntries(last.form)).toEqual({ To: "+61412345678", From: "+61480000000", Body: "123456 is your Aussie Electricians code." });
  });

  it("when Twilio refuses, then send rejects with its message (the caller logs it and the quote stands)", async () => {
    const config = loadConfig({ NODE_ENV: "test", ...TWILIO_ENV });
    const sender = createSmsSender(config, createLogger(config), { twilioHttpClient: new ToStandIn() });
    await expect(sender.send({ to: "0499999999", text: "x" })).rejects.toThrow(/not a valid phone number/);
  });
});

describe("SMS configuration", () => {
  it.each(["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const)("when SMS_PROVIDER=twilio lacks %s, then the start stops naming it", (name) => {
    expect(() => loadConfig({ NODE_ENV: "test", ...TWILIO_ENV, [name]: "" })).toThrow(new RegExp(`${name} is required when SMS_PROVIDER is twilio`));
  });

  it("when the values are malformed, then the start stops naming them", () => {
    expect(() => loadConfig({ NODE_ENV: "test", ...TWILIO_ENV, TWILIO_ACCOUNT_SID: "AC123" })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ NODE_ENV: "test", ...TWILIO_ENV, TWILIO_FROM: "0412345678" })).toThrow(/TWILIO_FROM must be a number in E.164 form/);
    expect(() => loadConfig({ NODE_ENV: "test", SMS_PROVIDER: "carrier-pigeon" })).toThrow(/SMS_PROVIDER/);
  });

  it("when production runs with SMS_PROVIDER=log, then it starts (with a warning at start, docs/decisions/034)", () => {
    const config = loadConfig(PRODUCTION_ENV);
    expect(config.SMS_PROVIDER).toBe("log");
  });
});
