// The customer's answers to the times offered (docs/decisions/102-booking-windows.md): POST
// /api/jobs/:token/booking/pick, …/other-times and …/move. Each answers a message and the
// booking as it now stands; the booking replaces the page's at once (no second tap on a window
// already taken), then the page is read again for its status and actions. A 409 (the offer was
// answered, withdrawn or passed meanwhile) reads the page again too.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { JobBooking } from "@shared/jobs";
import type { JobView } from "@shared/jobs";
import { apiJson } from "@/lib/api-client";
import { jobQueryKey } from "./job";

export interface BookingAnswer {
  message: string;
  booking: JobBooking;
}

const bookingPath = (token: string, step: "pick" | "other-times" | "move") => `/api/jobs/${encodeURIComponent(token)}/booking/${step}`;

/** What an answer takes off the page until it is read again. */
const ANSWERED = ["pick_window", "other_times", "move_booking"];

function useBookingAnswer<V>(token: string, send: (vars: V) => Promise<BookingAnswer>) {
  const queryClient = useQueryClient();
  const key = jobQueryKey(token);
  return useMutation({
    mutationFn: send,
    onSuccess: ({ booking }) =>
      queryClient.setQueryData<JobView | null>(key, (view) => view && { ...view, booking, actions: view.actions.filter((a) => !ANSWERED.includes(a)) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const usePickWindow = (token: string) =>
  useBookingAnswer(token, (windowId: number) => apiJson<BookingAnswer>("POST", bookingPath(token, "pick"), { windowId }));

export const useAskOtherTimes = (token: string) =>
  useBookingAnswer(token, (note: string) => apiJson<BookingAnswer>("POST", bookingPath(token, "other-times"), { note }));

export const useAskToMove = (token: string) => useBookingAnswer(token, (note: string) => apiJson<BookingAnswer>("POST", bookingPath(token, "move"), { note }));
