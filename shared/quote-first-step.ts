// The quote wizard's step 1 as its HTML form sends it, when the server answers Next before the
// app is ready (docs/decisions/100-the-wizards-next-before-the-app.md). A module of its own: the
// server's alone, so the app's chunk of the wizard's schema does not carry it.
import { z } from "zod";
import { QUOTE_MESSAGES, quoteRequestSchema } from "./leads";

/** The step's own fields by the wizard's rules; the date choice comes as the radio's value. Anything else in the body is ignored. */
export const quoteFirstStepForm = quoteRequestSchema
  .pick({ serviceLocation: true, electricalWork: true, serviceType: true, preferredPickupDate: true, preferredDropoffDate: true })
  .extend({
    isFlexibleDates: z
      .enum(["flexible", "specific"], { error: QUOTE_MESSAGES.isFlexibleDates })
      .default("flexible")
      .transform((choice) => choice === "flexible"),
  });
