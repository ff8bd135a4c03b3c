// The Alerts dialog's server calls (docs/decisions/029): settings, preferences and this user's devices.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, getJson } from "@/lib/api-client";
import type { AlertDevice, AlertPreferences, AlertSettings } from "@shared/alerts";

export const ALERT_SETTINGS_KEY = ["/api/alerts/settings"] as const;

export const useAlertSettings = () => useQuery({ queryKey: ALERT_SETTINGS_KEY, queryFn: () => getJson<AlertSettings>(ALERT_SETTINGS_KEY[0]) });

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertPreferences) => apiJson<AlertPreferences>("PUT", "/api/alerts/preferences", body),
    onSuccess: (preferences) => queryClient.setQueryData<AlertSettings>(ALERT_SETTINGS_KEY, (old) => (old ? { ...old, preferences } : old)),
  });
}

export interface DeviceRequest {
  subscription: PushSubscriptionJSON;
  label: string;
}

export const addDevice = (body: DeviceRequest) => apiJson<AlertDevice>("POST", "/api/alerts/devices", body);
export const removeDevice = (id: string) => apiJson<null>("DELETE", `/api/alerts/devices/${encodeURIComponent(id)}`);
