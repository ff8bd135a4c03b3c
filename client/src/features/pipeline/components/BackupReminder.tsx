import { useEffect } from "react";
import { toast } from "@/components/ui/use-toast";

const KEY = "backupReminderShownAt";
const EVERY_MS = 24 * 60 * 60 * 1000;

/** docs/product.md section 9: when records exist, remind once per 24 h (remembered in local storage), after 1 s. */
export function useBackupReminder(hasRecords: boolean) {
  useEffect(() => {
    if (!hasRecords) return;
    const last = Number(localStorage.getItem(KEY) ?? 0);
    if (Date.now() - last < EVERY_MS) return;
    const timer = setTimeout(() => {
      localStorage.setItem(KEY, String(Date.now()));
      // Quiet (docs/decisions/032): it waits while another notice is open and never replaces one; shown
      // once a day, it stays long enough to be read beside the notices that follow it.
      toast({ title: "Back up your leads", description: "Use Export to download a CSV copy of your purchased leads.", duration: 15_000 }, { quiet: true });
    }, 1000);
    return () => clearTimeout(timer);
  }, [hasRecords]);
}
