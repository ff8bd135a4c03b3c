// The second half of the authorization matrix (test/matrix.ts says what it walks and checks).
import { walkTheMatrix } from "./test/matrix";

walkTheMatrix(1);
