// A provider's columns, named once (docs/decisions/089-server-tiers.md): who they are and how to
// reach them, and their licence as the operator checks it. The operator's lists, the vetting
// queue and the auto-buy's owner of an order each select these, plus what only they need.
import { users } from "../../../shared/schema";

export const providerColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  companyName: users.companyName,
};

export const licenceColumns = {
  licenceNumber: users.licenseNumber,
  licenceState: users.licenceState,
  licenceExpiry: users.licenceExpiry,
  abn: users.abn,
};
