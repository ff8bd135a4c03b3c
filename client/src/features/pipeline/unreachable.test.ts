// "Customer unreachable" on the stage card (docs/decisions/049-missed-promises-and-refunds.md): each
// state the server sends reads as the card shows it, times on the lead's state's clock; and the
// claim's answer shows on its card at once.
import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PurchasedLead } from "@shared/pipeline";
import type { UnreachableState } from "@shared/unreachable";
import { QUERY_KEYS } from "@/lib/query-keys";
import { claimUnreachableOptions } from "./api/unreachable";
import { unreachableView } from "./unreachable";

// 2026-11-24T03:15Z is 2:15 pm on Tuesday 24 November in Sydney (+11), 11:15 am in Perth (+8).
const NOW = new Date("2026-11-23T23:00:00Z"); // 10:00 am in Sydney
const state = (values: Partial<UnreachableState>): UnreachableState => ({ status: "available", reason: null, at: null, ...values });

describe("what the card shows of the claim", () => {
  it("when the rule allows it, then the action with what it does", () => {
    expect(unreachableView(state({}), "NSW", NOW)).toEqual({
      kind: "action",
      hint: "We text the customer to ask. No answer within 48 hours and this lead is refunded.",
    });
  });

  it("when a try is missing, then why not yet, with the time a second try opens it on the lead's clock", () => {
    const from = "2026-11-24T03:15:00.000Z";
    // Before any try, nothing: the contact promise already says to call.
    expect(unreachableView(state({ status: "not_yet", reason: "no_tries" }), "NSW", NOW)).toBeNull();
    expect(unreachableView(state({ status: "not_yet", reason: "second_try", at: from }), "NSW", NOW)).toEqual({
      kind: "not_yet",
      text: "Customer unreachable: after a second try 4 hours after the first (from 2:15 pm)",
    });
    expect(unreachableView(state({ status: "not_yet", reason: "too_soon", at: from }), "WA", NOW)).toEqual({
      kind: "not_yet",
      text: "Customer unreachable: after a try at least 4 hours after the first (from 11:15 am)",
    });
  });

  it("when the claim waits for the customer, then until when; then refunded, answered or with the operator", () => {
    expect(unreachableView(state({ status: "waiting", at: "2026-11-25T23:30:00.000Z" }), "NSW", NOW)).toEqual({
      kind: "state",
      text: "Customer unreachable: waiting for the customer until 10:30 am Thu 26 Nov",
      tone: "waiting",
    });
    expect(unreachableView(state({ status: "refunded", at: NOW.toISOString() }), "NSW", NOW)).toMatchObject({
      text: "Customer unreachable: refunded",
      tone: "good",
    });
    expect(unreachableView(state({ status: "customer_answered", at: NOW.toISOString() }), "NSW", NOW)).toMatchObject({
      text: "The customer still needs an electrician: call again",
    });
    expect(unreachableView(state({ status: "already_spoke", at: NOW.toISOString() }), "NSW", NOW)).toMatchObject({
      text: "The customer says you spoke: claim closed",
    });
    expect(unreachableView(state({ status: "operator", at: NOW.toISOString() }), "NSW", NOW)).toMatchObject({
      text: "Customer unreachable: our team is checking this claim",
    });
  });

  it("when the server sends no state (an own job, contact made, too late), then the card shows nothing", () => {
    expect(unreachableView(null, "NSW", NOW)).toBeNull();
  });
});

describe("claiming from the card", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("when the claim is taken, then it is posted and its card shows the wait at once, and the pipeline reloads", async () => {
    const waiting = state({ status: "waiting", at: "2026-11-25T23:30:00.000Z" });
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ message: "asked", unreachable: waiting }), { status: 200, headers: { "Content-Type": "application/json" } }),
    );
    vi.stubGlobal("fetch", fetch);
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const card = (id: number) => ({ id, unreachable: state({}) }) as PurchasedLead;
    queryClient.setQueryData(QUERY_KEYS.purchasedLeads, [card(7), card(8)]);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries").mockResolvedValue();
    await new MutationObserver(queryClient, claimUnreachableOptions(queryClient)).mutate(7);
    expect(fetch).toHaveBeenCalledWith("/api/lead-purchases/7/unreachable", { method: "POST", credentials: "include", headers: {}, body: undefined });
    const [seven, eight] = queryClient.getQueryData<PurchasedLead[]>(QUERY_KEYS.purchasedLeads)!;
    expect(seven!.unreachable).toEqual(waiting);
    expect(eight!.unreachable).toEqual(state({}));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: QUERY_KEYS.purchasedLeads });
  });
});
