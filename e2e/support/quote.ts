// A customer's request for quotes, sent as the wizard's last step sends it (POST /api/leads),
// for the journeys that start after it.
export interface QuoteRequest {
  serviceLocation: string;
  electricalWork: string;
  customerName: string;
  customerPhone: string;
}

/** The request's answer: 201 with its job reference and the customer's job page, or the test stops here. */
export async function askForQuote(base: string, request: QuoteRequest): Promise<{ status: number; jobReference: string; jobUrl: string }> {
  const res = await fetch(base + "/api/leads", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify(request),
  });
  if (res.status !== 201) throw new Error(`POST /api/leads answered ${res.status}: ${await res.text()}`);
  const { jobReference, jobUrl } = (await res.json()) as { jobReference: string; jobUrl: string };
  return { status: res.status, jobReference, jobUrl };
}
