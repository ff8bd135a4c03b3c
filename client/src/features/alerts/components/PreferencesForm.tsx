// Which leads alert this user, how and when (docs/decisions/029): channels, area, service types,
// urgency, photos, quiet hours in Sydney time and the hourly limit.
import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { ALERT_MAX_PER_HOUR_MAX, ALERT_RADIUS_MAX_KM, ALERT_RADIUS_MIN_KM } from "@shared/alerts";
import { MARKET_CHOICES, withChosen } from "@shared/labels";
import { DialogFormFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { FieldError } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { useSavePreferences } from "../api/alerts";
import type { AlertPreferences } from "@shared/alerts";
import { formFromPreferences, preferencesForm, preferencesFromForm, type PreferencesFormValues } from "../preferences-form";

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

// Each choice's whole row is its tap target, 44 px tall at least (docs/decisions/086).
const choice = "flex min-h-11 items-center gap-2 text-sm text-slate-800 [&_input]:size-4 [&_input]:shrink-0 [&_input]:accent-brand-700";

interface PreferencesFormProps {
  preferences: AlertPreferences;
  /** "Within 20 km of Parramatta NSW 2150", or null when no service area is set. */
  areaLabel: string | null;
  onDone: () => void;
}

export function PreferencesForm({ preferences, areaLabel, onDone }: PreferencesFormProps) {
  const save = useSavePreferences();
  const form = useForm<PreferencesFormValues>({ resolver: zodResolver(preferencesForm), defaultValues: formFromPreferences(preferences) });
  const { register, watch, formState } = form;
  const errors = formState.errors;
  const [area, quiet] = watch(["area", "quiet"]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(preferencesFromForm(values));
      toast({ title: "Alert settings saved" });
      onDone();
    } catch (err) {
      toast({ title: "Could not save alert settings", description: err instanceof Error ? err.message : "Please try again.", variant: "destructive" });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <Fieldset legend="How to alert me">
        <label className={choice}>
          <input type="checkbox" {...register("pushEnabled")} /> Push notifications on my devices
        </label>
        <label className={choice}>
          <input type="checkbox" {...register("emailEnabled")} /> E-mail
        </label>
      </Fieldset>

      <Fieldset legend="Which leads">
        <label className={choice}>
          <input type="radio" value="service_area" {...register("area")} />
          <span>
            Inside my service area
            <span className="block text-xs text-slate-500">{areaLabel ?? "Set your service area first; until then no lead matches."}</span>
          </span>
        </label>
        <label className={choice}>
          <input type="radio" value="radius" {...register("area")} />
          <span>A custom distance from my base</span>
        </label>
        {area === "radius" && (
          <div className="ml-6">
            <label className="flex items-center gap-2 text-sm text-slate-800">
              Within
              <Input
                type="number"
                inputMode="numeric"
                min={ALERT_RADIUS_MIN_KM}
                max={ALERT_RADIUS_MAX_KM}
                className="h-9 w-24"
                aria-label="Radius in km"
                aria-invalid={errors.radiusKm ? true : undefined}
                aria-describedby={errors.radiusKm ? "alert-radius-error" : undefined}
                {...register("radiusKm", { setValueAs: (v: string) => (v === "" || v === null ? null : Number(v)) })}
              />
              km
            </label>
            <FieldError id="alert-radius-error" message={errors.radiusKm?.message} />
          </div>
        )}
        <div className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-3" role="group" aria-label="Service types">
          {/* What a lead on the market can carry, plus a type saved before that no new lead has (docs/decisions/088-one-list-of-each-choice.md). */}
          {withChosen("serviceType", MARKET_CHOICES.serviceType, preferences.serviceTypes).map((type) => (
            <label key={type.value} className={choice}>
              <input type="checkbox" value={type.value} {...register("serviceTypes")} /> {type.label}
            </label>
          ))}
        </div>
        <p className="text-xs text-slate-500">No type ticked: every type.</p>
        <label className={choice}>
          <input type="checkbox" {...register("urgentOnly")} /> Urgent leads only (emergencies)
        </label>
        {/* docs/decisions/050-photos.md: a customer who sends photos has shown the job. */}
        <label className={choice}>
          <input type="checkbox" {...register("withPhotos")} /> Only leads with photos
        </label>
      </Fieldset>

      <Fieldset legend="When">
        <label className={choice}>
          <input type="checkbox" {...register("quiet")} /> Quiet hours (Sydney time)
        </label>
        {quiet && (
          <div className="ml-6 grid gap-2">
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
              <label className="flex items-center gap-2">
                From <Input type="time" className="h-9 w-36" aria-label="Quiet hours start" {...register("quietStart")} />
              </label>
              <label className="flex items-center gap-2">
                to <Input type="time" className="h-9 w-36" aria-label="Quiet hours end" {...register("quietEnd")} />
              </label>
            </div>
            <FieldError message={errors.quietStart?.message ?? errors.quietEnd?.message} />
            <label className={choice}>
              <input type="checkbox" {...register("urgentBreaksQuiet")} /> Urgent leads may break through
            </label>
          </div>
        )}
        <label className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
          At most
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={ALERT_MAX_PER_HOUR_MAX}
            className="h-9 w-20"
            aria-label="Alerts an hour at most"
            aria-invalid={errors.maxPerHour ? true : undefined}
            {...register("maxPerHour", { valueAsNumber: true })}
          />
          alerts an hour; beyond that, one summary.
        </label>
        <FieldError message={errors.maxPerHour?.message} />
      </Fieldset>

      <DialogFormFooter className="mt-0" onCancel={onDone} busy={save.isPending} submitLabel="Save alert settings" busyLabel="Saving..." />
    </form>
  );
}
