import { describe, expect, it } from "vitest";
import { checkAustralianPhone, formatAustralianPhone } from "./phone";
import { australianPhone } from "./phone-field";

describe("checkAustralianPhone", () => {
  it.each([
    ["0412 345 678", "0412345678", "mobile"],
    ["0412-345-678", "0412345678", "mobile"],
    ["+61 412 345 678", "0412345678", "mobile"],
    ["61412345678", "0412345678", "mobile"],
    ["+61 (0)412 345 678", "0412345678", "mobile"],
    ["(02) 9876 5432", "0298765432", "landline"],
    ["03 9123 4567", "0391234567", "landline"],
    ["+61 7 3123 4567", "0731234567", "landline"],
    ["08.9123.4567", "0891234567", "landline"],
    ["1300 123 456", "1300123456", "national"],
    ["1800-123-456", "1800123456", "national"],
    ["  0512 345 678 ", "0512345678", "mobile"],
  ])("when given %s, then it normalises to %s (%s)", (input, digits, kind) => {
    expect(checkAustralianPhone(input)).toEqual({ ok: true, digits, kind });
  });

  it.each(["", "0412", "0412 345 67", "13 12 34", "+61 412"])("when given %j, then it is too short", (input) => {
    expect(checkAustralianPhone(input)).toEqual({ ok: false, reason: "too_short" });
  });

  it.each([
    "0412 345 6789", // 11 digits
    "0912 345 678", // no 09 area
    "0112 345 678",
    "1900 123 456", // premium, not a way to reach a person
    "+44 20 7946 0958", // foreign
    "0412 345 67a",
    "call me 0412345678",
    "#0412345678",
    "6141234567890",
  ])("when given %j, then it is implausible", (input) => {
    expect(checkAustralianPhone(input)).toEqual({ ok: false, reason: "implausible" });
  });
});

describe("australianPhone (zod field)", () => {
  const field = australianPhone({ tooShort: "short", implausible: "bad" });

  it("when valid, then the output is digits only", () => {
    expect(field.parse("+61 412 345 678")).toBe("0412345678");
  });

  it("when too short or implausible, then each gets its own message", () => {
    expect(field.safeParse("0412").error?.issues[0]?.message).toBe("short");
    expect(field.safeParse("0912 345 678").error?.issues[0]?.message).toBe("bad");
    expect(field.safeParse(undefined).error?.issues[0]?.message).toBe("short");
  });
});

describe("formatAustralianPhone", () => {
  it("groups digits the Australian way", () => {
    expect(formatAustralianPhone("0412345678")).toBe("0412 345 678");
    expect(formatAustralianPhone("0298765432")).toBe("(02) 9876 5432");
    expect(formatAustralianPhone("1300123456")).toBe("1300 123 456");
  });
});
