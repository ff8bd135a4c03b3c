// The contact promise in the customer's words (docs/decisions/086-one-promise-one-address-quiet-sign-out.md):
// the success page and the job page say it with the same functions, from the one rule.
import { describe, expect, it } from "vitest";
import { promiseAfterSale, promiseBeforeSale, promiseDayTime, promiseRule } from "./contact-promise-words";

const at = (iso: string) => new Date(iso);
// 00:41 UTC on 3 March 2026: 11:41 am in Sydney (daylight saving), 8:41 am in Perth.
const promise = at("2026-03-03T00:41:00.000Z");

describe("the promise's time on the customer's clock", () => {
  it("when the promise falls later the same day in the customer's state, then it reads as today on that state's clock", () => {
    expect(promiseDayTime(promise, "NSW", at("2026-03-02T22:41:00.000Z"))).toBe("11:41 am today");
    expect(promiseDayTime(promise, "WA", at("2026-03-02T22:41:00.000Z"))).toBe("8:41 am today");
  });

  it("when the promise falls on the next day or later, then it reads tomorrow, then the weekday and date", () => {
    expect(promiseDayTime(promise, "NSW", at("2026-03-02T07:30:00.000Z"))).toBe("11:41 am tomorrow");
    expect(promiseDayTime(promise, "NSW", at("2026-02-28T07:30:00.000Z"))).toBe("11:41 am Tue 3 Mar");
  });

  it("when midnight has passed in Sydney but not in Perth, then the same instant is tomorrow for one and today for the other", () => {
    const now = at("2026-03-02T15:30:00.000Z");
    expect(promiseDayTime(promise, "NSW", now)).toBe("11:41 am today");
    expect(promiseDayTime(promise, "WA", now)).toBe("8:41 am tomorrow");
  });
});

describe("one wording before and after the sale", () => {
  it("when the job page shows a sold request's promise, then it says they will contact you by the time, or were due to once it passed", () => {
    expect(promiseAfterSale(promise, "NSW", at("2026-03-02T22:41:00.000Z"))).toEqual({ lead: "They will contact you by", at: "11:41 am today" });
    expect(promiseAfterSale(promise, "NSW", at("2026-03-03T01:00:00.000Z"))).toEqual({ lead: "They were due to contact you by", at: "11:41 am today" });
  });

  it("when an ordinary request is sent at 9:41 am in Sydney, then the success page says by 11:41 am today, the time a sale now would promise", () => {
    const now = at("2026-03-02T22:41:00.000Z");
    const before = promiseBeforeSale({ emergency: false, state: "NSW" }, now);
    expect(before).toEqual({ lead: "Taken now, the electrician will contact you by", at: "11:41 am today" });
    // The same words as the job page's once an electrician buys it this minute.
    expect(before.at).toBe(promiseAfterSale(promise, "NSW", now).at);
  });

  it("when a request is sent at 6:30 pm, then the promise counts only to 7 pm and reads 8:30 am tomorrow", () => {
    expect(promiseBeforeSale({ emergency: false, state: "NSW" }, at("2026-11-23T07:30:00Z")).at).toBe("8:30 am tomorrow");
  });

  it("when an emergency is sent at 11 pm, then it is 30 minutes, day or night", () => {
    expect(promiseBeforeSale({ emergency: true, state: "NSW" }, at("2026-11-23T12:00:00Z")).at).toBe("11:30 pm today");
  });

  it("when the request is in Perth and the server promises 90 minutes, then the time is Perth's and the rule's minutes are the server's", () => {
    // 6:41 am in Perth: counting starts at 7.
    expect(promiseBeforeSale({ emergency: false, state: "WA" }, at("2026-03-02T22:41:00.000Z"), 90).at).toBe("8:30 am today");
  });

  it("when the rule is said in words, then it names the window and its hours", () => {
    expect(promiseRule(false)).toBe("within 2 hours of taking your job, counted 7 am to 7 pm");
    expect(promiseRule(false, 90)).toBe("within 1 hour 30 minutes of taking your job, counted 7 am to 7 pm");
    expect(promiseRule(true)).toBe("within 30 minutes of taking your job, day or night");
  });
});
