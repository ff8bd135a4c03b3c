import { Download, X } from "lucide-react";
import { useEffect, useState } from "react";

const KEY = "backupReminderShownAt";
const EVERY_MS = 24 * 60 * 60 * 1000;

const isDue = (hasRecords: boolean) => hasRecords && Date.now() - Number(localStorage.getItem(KEY) ?? 0) >= EVERY_MS;

/**
 * docs/product.md section 9: when records exist, remind once per 24 h (remembered in local storage).
 * A line in the page above the pipeline tabs, not a floating notice (docs/decisions/038): a
 * notice at the foot of the screen covered the purchase sheet's Buy button and took its taps.
 * Decided once, when the board first shows, so it never pushes the page down later.
 */
export function BackupReminder({ hasRecords, exportHref }: { hasRecords: boolean; exportHref: string }) {
  const [due, setDue] = useState(() => isDue(hasRecords));
  useEffect(() => {
    if (due) localStorage.setItem(KEY, String(Date.now()));
  }, [due]);
  if (!due) return null;
  return (
    <div role="status" className="flex items-center gap-3 rounded-xl border border-brand-100 bg-brand-50 py-1.5 pr-1.5 pl-4 text-sm text-brand-900">
      <p className="min-w-0 flex-1">
        <span className="font-semibold">Back up your leads</span>
        <span className="max-sm:sr-only">: use Export to download a CSV copy of your purchased leads.</span>
      </p>
      <a
        href={exportHref}
        download
        className="inline-flex shrink-0 items-center gap-1.5 rounded-lg px-2 py-1.5 font-semibold text-brand-700 hover:bg-brand-100"
      >
        <Download className="size-4" aria-hidden /> Export
      </a>
      {/* 44 px to tap, the line no taller (-my-1.5): docs/decisions/079. */}
      <button
        type="button"
        aria-label="Dismiss the backup reminder"
        className="-my-1.5 inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-brand-100"
        onClick={() => setDue(false)}
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
