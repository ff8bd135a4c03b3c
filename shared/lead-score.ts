// A lead's score, on the one scale every screen shows: out of 10 (docs/product.md section 11,
// server/features/leads/score.ts). The auto-buy order's minimum is asked on that scale too; the API's
// minLeadScore keeps accepting 0-100, but the engine compares it with the lead's stored score as
// it is, so a minimum above 10 buys no lead (docs/decisions/088-one-list-of-each-choice.md).

export const LEAD_SCORE_MAX = 10;

/** The form's words when the minimum is not a whole score from 0 to 10. */
export const MIN_LEAD_SCORE_MESSAGE = `Enter a lead score from 0 to ${LEAD_SCORE_MAX}`;

/** "7/10", as the market's cards and the admin's list show a lead's score. */
export const leadScoreText = (score: number) => `${score}/${LEAD_SCORE_MAX}`;

/**
 * The order's minimum as typed in the form's "/10" field, as the API's minLeadScore: "7" is 7,
 * blank is 0 (any score). Null when it is not a whole score from 0 to 10: the form says
 * MIN_LEAD_SCORE_MESSAGE rather than send a minimum no lead can reach.
 */
export function minLeadScoreFromForm(text: string): number | null {
  const typed = text.trim().replace(/\s*\/\s*10$/, "");
  if (typed === "") return 0;
  if (!/^\d+$/.test(typed)) return null;
  const score = Number(typed);
  return score <= LEAD_SCORE_MAX ? score : null;
}

/** The API's minLeadScore as the form's "/10" field shows it. */
export const minLeadScoreForForm = (minLeadScore: number) => String(minLeadScore);

/** An order's minimum in words: "7/10 or more", "Any score"; above 10 (saved under the old 0-100 label) it says it buys none. */
export function minLeadScoreText(minLeadScore: number): string {
  if (minLeadScore <= 0) return "Any score";
  if (minLeadScore > LEAD_SCORE_MAX) return `${minLeadScore}: above ${leadScoreText(LEAD_SCORE_MAX)}, so no lead matches`;
  return `${leadScoreText(minLeadScore)} or more`;
}
