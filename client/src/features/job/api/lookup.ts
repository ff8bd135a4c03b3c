import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import type { JobLookupResponse, JobLookupVerifyResponse } from "@shared/jobs";

/** POST /api/jobs/lookup: a code to the mobile, if it has requests with us (the answer is the same either way). */
export const requestLookupCode = (phone: string) => apiJson<JobLookupResponse>("POST", "/api/jobs/lookup", { phone });

/** POST /api/jobs/lookup/verify: the mobile's requests, each with a fresh link. */
export const verifyLookupCode = (phone: string, code: string) => apiJson<JobLookupVerifyResponse>("POST", "/api/jobs/lookup/verify", { phone, code });

export const useRequestLookupCode = () => useMutation({ mutationFn: requestLookupCode });
export const useVerifyLookupCode = () => useMutation({ mutationFn: ({ phone, code }: { phone: string; code: string }) => verifyLookupCode(phone, code) });
