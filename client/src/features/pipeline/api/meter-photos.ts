// The test record's meter photos (docs/decisions/106-meter-photos.md): the photo goes up through
// POST /api/uploads (the one upload helper, with its progress), then is added to the record with
// its caption; each answer is the record as it now stands. Loaded with the meter photos' own chunk.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TestRecordView } from "@shared/test-records";
import { apiJson } from "@/lib/api-client";
import { uploadPhoto } from "@/lib/photo-upload";
import { testRecordKey } from "./test-record";

/** POST /api/uploads: the photo is decoded, re-encoded and kept as an upload for 24 hours. */
const UPLOAD_PATH = "/api/uploads";

interface AddMeterPhoto {
  file: File;
  caption: string;
  /** 0 to 1 as the bytes leave the device. */
  onProgress: (fraction: number) => void;
}

export function useAddMeterPhoto(purchaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, caption, onProgress }: AddMeterPhoto) => {
      const upload = await uploadPhoto(UPLOAD_PATH, file, { onProgress });
      return apiJson<TestRecordView>("POST", `/api/lead-purchases/${purchaseId}/test-record/photos`, { uploadId: upload.id, caption: caption.trim() || null });
    },
    onSuccess: (view) => queryClient.setQueryData(testRecordKey(purchaseId), view),
    // 409: the record is full, or was marked tested meanwhile: show what stands now.
    onError: () => queryClient.invalidateQueries({ queryKey: testRecordKey(purchaseId) }),
  });
}

export function useRemoveMeterPhoto(purchaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) => apiJson<TestRecordView>("DELETE", `/api/lead-purchases/${purchaseId}/test-record/photos/${photoId}`),
    onSuccess: (view) => queryClient.setQueryData(testRecordKey(purchaseId), view),
    onError: () => queryClient.invalidateQueries({ queryKey: testRecordKey(purchaseId) }),
  });
}
