// Who gets which photo (access.ts, docs/decisions/050-photos.md), rule by rule, without a database.
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "../../../shared/auth";
import { PHOTO_VARIANTS } from "../../../shared/photos";
import { maySeePhoto, type PhotoFacts } from "./access";

const viewer = (id: number, userType: CurrentUser["userType"], teamOwnerId: number | null = null) => ({ id, userType, teamOwnerId }) as CurrentUser;
const owner = viewer(1, "provider");
const member = viewer(2, "team_member", 1);
const rival = viewer(3, "provider");
const admin = viewer(4, "super_admin");
const customer = viewer(5, "customer");

const onSale: PhotoFacts = { listed: true, buyerId: null, excluded: false };
const bought: PhotoFacts = { listed: false, buyerId: 1, excluded: false };
const seen = (who: CurrentUser, facts: PhotoFacts) => PHOTO_VARIANTS.filter((variant) => maySeePhoto(who, facts, variant));

describe("maySeePhoto", () => {
  it("when the lead is on sale, then providers get the blurred thumbnail only, the super admin everything, team members and customers nothing", () => {
    expect(seen(owner, onSale)).toEqual(["blurred"]);
    expect(seen(rival, onSale)).toEqual(["blurred"]);
    expect(seen(admin, onSale)).toEqual(PHOTO_VARIANTS);
    expect(seen(member, onSale)).toEqual([]);
    expect(seen(customer, onSale)).toEqual([]);
  });

  it("when the lead is bought, then the buyer and their team get everything, another provider nothing", () => {
    expect(seen(owner, bought)).toEqual(PHOTO_VARIANTS);
    expect(seen(member, bought)).toEqual(PHOTO_VARIANTS);
    expect(seen(admin, bought)).toEqual(PHOTO_VARIANTS);
    expect(seen(rival, bought)).toEqual([]);
  });

  it("when a relisted lead is hidden from a buyer who missed its promise, then not even its blurred thumbnail reaches them", () => {
    expect(seen(rival, { ...onSale, excluded: true })).toEqual([]);
  });

  it("when a lead is off the market unsold (archived), then only the super admin sees its photos", () => {
    const archived: PhotoFacts = { listed: false, buyerId: null, excluded: false };
    expect(seen(rival, archived)).toEqual([]);
    expect(seen(admin, archived)).toEqual(PHOTO_VARIANTS);
  });
});
