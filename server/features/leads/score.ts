// Lead score 0-10 from the signals docs/product.md section 11 names. Each signal's weight is
// what tells an electrician most about whether the job is real, soon and worth quoting:
//   urgency              up to 3   (emergency 3, within 24h 2.5, within a week 1.5, flexible 0.5)
//   budget               up to 3   (bigger stated budget scores higher; "unsure" 0.5)
//   description detail   up to 2.5 (by length of the work description)
//   contact completeness up to 1.5 (property address 1, extra notes 0.5)
export interface ScoreSignals {
  urgency: string;
  budgetRange: string;
  electricalWork: string;
  customerAddress?: string | null;
  specialRequests?: string | null;
}

const URGENCY: Record<string, number> = {
  emergency: 3,
  urgent: 3,
  within_24h: 2.5,
  within_week: 1.5,
  within_month: 1,
  flexible: 0.5,
};

const BUDGET: Record<string, number> = {
  "2500_plus": 3,
  "2500_5000": 3,
  over_5000: 3,
  "1000_2500": 2.5,
  "500_1000": 2,
  under_500: 1,
  need_quote: 0.5,
  unsure: 0.5,
};

function detailPoints(description: string): number {
  const length = description.trim().length;
  if (length >= 150) return 2.5;
  if (length >= 80) return 2;
  if (length >= 40) return 1.5;
  return length >= 10 ? 1 : 0;
}

export function leadScore(signals: ScoreSignals): number {
  const points =
    (URGENCY[signals.urgency] ?? 0) +
    (BUDGET[signals.budgetRange] ?? 0) +
    detailPoints(signals.electricalWork) +
    (signals.customerAddress?.trim() ? 1 : 0) +
    (signals.specialRequests?.trim() ? 0.5 : 0);
  return Math.max(0, Math.min(10, Math.round(points)));
}
