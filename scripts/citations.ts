// What a comment or a document may not cite (docs/decisions/039): a tracker issue by number,
// which a reader of the repository cannot open, and the product documents that lived beside
// the repository before docs/product.md and docs/runtime.md replaced them. Pure: the command
// line (check-citations.ts) lists the files and prints what this finds.
import path from "node:path";

export interface Citation {
  line: number;
  reason: string;
  text: string;
}

// Every pattern is built from pieces, so that this file (and its test) does not match itself
// and needs no exception: the rule applies to the checker as to everything else.
const ISSUE_WORD = ["iss", "ue"].join("");
/** The word, singular or plural, in any case, then a number (with or without "#"); not inside another word ("tissue"). */
const ISSUE = new RegExp(`\\b${ISSUE_WORD}s?\\s*#?\\d`, "i");
const OLD_DOCUMENTS = ["SP" + "EC", "DES" + "IGN", "ST" + "YLE", "DEVEL" + "OPERS"].map((name) => `${name}.md`);
/** The old documents by file name, on their own or in a path; "foo_SPEC.md"-style names are not them. */
const OLD_DOCUMENT = new RegExp(`(?<![\\w.-])(?:${OLD_DOCUMENTS.map((name) => name.replace(".", "\\.")).join("|")})\\b`);
/** A relative path to a folder called shared (one or more "../" before it). */
const SHARED_PATH = new RegExp(`(?:\\.\\.\\/)+${"sha" + "red"}\\b`, "g");

/**
 * Whether a relative path written in `file` leaves the repository when resolved from the
 * file's own folder: `../shared/geo` in bench/run.ts is the repository's shared/ (fine);
 * the same text in README.md is a folder beside the repository (not fine).
 */
function leavesRepository(file: string, relative: string) {
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), relative));
  return resolved === ".." || resolved.startsWith("../");
}

/** Each line of `text` (the content of `file`, a path relative to the repository) that cites what it may not. */
export function findCitations(file: string, text: string): Citation[] {
  const found: Citation[] = [];
  text.split("\n").forEach((content, index) => {
    const line = index + 1;
    if (ISSUE.test(content)) found.push({ line, reason: `names an ${ISSUE_WORD} number`, text: content });
    const document = OLD_DOCUMENT.exec(content);
    if (document) found.push({ line, reason: `cites ${document[0]}, which is outside the repository`, text: content });
    const outside = [...content.matchAll(SHARED_PATH)].find((match) => leavesRepository(file, match[0]));
    if (outside) found.push({ line, reason: `points at ${outside[0]}, outside the repository`, text: content });
  });
  return found;
}
