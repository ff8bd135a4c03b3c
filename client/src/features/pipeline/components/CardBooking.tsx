// "Times for the customer" on a market job's card (docs/decisions/102-booking-windows.md): the
// windows offered and waiting for a pick, the window booked, the customer's note when none
// suited; "Offer times" opens the rows to type (on the wall clock of the lead's state, never the
// browser's), and a booked job's time is moved or cancelled with a reason the customer is told.
import { useQueryClient } from "@tanstack/react-query";
import { CalendarDays, CalendarX } from "lucide-react";
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { WINDOW_RULES, windowText, type CardBooking as Booking } from "@shared/booking-windows";
import type { PurchasedLead } from "@shared/pipeline";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatRelative } from "@/lib/format";
import { QUERY_KEYS } from "@/lib/query-keys";
import { useCardBooking } from "../api/booking-windows";
import { bookedAhead, windowSpan } from "../booking-rows";
import { CancelBookingDialog, OfferTimesDialog } from "./OfferTimesDialog";

/**
 * True once the element has come within a screen of the view: a tab of thirty cards reads the
 * times of the few on screen, not all thirty, and each card's once it is scrolled to.
 */
function useSeen(ref: RefObject<HTMLElement | null>) {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === "undefined") return setSeen(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: "100% 0px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}

export function CardBooking({ purchase }: { purchase: PurchasedLead }) {
  const section = useRef<HTMLElement>(null);
  const seen = useSeen(section);
  const booking = useCardBooking(purchase.id, seen);
  const [open, setOpen] = useState<"offer" | "cancel" | null>(null);
  const whyNotId = useId();
  const queryClient = useQueryClient();
  // The customer answers on their page: when the card reads a pick (or a request for other
  // times) it did not make, the pipeline is read again so the card moves to Booked In.
  const answered = `${booking.data?.offer?.status ?? ""}|${booking.data?.booked?.startsAt ?? ""}`;
  const lastAnswered = useRef(answered);
  useEffect(() => {
    if (lastAnswered.current === answered) return;
    const before = lastAnswered.current;
    lastAnswered.current = answered;
    if (before !== "|") void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.purchasedLeads });
  }, [answered, queryClient]);

  const data = booking.data;
  const state = data?.state ?? purchase.lead.state ?? null;
  return (
    <section
      ref={section}
      // Named by its job: a tab of many cards has one such region each, and each name must be its own.
      aria-label={`Times for the customer for ${purchase.lead.jobReference}`}
      className="grid min-w-0 gap-3 rounded-xl border border-slate-200 bg-slate-50/60 p-3"
      data-testid="card-booking"
    >
      <h4 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <CalendarDays className="size-4 text-slate-500" aria-hidden /> Times for the customer
      </h4>
      {!data && booking.isError && <p className="text-sm text-red-700">Could not load the times. They load again when the page does.</p>}
      {!data && !booking.isError && (
        <>
          <p className="text-sm text-slate-500">Loading times...</p>
          {/* The button's room, kept while the times load, so the card below does not jump. */}
          <div aria-hidden className="h-11 w-36 rounded-lg bg-slate-200/60" />
        </>
      )}
      {data && <BookingState booking={data} state={state} />}
      {data && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant={data.offer?.status === "open" || data.booked ? "outline" : "default"}
            disabled={!data.canOffer}
            aria-describedby={data.canOffer ? undefined : whyNotId}
            onClick={() => setOpen("offer")}
          >
            <CalendarDays aria-hidden /> Offer times
          </Button>
          {bookedAhead(data) && (
            <Button variant="ghost" className="text-red-700" onClick={() => setOpen("cancel")}>
              <CalendarX aria-hidden /> Cancel booking
            </Button>
          )}
        </div>
      )}
      {data && !data.canOffer && data.cannotOffer && (
        <p id={whyNotId} className="text-sm break-words text-slate-600" data-testid="cannot-offer">
          {data.cannotOffer}
        </p>
      )}
      {open === "offer" && data && <OfferTimesDialog purchase={purchase} booking={data} state={state} onClose={() => setOpen(null)} />}
      {open === "cancel" && data && bookedAhead(data) && (
        <CancelBookingDialog purchase={purchase} booked={data.booked!} state={state} onClose={() => setOpen(null)} />
      )}
    </section>
  );
}

/** What stands: the booked window, the windows waiting for a pick, or the customer's note. */
function BookingState({ booking, state }: { booking: Booking; state: string | null }) {
  const { offer, booked } = booking;
  const waiting = offer?.status === "open" ? offer.windows : [];
  return (
    <>
      {booked && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-900" data-testid="card-booked-window">
          <Badge tone="green">Booked</Badge>
          <span className="font-semibold">{windowText(windowSpan(booked), state)}</span>
        </p>
      )}
      {waiting.length > 0 && (
        <div className="grid gap-1 text-sm" data-testid="card-offer-open">
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone="amber">Waiting for the customer to pick</Badge>
            <span className="text-slate-500">sent {formatRelative(offer!.offeredAt)}</span>
          </p>
          <ul className="grid gap-1 pl-1">
            {waiting.map((w) => (
              <li key={w.id} className="text-slate-800">
                {windowText(windowSpan(w), state)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {offer?.status === "other_times" && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm break-words whitespace-pre-line text-amber-950" data-testid="card-other-times">
          <span className="font-semibold">None of your times suit the customer{offer.customerNote ? ": " : "."}</span>
          {offer.customerNote}
        </p>
      )}
      {!booked && offer?.status !== "open" && offer?.status !== "other_times" && (
        <p className="text-sm text-slate-600">No time booked. Offer up to {WINDOW_RULES.maxWindows} and the customer picks one on their job page.</p>
      )}
    </>
  );
}
