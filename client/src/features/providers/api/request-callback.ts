import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { CallbackRequest } from "@shared/callbacks";

/** POST /api/provider-callbacks (docs/product.md section 7): only the ok status is read. */
export const requestCallback = async (request: CallbackRequest) => {
  await apiRequest("POST", "/api/provider-callbacks", request);
};

export function useRequestCallback() {
  return useMutation({ mutationFn: requestCallback });
}
