// The no-own-customer rule two ways (docs/decisions/131-own-customers-kept-off-the-market.md): the
// market finds a side's own customers' leads by plain equality on what a lead row stores, from
// contactKeysOf's keys; the sale decides with customerIsAmong. For any way a person types their
// mobile or e-mail into a profile, the two must agree.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contactKeysOf, customerIsAmong } from "./rules";

/** A mobile's national digits, "04" and eight more. */
const mobile = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }).map((d) => `04${d.join("")}`);

/** The same mobile as people type it: spaced, dashed, dotted, international, with "(0)" or brackets. */
const typed = (digits: string) =>
  fc.constantFrom(
    digits,
    `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`,
    `${digits.slice(0, 4)}-${digits.slice(4, 7)}-${digits.slice(7)}`,
    `${digits.slice(0, 4)}.${digits.slice(4, 7)}.${digits.slice(7)}`,
    `+61 ${digits.slice(1, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`,
    `+61${digits.slice(1)}`,
    `61${digits.slice(1)}`,
    `+61 (0)${digits.slice(1, 4)} ${digits.slice(4)}`,
    `(${digits.slice(0, 2)}) ${digits.slice(2, 6)} ${digits.slice(6)}`,
    ` ${digits} `,
  );

const email = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,10}$/), fc.constantFrom("example.com", "sparkright.com.au", "gmail.com"))
  .map(([local, domain]) => `${local}@${domain}`);
/** An e-mail as typed: any letter in either case. */
const anyCase = (address: string) =>
  fc
    .array(fc.boolean(), { minLength: address.length, maxLength: address.length })
    .map((up) => [...address].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(""));

/** What the market's lookup matches: a lead row's stored mobile and its e-mail in lower case. */
const lookedUp = (keys: ReturnType<typeof contactKeysOf>, lead: { customerPhone: string; customerEmail: string | null }) =>
  keys.phones.includes(lead.customerPhone) || (lead.customerEmail !== null && keys.emails.includes(lead.customerEmail.toLowerCase()));

describe("the market's lookup and the sale's rule", () => {
  it("when a side's contacts are typed any way people type them, then a lead is found by its stored mobile or e-mail exactly when the sale would refuse it", () => {
    const scenario = fc
      .record({
        customerMobile: mobile,
        customerEmail: fc.option(email, { nil: null }),
        otherMobiles: fc.array(mobile, { maxLength: 3 }),
        otherEmails: fc.array(email, { maxLength: 2 }),
        sharesMobile: fc.boolean(),
        sharesEmail: fc.boolean(),
      })
      .chain((side) =>
        fc.record({
          side: fc.constant(side),
          mobileAsTyped: typed(side.customerMobile),
          emailAsTyped: side.customerEmail ? anyCase(side.customerEmail) : fc.constant(""),
          others: fc.tuple(...side.otherMobiles.map(typed)),
        }),
      );
    fc.assert(
      fc.property(scenario, ({ side, mobileAsTyped, emailAsTyped, others }) => {
        const contacts = [...others, ...side.otherEmails];
        if (side.sharesMobile) contacts.push(mobileAsTyped);
        if (side.sharesEmail && emailAsTyped) contacts.push(emailAsTyped);
        const lead = { customerPhone: side.customerMobile, customerEmail: side.customerEmail };
        expect(lookedUp(contactKeysOf(contacts), lead)).toBe(customerIsAmong(lead, contacts));
      }),
      { numRuns: 1000 },
    );
  });

  it("when the side shares the customer's mobile in international form, then both find it; a number one digit off is neither", () => {
    const lead = { customerPhone: "0412555111", customerEmail: null };
    expect(customerIsAmong(lead, ["+61 412 555 111"])).toBe(true);
    expect(lookedUp(contactKeysOf(["+61 412 555 111"]), lead)).toBe(true);
    expect(customerIsAmong(lead, ["0412 555 112"])).toBe(false);
    expect(lookedUp(contactKeysOf(["0412 555 112"]), lead)).toBe(false);
  });
});
