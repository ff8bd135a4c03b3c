import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leadRow as lead } from "../../test/lead-row";
import { aCurrentUser } from "../../test/sign-in";
import { listingFor } from "../../features/marketplace/live-market";
import { firstNameOf } from "./customer-name";
import { scrubFreeText } from "./free-text";
import { maskPhone, toMarketLead } from "./redact";

const now = new Date("2026-11-21T10:00:00Z");

describe("maskPhone", () => {
  it("keeps the first 2 and last 3 digits", () => {
    expect(maskPhone("0411 222 333")).toBe("04•••••333");
    expect(maskPhone("+61 411 222 333")).toBe("61••••••333");
  });
});

describe("firstNameOf", () => {
  it.each([
    ["Karen Mitchell", "Karen"],
    ["Customerson, Johnathan Zebedee", "Johnathan"],
    // An initial is no plausible given name (decision 090).
    ["J.Zebedee-Customerson", "Customer"],
    ["Dr Mary Smith", "Mary"],
    ["Mr Smith", "Customer"],
    ["Smith, Mrs Jane", "Jane"],
    ["Mary-Jane O'Brien", "Mary"],
    ["  Zoë   Ångström ", "Zoë"],
    ["Smith,", "Customer"],
  ])("when the name is %j, then only %j shows", (name, shown) => {
    expect(firstNameOf(name)).toBe(shown);
  });

  it("never shows a surname piece, whatever the shape of the name (property)", () => {
    // Latin with accents, Greek and Cyrillic: capitalised words of 3 to 9 letters.
    // U+03A2 is an unassigned code point inside the Greek capitals: not a letter.
    const word = fc.stringMatching(/^[A-ZÀ-ÖØ-ÞΑ-ΡΣ-ΩА-Я][a-zß-öø-ÿα-ωа-я]{2,8}$/);
    const space = fc.constantFrom(" ", "  ", "\t", "\u00a0", "\u3000");
    const gap = fc.array(space, { maxLength: 2 }).map((s) => s.join(""));
    // Anything not a letter ends the shown name: hyphens, dots, underscores, slashes, digits, invisible characters.
    const dash = fc.constantFrom("-", ".", "\u2010", "\u2013", ". ", "_", "/", "\u200b", "\u2060", "\u00ad", "3", "+", "&", "·");
    const comma = fc.constantFrom(",", "，", "،");
    fc.assert(
      fc.property(word, word, word, word, space, gap, gap, dash, comma, fc.nat(7), (given, middle, surname, surname2, sp, lead1, lead2, join, sep, pick) => {
        const names = [given, middle];
        fc.pre([surname, surname2].every((s) => names.every((n) => !n.toLowerCase().includes(s.toLowerCase()) && !s.toLowerCase().includes(n.toLowerCase()))));
        // [full name as typed, what may show]
        const shapes: Array<[string, string]> = [
          [`${lead1}${given}${sp}${surname}${lead2}`, given],
          [`${given}${sp}${middle}${sp}${surname}${join}${surname2}`, given],
          [`${surname}${sep}${sp}${given}`, given],
          [`${lead1}${surname}${lead2}${sep}${given}${sp}${middle}`, given],
          [`${surname}${join}${surname2}${sep}${lead1}${given}${join}${surname}`, given],
          [`${given}${join}${surname}`, given],
          [`${given[0]}.${surname}${join}${surname2}`, "Customer"],
          [`${given[0]}.${given}-${surname}`, "Customer"],
        ];
        // One shape through the whole redaction per run: the regexes it builds per lead are the slow part.
        const [fullName, expected] = shapes[pick]!;
        const shown = toMarketLead(lead({ customerName: fullName }), { userType: "provider" }, now).customerName;
        expect(shown, fullName).toBe(expected);
        for (const piece of [surname, surname2]) expect(shown.toLowerCase(), fullName).not.toContain(piece.toLowerCase());
      }),
      { numRuns: 400 },
    );
  });
});

describe("toMarketLead", () => {
  it("when a provider looks, then only first name, masked phone and suburb show", () => {
    const shown = toMarketLead(lead({}), { userType: "provider" }, now);
    expect(shown).toMatchObject({
      customerName: "Karen",
      customerPhone: "04•••••333",
      customerEmail: null,
      customerAddress: null,
      location: "Parramatta NSW 2150",
      isRedacted: true,
      price: "40.00",
      secondsLeft: 3600,
    });
  });

  it("when the super admin looks, then everything shows", () => {
    const shown = toMarketLead(lead({}), { userType: "super_admin" }, now);
    expect(shown).toMatchObject({ customerName: "Karen Mitchell", customerPhone: "0411222333", customerEmail: "karen@example.com", isRedacted: false });
  });

  it("when the customer typed contact details into the description, then they are masked", () => {
    const text = scrubFreeText("Call Mrs Mitchell on 0411 222 333 or karen@example.com at 14 Church St, Parramatta NSW 2150", lead({}));
    expect(text).not.toMatch(/Mitchell|0411|karen@|14 Church/);
  });

  it("when the same text is redacted again after the customer's details changed, then the new details are masked, not the old answer reused", () => {
    const text = "Ask for Mrs Mitchell or Mrs Nguyen";
    const first = scrubFreeText(text, lead({ customerName: "Karen Mitchell" }));
    expect(scrubFreeText(text, lead({ customerName: "Karen Mitchell" }))).toBe(first);
    const renamed = scrubFreeText(text, lead({ customerName: "Karen Nguyen" }));
    expect(first).toContain("Nguyen");
    expect(renamed).toContain("Mitchell");
    expect(renamed).not.toContain("Nguyen");
  });

  it.each([
    ["Gate code 4821, side entrance", "Gate code [shown after purchase], side entrance"],
    ["PIN is 0815# on the lockbox", "PIN is [shown after purchase] on the lockbox"],
    ["Alarm: 2580, dog friendly", "Alarm: [shown after purchase], dog friendly"],
    ["press *4321 at the keypad", "press [shown after purchase] at the keypad"],
    ["Key safe 99-12-04 by the meter", "Key safe [shown after purchase] by the meter"],
    ["Ref 4711823 from the last sparky", "Ref [shown after purchase] from the last sparky"],
  ])("when the notes hold a code (%j), then it is masked before purchase", (text, shown) => {
    expect(toMarketLead(lead({ specialRequests: text }), { userType: "provider" }, now).specialRequests).toBe(shown);
    expect(toMarketLead(lead({ electricalWork: text }), { userType: "provider" }, now).electricalWork).toBe(shown);
  });

  it("when the text describes the work with quantities, then they stay: 3 phase, 20 amp, 6 downlights, a 1960s house, $2500; a number that counts nothing does not", () => {
    const text = "3 phase, 20 amp circuit, 6 downlights at gate 2 of a 1960s house, budget $2500";
    // "gate 2" counts no unit or item of the trade: deny by default masks it (decision 090).
    const shown = "3 phase, 20 amp circuit, 6 downlights at gate [shown after purchase] of a 1960s house, budget $2500";
    expect(toMarketLead(lead({ specialRequests: text }), { userType: "provider" }, now).specialRequests).toBe(shown);
  });

  it("when the customer left access notes, then no market lead carries them, not even the super admin's", () => {
    const withNotes = lead({ accessNotes: "Gate code 4821; blue heeler in the yard" });
    for (const userType of ["provider", "super_admin"] as const) {
      const json = JSON.stringify(toMarketLead(withNotes, { userType }, now));
      expect(json).not.toContain("4821");
      expect(json).not.toContain("heeler");
      expect(json).not.toContain("accessNotes");
    }
  });

  it("when the mobile is verified, then phoneVerified is true on the wire", () => {
    expect(toMarketLead(lead({}), { userType: "provider" }, now).phoneVerified).toBe(false);
    expect(toMarketLead(lead({ phoneVerifiedAt: now }), { userType: "provider" }, now).phoneVerified).toBe(true);
  });

  it("when the text holds the street part of the address, then it is masked", () => {
    const text = scrubFreeText("Please come to 14 Church St, side gate. 14 church street, the Church Street end", lead({}));
    expect(text).not.toMatch(/14|Church (St|Street)/i);
    expect(text).toContain("side gate");
  });

  it("never leaks a generated surname, phone, email, address or street to a non-admin, in a response or a live event (property)", () => {
    const word = fc.stringMatching(/^[A-Z][a-z]{3,9}$/);
    // Words the lead or the description below show anyway.
    const enumWords = /^(repair|residential|within|week|unsure|this|switchboard|upgrade|parramatta|lights|flicker|ring|come|side|gate)$/i;
    const streetTypes = ["St", "Street", "Rd", "Road", "Ave", "Avenue", "Cres", "Pde"];
    // The customer's number as people type it: grouped, dashed, dotted, bracketed, +61.
    const phoneFormats = [
      (d: string) => d,
      (d: string) => `${d.slice(0, 4)} ${d.slice(4, 7)} ${d.slice(7)}`,
      (d: string) => `${d.slice(0, 2)} ${d.slice(2, 6)} ${d.slice(6)}`,
      (d: string) => `(${d.slice(0, 2)}) ${d.slice(2, 6)} ${d.slice(6)}`,
      (d: string) => `${d.slice(0, 4)}-${d.slice(4, 7)}-${d.slice(7)}`,
      (d: string) => `${d.slice(0, 4)}.${d.slice(4, 7)}.${d.slice(7)}`,
      (d: string) => `+61 ${d.slice(1, 4)} ${d.slice(4, 7)} ${d.slice(7)}`,
      (d: string) => `+61${d.slice(1)}`,
      (d: string) => d.split("").join(" "),
    ];
    fc.assert(
      fc.property(
        word,
        word.filter((w) => !enumWords.test(w)),
        fc.stringMatching(/^04\d{8}$/),
        fc.emailAddress(),
        fc.record({
          number: fc.oneof(
            fc.integer({ min: 1, max: 999 }).map(String),
            fc.tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 999 })).map(([u, n]) => `${u}/${n}`),
          ),
          name: word.filter((w) => !enumWords.test(w)),
          type: fc.constantFrom(...streetTypes),
          suburb: word,
        }),
        fc.constantFrom(...phoneFormats),
        fc.constantFrom(...streetTypes),
        fc.constantFrom("provider", "team_member", "customer") as fc.Arbitrary<"provider" | "team_member" | "customer">,
        fc.boolean(),
        // A code in the public notes, as people write them, and private access notes (docs/decisions/034).
        fc.record({
          word: fc.constantFrom("gate code", "Gate Code:", "PIN", "pin is", "alarm", "lockbox", "key safe code", "garage door code"),
          digits: fc.stringMatching(/^\d{3,8}$/),
          key: fc.constantFrom("", "#", "*"),
        }),
        word,
        (first, last, phone, email, street, formatPhone, typedType, userType, leakIntoText, code, secretWord) => {
          fc.pre(first.toLowerCase() !== last.toLowerCase() && street.name.toLowerCase() !== first.toLowerCase());
          const streetPart = `${street.number} ${street.name} ${street.type}`;
          const address = `${streetPart}, ${street.suburb} NSW 2150`;
          const houseNumber = street.number.split("/").at(-1)!;
          const description = leakIntoText
            ? `Ring ${first} ${last} on ${formatPhone(phone)}, ${email}, ${address}. Come to ${streetPart}, side gate; it is ${houseNumber} ${street.name.toLowerCase()} ${typedType.toLowerCase()}, or ${street.name} ${typedType}.`
            : "Lights flicker";
          const generated = lead({
            customerName: `${first} ${last}`,
            customerPhone: phone,
            customerEmail: email,
            customerAddress: address,
            serviceLocation: address,
            electricalWork: description,
            specialRequests: `${description} ${code.word} ${code.digits}${code.key}, thanks`,
            accessNotes: `${secretWord}zz under the mat, ${code.word} ${code.digits}`,
          });
          const shown = toMarketLead(generated, { userType }, now);
          // The live stream's lead.added for the same lead and viewer (docs/decisions/024): the same redaction.
          const viewer = aCurrentUser({ userType });
          const event = listingFor(
            { id: 7, type: "lead.added", leadId: generated.id, reason: null, lead: generated, listed: true, excludedUserIds: [] },
            viewer,
            "all",
            [],
            now,
          );
          expect(event?.data.lead).toEqual(shown);
          // What a buyer reads is the values, not the fields' names nor the event's ("lead.added"): a
          // surname "Lead" once matched the event's name.
          const values = (v: unknown): string[] => (typeof v === "string" ? [v] : v && typeof v === "object" ? Object.values(v).flatMap(values) : []);
          for (const text of [values(shown).join("\n"), values(event?.data).join("\n")]) {
            expect(text).not.toMatch(new RegExp(`\\b${last}\\b`, "i"));
            expect(text).not.toContain(email);
            expect(text).not.toContain(address);
            expect(text).not.toMatch(new RegExp(`\\b${street.name}\\b`, "i"));
          }
          for (const json of [JSON.stringify(shown), JSON.stringify(event)]) {
            // Access notes are the buyer's alone: never on a card or an event.
            expect(json).not.toContain(`${secretWord}zz`);
            expect(json).not.toContain("accessNotes");
          }
          for (const text of [shown.electricalWork, shown.specialRequests ?? ""]) {
            expect(text.replace(/\D/g, "")).not.toContain(phone.slice(1));
            // Every number in this text is the phone, the house number or the postcode.
            expect(text).not.toMatch(/\d/);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
