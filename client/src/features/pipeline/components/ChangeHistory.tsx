// The stage card's "History" disclosure: who changed what and when (decision 018). Fetched
// only when opened, newest first.
import { ChevronDown, History } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/utils";
import { usePurchaseHistory } from "../api/purchases";
import { describeChange, historyMeta } from "../history-format";

export function ChangeHistory({ purchaseId }: { purchaseId: number }) {
  const [open, setOpen] = useState(false);
  const history = usePurchaseHistory(purchaseId, open);
  const panelId = `history-${purchaseId}`;
  return (
    <div className="border-t border-slate-100 pt-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-11 items-center gap-2 rounded-lg px-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <History className="size-4" aria-hidden /> History
        <ChevronDown className={cn("size-4 transition-transform", open && "rotate-180")} aria-hidden />
      </button>
      {open && (
        <div id={panelId} className="mt-1">
          {history.isPending && <p className="text-sm text-slate-500">Loading history...</p>}
          {history.isError && <p className="text-sm text-red-700">Could not load the history. Close and open it to try again.</p>}
          {history.data?.length === 0 && <p className="text-sm text-slate-500">No changes recorded yet.</p>}
          {history.data && history.data.length > 0 && (
            <ol className="max-h-72 space-y-2 overflow-y-auto text-sm" aria-label="Change history, newest first">
              {history.data.map((entry) => (
                <li key={entry.id} className="border-l-2 border-slate-200 pl-3">
                  <span className="break-words text-slate-800">{describeChange(entry)}</span>
                  {/* Who and when wrap as one piece on a phone, never split mid-date. */}
                  <span className="text-slate-500">
                    {" · "}
                    <span className="whitespace-nowrap">{historyMeta(entry)}</span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
