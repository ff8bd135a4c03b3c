// "Your certificate" on the customer's job page (docs/decisions/105-paperwork-on-the-card.md): each
// certificate issued for the job by name and date, and its PDF behind the review's code step
// (review/ReviewForm.tsx), since it carries the customer's name and address and a job link can be
// forwarded: "Text me a code", the 6 digits, "Open certificate". The PDF is fetched with the code,
// saved under the server's name, and kept in the tab to open again. The code the server answers
// with outside production is never shown: only the tests read it from the answer. Rendered in
// the server's first screen of the page too (docs/decisions/092), so the page does not jump when
// the app takes over; before then its button does nothing, as the review's does not.
// Icons the job page already carries: none leaves a landing page's chunk (docs/decisions/028).
import { CheckCircle2, FileDown, RotateCw, Smartphone } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { JobView } from "@shared/jobs";
import { useOpenCertificate, useSendCertificateCode, type CertificateFile } from "../api/certificate";
import { CERTIFICATE_CODE_MESSAGE, certificateCode } from "./certificate-file";

type Certificate = JobView["certificates"][number];

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : "That did not go through. Check your signal and try again.");

export function JobCertificates({ token, certificates }: { token: string; certificates: readonly Certificate[] }) {
  if (certificates.length === 0) return null;
  return (
    <section aria-labelledby="certificate-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="job-certificates">
      <h2 id="certificate-heading" className="text-lg font-bold text-slate-900">
        {certificates.length > 1 ? "Your certificates" : "Your certificate"}
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {certificates.map((certificate) => (
          <li key={certificate.document} className="py-4 first:pt-0 last:pb-0" data-testid="job-certificate">
            <CertificateRow token={token} certificate={certificate} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Saves the file as a tap on a download link would: the browser's own download, named. */
function saveFile(url: string, fileName: string) {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
}

function CertificateRow({ token, certificate }: { token: string; certificate: Certificate }) {
  const [step, setStep] = useState<"ask" | "code">("ask");
  const [opened, setOpened] = useState<{ url: string; fileName: string } | null>(null);
  const sendCode = useSendCertificateCode(token);
  const open = useOpenCertificate(token);
  // The PDF stays in the tab while the page is open, and no longer.
  useEffect(() => (opened ? () => URL.revokeObjectURL(opened.url) : undefined), [opened]);

  const ask = async () => {
    try {
      await sendCode.mutateAsync();
      setStep("code");
    } catch {
      // The server's words show under the button (too many codes, no mobile on the request).
    }
  };
  const onOpened = (file: CertificateFile) => {
    const url = URL.createObjectURL(file.blob);
    setOpened({ url, fileName: file.fileName });
    saveFile(url, file.fileName);
  };

  return (
    <div>
      <p className="font-semibold [overflow-wrap:anywhere] text-slate-900">{certificate.name}</p>
      <p className="text-sm text-slate-600">Issued {certificate.issuedText}</p>
      <div className="mt-3">
        {opened ? (
          <div className="space-y-3" data-testid="certificate-opened">
            <p role="status" className="flex items-start gap-2 font-semibold text-green-800">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden />
              <span className="min-w-0 [overflow-wrap:anywhere]">Your certificate is downloading as {opened.fileName}.</span>
            </p>
            <a
              href={opened.url}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-base font-semibold text-slate-900 hover:bg-slate-100 sm:w-auto"
            >
              <FileDown className="size-4 shrink-0" aria-hidden /> Open it again
            </a>
          </div>
        ) : step === "ask" ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-600">It has your name and address, so we check it is you first.</p>
            {sendCode.error && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {messageOf(sendCode.error)}
              </p>
            )}
            <Button type="button" size="lg" className="min-h-14 w-full text-base sm:w-auto" disabled={sendCode.isPending} onClick={() => void ask()}>
              <Smartphone aria-hidden /> {sendCode.isPending ? "Sending the code..." : "Text me a code"}
            </Button>
          </div>
        ) : (
          <CodeStep
            opening={open.isPending}
            resending={sendCode.isPending}
            error={open.error ?? sendCode.error}
            onResend={() => sendCode.mutateAsync().then(() => open.reset())}
            onOpen={(code) => open.mutate({ document: certificate.document, code }, { onSuccess: onOpened })}
          />
        )}
      </div>
    </div>
  );
}

interface CodeStepProps {
  opening: boolean;
  resending: boolean;
  error: unknown;
  onResend: () => Promise<unknown>;
  onOpen: (code: string) => void;
}

/** The review's code step (review/ReviewForm.tsx), the same in look and behaviour, with "Open certificate" as its answer. */
function CodeStep({ opening, resending, error, onResend, onOpen }: CodeStepProps) {
  const [code, setCode] = useState("");
  const [missing, setMissing] = useState(false);
  const [resent, setResent] = useState(false);
  const codeId = useId();
  const codeField = useRef<HTMLInputElement>(null);
  // On a phone the field comes to the middle of the screen, ready for the code.
  useEffect(() => {
    codeField.current?.focus({ preventScroll: true });
    codeField.current?.scrollIntoView({ block: "center" });
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = certificateCode(code);
    setMissing(digits === null);
    if (digits) onOpen(digits);
  };
  const shown = missing ? CERTIFICATE_CODE_MESSAGE : error ? messageOf(error) : null;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor={codeId} className="block font-semibold text-slate-900">
          6-digit code
        </label>
        <p id={`${codeId}-hint`} className="text-sm text-slate-600">
          We texted it to the mobile number on this request. It works for 10 minutes.
        </p>
        <Input
          ref={codeField}
          id={codeId}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={11}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${codeId}-hint${shown ? ` ${codeId}-error` : ""}`}
          className="mt-2 block h-14 max-w-48 text-center font-mono text-xl tracking-[0.3em]"
        />
        {shown && (
          <p id={`${codeId}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {shown}
          </p>
        )}
        {resent && !shown && (
          <p role="status" className="mt-1 text-sm text-green-800">
            A new code is on its way. The old one no longer works.
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" size="lg" variant="spark" className="min-h-14 w-full text-base sm:w-auto" disabled={opening}>
          {opening ? "Opening..." : "Open certificate"}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="min-h-12 w-full sm:w-auto"
          disabled={resending}
          onClick={() => {
            setMissing(false);
            setCode("");
            void onResend().then(
              () => setResent(true),
              () => setResent(false),
            );
          }}
        >
          <RotateCw aria-hidden /> {resending ? "Sending..." : "Send a new code"}
        </Button>
      </div>
    </form>
  );
}
