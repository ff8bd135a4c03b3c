import type { BrowserContext } from "playwright-core";
import { DEMO_PASSWORD } from "../../server/db/demo-data";

/**
 * Signs a browser context in through the real login route (a login fixture with no UI
 * steps): the session cookie lands in the context.
 */
export async function signInContext(context: BrowserContext, baseUrl: string, username: string, password = DEMO_PASSWORD) {
  const res = await context.request.post(`${baseUrl}/api/auth/login`, { data: { username, password }, headers: { Origin: baseUrl } });
  if (!res.ok()) throw new Error(`sign-in of ${username} failed: ${res.status()}`);
}
