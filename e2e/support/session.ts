import type { BrowserContext, Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../server/setup/demo-data";

/**
 * Signs a browser context in through the real login route (a login fixture with no UI
 * steps): the session cookie lands in the context.
 */
export async function signInContext(context: BrowserContext, baseUrl: string, username: string, password = DEMO_PASSWORD) {
  const res = await context.request.post(`${baseUrl}/api/auth/login`, { data: { username, password }, headers: { Origin: baseUrl } });
  if (!res.ok()) throw new Error(`sign-in of ${username} failed: ${res.status()}`);
}

/** Signs in as a person does, on /login, and waits for the dashboard's welcome. */
export async function logInWithForm(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(baseUrl + "/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(baseUrl + "/dashboard");
  await page.getByText("Login successful", { exact: true }).first().waitFor();
}

/** Signs the operator in on /admin (ADMIN_USERNAME and ADMIN_PASSWORD of the test's server). */
export async function logInAsOperator(page: Page, baseUrl: string, admin: { username: string; password: string }) {
  await page.goto(baseUrl + "/admin");
  await page.getByLabel("Username").fill(admin.username);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
}
