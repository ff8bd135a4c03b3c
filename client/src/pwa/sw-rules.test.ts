import { describe, expect, it } from "vitest";
import { alertPayload, isSameOriginPath } from "./sw-rules";

describe("the service worker's push payload", () => {
  it("when the server sends a lead alert, then the notification shows it and opens that lead", () => {
    const alert = alertPayload({
      title: "Emergency · Switchboard in Parramatta",
      body: "$36.40 now · free at 3:41 pm",
      url: "/dashboard?lead=42",
      leadId: 42,
      tag: "lead-42",
    });
    expect(alert).toEqual({ title: "Emergency · Switchboard in Parramatta", body: "$36.40 now · free at 3:41 pm", url: "/dashboard?lead=42", tag: "lead-42" });
  });

  it("when the payload is not an alert, then a plain one that opens the dashboard", () => {
    expect(alertPayload(undefined)).toEqual({ title: "New lead near you", body: "Open the dashboard to see it.", url: "/dashboard", tag: "alert" });
    expect(alertPayload({ leadId: 7, url: "https://evil.example/phish" })).toMatchObject({ url: "/dashboard?lead=7", tag: "lead-7" });
  });

  it("when a url points off the site, then it is not a path a tap may open", () => {
    expect(isSameOriginPath("/dashboard?lead=1")).toBe(true);
    for (const url of ["//evil.example/x", "/\\evil.example", "https://evil.example", "", 42]) expect(isSameOriginPath(url)).toBe(false);
  });
});
