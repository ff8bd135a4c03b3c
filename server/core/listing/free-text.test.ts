// What customers really type, as a non-buyer sees it (docs/decisions/035-customer-text-redaction.md).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leadAlert } from "../alerts/message";
import { accessCode, anyAddress, customerName, ownAddress, phoneAsName, type TypedName } from "../../test/customer-text-arbitraries";
import { leadRow } from "../../test/lead-row";
import { aCurrentUser } from "../../test/sign-in";
import { firstNameOf } from "./customer-name";
import { HIDDEN, maskCodes, scrubFreeText } from "./free-text";
import { listingFor } from "../../features/marketplace/live-market";
import { toMarketLead } from "./redact";

const now = new Date("2026-11-21T10:00:00Z");
const provider = { userType: "provider" } as const;
const shown = (text: string, fields = {}) => toMarketLead(leadRow({ electricalWork: text, ...fields }), provider, now).electricalWork;
const WORK = "3 phase, 20 amp circuit, 2 power points, a 1960s house in 2150, budget $500";

describe("street addresses in free text", () => {
  it.each([
    ["I live at 42 Wallaby Way near the park", "I live at [shown after purchase] near the park"],
    ["Come to 42 Wallaby Way", "Come to [shown after purchase]"],
    ["Unit 3, 42 Wallaby Way please", "[shown after purchase] please"],
    ["at 3/42 Wallaby Way", "at [shown after purchase]"],
    ["at 42 wallaby road, side gate", "at [shown after purchase], side gate"],
    ["near 7 St Kilda Rd.", "near [shown after purchase]"],
    ["off 3 Lyrebird Circuit", "off [shown after purchase]"],
  ])("when the description holds %j, then the address is masked: %j", (text, expected) => {
    expect(shown(text)).toBe(expected);
  });

  it("when the work is described with numbers and everyday street words, then it stays readable", () => {
    const text = `${WORK}; 3 lights close to the door, 2 lights in place, a 2 way switch, 2 tennis court lights, 6 downlights`;
    expect(shown(text)).toBe(text);
  });

  it.each([
    "42 Wallaby Way, Sydney NSW 2000",
    "42 Wallaby Way Sydney NSW 2000",
    "42 Wallaby Way\nSydney NSW 2000",
    "Unit 3, 42 Wallaby Way, Sydney NSW 2000",
    "3/42 Wallaby Way, Sydney NSW 2000",
    "42 wallaby way, sydney nsw 2000",
    "42 Wallaby Wy., Sydney",
    "U3 42 Wallaby Sydney NSW 2000",
  ])("when the address is %j and typed only in the service location, then every form of its street in the text is masked", (address) => {
    const text = "at 42 wallaby, 42  Wallaby, the wallaby way end, or 3/42 Wallaby";
    for (const fields of [{ serviceLocation: address, customerAddress: null }, { customerAddress: address }]) {
      const out = shown(text, fields);
      expect(out, address).not.toMatch(/wallaby|42/i);
    }
  });

  it('when the address field holds no street ("My place"), then everyday words before street types stay', () => {
    expect(shown("my way or the highway, my place", { customerAddress: "My place" })).toBe("my way or the highway, [shown after purchase]");
  });

  it("when the service location is only a suburb, then the suburb in the text stays", () => {
    expect(shown("Parramatta NSW 2150 job", { serviceLocation: "Parramatta NSW 2150", customerAddress: null })).toBe("Parramatta NSW 2150 job");
  });
});

describe("the customer's name", () => {
  it.each([
    ["0412 345 678", "Customer"],
    ["+61412345678", "Customer"],
    ["Johnathan_Zebedee_Customerson", "Johnathan"],
    ["Johnathan/Zebedee", "Johnathan"],
    ["Johnathan\u200bZebedee", "Johnathan"],
    ["\u200bJohnathan Zebedee", "Johnathan"],
    ["O'Neil Smith", "O'Neil"],
    ["Customerson, Johnathan", "Johnathan"],
  ])("when the name is %j, then the market shows %j", (name, expected) => {
    expect(firstNameOf(name)).toBe(expected);
    expect(toMarketLead(leadRow({ customerName: name }), provider, now).customerName).toBe(expected);
  });

  it("when the name is split by odd separators, then its surname pieces are masked in the text too", () => {
    const text = "Ask for Johnathan_Zebedee_Customerson, Zebedee or Mr Custo\u200bmerson";
    const out = scrubFreeText(text, leadRow({ customerName: "Johnathan_Zebedee_Customerson" }));
    expect(out).not.toMatch(/Zebedee|Custo\u200b?merson/);
    expect(out).toContain("Johnathan");
  });
});

describe("phone numbers spelt out", () => {
  it.each([
    ["Call me on oh four one two three four five six seven eight please", `Call me on ${HIDDEN} please`],
    ["my number is 0412 three four five 678", `my number is ${HIDDEN}`],
    ["ring Zero Four double one, two two two, three three three", `ring ${HIDDEN}`],
    ["text nine eight seven six, five four three two", `text ${HIDDEN}`],
  ])("when the text holds %j, then the number is masked", (text, expected) => {
    expect(shown(text)).toBe(expected);
  });

  it("when the work is counted in words, then it stays readable", () => {
    const text = "one or two lights, three power points and ten downlights in 2 rooms; call triple zero if it sparks at 3 o'clock";
    expect(scrubFreeText(text, leadRow())).toBe(text);
    expect(shown(text)).toBe(text);
  });
});

describe("codes and e-mail addresses", () => {
  it.each([
    ["key under mat 1234", "key under mat [shown after purchase]"],
    ["4821 is the gate code", "[shown after purchase] is the gate code"],
    ["pin is 55 66", "pin is [shown after purchase]"],
    ["gate code １２３４ thanks", "gate code [shown after purchase] thanks"],
    ["alarm ٤٨٢١ thanks", "alarm [shown after purchase] thanks"],
  ])("when the text holds %j, then the code is masked", (text, expected) => {
    expect(maskCodes(text)).toBe(expected);
    expect(shown(text)).toBe(expected);
  });

  it("when the text holds an e-mail address with the surname in it, then the whole address is masked once", () => {
    const out = scrubFreeText("email john.customerson@example.org please", leadRow({ customerName: "John Customerson", customerEmail: "j@example.com" }));
    expect(out).toBe(`email ${HIDDEN} please`);
  });

  // Typed past a filter (docs/decisions/058-reviews.md): only with a known domain ending, a written dot only without spaces.
  it.each([
    ["write to jo dot smith at gmail dot com thanks", `write to ${HIDDEN} thanks`],
    ["jo (at) bigpond (dot) net (dot) au", HIDDEN],
    ["jo @ bigpond.com.au", HIDDEN],
    ["Arrived at 9. Me and the dog met him at home", "Arrived at 9. Me and the dog met him at home"],
    ["power point at the shed dot points", "power point at the shed dot points"],
  ])("when the text says %j, then a spelt-out e-mail is masked and nothing else", (text, expected) => {
    // The patterns' rule; the market shows fewer words still (market-text.test.ts).
    expect(scrubFreeText(text, leadRow())).toBe(expected);
  });
});

describe("everything built from a lead goes through the redaction", () => {
  it("when an alert is written for a lead with an address typed only in its texts, then the alert shows none of it", () => {
    const lead = leadRow({
      customerAddress: null,
      serviceLocation: "42 Wallaby Way, Parramatta NSW 2150",
      electricalWork: "I live at 42 Wallaby Way near the park, ring Johnathan Customerson",
      customerName: "Johnathan Customerson",
    });
    const alert = leadAlert(lead, 3.2, now);
    expect(JSON.stringify(alert)).not.toMatch(/Wallaby|Customerson|42/);
  });
});

describe("whatever the customer types (property)", () => {
  /** Every text a non-buyer is shown of `lead`: the market card and the live event. */
  function everythingShown(lead: ReturnType<typeof leadRow>) {
    const card = toMarketLead(lead, provider, now);
    const event = listingFor(
      { id: 7, type: "lead.added", leadId: lead.id, reason: null, lead, listed: true, excludedUserIds: [] },
      aCurrentUser(provider),
      "all",
      [],
      now,
    );
    expect(event?.data.lead).toEqual(card);
    return card;
  }

  it("never shows the generated street, house or unit number, surname, code or e-mail in any text field; the work stays as typed", () => {
    fc.assert(
      fc.property(
        ownAddress,
        fc.boolean(),
        anyAddress,
        fc.oneof({ weight: 4, arbitrary: customerName }, { weight: 1, arbitrary: phoneAsName }),
        accessCode,
        fc.emailAddress(),
        fc.nat(),
        (own, inServiceLocationOnly, other, name: TypedName, code, email, order) => {
          const words = [own.name, other.name, name.shown, ...name.hidden].map((w) => w.toLowerCase());
          fc.pre(new Set(words).size === words.length);
          const sentences = [
            `Please come to ${own.inText}`,
            `or ${other.inText}`,
            `ask for ${name.fullName}`,
            ...name.hidden.map((piece) => `${piece} knows`),
            code.inText,
            `email ${name.hidden[0] ?? "me"}.x@example.org or ${email}`,
          ];
          // Another order each run: no rule may rely on what comes before it.
          const shuffled = sentences.map((s, i) => sentences[(i + order) % sentences.length]!);
          const text = `${shuffled.join(". ")}\n${WORK}`;
          const lead = leadRow({
            customerName: name.fullName,
            customerEmail: email,
            customerAddress: inServiceLocationOnly ? null : own.text,
            serviceLocation: inServiceLocationOnly ? own.text : "Parramatta NSW 2150",
            electricalWork: text,
            specialRequests: text,
          });
          const card = everythingShown(lead);
          expect(card.customerName).toBe(name.shown);
          const json = JSON.stringify(card);
          for (const secret of [own.name, other.name, ...name.hidden, email]) expect(json.toLowerCase()).not.toContain(secret.toLowerCase());
          expect(json).not.toContain("@");
          for (const field of [card.electricalWork, card.specialRequests!]) {
            const [said, work] = field.split("\n");
            expect(work).toBe(WORK);
            // The generated text's only digits are the house and unit numbers, the code and the phone-as-name.
            expect(said, field).not.toMatch(/\p{Nd}/u);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
