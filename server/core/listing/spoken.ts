// Contacts as people write them past a filter (docs/decisions/035-customer-text-redaction.md,
// 090-safe-words-before-purchase.md): numbers said aloud, e-mail addresses written without "@"
// or with the handle alone, codes in words. Each rule writes `mark` over what it finds.

/** Digits as people spell a number out ("oh four one two"), longest first; teens and tens count as two digits. */
const DIGIT_WORDS = "nought|three|seven|eight|zero|four|five|nine|one|two|six|nil|oh|o";
const TWO_DIGIT_WORDS =
  "seventeen|thirteen|fourteen|eighteen|nineteen|fifteen|sixteen|seventy|eleven|twelve|twenty|thirty|fourty|ninety|eighty|forty|fifty|sixty|ten";
const SPOKEN_PIECE = `(?:(?:double|triple)[ \\t-]*)?(?:${TWO_DIGIT_WORDS}|${DIGIT_WORDS})|\\d+`;
/** A run of spelt and written digits, split by spaces or punctuation: "zero four one two, 345 678". */
const SPOKEN_RUN = new RegExp(`(?<![\\p{L}\\p{N}])(?:${SPOKEN_PIECE})(?:[\\s,.()/-]+(?:${SPOKEN_PIECE}))+(?![\\p{L}\\p{N}])`, "giu");
const SPOKEN_PIECES = new RegExp(SPOKEN_PIECE, "giu");
const TWO_DIGIT_WORD = new RegExp(`(?:${TWO_DIGIT_WORDS})$`, "i");

/** How many digits a piece stands for: "double four" 2, "triple zero" 3, "twelve" 2, "345" 3. */
function digitsSaid(piece: string): number {
  const times = /^double/i.test(piece) ? 2 : /^triple/i.test(piece) ? 3 : 1;
  const said = piece.replace(/^(?:double|triple)[ \t-]*/i, "");
  if (/^\d+$/.test(said)) return said.length * times;
  return (TWO_DIGIT_WORD.test(said) ? 2 : 1) * times;
}

/**
 * A phone number spelt out, whole or in part ("oh four one two three four five six seven
 * eight", "0412 three four five 678"): a run with at least one spelt digit that says 8 digits
 * or more; or a code said digit by digit ("four eight two one"): 4 single digits or more, or 3
 * after a code word. Runs of written digits alone are PHONE_LIKE's (free-text.ts).
 */
export function markSpokenNumbers(text: string, mark: string): string {
  return text.replace(SPOKEN_RUN, (run: string, offset: number) => {
    const pieces = run.match(SPOKEN_PIECES) ?? [];
    if (pieces.every((p) => /^\d+$/.test(p))) return run;
    const digits = pieces.reduce((sum, p) => sum + digitsSaid(p), 0);
    if (digits >= 8) return mark;
    const oneByOne = pieces.every((p) => !TWO_DIGIT_WORD.test(p));
    const afterCodeWord = CODE_WORD_BEFORE.test(text.slice(Math.max(0, offset - 40), offset));
    return oneByOne && (digits >= 4 || (digits >= 3 && afterCodeWord)) ? mark : run;
  });
}

/** A code word up to three words before: "the gate code is four eight two", "PIN: one two three". */
const CODE_WORD_BEFORE =
  /(?:codes?|pin|passcode|password|combo|combination|lock\s*box|key\s*safe|keypad|alarm|gate|door)(?:[^\p{L}\p{N}\n]+\p{L}+){0,3}[^\p{L}\p{N}\n]*$/iu;

/**
 * An e-mail address said the way people type one past a filter: "karen at bigpond dot com",
 * "k.mitchell (at) gmail (dot) com", "karen @ bigpond.com". It must end in a known domain ending;
 * a written dot counts only without spaces around it, so "arrived at 9. Com..." stays.
 */
const SPOKEN_DOT = "(?:\\.|\\s*[(\\[]\\s*dot\\s*[)\\]]\\s*|\\s+dot\\s+)";
const SPOKEN_AT = "(?:\\s*@\\s*|\\s*[(\\[]\\s*at\\s*[)\\]]\\s*|\\s+at\\s+)";
const EMAIL_WORD = "[\\p{L}\\p{N}_%+-]+";
export const SPOKEN_EMAIL = new RegExp(
  `(?<![\\p{L}\\p{N}_%+.-])${EMAIL_WORD}(?:${SPOKEN_DOT}${EMAIL_WORD})*${SPOKEN_AT}${EMAIL_WORD}(?:${SPOKEN_DOT}${EMAIL_WORD})*${SPOKEN_DOT}(?:com|net|org|edu|gov|au|io|info|biz|nz|uk)(?![\\p{L}\\p{N}])`,
  "giu",
);

/** Mail services people name instead of writing a domain; the last four are also English words. */
const DISTINCT_MAIL_SERVICES =
  "gmail|googlemail|hotmail|yahoo|ymail|bigpond|icloud|msn|aol|protonmail|optusnet|iinet|tpg|internode|westnet|ozemail|exetel|aussiebb";
const WORD_MAIL_SERVICES = "live|outlook|proton|dodo";
export const MAIL_SERVICES = `${DISTINCT_MAIL_SERVICES}|${WORD_MAIL_SERVICES}`;
/** A handle: letters, digits and what joins them, at most 64 characters (RFC 5321's local part), so no long run backtracks. */
const HANDLE = "[\\p{L}\\p{N}][\\p{L}\\p{N}._%+-]{0,63}";
/** A handle that cannot be an English word: a letter and a dot, underscore or digit ("k_mitchell", "mary.smith", "jo88"). */
const MARKED_HANDLE = "(?=[\\p{L}\\p{N}._%+-]{0,63}\\p{L})(?=[\\p{L}\\p{N}]{0,63}[._\\d])" + HANDLE;
const CONNECTOR = "[ \\t]+(?:on|at|via|@|[(\\[]at[)\\]])";
const DOMAIN_END = "(?:[ \\t]*(?:\\.|dot)[ \\t]*(?:com|net|au))*(?![\\p{L}\\p{N}])";
/**
 * A handle and a mail service, without "@" or a domain: "mary.oneilsmith on gmail", "marysmith at
 * hotmail", "k_mitchell gmail". A service that is also a word ("live", "outlook") needs a handle
 * no word could be, so "work on live circuits" stays; so does "use gmail".
 */
export const EMAIL_HANDLE = new RegExp(
  `(?<![\\p{L}\\p{N}._%+-])(?:${HANDLE}${CONNECTOR}[ \\t]+(?:${DISTINCT_MAIL_SERVICES})|${MARKED_HANDLE}(?:${CONNECTOR})?[ \\t]+(?:${MAIL_SERVICES}))${DOMAIN_END}`,
  "giu",
);
