// What a buyer may do with a whole job from its card (docs/product.md section 7): archive it, or
// release it back to the market (unpurchase, or a contact turned into a lead). Each asks first.
import { Archive, RotateCcw, Send } from "lucide-react";
import { useState } from "react";
import type { CurrentUser } from "@shared/auth";
import type { PurchasedLead } from "@shared/pipeline";
import { can } from "@shared/policy";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import { usePurchaseAction } from "../api/purchases";

type Action = "archive" | "unpurchase" | "contact-to-lead";
const CONFIRM: Record<Action, { title: string; description: string; label: string; error: string; done: string }> = {
  archive: {
    title: "Archive this job?",
    description: "It leaves your pipeline. The export still includes it.",
    label: "Archive",
    error: "Error archiving lead",
    done: "Lead archived",
  },
  unpurchase: {
    title: "Unpurchase this lead?",
    // docs/decisions/032: the purchase leaves the pipeline and Purchase History (its row is kept for the audit trail).
    description: "The lead goes back on the marketplace with a fresh one-hour auction. It leaves your pipeline and Purchase History.",
    label: "Unpurchase",
    error: "Error unpurchasing lead",
    done: "Lead returned to the marketplace",
  },
  "contact-to-lead": {
    title: "Convert this contact to a lead?",
    description: "It becomes an available marketplace lead with a fresh auction.",
    label: "To Lead",
    error: "Error converting contact to lead",
    done: "Contact converted to a lead",
  },
};

export function CardActions({ purchase, user }: { purchase: PurchasedLead; user: CurrentUser }) {
  const [confirming, setConfirming] = useState<Action | null>(null);
  const archive = usePurchaseAction("archive");
  const unpurchase = usePurchaseAction("unpurchase");
  const toLead = usePurchaseAction("contact-to-lead");
  const actions = { archive, unpurchase, "contact-to-lead": toLead };
  // A provider's own job is their private customer: it never goes to the marketplace (018).
  const canRelease = can(user, "releasePurchase") && purchase.lead.source !== "provider_manual";

  async function runAction() {
    if (!confirming) return;
    const copy = CONFIRM[confirming];
    try {
      await actions[confirming].mutateAsync(purchase.id);
      toast({ title: copy.done });
    } catch (err) {
      toast({ title: copy.error, description: err instanceof Error ? err.message : "Please try again.", variant: "destructive" });
    } finally {
      setConfirming(null);
    }
  }

  return (
    <>
      {can(user, "archivePurchase") && (
        <Button variant="outline" onClick={() => setConfirming("archive")}>
          <Archive aria-hidden /> Archive
        </Button>
      )}
      {canRelease && (
        <>
          <Button variant="outline" onClick={() => setConfirming("unpurchase")}>
            <RotateCcw aria-hidden /> Unpurchase
          </Button>
          <Button variant="outline" onClick={() => setConfirming("contact-to-lead")}>
            <Send aria-hidden /> To Lead
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? CONFIRM[confirming].title : ""}
        description={confirming ? CONFIRM[confirming].description : ""}
        confirmLabel={confirming ? CONFIRM[confirming].label : ""}
        destructive={confirming === "archive"}
        busy={confirming ? actions[confirming].isPending : false}
        onConfirm={runAction}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
