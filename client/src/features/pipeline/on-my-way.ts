// "On my way" as the card says it (docs/decisions/049-missed-promises-and-refunds.md, "Keeping the
// customer informed"): the quick choices' labels and what the electrician is told after a tap,
// times on the clock of the lead's state, as the contact promise's are.
import { etaWords, type OnMyWayResponse } from "@shared/customer-updates";
import { promiseTime } from "./contact-promise";

/** "10 min", "45 min", "1 hour", "1 h 30 min" on a quick-choice button. */
export function etaLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  return etaWords(minutes).replace(/^about /, "");
}

/** The toast after a tap: sent, or already sent inside the 10-minute window (nothing new went). */
export function onMyWayNotice(answer: OnMyWayResponse, customer: string, state: string | null, now: Date): { title: string; description: string } {
  const at = (iso: string) => promiseTime(state, new Date(iso), now);
  if (answer.sent) {
    return { title: `${customer} knows you are on the way`, description: `Texted: ${etaWords(answer.etaMinutes)} away.` };
  }
  return {
    title: "Already sent",
    description: `${customer} was texted at ${at(answer.at)} (${etaWords(answer.etaMinutes)} away). You can send another from ${at(answer.againAt)}.`,
  };
}
