// The electrician's bank details for a transfer, on the job page (docs/decisions/054, 057): the
// way to pay when paying online isn't possible (docs/decisions/056). Each figure
// has a Copy button, as a phone's banking app is pasted into, not typed into. The electrician
// records a transfer when it reaches them.
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import type { EftDetails as Eft } from "@shared/stripe-connect";
import { formatMoney } from "@shared/format";

/** "062-000", as banks print a BSB (formatBsb in shared/business.ts, written here to keep Zod off the page, 047). */
const bsbText = (bsb: string) => bsb.replace(/^(\d{3})(\d{3})$/, "$1-$2");

/** The server sends them only when paying online isn't possible and something is owing (docs/decisions/056). */
export function EftDetails({ eft }: { eft: Eft }) {
  const rows: [string, string, string][] = [
    ["Amount", formatMoney(eft.amount), eft.amount],
    ["Account name", eft.accountName, eft.accountName],
    ["BSB", bsbText(eft.bsb), eft.bsb],
    ["Account", eft.account, eft.account],
    ["Reference", eft.reference, eft.reference],
  ];
  return (
    <div className="mt-3 rounded-xl bg-slate-50 p-3 text-sm" data-testid="eft-details">
      <p className="font-semibold text-slate-900">Pay by bank transfer</p>
      {/* Label above each figure: a long business name gets the whole width of a phone. */}
      <dl className="mt-2 grid gap-2">
        {rows.map(([label, shown, copied]) => (
          <div key={label} className="grid grid-cols-[1fr_auto] items-end gap-x-3 border-b border-slate-200 pb-1 last:border-b-0">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="col-start-1 min-w-0 font-medium [overflow-wrap:anywhere] text-slate-900 tabular-nums">{shown}</dd>
            <dd className="col-start-2 row-span-2 row-start-1">
              <CopyButton label={label} value={copied} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-slate-700">Use the reference so your electrician can match your payment. They'll record it when it reaches their account.</p>
    </div>
  );
}

function CopyButton({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2_000);
    } catch {
      // No clipboard (an old browser, or permission refused): the figure is on screen to select.
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={`Copy ${label.toLowerCase()}`}
      className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      <span aria-live="polite">{copied ? "Copied" : "Copy"}</span>
    </button>
  );
}
