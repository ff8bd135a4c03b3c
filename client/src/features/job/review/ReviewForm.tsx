// The customer writes (or edits) their review on the job page (docs/decisions/062-review-screens.md):
// the stars, the text with its live count, the optional aspects, then the SMS code that proves
// the mobile, then publish. Every keystroke is kept in the tab (review-draft.ts), so a failed
// send, a wrong code or a reload on a slow phone loses nothing. The code the server answers with
// outside production is never shown: only the tests read it from the answer.
// Icons no landing page uses: one shared with the quote wizard would leave its chunk for one of its own, which /get-quote then loads too (docs/decisions/028).
import { RotateCw, Smartphone } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { ASPECT_LABELS } from "@/components/reviews/ReviewView";
import { Stars, StarsInput } from "@/components/reviews/stars";
import { ApiError } from "@/lib/api-client";
import { REVIEW_ASPECTS, REVIEW_TEXT_MAX } from "@shared/reviews-rules";
import { usePublishReview, useSendReviewCode } from "../api/review";
import { clearReviewDraft, readReviewDraft, saveReviewDraft, tabStorage, type ReviewDraft } from "./review-draft";
import { REVIEW_FORM_MESSAGES, reviewBody, reviewFormErrors, textCountText, type ReviewFormErrors } from "./review-form";

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : "That did not go through. Check your signal and try again.");

interface ReviewFormProps {
  token: string;
  /** Who is reviewed: the business, or the electrician's first name. */
  name: string;
  /** Editing: the published review's values, used when the tab kept no draft. */
  initial: ReviewDraft;
  edit: boolean;
  onDone: () => void;
  onCancel?: () => void;
}

export function ReviewForm({ token, name, initial, edit, onDone, onCancel }: ReviewFormProps) {
  const [draft, setDraft] = useState<ReviewDraft>(() => readReviewDraft(tabStorage(), token) ?? initial);
  const [errors, setErrors] = useState<ReviewFormErrors>({});
  const [step, setStep] = useState<"write" | "code">("write");
  const sendCode = useSendReviewCode(token);
  const publish = usePublishReview(token, () => {
    clearReviewDraft(tabStorage(), token);
    onDone();
  });
  const textId = useId();

  useEffect(() => saveReviewDraft(tabStorage(), token, draft), [token, draft]);
  const change = (next: Partial<ReviewDraft>) => setDraft((d) => ({ ...d, ...next }));

  const toCode = async (event: FormEvent) => {
    event.preventDefault();
    const found = reviewFormErrors(draft);
    setErrors(found);
    // On a phone the first thing to fix may be above the screen: take the customer to it.
    const form = event.currentTarget as HTMLFormElement;
    if (found.rating) return form.querySelector<HTMLInputElement>('input[name="review-rating"]')?.focus();
    if (found.text) return form.querySelector("textarea")?.focus();
    try {
      await sendCode.mutateAsync();
      setStep("code");
    } catch {
      // The server's words show under the button (too many codes, no mobile on the request).
    }
  };

  return (
    <div data-testid="review-form">
      {step === "write" ? (
        <form onSubmit={(e) => void toCode(e)} noValidate className="space-y-5">
          <StarsInput
            legend={`Your rating of ${name}`}
            value={draft.rating}
            onChange={(rating) => change({ rating })}
            error={errors.rating}
            name="review-rating"
          />
          <div>
            <label htmlFor={textId} className="block font-semibold text-slate-900">
              Your review
            </label>
            <p id={`${textId}-hint`} className="text-sm text-slate-600">
              What was done, and how it went. Other customers read this, so leave out phone numbers and addresses.
            </p>
            <Textarea
              id={textId}
              value={draft.text}
              maxLength={REVIEW_TEXT_MAX}
              rows={6}
              onChange={(e) => change({ text: e.target.value })}
              aria-invalid={errors.text ? true : undefined}
              aria-describedby={`${textId}-hint ${textId}-count${errors.text ? ` ${textId}-error` : ""}`}
              className="mt-2"
            />
            <p id={`${textId}-count`} className="mt-1 text-right text-sm text-slate-600 tabular-nums" data-testid="review-count">
              {textCountText(draft.text)}
            </p>
            {errors.text && (
              <p id={`${textId}-error`} className="text-sm font-medium text-red-700">
                {errors.text}
              </p>
            )}
          </div>
          <details className="group rounded-xl border border-slate-200 p-3 open:pb-4" open={REVIEW_ASPECTS.some((a) => draft.aspects[a])}>
            <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-slate-900">Rate the details (optional)</summary>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {REVIEW_ASPECTS.map((aspect) => (
                <StarsInput
                  key={aspect}
                  legend={ASPECT_LABELS[aspect]}
                  size="compact"
                  name={`review-${aspect}`}
                  value={draft.aspects[aspect] ?? null}
                  onChange={(stars) => change({ aspects: { ...draft.aspects, [aspect]: stars } })}
                />
              ))}
            </div>
          </details>
          <p className="text-sm text-slate-600">
            To keep reviews real, we text a 6-digit code to the mobile number on this request. Your review shows your first name and suburb only.
          </p>
          {sendCode.error && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {messageOf(sendCode.error)}
            </p>
          )}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" size="lg" className="min-h-14 w-full text-base sm:w-auto" disabled={sendCode.isPending}>
              <Smartphone aria-hidden /> {sendCode.isPending ? "Sending the code..." : "Text me a code"}
            </Button>
            {onCancel && (
              <Button type="button" variant="outline" size="lg" className="min-h-12 w-full sm:w-auto" onClick={onCancel}>
                Cancel
              </Button>
            )}
          </div>
        </form>
      ) : (
        <CodeStep
          draft={draft}
          edit={edit}
          publishing={publish.isPending}
          resending={sendCode.isPending}
          onBack={() => {
            publish.reset();
            setStep("write");
          }}
          onResend={() => sendCode.mutateAsync().then(() => publish.reset())}
          onPublish={(code) =>
            publish.mutate(edit ? { edit: true, body: reviewBody(draft, code) } : { edit: false, body: reviewBody(draft, code) }, {
              onError: (err) => {
                // The text or the stars refused by the server: back to them, with its words there.
                const fields = err instanceof ApiError ? err.errors : undefined;
                if (fields?.text || fields?.rating) {
                  setErrors({ text: fields.text, rating: fields.rating });
                  setStep("write");
                }
              },
            })
          }
          error={publish.error ?? sendCode.error}
        />
      )}
    </div>
  );
}

interface CodeStepProps {
  draft: ReviewDraft;
  edit: boolean;
  publishing: boolean;
  resending: boolean;
  error: unknown;
  onBack: () => void;
  onResend: () => Promise<unknown>;
  onPublish: (code: string) => void;
}

function CodeStep({ draft, edit, publishing, resending, error, onBack, onResend, onPublish }: CodeStepProps) {
  const [code, setCode] = useState("");
  const [missing, setMissing] = useState(false);
  const [resent, setResent] = useState(false);
  const codeId = useId();
  const codeField = useRef<HTMLInputElement>(null);
  // The long form above it is gone, so on a phone the field would open above the screen with the
  // focus lost on the page: the field comes to the middle of the screen, ready for the code.
  useEffect(() => {
    codeField.current?.focus({ preventScroll: true });
    codeField.current?.scrollIntoView({ block: "center" });
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\D/g, "");
    setMissing(digits.length !== 6);
    if (digits.length === 6) onPublish(digits);
  };
  const shown = missing ? REVIEW_FORM_MESSAGES.code : error ? messageOf(error) : null;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="flex items-start justify-between gap-3 rounded-xl bg-slate-50 p-3">
        <div className="min-w-0">
          {draft.rating !== null && <Stars rating={draft.rating} />}
          <p className="mt-1 line-clamp-2 text-sm text-slate-700 [overflow-wrap:anywhere]">{draft.text.trim()}</p>
        </div>
        <Button type="button" variant="ghost" size="sm" onClick={onBack}>
          Change
        </Button>
      </div>
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
        <Button type="submit" size="lg" variant="spark" className="min-h-14 w-full text-base sm:w-auto" disabled={publishing}>
          {publishing ? "Publishing..." : edit ? "Save my changes" : "Publish my review"}
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
