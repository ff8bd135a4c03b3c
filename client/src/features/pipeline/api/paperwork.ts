// The job's compliance paperwork (docs/decisions/105-paperwork-on-the-card.md): read when the card's
// "Paperwork" opens; every write answers with the paperwork as it now stands, and moves the card's
// clock on the board, so the list is read again too.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { paperworkViewSchema, type PaperworkView, type savePaperworkRequest } from "@shared/paperwork";
import { ApiError, apiJson, errorFromResponse } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

/** Under the card's own prefix, so what refreshes a card's data refreshes its paperwork too. */
export const paperworkKey = (purchaseId: number) => ["/api/lead-purchases", purchaseId, "paperwork"];
const urlOf = (purchaseId: number) => `/api/lead-purchases/${purchaseId}/paperwork`;

/** The wire's shape is checked: this section and the server are built apart, and a drift should fail loudly here. */
const read = async (method: string, url: string, body?: unknown): Promise<PaperworkView> => paperworkViewSchema.parse(await apiJson(method, url, body));

export function usePaperwork(purchaseId: number, enabled: boolean) {
  return useQuery({ queryKey: paperworkKey(purchaseId), queryFn: () => read("GET", urlOf(purchaseId)), enabled, staleTime: 0 });
}

/** One write: its answer is the paperwork; a 409 says someone changed it first, so it is read again. */
function usePaperworkWrite<Vars>(purchaseId: number, method: string, request: (vars: Vars) => { url: string; body: object }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: Vars) => {
      const { url, body } = request(vars);
      return read(method, url, body);
    },
    onSuccess: (view) => queryClient.setQueryData(paperworkKey(purchaseId), view),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: paperworkKey(purchaseId) });
    },
    // The board's badge and its "Paperwork due" filter read the list's summary.
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.purchasedLeads }),
  });
}

export function useSavePaperwork(purchaseId: number) {
  return usePaperworkWrite(purchaseId, "PUT", (body: z.input<typeof savePaperworkRequest>) => ({ url: urlOf(purchaseId), body }));
}

/** Queensland's certificate, which we print; the server also sends the customer their copy's link. */
export function useIssueCertificate(purchaseId: number) {
  return usePaperworkWrite(purchaseId, "POST", ({ document, version }: { document: string; version: number }) => ({
    url: `${urlOf(purchaseId)}/${document}/issue`,
    body: { version },
  }));
}

/** A form or portal document: the reference the portal gave, or the form's serial. */
export function useLodgeDocument(purchaseId: number) {
  return usePaperworkWrite(purchaseId, "POST", ({ document, version, reference }: { document: string; version: number; reference: string }) => ({
    url: `${urlOf(purchaseId)}/${document}/lodged`,
    body: { version, reference },
  }));
}

/** The completed form (NSW's CCEW) as one PDF; the server checks it and answers with the paperwork. */
export function useUploadForm(purchaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ document, file }: { document: string; file: File }) => {
      const body = new FormData();
      body.append("file", file, file.name);
      const res = await fetch(`${urlOf(purchaseId)}/${document}/form`, { method: "PUT", credentials: "include", body });
      if (!res.ok) throw await errorFromResponse(res);
      return paperworkViewSchema.parse(await res.json());
    },
    onSuccess: (view) => queryClient.setQueryData(paperworkKey(purchaseId), view),
  });
}

/** The uploaded form e-mailed, attached, to the addresses named; the customer gets a link. Once. */
export function useSendForm(purchaseId: number) {
  return usePaperworkWrite(purchaseId, "POST", ({ document, version, to }: { document: string; version: number; to: string[] }) => ({
    url: `${urlOf(purchaseId)}/${document}/send`,
    body: { version, to },
  }));
}
