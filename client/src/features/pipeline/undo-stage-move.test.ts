// Undo on a stage move's notice (docs/decisions/084-undo-a-stage-move.md): the way back is an
// ordinary stage move with the version the move returned; a refusal is said in words.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PurchasedLead } from "@shared/pipeline";
import { ApiError } from "@/lib/api-client";
import { dismissAllToasts, openToasts } from "@/components/ui/use-toast";
import { UNDO_MS, undoStageMove } from "./undo-stage-move";

type Update = Parameters<typeof undoStageMove>[0]["update"];

const job = (changes: Partial<PurchasedLead>) =>
  ({ id: 7, salesStage: "purchased", version: 3, declineReason: null, declineNote: null, lead: { jobReference: "AE-123456E" }, ...changes }) as PurchasedLead;

/** Moves, taps Undo on the notice and waits for the answer's notice. */
async function moveAndUndo(before: PurchasedLead, saved: PurchasedLead, update: Update) {
  const place = { leaving: vi.fn(), returning: vi.fn() };
  undoStageMove({ before, saved, update, place });
  const [notice] = openToasts();
  expect(notice).toMatchObject({ title: "Sales stage updated", duration: UNDO_MS, action: { label: "Undo" } });
  notice!.action!.onClick();
  expect(place.returning).toHaveBeenCalledWith(before.id);
  await vi.waitFor(() => expect(openToasts()[0]?.id).not.toBe(notice!.id));
  return openToasts()[0]!;
}

afterEach(() => dismissAllToasts());

describe("undo a stage move", () => {
  it("when Undo is tapped after Purchased to Called, then the job moves back to Purchased on the version the move returned", async () => {
    const update = vi.fn<Update>(async () => job({}));
    const after = await moveAndUndo(job({}), job({ salesStage: "called", version: 3 }), update);
    expect(update).toHaveBeenCalledWith({ purchaseId: 7, update: { salesStage: "purchased", version: 3, fromStage: "called" } });
    expect(after).toMatchObject({ title: "Move undone", description: "AE-123456E is back in Purchased." });
  });

  it("when the move left Declined, then the way back carries the reason again, as every move into Declined must", async () => {
    const update = vi.fn<Update>(async () => job({}));
    const before = job({ salesStage: "declined", declineReason: "price", declineNote: "Too dear" });
    await moveAndUndo(before, job({ salesStage: "called", version: 4 }), update);
    expect(update).toHaveBeenCalledWith({
      purchaseId: 7,
      update: { salesStage: "declined", version: 4, fromStage: "called", declineReason: "price", declineNote: "Too dear" },
    });
  });

  it("when a teammate saved the job after the move, then the refusal names them and where the job stays", async () => {
    const update = vi.fn<Update>(async () => {
      throw new ApiError(409, "Tom Baker saved a newer version of this job.", undefined, { savedBy: "Tom Baker" });
    });
    const after = await moveAndUndo(job({}), job({ salesStage: "called" }), update);
    expect(after).toMatchObject({
      variant: "destructive",
      title: "Could not undo the move",
      description: "Tom Baker changed AE-123456E after your move, so it stays in Called.",
    });
  });

  it("when a teammate moved the job on after the move, then the refusal names the stage it is in now", async () => {
    const update = vi.fn<Update>(async () => {
      throw new ApiError(409, "Tom Baker saved a newer version of this job.", undefined, { savedBy: "Tom Baker", current: { salesStage: "booked_in" } });
    });
    const after = await moveAndUndo(job({}), job({ salesStage: "called" }), update);
    expect(after).toMatchObject({ description: "Tom Baker changed AE-123456E after your move, so it stays in Booked In." });
  });
});
