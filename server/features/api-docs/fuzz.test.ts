// The first half of the OpenAPI fuzz (test/fuzz.ts says what it walks and checks), with the
// check that the served document is the one walked; fuzz-second-half.test.ts walks the rest.
import { fuzzTheDocument } from "./test/fuzz";

fuzzTheDocument(0);
