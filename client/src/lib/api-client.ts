// The one fetch client (docs/product.md sections 7 and 8): cookies always sent, JSON only when a
// body exists, any non-OK response becomes an ApiError with the catalogue's message rule.

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: Record<string, string>,
    /** The whole JSON answer, e.g. a 409's current values (decision 031). */
    public readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** docs/product.md section 8: JSON `message` (or the status text), else the raw text (or the status text). */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: Record<string, string> };
    if (body && typeof body === "object" && "message" in body) {
      const message = typeof body.message === "string" && body.message ? body.message : res.statusText;
      return new ApiError(res.status, message, body.errors, body as Record<string, unknown>);
    }
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return new ApiError(res.status, text || res.statusText);
}

export async function apiRequest(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? headers : { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await errorFromResponse(res);
  return res;
}

/** apiRequest + JSON body of the answer (null for 204). */
export async function apiJson<T>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const res = await apiRequest(method, url, body, headers);
  if (res.status === 204) return null as T;
  return (await res.json()) as T;
}

export const getJson = <T>(url: string) => apiJson<T>("GET", url);
