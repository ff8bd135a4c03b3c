// Leaving with unsaved card edits asks first (docs/decisions/031): a reload or closing the tab gets the
// browser's own prompt; a link inside the app gets a confirm. Drafts stay on this device
// either way (card-draft.ts), so the warning is about work not yet shared with the team.
import { useEffect, useRef } from "react";
import type { PurchasedLead } from "@shared/pipeline";
import { hasUnsavedDrafts } from "./card-draft";

export const LEAVE_WARNING = "You have unsaved changes on a job card. They stay on this device, but your team cannot see them until you save. Leave anyway?";

export function useUnsavedWarning(userId: number, purchases: readonly PurchasedLead[]) {
  const listed = useRef(purchases);
  useEffect(() => {
    listed.current = purchases;
  }, [purchases]);
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedDrafts(userId, listed.current)) return;
      event.preventDefault();
      event.returnValue = ""; // older browsers need it set to show the prompt
    };
    // In-app navigation (wouter links are plain anchors): checked before the router sees the click.
    const click = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!link || link.getAttribute("download") !== null || link.getAttribute("target") === "_blank") return;
      const url = new URL((link as HTMLAnchorElement).href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname || url.pathname.startsWith("/api/")) return;
      if (hasUnsavedDrafts(userId, listed.current) && !window.confirm(LEAVE_WARNING)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
  }, [userId]);
}
