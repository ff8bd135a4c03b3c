// Manage Service Area (SPEC.md sections 2 and 5): the location must come from a picked
// suggestion (so it has coordinates for radius matching), plus a radius of 5-100 km.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AUTH_MESSAGES, DEFAULT_SERVICE_RADIUS, SERVICE_RADIUS_OPTIONS, type CurrentUser, type UpdateServiceAreaRequest } from "@shared/auth";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FieldError, Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { AddressField, type PickedPlace } from "@/features/address/AddressField";
import { apiJson } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

function useUpdateServiceArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateServiceAreaRequest) => apiJson<CurrentUser>("PATCH", "/api/auth/update-service-area", body),
    onSuccess: (user) => queryClient.setQueryData(QUERY_KEYS.currentUser, user),
  });
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
          <div>
            <Label htmlFor="service-location">Service location</Label>
            <AddressField
              id="service-location"
              value={text}
              onChange={setText}
              onSelect={setPlace}
              placeholder="Suburb or postcode"
              aria-invalid={Boolean(error)}
              aria-describedby="service-location-error"
            />
            <FieldError id="service-location-error" message={error} />
          </div>
          <div>
            <Label htmlFor="service-radius">Service radius</Label>
            <select id="service-radius" value={radius} onChange={(e) => setRadius(Number(e.target.value))} className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base">
              {SERVICE_RADIUS_OPTIONS.map((km) => (
                <option key={km} value={km}>{km} km</option>
              ))}
            </select>
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button onClick={save} disabled={update.isPending}>{update.isPending ? "Saving..." : "Save Service Area"}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
