// Manage Service Area (docs/product.md sections 2 and 5): the location must come from a picked
// suggestion (so it has coordinates for radius matching), plus a radius of 5-100 km.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { CurrentUser, UpdateServiceAreaRequest } from "@shared/auth";
import { DEFAULT_SERVICE_RADIUS, SERVICE_RADIUS_OPTIONS } from "@shared/service-radius";
import { AUTH_MESSAGES } from "@shared/auth-messages";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { AddressField, type PickedPlace } from "@/components/address/AddressField";
import { apiJson } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";
import { useAreaPreview } from "./api/area-preview";

function useUpdateServiceArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateServiceAreaRequest) => apiJson<CurrentUser>("PATCH", "/api/auth/update-service-area", body),
    onSuccess: async (user) => {
      queryClient.setQueryData(QUERY_KEYS.currentUser, user);
      // The market is matched to the area: a new area is a new market.
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.availableLeads });
    },
  });
}

/** "23 leads in the last 30 days within 20 km": what the chosen area would have offered. */
function AreaPreviewLine({ place, radius }: { place: PickedPlace | null; radius: number }) {
  const located = place && place.lat !== undefined && place.lng !== undefined ? { latitude: place.lat, longitude: place.lng, radius } : null;
  const preview = useAreaPreview(located);
  let text = "Pick a place to see how many leads it would have brought you.";
  if (located && preview.isError) text = "Could not count the leads for this area.";
  else if (located && preview.data && !preview.catchingUp) {
    const { count, days } = preview.data;
    text = `${count} ${count === 1 ? "lead" : "leads"} in the last ${days} days within ${radius} km of ${place!.text}.`;
  } else if (located) text = "Counting leads in this area...";
  return (
    <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" aria-live="polite" data-testid="area-preview">
      {text}
    </p>
  );
}

export function ServiceAreaDialog({ open, onOpenChange, user }: { open: boolean; onOpenChange: (open: boolean) => void; user: CurrentUser }) {
  const update = useUpdateServiceArea();
  const [text, setText] = useState(user.serviceLocation ?? "");
  const hasSaved = user.serviceLatitude != null && user.serviceLongitude != null;
  const [place, setPlace] = useState<PickedPlace | null>(
    hasSaved ? { text: user.serviceLocation ?? "", lat: Number(user.serviceLatitude), lng: Number(user.serviceLongitude) } : null,
  );
  const [radius, setRadius] = useState<number>(user.serviceRadius ?? DEFAULT_SERVICE_RADIUS);
  const [error, setError] = useState<string | undefined>();

  async function save() {
    if (!place || place.lat === undefined || place.lng === undefined || place.text !== text) {
      setError(AUTH_MESSAGES.serviceLocationInvalid);
      return;
    }
    setError(undefined);
    try {
      await update.mutateAsync({ serviceLocation: place.text, serviceLatitude: place.lat, serviceLongitude: place.lng, serviceRadius: radius });
      toast({ title: "Service area updated", description: `${place.text}, within ${radius} km.` });
      onOpenChange(false);
    } catch {
      toast({ title: "Error", description: "Failed to update service area. Please try again.", variant: "destructive" });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Manage Service Area</DialogTitle>
          <DialogDescription>Where you work and how far you travel. Pick your base from the suggestions.</DialogDescription>
        </DialogHeader>
        <div className="space-y-4">
          <FormField id="service-location" label="Service location" error={error}>
            {(control) => <AddressField {...control} value={text} onChange={setText} onSelect={setPlace} placeholder="Suburb or postcode" />}
          </FormField>
          <FormField id="service-radius" label="Service radius">
            {(control) => (
              <NativeSelect {...control} value={radius} onChange={(e) => setRadius(Number(e.target.value))}>
                {SERVICE_RADIUS_OPTIONS.map((km) => (
                  <option key={km} value={km}>
                    {km} km
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <AreaPreviewLine place={place && place.text === text ? place : null} radius={radius} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={save} disabled={update.isPending}>
            {update.isPending ? "Saving..." : "Save Service Area"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
