// One document of the job's paperwork (docs/decisions/105-paperwork-on-the-card.md): its rule, who
// gets it and its clock as the server counts it, then how it leaves the card. Queensland's
// certificate we print and send; every other state's is copied into its form or portal, and the
// reference it gave is recorded here.
import { ExternalLink, FileText, Send } from "lucide-react";
import { useState, type FormEvent } from "react";
import { CLOCK_WORDS, lodgeDocumentRequest, PAPERWORK_MESSAGES, RECIPIENT_WORDS, type PaperworkDocument as Document } from "@shared/paperwork";
import { formatStateDateTime } from "@shared/state-time-text";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useIssueCertificate, useLodgeDocument } from "../api/paperwork";
import { CLOCK_TONES, errorText, messagesFor } from "../paperwork-view";
import { PaperworkFields } from "./PaperworkFields";
import { PaperworkForm } from "./PaperworkForm";

/** The longest reference the server takes, read from its own rule. */
const REFERENCE_MAX = lodgeDocumentRequest.shape.reference.maxLength ?? undefined;

/** "the customer, the network operator and the regulator" */
function recipients(to: Document["to"]) {
  const words = to.map((r) => RECIPIENT_WORDS[r]);
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : (words[0] ?? "");
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface Props {
  purchaseId: number;
  document: Document;
  /** The paperwork's version every write carries (409 when someone changed it first). */
  version: number;
  state: string | null;
  /** The test record is marked tested: Queensland's certificate prints its results. */
  tested: boolean;
  id: string;
}

export function PaperworkDocument({ purchaseId, document: d, version, state, tested, id }: Props) {
  const issue = useIssueCertificate(purchaseId);
  const lodge = useLodgeDocument(purchaseId);
  const [reference, setReference] = useState("");
  const done = d.status !== "open";
  const referenceErrors = messagesFor(lodge.error, "reference");

  const onLodge = (event: FormEvent) => {
    event.preventDefault();
    lodge.mutate({ document: d.document, version, reference: reference.trim() }, { onSuccess: () => setReference("") });
  };

  return (
    <article aria-labelledby={`${id}-name`} className="grid min-w-0 gap-2 rounded-lg border border-slate-200 bg-white p-3" data-testid="paperwork-document">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h4 id={`${id}-name`} className="min-w-0 flex-1 text-sm font-semibold [overflow-wrap:anywhere] text-slate-900">
          {d.name}
        </h4>
        <Badge tone={CLOCK_TONES[d.clock]}>{CLOCK_WORDS[d.clock]}</Badge>
      </div>
      <p className="text-sm text-slate-700">
        {sentence(d.rule)}. {d.to.length > 0 && `Goes to ${recipients(d.to)}.`}
      </p>
      {d.dueText && !done && (
        <p className={d.clock === "overdue" || d.clock === "due_today" ? "text-sm font-semibold text-red-700" : "text-sm text-slate-700"}>Due {d.dueText}</p>
      )}

      {d.how === "certificate" && d.status === "issued" && (
        <div className="grid gap-1 text-sm text-green-800" data-testid="certificate-issued">
          <p>
            Certificate <span className="font-semibold [overflow-wrap:anywhere]">{d.serial}</span>
          </p>
          <p>
            Issued {d.doneText}
            {d.doneBy ? ` by ${d.doneBy}` : ""}
          </p>
          <p>
            {d.customerSentAt
              ? `Customer sent their copy ${formatStateDateTime(new Date(d.customerSentAt), state)}`
              : "Not sent to the customer: a copy opens only with a code to their mobile, and this job has none (or is your own). Give them the PDF."}
          </p>
          {d.pdfUrl && (
            <Button asChild variant="outline" className="justify-self-start">
              <a href={d.pdfUrl} target="_blank" rel="noopener">
                <FileText aria-hidden /> Open PDF
              </a>
            </Button>
          )}
        </div>
      )}
      {d.how === "certificate" && d.status === "open" && (
        <div className="grid gap-1">
          <Button className="justify-self-start" disabled={!tested || issue.isPending} onClick={() => issue.mutate({ document: d.document, version })}>
            <Send aria-hidden /> {issue.isPending ? "Issuing..." : "Issue certificate"}
          </Button>
          {!tested && !issue.isError && <p className="text-sm text-slate-600">{PAPERWORK_MESSAGES.notTested}.</p>}
          {tested && <p className="text-xs text-slate-500">Prints the certificate with the test results and sends the customer a link to their copy.</p>}
          {issue.isError && (
            <p role="alert" className="text-sm text-red-700">
              {errorText(issue.error)}
            </p>
          )}
        </div>
      )}

      {d.how !== "certificate" && d.status === "lodged" && (
        <div className="grid gap-1 text-sm text-green-800" data-testid="document-lodged">
          <p>
            Reference <span className="font-semibold [overflow-wrap:anywhere]">{d.reference}</span>
          </p>
          <p>
            Lodged {d.doneText}
            {d.doneBy ? ` by ${d.doneBy}` : ""}
          </p>
        </div>
      )}
      {d.how !== "certificate" && d.status === "open" && (
        <>
          {d.portal && (
            <Button asChild variant="outline" className="h-auto min-h-11 justify-self-start py-1.5 text-left whitespace-normal">
              <a href={d.portal.url} target="_blank" rel="noopener">
                <ExternalLink aria-hidden /> <span className="min-w-0 [overflow-wrap:anywhere]">{d.portal.label}</span>
              </a>
            </Button>
          )}
          <PaperworkFields document={d} />
          <form onSubmit={onLodge} className="grid gap-1 border-t border-slate-100 pt-2">
            <Label htmlFor={`${id}-reference`}>{d.how === "form" ? "The form's reference or serial number" : "The reference the portal gave you"}</Label>
            <div className="flex flex-wrap gap-2">
              <Input
                id={`${id}-reference`}
                value={reference}
                maxLength={REFERENCE_MAX}
                autoComplete="off"
                aria-invalid={referenceErrors.length > 0}
                aria-describedby={referenceErrors.length > 0 ? `${id}-reference-error` : undefined}
                onChange={(e) => setReference(e.target.value)}
                className="min-w-0 flex-1 basis-48"
              />
              <Button type="submit" disabled={!reference.trim() || lodge.isPending}>
                {lodge.isPending ? "Recording..." : "Record as lodged"}
              </Button>
            </div>
            {lodge.isError && (
              <p id={`${id}-reference-error`} role="alert" className="text-sm text-red-700">
                {referenceErrors.length > 0 ? referenceErrors.join(" ") : errorText(lodge.error)}
              </p>
            )}
          </form>
        </>
      )}
      {/* NSW's CCEW: the completed form itself, uploaded and sent from here. */}
      {d.how === "form" && <PaperworkForm purchaseId={purchaseId} document={d} version={version} id={id} />}
    </article>
  );
}
