// The completed form sent from the card (docs/decisions/105-paperwork-on-the-card.md): NSW's CCEW is
// completed on the Commission's own form; its PDF is uploaded here (checked by the server), then
// e-mailed, attached, to the distributor and the Commission, and the customer is sent a link to
// their copy. Once sent, it is kept as sent.
import { FileText, Send, Upload } from "lucide-react";
import { useState, type FormEvent } from "react";
import { FORM_LIMITS, PAPERWORK_MESSAGES, type PaperworkDocument } from "@shared/paperwork";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useSendForm, useUploadForm } from "../api/paperwork";
import { errorText, messagesFor } from "../paperwork-view";

const SLOTS = ["Distributor's e-mail for CCEWs", "Building Commission NSW's e-mail", "Another e-mail (optional)"];

export function PaperworkForm({ purchaseId, document: d, version, id }: { purchaseId: number; document: PaperworkDocument; version: number; id: string }) {
  const upload = useUploadForm(purchaseId);
  const send = useSendForm(purchaseId);
  const [to, setTo] = useState(["", "", ""]);
  const [tooBig, setTooBig] = useState(false);
  const addresses = to.map((t) => t.trim()).filter(Boolean);
  const toErrors = messagesFor(send.error, "to");
  // Only when the work is marked so does the form go beyond the customer (decision 104).
  const offices = d.to.some((r) => r !== "customer");

  const onPick = (file: File | undefined) => {
    if (!file) return;
    // Said at once, before 5 MB crawls up a weak signal to be refused.
    setTooBig(file.size > FORM_LIMITS.maxBytes);
    if (file.size <= FORM_LIMITS.maxBytes) upload.mutate({ document: d.document, file });
  };
  const onSend = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ document: d.document, version, to: addresses });
  };

  if (d.form?.sentText) {
    return (
      <div className="grid gap-1 border-t border-slate-100 pt-2 text-sm text-green-800" data-testid="form-sent">
        <p>
          Completed form sent {d.form.sentText} to <span className="[overflow-wrap:anywhere]">{d.form.sentTo.join(", ")}</span>
        </p>
        {d.customerSentAt && <p>The customer was sent a link to their copy.</p>}
        <Button asChild variant="outline" className="justify-self-start">
          <a href={d.form.pdfUrl} target="_blank" rel="noopener">
            <FileText aria-hidden /> Open the form sent
          </a>
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-2 border-t border-slate-100 pt-2">
      <Label htmlFor={`${id}-form`}>The completed form (PDF, up to 5 MB)</Label>
      <p className="text-xs text-slate-500">
        Complete the CCEW with the fields above, save it as a PDF, and upload it to send it from here{offices ? "" : " to the customer"}.
      </p>
      <label
        htmlFor={`${id}-form`}
        className="inline-flex min-h-11 cursor-pointer items-center gap-2 justify-self-start rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800"
      >
        <Upload className="size-4" aria-hidden /> {upload.isPending ? "Checking..." : d.form ? "Upload a new version" : "Upload the completed form"}
      </label>
      <input
        id={`${id}-form`}
        type="file"
        accept="application/pdf,.pdf"
        className="sr-only"
        disabled={upload.isPending}
        onChange={(e) => {
          onPick(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      {(tooBig || upload.isError) && (
        <p role="alert" className="text-sm text-red-700">
          {tooBig ? PAPERWORK_MESSAGES.formTooLarge : errorText(upload.error)}
        </p>
      )}
      {d.form && (
        <p className="text-sm text-slate-700">
          Uploaded {d.form.uploadedText} ({d.form.pages} {d.form.pages === 1 ? "page" : "pages"}).{" "}
          <a href={d.form.pdfUrl} target="_blank" rel="noopener" className="font-medium text-blue-700 underline">
            Open it
          </a>
        </p>
      )}
      {d.form && (
        <form onSubmit={onSend} className="grid gap-2">
          {(offices ? SLOTS : SLOTS.slice(2)).map((label, i) => {
            const slot = offices ? i : 2;
            return (
              <div key={label} className="grid gap-1">
                <Label htmlFor={`${id}-to-${slot}`}>{offices ? label : "Also e-mail it to (optional)"}</Label>
                <Input
                  id={`${id}-to-${slot}`}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  value={to[slot]}
                  onChange={(e) => setTo((all) => all.map((t, j) => (j === slot ? e.target.value : t)))}
                />
              </div>
            );
          })}
          <Button type="submit" className="justify-self-start" disabled={(offices && addresses.length === 0) || send.isPending}>
            <Send aria-hidden /> {send.isPending ? "Sending..." : offices ? "Send the completed form" : "Send it to the customer"}
          </Button>
          <p className="text-xs text-slate-500">The customer is sent a link to their copy, which opens after a code to their mobile.</p>
          {send.isError && (
            <p role="alert" className="text-sm text-red-700">
              {toErrors.length > 0 ? PAPERWORK_MESSAGES.recipients : errorText(send.error)}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
