// What the customer asked for, as the server sends it back: the description went through the
// market's redaction, so no street address or phone shows on a page whose link may be forwarded.
import type { JobView } from "@shared/jobs";
import { formatJobDate, placeText, serviceTypeLabel } from "./job-format";

export function RequestSummary({ view }: { view: JobView }) {
  const place = placeText(view);
  return (
    <section aria-labelledby="request-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="request-summary">
      <h2 id="request-heading" className="text-base font-bold text-slate-900">
        Your request
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-600">Reference</dt>
        <dd className="font-mono font-semibold text-slate-900">{view.jobReference}</dd>
        <dt className="text-slate-600">Service</dt>
        <dd className="text-slate-900">{serviceTypeLabel(view.serviceType)}</dd>
        {place && (
          <>
            <dt className="text-slate-600">Where</dt>
            <dd className="min-w-0 break-words text-slate-900">{place}</dd>
          </>
        )}
        <dt className="text-slate-600">Sent</dt>
        <dd className="text-slate-900">
          <time dateTime={view.submittedAt}>{formatJobDate(view.submittedAt, view.state)}</time>
        </dd>
      </dl>
      <h3 className="mt-4 text-sm text-slate-600">What you asked for</h3>
      <p className="mt-1 whitespace-pre-line break-words text-slate-900">{view.electricalWork}</p>
    </section>
  );
}
