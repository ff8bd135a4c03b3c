// What the alert tests share: a quote in Parramatta, a provider working there, and an agent
// for that provider with a device subscribed at a local push receiver.
import request from "supertest";
import type { Express } from "express";
import type { NewUser } from "../../../../shared/schema";
import type { Db } from "../../../platform/db/client";
import { createUser } from "../../../setup/factories";
import { resolveSuburb } from "../../suburbs";
import { signIn } from "../../../test/sign-in";
import type { PushReceiver } from "../../../test/push-receiver";

export const QUOTE = {
  serviceLocation: "Parramatta NSW 2150",
  electricalWork: "Isolator sparking and a burning smell, call Jane on 0412 345 678",
  serviceType: "emergency",
  propertyType: "residential",
  urgency: "emergency",
  budgetRange: "unsure",
  hasExistingElectrician: false,
  timeframe: "asap",
  customerName: "Jane Citizen",
  customerPhone: "0412 345 678",
  customerAddress: "12 Church St, Parramatta NSW 2150",
  specialRequests: "",
  preferredPickupDate: "",
  preferredDropoffDate: "",
  isFlexibleDates: true,
};

export async function parramatta(db: Db) {
  const suburb = await resolveSuburb(db, "Parramatta NSW 2150");
  if (!suburb?.latitude || !suburb.longitude) throw new Error("the suburbs table has no Parramatta");
  return { serviceLocation: "Parramatta NSW 2150", serviceLatitude: suburb.latitude, serviceLongitude: suburb.longitude, serviceRadius: 20 };
}

/** A provider (or other user) with the given place, signed in, with one device at the receiver. */
export async function subscribedUser(app: Express, db: Db, receiver: PushReceiver, values: Partial<NewUser> = {}, label = "Pixel 8 · Chrome") {
  const user = await createUser(db, { email: `p${Math.random().toString(36).slice(2)}@example.com.au`, ...values });
  const agent = await signIn(app, user.username);
  const subscription = receiver.subscribe();
  const res = await agent.post("/api/alerts/devices").send({ subscription, label });
  if (res.status !== 201) throw new Error(`subscribe failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { user, agent, subscription, device: res.body as { id: string; label: string; createdAt: string } };
}

export async function postQuote(app: Express, overrides: Partial<typeof QUOTE> = {}) {
  const res = await request(app)
    .post("/api/leads")
    .send({ ...QUOTE, ...overrides });
  if (res.status !== 201) throw new Error(`quote failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { jobReference: string };
}
