// "Undo" on a stage move's notice (docs/decisions/084-undo-a-stage-move.md): for 10 s the notice
// offers to move the card back to the stage it came from. The way back is an ordinary stage move
// (PATCH .../sales-stage) with the version the move returned, so the server's rules hold as for
// any move: a teammate's save since is a 409, and the notice that follows says so.
import { labelOf } from "@shared/labels";
import type { PurchasedLead, SalesStageUpdate } from "@shared/pipeline";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import type { Place } from "./keep-place";

export const UNDO_MS = 10_000;

interface UndoInput {
  /** The card as it was before the move. */
  before: PurchasedLead;
  /** The job as the server saved it after the move. */
  saved: PurchasedLead;
  update: (vars: { purchaseId: number; update: SalesStageUpdate }) => Promise<PurchasedLead>;
  place: Place | null;
}

/** The body that moves the job back: a move into Declined carries its reason again, as every such move must. */
function undoRequest(before: PurchasedLead, saved: PurchasedLead): SalesStageUpdate {
  // fromStage: a teammate's move since is a 409, though a stage move alone leaves the version as it was.
  const back: SalesStageUpdate = { salesStage: before.salesStage, version: saved.version, fromStage: saved.salesStage };
  if (before.salesStage === "declined" && before.declineReason) return { ...back, declineReason: before.declineReason, declineNote: before.declineNote };
  return back;
}

/** Why an Undo was refused, in words: a teammate's newer save by name, otherwise the server's message. */
function undoRefusal(err: unknown, jobReference: string, stageNow: string): string {
  if (err instanceof ApiError && err.status === 409) {
    const savedBy = (err.body?.savedBy as string | null | undefined) ?? "Someone";
    const current = err.body?.current as { salesStage?: string } | undefined;
    return `${savedBy} changed ${jobReference} after your move, so it stays in ${labelOf("salesStage", current?.salesStage ?? stageNow)}.`;
  }
  return err instanceof Error ? err.message : "Please try again.";
}

/** The notice after a move, with its Undo. */
export function undoStageMove({ before, saved, update, place }: UndoInput) {
  const reference = before.lead.jobReference;
  const from = labelOf("salesStage", before.salesStage);
  async function undo() {
    place?.returning(before.id);
    try {
      await update({ purchaseId: before.id, update: undoRequest(before, saved) });
      toast({ title: "Move undone", description: `${reference} is back in ${from}.` });
    } catch (err) {
      toast({ variant: "destructive", title: "Could not undo the move", description: undoRefusal(err, reference, saved.salesStage) });
    }
  }
  toast({
    title: "Sales stage updated",
    description: `${reference} is now ${labelOf("salesStage", saved.salesStage)}.`,
    duration: UNDO_MS,
    action: { label: "Undo", altText: `Move ${reference} back to ${from}`, onClick: () => void undo() },
  });
}
