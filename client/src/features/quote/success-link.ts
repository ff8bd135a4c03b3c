// The customer's job link after the quote (docs/decisions/047-job-page-screens.md). Analytics
// and the request log record addresses, so the link rides in the success page's history entry
// (history.state), in memory, never in its address or query string. A reload of the same entry
// keeps it; the page opened any other way has none and offers the lookup instead.

/** wouter's navigate arguments for /quote-success: the reference in the address, the link in the entry's state. */
export const successPage = (jobReference: string, jobUrl: string, verified: boolean) =>
  [`/quote-success?ref=${encodeURIComponent(jobReference)}${verified ? "&verified=1" : ""}`, { state: { jobUrl } }] as const;
