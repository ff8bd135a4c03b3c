// Records a renewed licence a provider e-mailed in (the reminder and refusal say "reply with your
// renewed licence; we update it within one business day"). The sign-up's rules, shared/vetting.ts;
// the verdict stays as it is.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField, TextField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { addDays, sydneyDayKey } from "@shared/sydney-time";
import { formatLicenceDate } from "@shared/licence-date";
import {
  formatAbn,
  LICENCE_STATE_NAMES,
  LICENCE_STATES,
  licenceRenewalForm,
  type LicenceRenewal,
  type LicenceRenewalFormInput,
  type LicenceState,
} from "@shared/vetting";
import { useRenewLicence } from "../api/verification";

const STATE_OPTIONS = LICENCE_STATES.map((s) => ({ value: s, label: `${s} · ${LICENCE_STATE_NAMES[s]}` }));
const FIELDS = ["licenceNumber", "licenceState", "licenceExpiry", "abn"] as const;

export interface LicenceHolder {
  id: number;
  name: string;
  licenceNumber: string | null;
  licenceState: LicenceState | string | null;
  licenceExpiry: string | null;
  abn: string | null;
}

export function LicenceDialog({ provider, onClose }: { provider: LicenceHolder | null; onClose: () => void }) {
  return (
    <Dialog open={provider !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{provider && <LicenceForm key={provider.id} provider={provider} onClose={onClose} />}</DialogContent>
    </Dialog>
  );
}

function LicenceForm({ provider: p, onClose }: { provider: LicenceHolder; onClose: () => void }) {
  const renew = useRenewLicence();
  const knownState = (LICENCE_STATES as readonly string[]).includes(p.licenceState ?? "") ? (p.licenceState as LicenceState) : undefined;
  const form = useForm<LicenceRenewalFormInput, unknown, LicenceRenewal>({
    resolver: zodResolver(licenceRenewalForm),
    // Starts from what is on file, so the operator changes only what the renewal changes
    // (usually the expiry) and never retypes, or blanks, the rest (docs/decisions/038).
    defaultValues: {
      licenceNumber: p.licenceNumber ?? "",
      licenceState: knownState ?? ("" as LicenceState),
      licenceExpiry: p.licenceExpiry ?? "",
      abn: p.abn ? formatAbn(p.abn) : "",
    },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (licence) => {
    try {
      await renew.mutateAsync({ id: p.id, licence });
      toast({
        title: "Licence updated",
        description: `${p.name}: ${licence.licenceState} ${licence.licenceNumber}, expires ${formatLicenceDate(licence.licenceExpiry)}.`,
      });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.errors) for (const f of FIELDS) if (err.errors[f]) form.setError(f, { message: err.errors[f] });
      toast({ variant: "destructive", title: "Could not update the licence", description: err instanceof Error ? err.message : "Please try again." });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>Update licence</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          {p.name}
          {p.licenceExpiry ? ` · current licence expires ${formatLicenceDate(p.licenceExpiry)}` : ""}. Check the renewed licence on the state register first;
          their approval stays as it is.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-3">
        <FormField id="renew-licenceState" label="Issued by" error={errors.licenceState?.message}>
          {(control) => (
            <NativeSelect {...control} className="mt-1" options={STATE_OPTIONS} {...form.register("licenceState")}>
              <option value="">Choose state or territory</option>
            </NativeSelect>
          )}
        </FormField>
        <TextField
          id="renew-licenceNumber"
          label="Licence number"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.licenceNumber?.message}
          {...form.register("licenceNumber")}
        />
        <TextField
          id="renew-licenceExpiry"
          label="Expiry date"
          type="date"
          min={addDays(sydneyDayKey(new Date()), 1)}
          error={errors.licenceExpiry?.message}
          {...form.register("licenceExpiry")}
        />
        <TextField id="renew-abn" label="ABN" inputMode="numeric" autoComplete="off" error={errors.abn?.message} {...form.register("abn")} />
      </div>
      <DialogFormFooter onCancel={onClose} busy={renew.isPending} submitLabel="Save licence" busyLabel="Saving..." />
    </form>
  );
}
