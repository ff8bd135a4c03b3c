// The customer's copy of a certificate from the job page (docs/decisions/105-paperwork-on-the-card.md):
// POST /api/jobs/:token/certificate-code texts a code to the request's mobile (202); POST
// .../certificates/:document with it answers the PDF as an attachment, and the code is spent.
// Through the app's one fetch client: its cookies, and its ApiError with the server's words (a
// wrong or expired code is a 400 naming `code`, too many tries a 429).
import { useMutation } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api-client";
import { fileNameFromDisposition } from "../certificate/certificate-file";

const jobPath = (token: string) => `/api/jobs/${encodeURIComponent(token)}`;

/** The 202's answer; `devCode` only outside production with SMS_PROVIDER=log, and only the tests read it. */
interface CertificateCodeResponse {
  sent: true;
  devCode?: string;
}

/** The certificate as the browser keeps it, and the name the server gave it. */
export interface CertificateFile {
  blob: Blob;
  fileName: string;
}

export function useSendCertificateCode(token: string) {
  return useMutation({ mutationFn: () => apiJson<CertificateCodeResponse>("POST", `${jobPath(token)}/certificate-code`) });
}

async function openCertificate(token: string, document: string, code: string): Promise<CertificateFile> {
  const res = await apiRequest("POST", `${jobPath(token)}/certificates/${encodeURIComponent(document)}`, { code });
  return { blob: await res.blob(), fileName: fileNameFromDisposition(res.headers.get("Content-Disposition"), `${document}.pdf`) };
}

export function useOpenCertificate(token: string) {
  return useMutation({ mutationFn: ({ document, code }: { document: string; code: string }) => openCertificate(token, document, code) });
}
