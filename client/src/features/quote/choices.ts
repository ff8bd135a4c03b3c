// The wizard's options, in docs/product.md section 3's order, with the words people read. An
// emergency is asked once, as how urgent the work is ("Emergency (ASAP)" on step 3), not also as a
// type of service (docs/decisions/088-one-list-of-each-choice.md).
import { Building2, Factory, Home, Hammer, PlugZap, TrendingUp, Wrench, type LucideIcon } from "lucide-react";
import { QUOTE_BUDGET_RANGES, QUOTE_PROPERTY_TYPES, QUOTE_URGENCIES, TIMEFRAMES, WIZARD_SERVICE_TYPES } from "@shared/enums";
import { BUDGET_RANGE_LABELS, PROPERTY_TYPE_LABELS, SERVICE_TYPE_LABELS, TIMEFRAME_LABELS, URGENCY_LABELS } from "@shared/labels";
import type { Choice } from "./ChoiceGroup";

type WizardServiceType = (typeof WIZARD_SERVICE_TYPES)[number];
const SERVICE_ICONS: Record<WizardServiceType, LucideIcon> = {
  installation: PlugZap,
  repair: Wrench,
  maintenance: Hammer,
  upgrade: TrendingUp,
};
const SERVICE_HINTS: Record<WizardServiceType, string> = {
  installation: "New lights, power points, EV chargers",
  repair: "Faults, tripping switches, no power",
  maintenance: "Safety checks, smoke alarms, testing",
  upgrade: "Switchboards, LED, three-phase",
};
const PROPERTY_ICONS: Record<(typeof QUOTE_PROPERTY_TYPES)[number], LucideIcon> = { residential: Home, commercial: Building2, industrial: Factory };

export const SERVICE_CHOICES: Choice<WizardServiceType>[] = WIZARD_SERVICE_TYPES.map((value) => ({
  value,
  label: SERVICE_TYPE_LABELS[value],
  description: SERVICE_HINTS[value],
  icon: SERVICE_ICONS[value],
}));
export const PROPERTY_CHOICES = QUOTE_PROPERTY_TYPES.map((value) => ({ value, label: PROPERTY_TYPE_LABELS[value], icon: PROPERTY_ICONS[value] }));
export const BUDGET_CHOICES = QUOTE_BUDGET_RANGES.map((value) => ({ value, label: BUDGET_RANGE_LABELS[value] }));
export const URGENCY_CHOICES = QUOTE_URGENCIES.map((value) => ({ value, label: URGENCY_LABELS[value] }));
export const TIMEFRAME_CHOICES = TIMEFRAMES.map((value) => ({ value, label: TIMEFRAME_LABELS[value] }));

export const EXISTING_ELECTRICIAN_CHOICES = [
  { value: "no", label: "No, I need to find an electrician" },
  { value: "yes", label: "Yes, but getting quotes for comparison" },
] as const;
export const DATE_CHOICES = [
  { value: "flexible", label: "I'm flexible", description: "Electricians suggest a time" },
  { value: "specific", label: "I have specific dates", description: "Choose a start and completion date" },
] as const;
