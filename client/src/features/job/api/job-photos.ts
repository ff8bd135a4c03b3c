// The customer's photos on their job page (docs/decisions/050-photos.md, "Screens"): one more with
// POST /api/jobs/:token/photos, one less with DELETE .../photos/:photoId, until the job is booked
// (409 after). Each answer is followed by a fresh read of the page, which lists what is kept.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { uploadPhoto } from "@/lib/photo-upload";
import type { UploadFn } from "@/lib/photo-uploads";
import { jobQueryKey } from "./job";

const photosPath = (token: string) => `/api/jobs/${encodeURIComponent(token)}/photos`;

/** Sends one photo, then reads the page again, so the photo shows in the list the moment its upload ends. */
export function useJobPhotoUpload(token: string): UploadFn {
  const queryClient = useQueryClient();
  return async (file, onProgress, signal) => {
    const photo = await uploadPhoto(photosPath(token), file, { onProgress, signal });
    await queryClient.invalidateQueries({ queryKey: jobQueryKey(token) });
    return photo;
  };
}

export function useRemoveJobPhoto(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) => apiRequest("DELETE", `${photosPath(token)}/${encodeURIComponent(photoId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobQueryKey(token) }),
  });
}
