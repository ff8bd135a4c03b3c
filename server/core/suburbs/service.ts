// The suburb picker's search: a read with no rule beyond the repo's.
export { searchSuburbs } from "./repo";
