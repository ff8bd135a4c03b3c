// A provider's callback request from the landing page, stored for the operator to work.
export { insertCallback as requestCallback } from "./repo";
