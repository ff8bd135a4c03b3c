import { describe, expect, it } from "vitest";
import type { AlertPreferences } from "@shared/alerts";
import { formFromPreferences, preferencesForm, preferencesFromForm } from "./preferences-form";

const DEFAULTS: AlertPreferences = {
  pushEnabled: true,
  emailEnabled: false,
  area: "service_area",
  radiusKm: null,
  serviceTypes: [],
  urgentOnly: false,
  withPhotos: false,
  quietHours: null,
  urgentBreaksQuiet: false,
  maxPerHour: 10,
};

describe("the alert preferences form", () => {
  it("when preferences go through the form unchanged, then the same preferences come back", () => {
    const custom: AlertPreferences = {
      ...DEFAULTS,
      area: "radius",
      radiusKm: 45,
      serviceTypes: ["emergency"],
      quietHours: { start: "22:00", end: "06:00" },
      urgentBreaksQuiet: true,
      withPhotos: true,
    };
    expect(preferencesFromForm(formFromPreferences(DEFAULTS))).toEqual(DEFAULTS);
    expect(preferencesFromForm(formFromPreferences(custom))).toEqual(custom);
  });

  it("when saved preferences predate the photo choice, then the form reads them as every lead and sends false", () => {
    const { withPhotos: _none, ...older } = DEFAULTS;
    expect(formFromPreferences(older).withPhotos).toBe(false);
    expect(preferencesFromForm(formFromPreferences(older)).withPhotos).toBe(false);
    expect(preferencesFromForm({ ...formFromPreferences(older), withPhotos: true }).withPhotos).toBe(true);
  });

  it("when quiet hours are off or the area is the service area, then their details are not sent", () => {
    const form = { ...formFromPreferences(DEFAULTS), radiusKm: 30, quiet: false, urgentBreaksQuiet: true };
    expect(preferencesFromForm(form)).toMatchObject({ radiusKm: null, quietHours: null, urgentBreaksQuiet: false });
  });

  it("when a custom radius is missing or out of range, or quiet hours start and end together, then the field says why", () => {
    const base = formFromPreferences(DEFAULTS);
    const errors = (values: object) => preferencesForm.safeParse({ ...base, ...values }).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(errors({ area: "radius", radiusKm: null })).toEqual(["radiusKm: Enter 1 to 500 km"]);
    expect(errors({ area: "radius", radiusKm: 501 })).toEqual(["radiusKm: Enter 1 to 500 km"]);
    expect(errors({ quiet: true, quietStart: "22:00", quietEnd: "22:00" })).toEqual(["quietEnd: Quiet hours must end at a different time than they start"]);
    expect(errors({ maxPerHour: 0 })).toEqual(["maxPerHour: Enter 1 to 60 alerts an hour"]);
  });
});
