// The colour of each status in the operator's lists: waiting amber, done green, refused red.
import type { Tone } from "@/components/ui/badge";

export const STATUS_TONES: Record<string, Tone> = {
  pending: "amber",
  contacted: "blue",
  approved: "green",
  declined: "red",
  rejected: "red",
  available: "green",
  sold: "slate",
};
