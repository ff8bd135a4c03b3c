// How customers put their own details into a job description (docs/decisions/090-safe-words-before-
// purchase.md): each shape writes one customer's secrets the way real descriptions do. TUNING is
// what the redaction was tuned on; HELD_OUT was written before tuning and is only measured.
import type { Customer, Random } from "./customers";
import { pick } from "./customers";

type Shape = (c: Customer, random: Random) => string;

const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
/** "4821" -> "four eight two one". */
const inWords = (digits: string) => [...digits].map((d) => WORDS[Number(d)]).join(" ");
/** "0412345678" -> "0412 345 678". */
const spaced = (phone: string) => `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
const international = (phone: string) => `+61 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
const handleOf = (c: Customer) => c.email.split("@")[0]!;
const unitAnd = (c: Customer) => (c.unit ? `${c.unit}/${c.house}` : c.house);
/** The surname as people also write it: "O'Neil-Smith" as "ONeil-Smith", "oneil smith", "O Neil-Smith". */
const otherSpelling = (c: Customer, random: Random) =>
  pick(random, [
    c.surname.replace(/['’]/g, ""),
    c.surname.toLowerCase().replace(/[^a-z]+/g, " "),
    c.surname.replace(/['’]/g, " "),
    c.surname.toLowerCase().replace(/[^a-z]/g, ""),
  ]);

export const TUNING_SHAPES: Shape[] = [
  (c) => `I live at ${c.house} ${c.street} ${c.streetType}.`,
  (c) => `Address is ${unitAnd(c)} ${c.street} ${c.streetType}, ${c.suburb}.`,
  (c) => `${c.house} ${c.street}\n${c.streetType} ${c.suburb}`,
  (c) => `Call me on ${c.phone}`,
  (c) => `my number is ${spaced(c.phone)}`,
  (c) => `mobile: ${international(c.phone)}`,
  (c) => `Gate code is ${c.code}`,
  (c) => `${c.code} is the lockbox code`,
  (c) => `the gate code is ${inWords(c.code)}`,
  (c) => `email me at ${c.email}`,
  (c) => `email ${handleOf(c)} on ${c.mailService}`,
  (c) => `${handleOf(c)} (at) ${c.mailService} (dot) com`,
  (c) => `Ask for ${c.given} ${c.surname}`,
  (c, r) => `ask for ${otherSpelling(c, r)}`,
  (c) => `lot ${c.unit ?? c.house} DP ${c.code}${c.house}`,
  (c) => `cnr ${c.street} and ${c.crossStreet}`,
  (c) => `on the corner of ${c.street} ${c.streetType} and ${c.crossStreet} St`,
  (c) => `Key safe ${c.code} by the front door`,
  (c) => `Text ${inWords(c.phone)}`,
  (c) => `Name on the bell is ${c.surname.toUpperCase()}`,
  (c) => `we're at number ${c.house}, ${c.street} ${c.streetType}`,
  (c) => `Unit ${c.unit ?? "4"}, ${c.house} ${c.street} ${c.streetType}`,
  (c) => `${c.surname} residence`,
  (c) => `tenant is ${c.other} ${c.surname}, phone ${c.phone}`,
  (c) => `${c.street} ${c.streetType} off ${c.crossStreet} Rd`,
  (c) => `${c.house} ${c.street} of ${c.crossStreet} ${c.streetType}`,
  (c) => `${c.house} Avenue of ${c.crossStreet}`,
  (c) => `my husband ${c.other} will be home`,
  (c) => `PIN ${inWords(c.code)} for the alarm`,
  (c, r) => `Thanks, ${c.given} ${otherSpelling(c, r)}`,
];

export const HELD_OUT_SHAPES: Shape[] = [
  (c) => `Pls ring ${c.given} on ${c.phone.slice(0, 4)}.${c.phone.slice(4, 7)}.${c.phone.slice(7)} after 5`,
  (c) => `Property: ${c.house}b ${c.street} ${c.streetType}, ${c.suburb} ${c.state} ${c.postcode}`,
  (c) => `Send quote to ${handleOf(c)} at ${c.mailService} dot com`,
  (c) => `Alarm code: ${[...c.code].join(" ")}`,
  (c) => `Access via the laneway behind ${c.house} ${c.street} ${c.streetType}`,
  (c) => `Lockbox is double ${inWords(c.code.slice(1))}`,
  (c) => `The ${c.surname.toLowerCase().replace(/[^a-z]/g, "")} family`,
  (c) => `Corner ${c.street} & ${c.crossStreet} Sts`,
  (c) => `Lot ${c.house}, Deposited Plan ${c.code}${c.unit ?? "7"}`,
  (c) => `I'm ${c.given} ${c.surname.toUpperCase()}, ${international(c.phone)}`,
  (c) => `Owners: ${c.given} & ${c.other} ${c.surname}`,
  (c) => `Ring the buzzer marked ${c.surname}`,
  (c) => `${c.street} ${c.streetType} (number ${c.house})`,
  (c) => `my email is ${handleOf(c)} on ${c.mailService}`,
  (c) => `call ${c.other} (my son) on ${spaced(c.phone)}`,
];
