// The customer's photos on their job page (docs/decisions/050-photos.md, "Screens"): one more with
// POST /api/jobs/:token/photos, one less with DELETE .../photos/:photoId, until the job is booked
// (409 after). Each answer is followed by a fresh read of the page, which lists what is kept.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { jobQueryKey } from "./job";

const photosPath = (token: string) => `/api/jobs/${encodeURIComponent(token)}/photos`;

/** POST /api/jobs/:token/photos: the picker sends the file there (lib/photo-upload.ts, in the photos' own chunk). */
export const jobPhotosPath = photosPath;

/** After a photo is up: the page is read again, so it shows in the list the moment its upload ends. */
export function useJobPhotosChanged(token: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: jobQueryKey(token) });
}

export type JobPhotoRemoval = ReturnType<typeof useRemoveJobPhoto>;

export function useRemoveJobPhoto(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) => apiRequest("DELETE", `${photosPath(token)}/${encodeURIComponent(photoId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobQueryKey(token) }),
  });
}
