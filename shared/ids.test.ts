import { describe, expect, it } from "vitest";
import { RECORD_ID_MESSAGE, recordId } from "./ids";

describe("recordId", () => {
  it("when an id is a whole number within PostgreSQL's integer range, then it parses (strings coerced)", () => {
    expect(recordId.parse("1")).toBe(1);
    expect(recordId.parse(2_147_483_647)).toBe(2_147_483_647);
  });

  it.each(["0", "-3", "1.5", "abc", "", "2147483648", "99999999999"])("when the id is %j, then it is refused with the id message", (input) => {
    const result = recordId.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(RECORD_ID_MESSAGE);
  });
});
