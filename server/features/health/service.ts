// The health check asks the database one trivial question.
export { pingDatabase } from "./repo";
