// The "On my way" dialog's words (docs/decisions/049-missed-promises-and-refunds.md, "Keeping the
// customer informed") and its request: the quick choices, the toast after a tap, the POST.
import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ETA_QUICK_CHOICES } from "@shared/customer-updates";
import { ApiError } from "@/lib/api-client";
import { onMyWayOptions } from "./api/on-my-way";
import { etaLabel, onMyWayNotice } from "./on-my-way";

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("the ETA dialog's words", () => {
  it("when the quick choices are shown, then five big buttons from 10 minutes to an hour", () => {
    expect(ETA_QUICK_CHOICES.map(etaLabel)).toEqual(["10 min", "20 min", "30 min", "45 min", "1 hour"]);
    expect([90, 120].map(etaLabel)).toEqual(["1 h 30 min", "2 hours"]);
  });

  it("when the customer was texted, then the toast says so with the ETA", () => {
    const now = new Date("2026-11-23T23:05:00Z");
    const sent = { sent: true, etaMinutes: 20, at: now.toISOString(), againAt: "2026-11-23T23:15:00.000Z" };
    expect(onMyWayNotice(sent, "Jane", "NSW", now)).toEqual({ title: "Jane knows you are on the way", description: "Texted: about 20 minutes away." });
  });

  it("when the tap falls inside the 10 minutes, then the toast says when Jane was told, on her state's clock, and when another can go", () => {
    const now = new Date("2026-11-23T23:09:00Z");
    const again = { sent: false, etaMinutes: 30, at: "2026-11-23T23:05:00.000Z", againAt: "2026-11-23T23:15:00.000Z" };
    expect(onMyWayNotice(again, "Jane", "NSW", now)).toEqual({
      title: "Already sent",
      description: "Jane was texted at 10:05 am (about 30 minutes away). You can send another from 10:15 am.",
    });
    // A Perth customer is told Perth's time.
    expect(onMyWayNotice(again, "Jane", "WA", now).description).toBe("Jane was texted at 7:05 am (about 30 minutes away). You can send another from 7:15 am.");
  });
});

describe("the ETA dialog's request", () => {
  afterEach(() => vi.unstubAllGlobals());

  function setUp(reply: Response) {
    const fetch = vi.fn(async () => reply);
    vi.stubGlobal("fetch", fetch);
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const invalidate = vi.spyOn(queryClient, "invalidateQueries").mockResolvedValue();
    return { fetch, invalidate, observer: new MutationObserver(queryClient, onMyWayOptions(queryClient)) };
  }

  it("when 20 minutes is tapped, then the minutes are posted for that job and its History reloads", async () => {
    const body = { sent: true, etaMinutes: 20, at: "2026-11-23T23:05:00.000Z", againAt: "2026-11-23T23:15:00.000Z" };
    const { fetch, invalidate, observer } = setUp(answer(200, body));
    await expect(observer.mutate({ purchaseId: 7, etaMinutes: 20 })).resolves.toEqual(body);
    expect(fetch).toHaveBeenCalledWith("/api/lead-purchases/7/on-my-way", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ etaMinutes: 20 }),
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["/api/lead-purchases", 7, "history"] });
  });

  it("when the server refuses (a landline), then the error carries its message for the toast", async () => {
    const { observer } = setUp(answer(409, { message: "The customer's number is not a mobile" }));
    await expect(observer.mutate({ purchaseId: 7, etaMinutes: 20 })).rejects.toEqual(
      new ApiError(409, "The customer's number is not a mobile", undefined, { message: "The customer's number is not a mobile" }),
    );
  });
});
