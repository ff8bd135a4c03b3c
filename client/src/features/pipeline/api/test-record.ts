// The job's test record (docs/decisions/103-test-records.md): read when the card's "Test results"
// opens; a save or a completion answers with the record as it now stands, and so does adding or
// removing a meter photo (docs/decisions/106-meter-photos.md). The photo itself goes up first, from
// the meter photos' own chunk, which leaves the one fetch client here (docs/decisions/050-photos.md, "Screens").
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TestRecordView, TestResults } from "@shared/test-records";
import { apiJson } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";
import { paperworkKey } from "./paperwork";

const testRecordKey = (purchaseId: number) => ["/api/lead-purchases", purchaseId, "test-record"];

export function useTestRecord(purchaseId: number, enabled: boolean) {
  return useQuery<TestRecordView>({ queryKey: testRecordKey(purchaseId), enabled, staleTime: 0 });
}

export function useSaveTestRecord(purchaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { results: TestResults; version: number; reason?: string }) =>
      apiJson<TestRecordView>("PUT", `/api/lead-purchases/${purchaseId}/test-record`, body),
    onSuccess: (view) => queryClient.setQueryData(testRecordKey(purchaseId), view),
    // A 409: someone saved first; show what stands now (the typing stays in its draft).
    onError: () => queryClient.invalidateQueries({ queryKey: testRecordKey(purchaseId) }),
  });
}

export function useCompleteTestRecord(purchaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { version: number; date: string; time: string }) =>
      apiJson<TestRecordView>("POST", `/api/lead-purchases/${purchaseId}/test-record/complete`, body),
    onSuccess: (view) => {
      queryClient.setQueryData(testRecordKey(purchaseId), view);
      // The test starts the paperwork's clocks (docs/decisions/105-paperwork-on-the-card.md): the card's section and the board's badge read them again.
      void queryClient.invalidateQueries({ queryKey: paperworkKey(purchaseId) });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.purchasedLeads });
    },
  });
}

/** Adds an upload (POST /api/uploads' id) to the record as a meter photo, with its caption. */
export function useAddMeterPhoto(purchaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { uploadId: string; caption: string | null }) =>
      apiJson<TestRecordView>("POST", `/api/lead-purchases/${purchaseId}/test-record/photos`, body),
    onSuccess: (view) => queryClient.setQueryData(testRecordKey(purchaseId), view),
    // 409: the record is full: show what stands now.
    onError: () => queryClient.invalidateQueries({ queryKey: testRecordKey(purchaseId) }),
  });
}

/** Removes a meter photo: refused (409) once a version of the record has been marked tested. */
export function useRemoveMeterPhoto(purchaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) => apiJson<TestRecordView>("DELETE", `/api/lead-purchases/${purchaseId}/test-record/photos/${photoId}`),
    onSuccess: (view) => queryClient.setQueryData(testRecordKey(purchaseId), view),
    onError: () => queryClient.invalidateQueries({ queryKey: testRecordKey(purchaseId) }),
  });
}
