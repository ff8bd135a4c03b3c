// No letter lost in the account forms, every text field of each at 30 ms a key on a 4x slowed
// CPU (docs/decisions/130-which-fields-no-letter-lost-covers.md). Sign-in comes from the server:
// the first keys of every field go in before the app's scripts come, the rest while they arrive,
// and the run turns which field is typed first, so a loop of runs puts the take-over in each
// field in turn. An electrician's sign-up is drawn by the app alone: each field is typed from the
// moment the form shows. The landing pages' single fields: e2e/no-letter-lost-forms.test.ts; the
// wizard's address: e2e/no-letter-lost.test.ts.
import { describe, expect, it } from "vitest";
import { useServerAndBrowser } from "./support/harness";
import { runsOfEachField, typeFormThroughTakeOver } from "./support/type-through-take-over";

const env = useServerAndBrowser();
const RUNS = runsOfEachField(1);
/** Sign-up's nine fields take about 8 s a run: the long loop by hand needs more than a test's usual limit. */
const LOOP_TIMEOUT_MS = Math.max(120_000, RUNS * 15_000);

const FORMS: [path: string, drawnBy: "server" | "app", fields: [label: string, text: string][]][] = [
  [
    "/login",
    "server",
    [
      ["Username or email", "sparkright.electrical.parramatta"],
      ["Password", "correct-horse-battery-staple"],
    ],
  ],
  [
    // Drawn by the app alone (no page from the server): typed from the moment it shows.
    "/signup",
    "app",
    [
      ["First name", "Mary-Kate"],
      ["Last name", "O'Brien-Nguyen"],
      ["Email", "mary-kate.obrien@sparkright.com.au"],
      ["Phone", "0412 555 777"],
      ["Company name", "O'Brien & Nguyen Electrical Pty Ltd"],
      ["Licence number", "123456C"],
      ["ABN", "51 824 753 556"],
      ["Username", "mk.obrien-nguyen"],
      ["Password", "first-pass-12345"],
    ],
  ],
];

describe("typing into every field of an account form while the app takes the page over", () => {
  it.each(FORMS)(
    "when a person types into every field of %s at 30 ms a key, then not one letter is lost",
    async (path, drawnBy, fields) => {
      let tookOverWhileTyping = 0;
      for (let run = 0; run < RUNS; run++) {
        const { values, liveWhileTyping } = await typeFormThroughTakeOver(env, path, fields, { run, drawnBy });
        expect(values, `run ${run + 1}`).toEqual(Object.fromEntries(fields));
        if (liveWhileTyping) tookOverWhileTyping++;
      }
      // The race was run: on the server's form the app took over before the last key.
      if (drawnBy === "server") expect(tookOverWhileTyping).toBeGreaterThan(0);
    },
    LOOP_TIMEOUT_MS,
  );
});
