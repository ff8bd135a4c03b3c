// The first half of the authorization matrix, and the check that every route has a row
// (test/matrix.ts says what it walks and checks).
import { walkTheMatrix } from "./test/matrix";

walkTheMatrix(0);
