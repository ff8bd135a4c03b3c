// Reads (and counts) asked in one turn of the event loop, answered by one statement at the next
// (docs/decisions/109-session-reads-together.md, docs/decisions/122-a-sale-read-together.md,
// docs/decisions/123-a-quotes-hit-and-read-together.md): under
// load many requests are parsed in one turn, and on a machine where a write to PostgreSQL's
// socket costs a wake-up of another core, one statement for all of them costs one round trip
// where each would have paid its own.

/** The next turn of the event loop, taken at load: a test's fake timers must not hold back the statements of the requests it makes. */
export const nextTurn = setImmediate;

/**
 * `ask(question)` resolves with the answer `answerAll` gives it, where `answerAll` gets every
 * question asked in the same turn, in the order asked, and returns one answer for each, in the
 * same order. A failure (thrown or rejected) fails every question of its turn; none hangs.
 */
export function askedTogether<Question, Answer>(answerAll: (questions: Question[]) => Promise<Answer[]>): (question: Question) => Promise<Answer> {
  let asked: { question: Question; resolve: (a: Answer) => void; reject: (e: unknown) => void }[] | null = null;
  const answer = () => {
    const turn = asked!;
    asked = null;
    const failAll = (err: unknown) => turn.forEach((w) => w.reject(err));
    try {
      answerAll(turn.map((w) => w.question))
        .then((answers) => {
          if (answers.length !== turn.length) throw new Error(`asked together: ${turn.length} questions, ${answers.length} answers`);
          turn.forEach((w, i) => w.resolve(answers[i]!));
        })
        .catch(failAll);
    } catch (err) {
      failAll(err);
    }
  };
  return (question) =>
    new Promise((resolve, reject) => {
      if (!asked) {
        asked = [];
        nextTurn(answer);
      }
      asked.push({ question, resolve, reject });
    });
}
