// One circuit and one RCD on the card's "Test results" (docs/decisions/103-test-records.md): the
// dead tests first, then the live ones, each value marked against its limit as typed.
import { Trash2 } from "lucide-react";
import { DEVICE_CURVES, DEVICE_RATINGS, RCD_RATINGS } from "@shared/test-limits";
import { Button } from "@/components/ui/button";
import { Input, NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { CircuitDraft, RcdDraft } from "../test-record-form";
import { ReadingInput, ValueMark, YesNoInput, type Mark } from "./TestReading";

interface PartProps<T> {
  /** "t12-c0": unique on the page, for labels. */
  id: string;
  /** "circuits.0": the prefix of the fields the checks name. */
  field: string;
  value: T;
  onChange: (next: T) => void;
  onRemove: () => void;
  markOf: (field: string) => Mark;
}

export function CircuitFields({ id, field, value: c, onChange, onRemove, markOf }: PartProps<CircuitDraft>) {
  const set = (patch: Partial<CircuitDraft>) => onChange({ ...c, ...patch });
  const mark = (f: keyof CircuitDraft) => markOf(`${field}.${f}`);
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2" data-testid="test-circuit">
      <legend className="sr-only">Circuit {c.name}</legend>
      <div className="flex items-end gap-2 sm:col-span-2">
        <div className="min-w-0 flex-1">
          <Label htmlFor={`${id}-name`}>Circuit</Label>
          <Input id={`${id}-name`} value={c.name} placeholder="e.g. Kitchen power" maxLength={60} onChange={(e) => set({ name: e.target.value })} />
          <ValueMark id={`${id}-name-mark`} mark={mark("name")} />
        </div>
        <Button variant="ghost" size="icon" aria-label={`Remove circuit ${c.name}`} onClick={onRemove}>
          <Trash2 />
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:col-span-2">
        <div>
          <Label htmlFor={`${id}-curve`}>Breaker curve</Label>
          <NativeSelect id={`${id}-curve`} value={c.curve} onChange={(e) => set({ curve: e.target.value as CircuitDraft["curve"] })}>
            <option value="">Choose</option>
            {DEVICE_CURVES.map((curve) => (
              <option key={curve} value={curve}>
                {curve}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <Label htmlFor={`${id}-rating`}>Rating</Label>
          <NativeSelect id={`${id}-rating`} value={c.ratingA} onChange={(e) => set({ ratingA: e.target.value })}>
            <option value="">Choose</option>
            {DEVICE_RATINGS.map((a) => (
              <option key={a} value={String(a)}>
                {a} A
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <ReadingInput id={`${id}-earth`} label="Earth continuity" unit="Ω" value={c.earthOhms} onChange={(v) => set({ earthOhms: v })} mark={mark("earthOhms")} />
      <ReadingInput
        id={`${id}-insulation`}
        label="Insulation (500 V d.c.)"
        unit="MΩ"
        value={c.insulationMegohms}
        onChange={(v) => set({ insulationMegohms: v })}
        mark={mark("insulationMegohms")}
      />
      <YesNoInput
        id={`${id}-polarity`}
        label="Polarity correct"
        value={c.polarityCorrect}
        onChange={(v) => set({ polarityCorrect: v })}
        mark={mark("polarityCorrect")}
      />
      <YesNoInput
        id={`${id}-connections`}
        label="Circuit connections correct"
        value={c.connectionsCorrect}
        onChange={(v) => set({ connectionsCorrect: v })}
        mark={mark("connectionsCorrect")}
      />
      <div className="grid gap-2 sm:col-span-2">
        {!c.faultLoopByConductor && (
          <ReadingInput
            id={`${id}-loop`}
            label="Earth fault-loop impedance (live)"
            unit="Ω"
            value={c.faultLoopOhms}
            onChange={(v) => set({ faultLoopOhms: v })}
            mark={mark("faultLoopOhms")}
          />
        )}
        <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
          <input type="checkbox" className="size-5" checked={c.faultLoopByConductor} onChange={(e) => set({ faultLoopByConductor: e.target.checked })} />
          Fault loop verified by conductor instead
        </label>
      </div>
    </fieldset>
  );
}

export function RcdFields({ id, field, value: r, onChange, onRemove, markOf, circuits, index }: PartProps<RcdDraft> & { circuits: string[]; index: number }) {
  const set = (patch: Partial<RcdDraft>) => onChange({ ...r, ...patch });
  const toggle = (name: string, on: boolean) => set({ protects: on ? [...r.protects, name] : r.protects.filter((n) => n !== name) });
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2" data-testid="test-rcd">
      <div className="flex items-center justify-between gap-2 sm:col-span-2">
        <legend className="font-semibold text-slate-900">RCD {index + 1}</legend>
        <Button variant="ghost" size="icon" aria-label={`Remove RCD ${index + 1}`} onClick={onRemove}>
          <Trash2 />
        </Button>
      </div>
      <div className="sm:col-span-2">
        <p className="text-sm font-medium text-slate-800">Protects</p>
        {circuits.length === 0 && <p className="text-sm text-slate-500">Add the circuits first.</p>}
        <div className="flex flex-wrap gap-x-4">
          {circuits.map((name) => (
            <label key={name} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" className="size-5" checked={r.protects.includes(name)} onChange={(e) => toggle(name, e.target.checked)} />
              {name}
            </label>
          ))}
        </div>
        <ValueMark id={`${id}-protects-mark`} mark={markOf(`${field}.protects`)} />
      </div>
      <div>
        <Label htmlFor={`${id}-rated`}>Rated</Label>
        <NativeSelect id={`${id}-rated`} value={r.ratedMa} onChange={(e) => set({ ratedMa: e.target.value as RcdDraft["ratedMa"] })}>
          <option value="">Choose</option>
          {RCD_RATINGS.map((ma) => (
            <option key={ma} value={String(ma)}>
              {ma} mA
            </option>
          ))}
        </NativeSelect>
      </div>
      <ReadingInput
        id={`${id}-trip`}
        label="Trip time at rated"
        unit="ms"
        value={r.tripMs}
        onChange={(v) => set({ tripMs: v })}
        mark={markOf(`${field}.tripMs`)}
      />
      <ReadingInput
        id={`${id}-trip5`}
        label="Trip time at 5 × rated"
        unit="ms"
        value={r.tripMsFiveTimes}
        onChange={(v) => set({ tripMsFiveTimes: v })}
        mark={markOf(`${field}.tripMsFiveTimes`)}
      />
    </fieldset>
  );
}
