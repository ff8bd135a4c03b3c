// The card's "Paperwork" (docs/decisions/105-paperwork-on-the-card.md): the compliance documents the
// job's state wants once the work is tested, each with its clock as the server counts it, and how
// it leaves the card. The header carries the most urgent clock from the board's list, so a closed
// card still says what is due; the rest is loaded when opened.
import { ChevronDown, FileCheck2, FileText } from "lucide-react";
import { useState } from "react";
import { CLOCK_WORDS } from "@shared/paperwork";
import type { PurchasedLead } from "@shared/pipeline";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { usePaperwork } from "../api/paperwork";
import { CLOCK_TONES, mostUrgentFirst } from "../paperwork-view";
import { PaperworkDocument } from "./PaperworkDocument";
import { PaperworkEvents } from "./PaperworkEvents";

export function Paperwork({ purchase, userId }: { purchase: Pick<PurchasedLead, "id" | "paperwork" | "lead">; userId: number }) {
  const [open, setOpen] = useState(false);
  const paperwork = usePaperwork(purchase.id, open);
  const view = paperwork.data;
  // Optional: a list from a server before the paperwork carries no summary.
  const next = purchase.paperwork?.next ?? null;
  const openCount = purchase.paperwork?.open ?? 0;
  const panelId = `paperwork-${purchase.id}`;

  return (
    <section
      aria-label={`Paperwork for ${purchase.lead.jobReference}`}
      className="rounded-xl border border-slate-200 bg-slate-50/60 p-3"
      data-testid="card-paperwork"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-11 w-full items-center gap-2 text-left text-sm font-semibold text-slate-900"
      >
        <FileCheck2 className="size-4 shrink-0 text-slate-500" aria-hidden /> Paperwork
        {next && (
          <Badge tone={CLOCK_TONES[next.clock]} className="shrink-0">
            {CLOCK_WORDS[next.clock]}
          </Badge>
        )}
        {openCount > 0 && <span className="text-xs font-normal text-slate-500">{openCount} open</span>}
        <ChevronDown className={cn("ml-auto size-4 shrink-0 transition-transform", open && "rotate-180")} aria-hidden />
      </button>
      {!open && next && (
        <p className="text-xs [overflow-wrap:anywhere] text-slate-600" data-testid="paperwork-next">
          {next.name}: due {next.dueText}
        </p>
      )}
      {open && (
        <div id={panelId} className="mt-2 grid gap-3">
          {paperwork.isPending && <p className="text-sm text-slate-500">Loading the paperwork...</p>}
          {paperwork.isError && <p className="text-sm text-red-700">Could not load the paperwork. Close and open it to try again.</p>}
          {view && (
            <>
              <PaperworkEvents purchaseId={purchase.id} userId={userId} view={view} id={panelId} />
              {view.documents.length === 0 && <p className="text-sm text-slate-600">This job's state asks for no paperwork we know of.</p>}
              {mostUrgentFirst(view.documents).map((d) => (
                <PaperworkDocument
                  key={d.document}
                  id={`${panelId}-${d.document}`}
                  purchaseId={purchase.id}
                  document={d}
                  version={view.version}
                  state={view.state}
                  tested={view.events.test.at !== null}
                />
              ))}
              {view.testReportUrl && (
                <Button asChild variant="outline" className="justify-self-start">
                  <a href={view.testReportUrl} target="_blank" rel="noopener">
                    <FileText aria-hidden /> Test report (PDF)
                  </a>
                </Button>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
