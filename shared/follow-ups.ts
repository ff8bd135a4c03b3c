// Follow-ups and the order a dashboard lists its cards in (docs/decisions/031-pipeline-work.md).
// No Zod: the dashboard's first load reads them (docs/decisions/118-zod-out-of-the-dashboards-first-load.md).
import { sydneyDayKey } from "./sydney-time";

/** Stages a follow-up still matters in: paid and declined jobs are done. */
const CLOSED_STAGES = new Set(["invoice_paid", "declined"]);
export const isOpenStage = (stage: string) => !CLOSED_STAGES.has(stage);

interface Orderable {
  id: number;
  salesStage: string;
  followUpOn: string | null;
  assignedTo: number | null;
  purchasedAt: string | Date;
}

export type FollowUpState = "overdue" | "today" | "later" | null;

export function followUpState(p: Pick<Orderable, "salesStage" | "followUpOn">, today: string): FollowUpState {
  if (!p.followUpOn || !isOpenStage(p.salesStage)) return null;
  return p.followUpOn < today ? "overdue" : p.followUpOn === today ? "today" : "later";
}

/** The dashboard's "Overdue follow-ups" figure and today's, counted on open jobs only. */
export function followUpSummary(purchases: ReadonlyArray<Pick<Orderable, "salesStage" | "followUpOn">>, now: Date) {
  const today = sydneyDayKey(now);
  const states = purchases.map((p) => followUpState(p, today));
  return { overdue: states.filter((s) => s === "overdue").length, dueToday: states.filter((s) => s === "today").length, today };
}

/**
 * The cards' order: jobs assigned to the viewer first; then follow-ups due (overdue, oldest
 * first, then today); then newest purchase first, as before. Every job stays in the list.
 */
export function pipelineOrder<T extends Orderable>(purchases: readonly T[], viewerId: number, now: Date): T[] {
  const today = sydneyDayKey(now);
  const rank = (p: T) => {
    const state = followUpState(p, today);
    return [p.assignedTo === viewerId ? 0 : 1, state === "overdue" || state === "today" ? 0 : 1] as const;
  };
  return [...purchases].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    if (ra[0] !== rb[0]) return ra[0] - rb[0];
    if (ra[1] !== rb[1]) return ra[1] - rb[1];
    if (ra[1] === 0 && a.followUpOn !== b.followUpOn) return a.followUpOn! < b.followUpOn! ? -1 : 1;
    const ta = new Date(a.purchasedAt).getTime();
    const tb = new Date(b.purchasedAt).getTime();
    return tb - ta || b.id - a.id;
  });
}
