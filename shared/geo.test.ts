import { describe, expect, it } from "vitest";
import { boundingBox, destinationPoint, distanceKm, roundedKm, toCoordinates, withinRadius } from "./geo";

const sydneyCbd = { latitude: -33.8688, longitude: 151.2093 };
const parramatta = { latitude: -33.815, longitude: 151.0011 };
const perth = { latitude: -31.9523, longitude: 115.8613 };
const albury = { latitude: -36.0737, longitude: 146.9135 }; // NSW
const wodonga = { latitude: -36.1218, longitude: 146.8881 }; // VIC, across the Murray

describe("distanceKm", () => {
  it("when two suburbs are given, then it gives the great-circle distance", () => {
    expect(roundedKm(distanceKm(sydneyCbd, parramatta))).toBeCloseTo(20.1, 0);
    expect(distanceKm(sydneyCbd, perth)).toBeGreaterThan(3250);
    expect(distanceKm(sydneyCbd, perth)).toBeLessThan(3300);
  });

  it("when the points are in different states, then state borders do not matter", () => {
    expect(roundedKm(distanceKm(albury, wodonga))).toBeLessThan(6);
    expect(withinRadius(albury, wodonga, 10)).toBe(true);
  });

  it("is symmetric and zero for the same point", () => {
    expect(distanceKm(parramatta, sydneyCbd)).toBeCloseTo(distanceKm(sydneyCbd, parramatta), 9);
    expect(distanceKm(perth, perth)).toBe(0);
  });
});

describe("withinRadius", () => {
  it("when a point is placed at a known distance, then distanceKm finds that distance", () => {
    for (const km of [0.5, 20, 100, 1000]) expect(distanceKm(parramatta, destinationPoint(parramatta, km, 75))).toBeCloseTo(km, 6);
  });

  it("when a lead lies exactly at the radius, then it is in; a step further, then it is out", () => {
    const km = roundedKm(distanceKm(sydneyCbd, parramatta));
    expect(withinRadius(sydneyCbd, parramatta, km)).toBe(true);
    expect(withinRadius(sydneyCbd, parramatta, km - 0.1)).toBe(false);
  });
});

describe("boundingBox", () => {
  it("contains every point within the radius, in every direction", () => {
    for (const radius of [1, 20, 100, 500]) {
      const box = boundingBox(sydneyCbd, radius);
      for (let bearing = 0; bearing < 360; bearing += 15) {
        const point = destinationPoint(sydneyCbd, radius, bearing);
        expect(point.latitude).toBeGreaterThanOrEqual(box.minLatitude);
        expect(point.latitude).toBeLessThanOrEqual(box.maxLatitude);
        expect(point.longitude).toBeGreaterThanOrEqual(box.minLongitude);
        expect(point.longitude).toBeLessThanOrEqual(box.maxLongitude);
      }
    }
  });

  it("leaves out a city on the other side of the country", () => {
    const box = boundingBox(parramatta, 20);
    expect(perth.longitude < box.minLongitude).toBe(true);
  });
});

describe("toCoordinates", () => {
  it("when either end is missing, then there are no coordinates", () => {
    expect(toCoordinates(null, "151.2")).toBeNull();
    expect(toCoordinates("-33.8", undefined)).toBeNull();
    expect(toCoordinates("", "151.2")).toBeNull();
    expect(toCoordinates("-33.86880000", "151.20930000")).toEqual(sydneyCbd);
  });
});
