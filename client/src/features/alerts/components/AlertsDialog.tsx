// The Alerts dialog (docs/decisions/029): this device, every device of this user, and the preferences.
import type { CurrentUser } from "@shared/auth";
import { DEFAULT_SERVICE_RADIUS } from "@shared/service-radius";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useAlertSettings } from "../api/alerts";
import { thisDeviceId } from "../push-device";
import { DeviceList } from "./DeviceList";
import { PreferencesForm } from "./PreferencesForm";
import { ThisDevice } from "./ThisDevice";

export function AlertsDialog({ open, onOpenChange, user }: { open: boolean; onOpenChange: (open: boolean) => void; user: CurrentUser }) {
  const settings = useAlertSettings();
  const thisDevice = thisDeviceId();
  const listed = settings.data?.devices.some((d) => d.id === thisDevice) ?? false;
  const areaLabel = user.serviceLatitude != null ? `Within ${user.serviceRadius ?? DEFAULT_SERVICE_RADIUS} km of ${user.serviceLocation ?? "your base"}` : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Alerts</DialogTitle>
          <DialogDescription>Hear about new leads the moment they come in, with the live price, before someone else buys them.</DialogDescription>
        </DialogHeader>
        {settings.isLoading && <p className="py-6 text-center text-sm text-slate-500">Loading your alert settings...</p>}
        {settings.error && <p className="py-6 text-center text-sm text-red-600">{settings.error.message}</p>}
        {settings.data && (
          <div className="grid gap-6">
            <section className="grid gap-3" aria-labelledby="alerts-devices">
              <h3 id="alerts-devices" className="text-sm font-semibold text-slate-900">
                Devices
              </h3>
              <ThisDevice settings={settings.data} isThisDeviceListed={listed} />
              <DeviceList devices={settings.data.devices} thisDevice={listed ? thisDevice : null} />
            </section>
            {/* Not optional (docs/decisions/076): a promise to a customer is never left untold. */}
            <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
              Always sent, whatever you choose here: the reminder 15 minutes before you promised to contact a customer. It comes by push or e-mail as set below,
              or by SMS to your account&apos;s mobile when neither reaches you, at any hour.
            </p>
            <PreferencesForm preferences={settings.data.preferences} areaLabel={areaLabel} onDone={() => onOpenChange(false)} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
