// Who bought the request (docs/decisions/047-job-page-screens.md): the business, the person, a
// call button a thumb finds, the checks we made, and by when they will be in touch.
import { Award, BadgeCheck, Briefcase, Clock, FileCheck2, Phone, Star, Timer } from "lucide-react";
import type { ReactNode } from "react";
import type { JobView } from "@shared/jobs";
import { promiseAfterSale } from "@shared/contact-promise-words";
import { formatAustralianPhone, telHref } from "@shared/phone";
import { callsWithinText, formatAbn, jobsCompletedText, licenceLine, memberSinceText } from "./job-format";

type SoldView = Pick<JobView, "status" | "state" | "contactBy"> & { electrician: NonNullable<JobView["electrician"]> };

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-2.5">
      <span className="mt-0.5 text-brand-700 [&_svg]:size-4" aria-hidden>
        {icon}
      </span>
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

export function ElectricianCard({ view, now }: { view: SoldView; now: Date }) {
  const { electrician: e, state } = view;
  const name = e.businessName ?? e.firstName ?? "Your electrician";
  const licence = licenceLine(e, state);
  const callsWithin = callsWithinText(e.medianMinutesToContact);
  // The promise matters until they have been in touch; after that the steps tell the story.
  // Worded by the one function the quote's success page uses too (docs/decisions/086).
  const promise = view.status === "matched" && view.contactBy ? promiseAfterSale(new Date(view.contactBy), state, now) : null;
  return (
    <section aria-labelledby="electrician-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="electrician-card">
      <p className="text-sm font-medium text-slate-600">Your electrician</p>
      <h2 id="electrician-heading" className="mt-0.5 break-words text-xl font-extrabold leading-tight text-slate-900">
        {name}
      </h2>
      {e.businessName && e.firstName && (
        <p className="mt-1 break-words text-slate-700">
          {view.status === "closed" ? `Your contact was ${e.firstName}` : `${e.firstName} will look after your job`}
        </p>
      )}
      {promise && (
        <p className="mt-4 flex gap-2 rounded-lg bg-brand-50 px-3 py-2.5 text-brand-900" data-testid="contact-promise">
          <Clock className="mt-0.5 size-5 shrink-0" aria-hidden />
          <span>
            {promise.lead} <strong className="whitespace-nowrap">{promise.at}</strong>
          </span>
        </p>
      )}
      {e.phone && (
        <a
          href={telHref(e.phone)}
          className="mt-4 flex min-h-14 w-full items-center justify-center gap-2.5 rounded-xl bg-green-700 px-4 py-3 text-lg font-bold text-white shadow-sm hover:bg-green-800 focus-visible:outline-green-800"
        >
          <Phone className="size-5 shrink-0" aria-hidden />
          <span>
            Call {e.firstName && <span className="sr-only">{e.firstName} on </span>}
            <span className="whitespace-nowrap">{formatAustralianPhone(e.phone)}</span>
          </span>
        </a>
      )}
      <ul className="mt-5 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
        {licence && <Fact icon={<BadgeCheck />}>{licence}</Fact>}
        {e.abn && <Fact icon={<FileCheck2 />}>ABN {formatAbn(e.abn)}</Fact>}
        <Fact icon={<Award />}>{memberSinceText(e.memberSince, state)}</Fact>
        <Fact icon={<Briefcase />}>{jobsCompletedText(e.jobsCompleted)}</Fact>
        {callsWithin && <Fact icon={<Timer />}>{callsWithin}</Fact>}
        {/* Only a rating real reviews stand behind (docs/decisions/060-public-profiles.md). */}
        {e.rating.average !== null && (
          <Fact icon={<Star />}>
            <span data-testid="electrician-rating">
              Rated {e.rating.average} out of 5 from {e.rating.count} review{e.rating.count === 1 ? "" : "s"}
            </span>
          </Fact>
        )}
      </ul>
      {e.profilePath && (
        <a
          href={e.profilePath}
          className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
          data-testid="electrician-profile-link"
        >
          See {name}&apos;s profile and reviews
        </a>
      )}
    </section>
  );
}
