// A form's or a portal's fields as the job holds them (docs/decisions/105-paperwork-on-the-card.md):
// grouped as the state's form groups them, each copied with one tap into the portal beside it, or
// all of them at once. A field the product does not hold says to fill it in on the form.
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import type { PaperworkDocument } from "@shared/paperwork";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { copyAllText, fieldsBySection, FILL_IN } from "../paperwork-view";

/** A Copy button that says "Copied" for two seconds; without a clipboard the value is on screen to select. */
function CopyButton({ text, label, children, className }: { text: string; label: string; children?: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, a page not served over HTTPS, permission refused).
    }
  };
  return (
    <Button variant="outline" aria-label={label} onClick={() => void copy()} className={cn("shrink-0 px-3", !children && "max-sm:w-11 max-sm:px-0", className)}>
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {/* A field's own button is its icon alone on a phone, so the value keeps the width (44 px still to tap). */}
      <span aria-live="polite" className={children ? undefined : "max-sm:sr-only"}>
        {copied ? "Copied" : (children ?? "Copy")}
      </span>
    </Button>
  );
}

export function PaperworkFields({ document }: { document: Pick<PaperworkDocument, "name" | "fields"> }) {
  if (document.fields.length === 0) return null;
  return (
    <div className="grid gap-3">
      {fieldsBySection(document.fields).map(({ section, fields }) => (
        <div key={section} className="min-w-0">
          <h5 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{section}</h5>
          <dl className="mt-1 divide-y divide-slate-100">
            {fields.map((field, i) => (
              <div key={`${field.label}-${i}`} className="flex min-h-11 items-center gap-2 py-1">
                <div className="min-w-0 flex-1">
                  <dt className="text-xs text-slate-500">{field.label}</dt>
                  <dd className="text-sm [overflow-wrap:anywhere] text-slate-900">{field.value ?? <span className="text-slate-500 italic">{FILL_IN}</span>}</dd>
                </div>
                {field.value !== null && <CopyButton text={field.value} label={`Copy ${field.label} (${section})`} />}
              </div>
            ))}
          </dl>
        </div>
      ))}
      <CopyButton text={copyAllText(document)} label={`Copy all the fields of the ${document.name}`} className="justify-self-start">
        Copy all
      </CopyButton>
    </div>
  );
}
