// The second half of the OpenAPI fuzz (test/fuzz.ts says what it walks and checks).
import { fuzzTheDocument } from "./test/fuzz";

fuzzTheDocument(1);
