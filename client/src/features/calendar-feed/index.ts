// What the dashboard uses of the calendar feed feature.
export { CalendarFeedDialog } from "./CalendarFeedDialog";
