// The devices that get this user's alerts: "Pixel 8 · Chrome · added 3 Nov", each removable.
import { useQueryClient } from "@tanstack/react-query";
import { Smartphone, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { formatSydneyDayMonth } from "@shared/sydney-time";
import { ALERT_SETTINGS_KEY, removeDevice } from "../api/alerts";
import type { AlertDevice, AlertSettings } from "@shared/alerts";
import { rememberThisDevice, unsubscribe } from "../push-device";

export function DeviceList({ devices, thisDevice }: { devices: AlertDevice[]; thisDevice: string | null }) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<string | null>(null);

  async function remove(device: AlertDevice) {
    setRemoving(device.id);
    try {
      await removeDevice(device.id);
      // This browser's own entry: its push subscription goes too, so nothing arrives here any more.
      if (device.id === thisDevice) {
        rememberThisDevice(null);
        await unsubscribe().catch(() => undefined);
      }
      queryClient.setQueryData<AlertSettings>(ALERT_SETTINGS_KEY, (old) => (old ? { ...old, devices: old.devices.filter((d) => d.id !== device.id) } : old));
      toast({ title: "Device removed", description: `${device.label} gets no more alerts.` });
    } catch (err) {
      toast({ title: "Could not remove the device", description: err instanceof Error ? err.message : "Please try again.", variant: "destructive" });
    } finally {
      setRemoving(null);
    }
  }

  if (devices.length === 0) return <p className="text-sm text-slate-600">No device gets push alerts yet.</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Devices with alerts">
      {devices.map((device) => (
        <li key={device.id} className="flex items-center gap-3 p-3" data-testid="alert-device">
          <Smartphone className="size-5 shrink-0 text-slate-400" aria-hidden />
          <p className="min-w-0 flex-1 text-sm break-words">
            <span className="font-medium">{device.label}</span>
            <span className="text-slate-600"> · added {formatSydneyDayMonth(device.createdAt)}</span>
            {device.id === thisDevice && <span className="ml-1 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">this device</span>}
          </p>
          <Button variant="outline" size="sm" disabled={removing === device.id} onClick={() => remove(device)} aria-label={`Remove ${device.label}`}>
            <Trash2 aria-hidden /> {removing === device.id ? "Removing..." : "Remove"}
          </Button>
        </li>
      ))}
    </ul>
  );
}
