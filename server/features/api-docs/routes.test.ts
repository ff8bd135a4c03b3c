// The readable docs page exists in development only, and uses no script the CSP would block.
import request from "supertest";
import { describe, expect, it } from "vitest";
import { withTestApp } from "../../test/app";

describe("the API docs page", () => {
  it("when the app runs in development, then /api/docs serves Swagger UI from this origin, reading /api/openapi.json", async () => {
    await withTestApp({ suburbs: false, env: { NODE_ENV: "development" } }, async ({ app }) => {
      const page = await request(app).get("/api/docs");
      expect(page.status).toBe(200);
      expect(page.type).toBe("text/html");
      const scripts = [...page.text.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
      expect(scripts.map(([, attributes]) => attributes)).toEqual([' src="/api/docs/swagger-ui-bundle.js"', ' src="/api/docs/start.js"']);
      expect(scripts.every(([, , inline]) => inline === "")).toBe(true);
      for (const [, attributes] of scripts) expect((await request(app).get(/src="([^"]+)"/.exec(attributes!)![1]!)).status).toBe(200);
      expect((await request(app).get("/api/docs/start.js")).text).toContain('"/api/openapi.json"');
      expect((await request(app).get("/api/docs/swagger-ui.css")).status).toBe(200);
    });
  });

  it("when the app runs outside development, then /api/docs is an API 404 and the document is still served", async () => {
    await withTestApp({ suburbs: false }, async ({ app }) => {
      const page = await request(app).get("/api/docs");
      expect(page.status).toBe(404);
      expect(page.body).toEqual({ message: "No API route for GET /api/docs" });
      expect((await request(app).get("/api/openapi.json")).status).toBe(200);
    });
  });
});
