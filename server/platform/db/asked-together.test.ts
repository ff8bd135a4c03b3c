// Reads asked in one turn share one answer (server/platform/db/asked-together.ts).
import { describe, expect, it, vi } from "vitest";
import { askedTogether } from "./asked-together";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("askedTogether", () => {
  it("when questions are asked in one turn, then one call answers them all, each with its own answer, in the order asked", async () => {
    const calls: number[][] = [];
    const double = askedTogether(async (questions: number[]) => {
      calls.push(questions);
      return questions.map((q) => q * 2);
    });
    const answers = await Promise.all([double(3), double(1), double(3), double(7)]);
    expect(answers).toEqual([6, 2, 6, 14]);
    expect(calls).toEqual([[3, 1, 3, 7]]);
  });

  it("when questions are asked in different turns, then each turn gets its own call", async () => {
    const calls: string[][] = [];
    const echo = askedTogether(async (questions: string[]) => {
      calls.push(questions);
      return questions;
    });
    const first = echo("a");
    await nextTurn();
    await nextTurn();
    const second = echo("b");
    expect(await Promise.all([first, second])).toEqual(["a", "b"]);
    expect(calls).toEqual([["a"], ["b"]]);
  });

  it("when the answer fails, thrown or rejected, then every question of its turn fails with it and the next turn is answered", async () => {
    let mode: "throw" | "reject" | "answer" = "throw";
    const read = askedTogether((questions: number[]) => {
      if (mode === "throw") throw new Error("connection lost");
      if (mode === "reject") return Promise.reject(new Error("timeout"));
      return Promise.resolve(questions);
    });
    const thrown = await Promise.allSettled([read(1), read(2)]);
    expect(thrown.map((r) => r.status === "rejected" && (r.reason as Error).message)).toEqual(["connection lost", "connection lost"]);
    mode = "reject";
    const rejected = await Promise.allSettled([read(1), read(2)]);
    expect(rejected.map((r) => r.status === "rejected" && (r.reason as Error).message)).toEqual(["timeout", "timeout"]);
    mode = "answer";
    expect(await read(5)).toBe(5);
  });

  it("when an answer is missing, then no question takes another's answer: all of the turn fail", async () => {
    const short = askedTogether(async (questions: number[]) => questions.slice(1));
    const settled = await Promise.allSettled([short(1), short(2)]);
    expect(settled.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });

  it("when a question is asked after the promises of the turn settle, then it still goes with the turn's others: the answer waits for the next turn, not the next microtask", async () => {
    const calls: number[][] = [];
    const echo = askedTogether(async (questions: number[]) => {
      calls.push(questions);
      return questions;
    });
    const first = echo(1);
    await Promise.resolve();
    await Promise.resolve();
    const second = echo(2);
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(calls).toEqual([[1, 2]]);
  });

  it("when a test's fake timers are installed after the module loaded, then questions are still answered", async () => {
    const echo = askedTogether(async (questions: string[]) => questions);
    vi.useFakeTimers();
    try {
      expect(await echo("answered")).toBe("answered");
    } finally {
      vi.useRealTimers();
    }
  });
});
