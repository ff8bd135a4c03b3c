// The address asked once (docs/decisions/086-one-promise-one-address-quiet-sign-out.md).
import { describe, expect, it } from "vitest";
import { propertyAddressOf } from "./address-once";
import { requestPromise, stateInLocation } from "./success-link";

describe("the property address from the one address question", () => {
  it("when the service location names a street, then it is also the request's property address", () => {
    expect(propertyAddressOf("12 Smith St, North Parramatta NSW 2151")).toBe("12 Smith St, North Parramatta NSW 2151");
    expect(propertyAddressOf("3/22 Marsden St, Blacktown NSW 2148")).toBe("3/22 Marsden St, Blacktown NSW 2148");
    expect(propertyAddressOf("Unit 4, 7a Rowe St Eastwood")).toBe("Unit 4, 7a Rowe St Eastwood");
  });

  it("when it is a suburb or a postcode alone, then the request has no property address", () => {
    expect(propertyAddressOf("Parramatta NSW 2150")).toBeNull();
    expect(propertyAddressOf("2150")).toBeNull();
    expect(propertyAddressOf("Bondi")).toBeNull();
  });
});

describe("what the success page is handed for the promise", () => {
  it("when the location ends with a state, then that state's clock is used; none named, Sydney's (null)", () => {
    expect(stateInLocation("8 Hay St, Perth WA 6000")).toBe("WA");
    expect(stateInLocation("12 Walker St, North Sydney NSW 2060")).toBe("NSW");
    expect(stateInLocation("Bondi")).toBeNull();
  });

  it("when the customer chose an emergency, as urgency or as the service, then the promise is an emergency's", () => {
    expect(requestPromise({ urgency: "emergency", serviceType: "repair", serviceLocation: "Bondi NSW 2026" })).toEqual({ emergency: true, state: "NSW" });
    expect(requestPromise({ urgency: "within_week", serviceType: "emergency", serviceLocation: "Perth WA 6000" })).toEqual({ emergency: true, state: "WA" });
    expect(requestPromise({ urgency: "within_24h", serviceType: "repair", serviceLocation: "Hobart TAS 7000" })).toEqual({ emergency: false, state: "TAS" });
  });
});
