// Tabs on Radix, as the design card says: roles, aria-selected, arrow keys, Home/End and
// the single tab stop come from Radix. Only the active panel is mounted (Radix's default),
// so a tab's data loads when it is opened. Two looks: the admin's underlined strip and the
// pipeline's pills with a count.
import * as TabsPrimitive from "@radix-ui/react-tabs";
import { cva, type VariantProps } from "class-variance-authority";
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef, type ReactNode } from "react";
import { cn } from "@/lib/utils";

export const Tabs = TabsPrimitive.Root;
export const TabsContent = TabsPrimitive.Content;

/** The strip scrolls sideways on a phone, without a scrollbar. */
export const TabsList = forwardRef<ElementRef<typeof TabsPrimitive.List>, ComponentPropsWithoutRef<typeof TabsPrimitive.List>>(
  ({ className, ...props }, ref) => (
    <TabsPrimitive.List ref={ref} className={cn("relative flex gap-1 overflow-x-auto [scrollbar-width:none]", className)} {...props} />
  ),
);
TabsList.displayName = "TabsList";

const triggerVariants = cva("shrink-0 text-sm", {
  variants: {
    variant: {
      underline:
        "border-b-2 px-3 py-2.5 font-semibold transition-colors data-[state=active]:border-brand-700 data-[state=active]:text-brand-800 data-[state=inactive]:border-transparent data-[state=inactive]:text-slate-600 data-[state=inactive]:hover:text-slate-900",
      pill: "group flex items-center gap-2 rounded-lg px-3 py-2 font-medium whitespace-nowrap data-[state=active]:bg-brand-700 data-[state=active]:text-white data-[state=inactive]:bg-white data-[state=inactive]:text-slate-700 data-[state=inactive]:ring-1 data-[state=inactive]:ring-slate-200 data-[state=inactive]:hover:bg-slate-100",
    },
  },
  defaultVariants: { variant: "underline" },
});

type TabsTriggerProps = ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger> & VariantProps<typeof triggerVariants>;

/** Chrome draws its keyboard ring on an element a script focuses; focusVisible (not yet in TypeScript's DOM types) says not to. */
const CLICK_FOCUS: FocusOptions & { focusVisible?: boolean } = { focusVisible: false };

export const TabsTrigger = forwardRef<ElementRef<typeof TabsPrimitive.Trigger>, TabsTriggerProps>(({ className, variant, onMouseDown, ...props }, ref) => (
  <TabsPrimitive.Trigger
    ref={ref}
    className={cn(triggerVariants({ variant }), className)}
    // Radix focuses a pressed tab from script, which would ring it on every click; focusing it
    // first without the ring keeps clicks as they were, while arrow keys still show it.
    onMouseDown={(e) => {
      onMouseDown?.(e);
      if (e.button === 0) e.currentTarget.focus(CLICK_FOCUS);
    }}
    {...props}
  />
));
TabsTrigger.displayName = "TabsTrigger";

/** The count on a pill, inverted on the active one. */
export function TabsCount({ children }: { children: ReactNode }) {
  return (
    <span className="rounded-full px-1.5 text-xs group-data-[state=active]:bg-white/20 group-data-[state=inactive]:bg-slate-100 group-data-[state=inactive]:text-slate-600">
      {children}
    </span>
  );
}
