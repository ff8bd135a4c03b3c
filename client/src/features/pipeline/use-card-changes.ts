// What the card sends (decision 031, docs/decisions/084-undo-a-stage-move.md): everything typed and
// unsaved goes with every change, based on the version it was typed on, so a stage change, a
// decline or a booking is refused with 409 after someone else's save rather than applied over
// values this person has not seen; a 409 keeps the typing and shows the newer values.
import { useState } from "react";
import type { PurchasedLead, SalesStageUpdate } from "@shared/pipeline";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { useUpdateSalesStage } from "./api/purchases";
import { serverValues, type useCardDraft } from "./card-draft";
import { usePlace } from "./keep-place";
import { undoStageMove } from "./undo-stage-move";
import { useSaveState } from "./use-save-state";

/** What a control on the card changes; `send` adds the version the typing was based on. */
export type CardChange = Omit<SalesStageUpdate, "version">;

export function useCardChanges(purchase: PurchasedLead, draft: ReturnType<typeof useCardDraft>, paidFigureShown: boolean) {
  const updateStage = useUpdateSalesStage();
  const place = usePlace();
  const [saveState, setSaveState] = useSaveState();
  const [declining, setDeclining] = useState(false);
  const [booking, setBooking] = useState(false);

  async function send(extra: CardChange) {
    const typed = { ...(draft.dirty ? draft.pending : {}), version: draft.version };
    try {
      const saved = await updateStage.mutateAsync({ purchaseId: purchase.id, update: { ...typed, ...extra } });
      draft.clear();
      return saved;
    } catch (err) {
      const current = err instanceof ApiError && err.status === 409 ? (err.body?.current as PurchasedLead | undefined) : undefined;
      if (current)
        draft.rebase(current.version, { savedBy: (err as ApiError).body?.savedBy as string | null, theirs: serverValues(current, purchase.lead.state) });
      throw err;
    }
  }

  /** A decline asks its reason first, a booking its time; then the card moves, with Undo in the notice. */
  async function changeStage(salesStage: string, decline: CardChange = {}) {
    if (salesStage === "declined" && !decline.declineReason) return setDeclining(true);
    if (salesStage === "booked_in" && !decline.jobStartsAt) return setBooking(true);
    // The card leaves this list: the view stays where the person was.
    place?.leaving(purchase.id);
    try {
      const saved = await send({ salesStage, ...decline });
      setDeclining(false);
      setBooking(false);
      // Undo lives in the notice, for 10 s: by then this card is on another tab.
      undoStageMove({ before: purchase, saved, update: updateStage.mutateAsync, place });
    } catch (err) {
      setDeclining(false);
      setBooking(false);
      place?.returning(purchase.id);
      toast({ title: "Error updating sales stage", description: err instanceof Error ? err.message : "Please try again.", variant: "destructive" });
    }
  }

  async function save() {
    setSaveState("saving");
    try {
      const paymentTyped = draft.pending.customerPaymentAmount !== undefined;
      await send({});
      setSaveState("saved");
      if (paidFigureShown && paymentTyped) toast({ title: "Payment amount saved" });
    } catch (err) {
      // A newer save by someone else is not a failure to report twice: the card shows it.
      if (err instanceof ApiError && err.status === 409) return setSaveState("idle");
      setSaveState("error");
      toast({ title: "Error saving", description: err instanceof Error ? err.message : "Please try again.", variant: "destructive" });
    }
  }

  return {
    changeStage,
    save,
    saveState,
    busy: updateStage.isPending,
    declining,
    booking,
    cancelDecline: () => setDeclining(false),
    cancelBooking: () => setBooking(false),
  };
}
