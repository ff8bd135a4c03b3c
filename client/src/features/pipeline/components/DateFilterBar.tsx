import { CalendarDays } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input, NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { DATE_FILTERS, type DateFilter } from "../date-filter";

export function DateFilterBar({ value, onChange }: { value: DateFilter; onChange: (next: DateFilter) => void }) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <Label htmlFor="date-filter" className="flex items-center gap-1">
          <CalendarDays className="size-4" aria-hidden /> Date bought
        </Label>
        <NativeSelect
          id="date-filter"
          value={value.kind}
          onChange={(e) => onChange({ kind: e.target.value as DateFilter["kind"] })}
          options={DATE_FILTERS}
          className="w-auto"
        />
      </div>
      {value.kind === "custom" && (
        <>
          <div>
            <Label htmlFor="date-from">From</Label>
            <Input id="date-from" type="date" value={value.from ?? ""} onChange={(e) => onChange({ ...value, from: e.target.value })} />
          </div>
          <div>
            <Label htmlFor="date-to">To</Label>
            <Input id="date-to" type="date" value={value.to ?? ""} onChange={(e) => onChange({ ...value, to: e.target.value })} />
          </div>
        </>
      )}
      {value.kind !== "all" && (
        <Button variant="ghost" onClick={() => onChange({ kind: "all" })}>
          Clear Filter
        </Button>
      )}
    </div>
  );
}
