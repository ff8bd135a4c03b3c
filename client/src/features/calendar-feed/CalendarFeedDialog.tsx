// The "Calendar feed" panel (docs/decisions/049-missed-promises-and-refunds.md, "The calendar
// feed"): a private link of the team's booked jobs for Google, Outlook or Apple Calendar. The link
// is shown once, when made (only its hash is kept); a new link or "Stop this link" ends the old.
import { CalendarPlus, Copy, Link2Off, RefreshCw } from "lucide-react";
import { useState } from "react";
import type { CalendarFeedLink } from "@shared/calendar-feed";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { formatSydneyDate } from "@/lib/format";
import { useCalendarFeed, useMakeCalendarFeed, useStopCalendarFeed } from "./api";

export function CalendarFeedDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Calendar feed</DialogTitle>
          <DialogDescription>Your team&apos;s booked jobs in Google, Outlook or Apple Calendar, kept up to date as you book and move them.</DialogDescription>
        </DialogHeader>
        <CalendarFeedPanel />
      </DialogContent>
    </Dialog>
  );
}

function CalendarFeedPanel() {
  const status = useCalendarFeed();
  const make = useMakeCalendarFeed();
  const stop = useStopCalendarFeed();
  // The address exists only in this answer: after a reload the panel can say a link is live, never show it.
  const [link, setLink] = useState<CalendarFeedLink | null>(null);
  const busy = make.isPending || stop.isPending;

  async function makeLink() {
    try {
      setLink(await make.mutateAsync());
    } catch (err) {
      toast({ variant: "destructive", title: "Could not make the link", description: err instanceof Error ? err.message : "Please try again." });
    }
  }

  async function stopLink() {
    try {
      await stop.mutateAsync();
      setLink(null);
      toast({ title: "Calendar link stopped", description: "Calendars that used it stop updating." });
    } catch (err) {
      toast({ variant: "destructive", title: "Could not stop the link", description: err instanceof Error ? err.message : "Please try again." });
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Calendar link copied" });
    } catch {
      toast({ variant: "destructive", title: "Could not copy", description: "Select the link and copy it by hand." });
    }
  }

  if (status.isLoading) return <p className="py-6 text-center text-sm text-slate-500">Loading...</p>;
  if (status.error) return <p className="py-6 text-center text-sm text-red-600">{status.error.message}</p>;

  const stopButton = (
    <Button variant="outline" disabled={busy} onClick={() => void stopLink()}>
      <Link2Off aria-hidden /> Stop this link
    </Button>
  );

  return (
    <section className="grid gap-4" aria-label="Calendar feed" data-testid="calendar-feed">
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        The link is private: anyone who has it sees your customers&apos; first names, addresses and phone numbers. Share it with nobody; stop it if it gets out.
      </p>
      {link ? (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor="calendar-feed-url">Your calendar link</Label>
            <Input id="calendar-feed-url" readOnly value={link.httpsUrl} className="font-mono text-sm" onFocus={(e) => e.target.select()} />
            <p className="text-xs text-slate-500">Shown only now. Google Calendar: Other calendars, then From URL, and paste it.</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <a href={link.url}>
                <CalendarPlus aria-hidden /> Add to calendar
              </a>
            </Button>
            <Button variant="outline" onClick={() => void copy(link.httpsUrl)}>
              <Copy aria-hidden /> Copy link
            </Button>
            {stopButton}
          </div>
        </>
      ) : status.data?.active ? (
        <>
          <p className="text-sm text-slate-700">
            A link has been live since {formatSydneyDate(status.data.createdAt!)}. It is shown only once, when made: for another calendar, make a new link (the
            old one stops working).
          </p>
          <div className="flex flex-wrap gap-2">
            <Button disabled={busy} onClick={() => void makeLink()}>
              <RefreshCw aria-hidden /> Make a new link
            </Button>
            {stopButton}
          </div>
        </>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button disabled={busy} onClick={() => void makeLink()}>
            <CalendarPlus aria-hidden /> Make my calendar link
          </Button>
        </div>
      )}
    </section>
  );
}
