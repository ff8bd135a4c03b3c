// The contact promise on the stage card (docs/decisions/045-contact-promise.md, "Logging contact"):
// "Call by 10:30 am · 1 h 12 min left", amber in its last 15 minutes, red once missed.
import { AlarmClock, Clock } from "lucide-react";
import type { PurchasedLead } from "@shared/pipeline";
import { DEVICE_ZONE } from "@/lib/lead-clock";
import { cn } from "@/lib/utils";
import { promiseView } from "../contact-promise";
import { useNow } from "../use-now";

export function ContactPromise({ purchase }: { purchase: PurchasedLead }) {
  const now = useNow();
  const view = promiseView(purchase, now, DEVICE_ZONE);
  if (!view) return null;
  const Icon = view.missed || view.soon ? AlarmClock : Clock;
  return (
    <p
      data-testid="contact-promise"
      data-missed={view.missed}
      className={cn(
        "flex flex-wrap items-center gap-x-2 gap-y-0.5 rounded-lg px-3 py-2 text-sm",
        view.missed ? "bg-red-50 text-red-800 ring-1 ring-red-300" : view.soon ? "bg-amber-50 text-amber-900 ring-1 ring-amber-300" : "bg-sky-50 text-sky-900",
      )}
    >
      {/* The icon rides with the words: on a narrow card it never stands on a line of its own. */}
      <span className="font-semibold">
        <Icon className="mr-1.5 inline size-4 align-[-3px]" aria-hidden />
        {view.due}
      </span>
      <span className="sr-only">, </span>
      {/* A pill of its own: on a narrow card it moves to the next line whole. */}
      <span className={cn("rounded-full bg-white/80 px-2 py-0.5 text-xs font-semibold whitespace-nowrap", view.missed && "text-red-700")}>{view.left}</span>
    </p>
  );
}
