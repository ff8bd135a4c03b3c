// "Turn on alerts on this device": the permission, the push subscription and the device's
// entry on the server, or why this device cannot (docs/decisions/030).
import { useQueryClient } from "@tanstack/react-query";
import { BellRing } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { addDevice, ALERT_SETTINGS_KEY } from "../api/alerts";
import type { AlertSettings } from "@shared/alerts";
import { thisDeviceLabel } from "../device-label";
import { notificationPermission, pushSupport, rememberThisDevice, subscribe } from "../push-device";

export const ALERTS_TEXT = {
  serverOff: "Push alerts aren't set up on this server yet — e-mail alerts still work.",
  iosInstall: "Add to Home Screen first, then turn alerts on.",
  unsupported:
    "This browser can't show alerts. Use Chrome, Edge, Firefox or Samsung Internet, or an iPhone with the app on its Home Screen — or turn on e-mail alerts below.",
  denied: "Notifications are blocked for this site in this browser.",
} as const;

function DeniedHelp() {
  return (
    <Alert variant="destructive" title={ALERTS_TEXT.denied}>
      <p>
        To allow them again, tap the icon left of the address (the padlock or the settings icon), open <strong>Permissions</strong> or{" "}
        <strong>Site settings</strong>, set <strong>Notifications</strong> to <strong>Allow</strong>, then reload this page. On an iPhone: Settings ›
        Notifications › Aussie Electricians.
      </p>
    </Alert>
  );
}

export function ThisDevice({ settings, isThisDeviceListed }: { settings: AlertSettings; isThisDeviceListed: boolean }) {
  const queryClient = useQueryClient();
  const support = pushSupport();
  const [permission, setPermission] = useState(notificationPermission);
  const [busy, setBusy] = useState(false);

  if (!settings.pushAvailable || !settings.vapidPublicKey) return <Alert title={ALERTS_TEXT.serverOff} />;
  if (support === "ios-install")
    return (
      <Alert title={ALERTS_TEXT.iosInstall}>
        <p>
          On an iPhone or iPad, alerts work only from the app on your Home Screen: in Safari tap <strong>Share</strong>, then{" "}
          <strong>Add to Home Screen</strong>, open Aussie Electricians from there and sign in.
        </p>
      </Alert>
    );
  if (support === "unsupported") return <Alert title={ALERTS_TEXT.unsupported} />;
  if (permission === "denied") return <DeniedHelp />;
  if (isThisDeviceListed)
    return (
      <Alert variant="success" title="Alerts are on for this device">
        <p>New leads that match the choices below pop up here, even with the app closed.</p>
      </Alert>
    );

  const vapidPublicKey = settings.vapidPublicKey;
  async function turnOn() {
    setBusy(true);
    try {
      const granted = await Notification.requestPermission();
      setPermission(granted);
      if (granted !== "granted") return;
      const [subscription, label] = await Promise.all([subscribe(vapidPublicKey), thisDeviceLabel()]);
      const device = await addDevice({ subscription, label });
      rememberThisDevice(device.id);
      queryClient.setQueryData<AlertSettings>(ALERT_SETTINGS_KEY, (old) =>
        old ? { ...old, devices: [...old.devices.filter((d) => d.id !== device.id), device] } : old,
      );
      await queryClient.invalidateQueries({ queryKey: ALERT_SETTINGS_KEY });
      toast({ title: "Alerts are on", description: `${device.label} will get new leads.` });
    } catch (err) {
      toast({ title: "Could not turn alerts on", description: err instanceof Error ? err.message : "Please try again.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-2">
      <Button onClick={turnOn} disabled={busy} className="w-full sm:w-auto">
        <BellRing aria-hidden /> {busy ? "Turning on..." : "Turn on alerts on this device"}
      </Button>
      <p className="text-xs text-slate-500">Your browser will ask to show notifications. Each device you use turns alerts on for itself.</p>
    </div>
  );
}
