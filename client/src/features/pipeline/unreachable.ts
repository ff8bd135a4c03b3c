// "Customer unreachable" as the stage card says it (docs/decisions/049-missed-promises-and-refunds.md):
// the action when the rule allows it, why not yet when a try is missing, and the claim's state
// once made. The server decides (shared/unreachable.ts); this only words its answer, with times
// on the clock of the lead's state as the contact promise's.
import type { UnreachableState } from "@shared/unreachable";
import { promiseTime } from "./contact-promise";

export type UnreachableView =
  /** The button, with what it does. */
  | { kind: "action"; hint: string }
  /** Not yet: the reason, in place of the button. */
  | { kind: "not_yet"; text: string }
  /** The claim's state once made. */
  | { kind: "state"; text: string; tone: "waiting" | "good" | "neutral" };

/** What the card shows of the claim, or null when it shows nothing (an own job, contact made, the job moved on, too late). */
export function unreachableView(state: UnreachableState | null, leadState: string | null, now: Date): UnreachableView | null {
  if (!state) return null;
  const at = state.at ? promiseTime(leadState, new Date(state.at), now) : null;
  switch (state.status) {
    case "available":
      return { kind: "action", hint: "We text the customer to ask. No answer within 48 hours and this lead is refunded." };
    case "not_yet":
      // Before any try the card's contact promise already says to call: the hint waits for the first miss.
      if (state.reason === "no_tries") return null;
      return {
        kind: "not_yet",
        text: `Customer unreachable: ${state.reason === "second_try" ? "after a second try 4 hours after the first" : "after a try at least 4 hours after the first"}${at ? ` (from ${at})` : ""}`,
      };
    case "waiting":
      return { kind: "state", text: `Customer unreachable: waiting for the customer until ${at}`, tone: "waiting" };
    case "refunded":
      return { kind: "state", text: "Customer unreachable: refunded", tone: "good" };
    case "customer_answered":
      return { kind: "state", text: "The customer still needs an electrician: call again", tone: "neutral" };
    case "already_spoke":
      return { kind: "state", text: "The customer says you spoke: claim closed", tone: "neutral" };
    case "operator":
      return { kind: "state", text: "Customer unreachable: our team is checking this claim", tone: "waiting" };
  }
}
