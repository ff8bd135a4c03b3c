import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PurchasedLead } from "@shared/pipeline";
import { ApiError } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";
import { logContactOptions } from "./contact-attempts";

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const card = (id: number, values: Partial<PurchasedLead> = {}) =>
  ({ id, contactBy: "2026-11-23T23:30:00.000Z", firstContactAt: null, lastAttempt: null, ...values }) as PurchasedLead;

function setUp(reply: Response) {
  const fetch = vi.fn(async () => reply);
  vi.stubGlobal("fetch", fetch);
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  queryClient.setQueryData(QUERY_KEYS.purchasedLeads, [card(7), card(8)]);
  const invalidate = vi.spyOn(queryClient, "invalidateQueries").mockResolvedValue();
  const observer = new MutationObserver(queryClient, logContactOptions(queryClient));
  return { fetch, queryClient, invalidate, observer };
}

describe("logging the call from the card", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("when an outcome is tapped after the call, then the attempt is posted and its card stops counting down at once", async () => {
    const saved = { id: 31, channel: "call", outcome: "no_answer", at: "2026-11-23T23:05:00.000Z" };
    const { fetch, queryClient, invalidate, observer } = setUp(answer(201, saved));
    await observer.mutate({ purchaseId: 7, attempt: { channel: "call", outcome: "no_answer" } });

    expect(fetch).toHaveBeenCalledWith("/api/lead-purchases/7/contact-attempts", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ channel: "call", outcome: "no_answer" }),
    });
    const [seven, eight] = queryClient.getQueryData<PurchasedLead[]>(QUERY_KEYS.purchasedLeads)!;
    expect(seven).toMatchObject({ lastAttempt: saved, firstContactAt: saved.at });
    expect(eight).toMatchObject({ lastAttempt: null, firstContactAt: null });
    // The pipeline and the card's history are reloaded from the server.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: QUERY_KEYS.purchasedLeads });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["/api/lead-purchases"] });
  });

  it("when contact was already made, then the first contact stays the earlier one", async () => {
    const { queryClient, observer } = setUp(answer(201, { id: 32, channel: "sms", outcome: "reached", at: "2026-11-24T01:00:00.000Z" }));
    queryClient.setQueryData(QUERY_KEYS.purchasedLeads, [card(7, { firstContactAt: "2026-11-23T22:40:00.000Z" })]);
    await observer.mutate({ purchaseId: 7, attempt: { channel: "sms", outcome: "reached" } });
    expect(queryClient.getQueryData<PurchasedLead[]>(QUERY_KEYS.purchasedLeads)![0]).toMatchObject({
      firstContactAt: "2026-11-23T22:40:00.000Z",
      lastAttempt: { id: 32, channel: "sms" },
    });
  });

  it("when the server refuses (the provider's own job), then the error carries its message and the card is unchanged", async () => {
    const { queryClient, invalidate, observer } = setUp(answer(409, { message: "This is your own job" }));
    const failed = observer.mutate({ purchaseId: 7, attempt: { channel: "call", outcome: "reached" } });
    await expect(failed).rejects.toEqual(new ApiError(409, "This is your own job", undefined, { message: "This is your own job" }));
    expect(queryClient.getQueryData<PurchasedLead[]>(QUERY_KEYS.purchasedLeads)![0]).toMatchObject({ lastAttempt: null, firstContactAt: null });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: QUERY_KEYS.purchasedLeads });
  });
});
