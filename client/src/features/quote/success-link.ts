// The customer's job link after the quote (docs/decisions/047-job-page-screens.md). Analytics
// and the request log record addresses, so the link rides in the success page's history entry
// (history.state), in memory, never in its address or query string. A reload of the same entry
// keeps it; the page opened any other way has none and offers the lookup instead. Beside it,
// what the page needs to say the contact promise (docs/decisions/086-one-promise-one-address-quiet-sign-out.md):
// whether it is an emergency and the request's state, never the address itself.
export interface RequestPromise {
  emergency: boolean;
  /** The state whose clock the promise is told on; null: Sydney's, as for a lead without one. */
  state: string | null;
}

const STATES = /\b(NSW|VIC|QLD|SA|WA|TAS|NT|ACT)\b/g;

/** The state the service location names ("North Parramatta NSW 2151": NSW): the last one, as an address ends with it. */
export const stateInLocation = (location: string) => location.toUpperCase().match(STATES)?.at(-1) ?? null;

/**
 * From the answers sent: the promise's two inputs. The emergency test is isEmergencyLead's
 * (shared/contact-promise.ts), written out: importing it brought the promise's clock code into
 * the wizard's first load; ./success-link.test.ts keeps the two in step.
 */
export const requestPromise = (quote: { urgency?: string; serviceType?: string; serviceLocation: string }): RequestPromise => ({
  emergency: quote.urgency === "emergency" || quote.serviceType === "emergency",
  state: stateInLocation(quote.serviceLocation),
});

/** wouter's navigate arguments for /quote-success: the reference in the address, the link and the promise's inputs in the entry's state. */
export const successPage = (jobReference: string, jobUrl: string, verified: boolean, promise: RequestPromise) =>
  [`/quote-success?ref=${encodeURIComponent(jobReference)}${verified ? "&verified=1" : ""}`, { state: { jobUrl, promise } }] as const;

/** The promise's inputs this history entry holds, if they are what the wizard left. */
export function promiseInState(state: unknown): RequestPromise | null {
  const promise = (state as { promise?: Partial<RequestPromise> } | null)?.promise;
  if (!promise || typeof promise.emergency !== "boolean") return null;
  const named = typeof promise.state === "string" ? stateInLocation(promise.state) : null;
  return { emergency: promise.emergency, state: named };
}
