import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

const CASES: InMemoryCase[] = [
  {
    name: "Router(): every route method, chained (each returns the router); checks in route arguments and handler bodies",
    files: {
      "src/index.ts": `import { Router, error } from "itty-router";
const router = Router();
router
  .get("/a/:id", ({ id }) => ({ id }))
  .post("/a", requirePermission("a.write"), () => new Response("ok"))
  .put("/a/:id", (request) => { requirePermission("a.write"); return "ok"; })
  .patch("/a/:id", () => "ok")
  .delete("/a/:id", () => "ok")
  .head("/a", () => "ok")
  .options("/a", () => "ok")
  .all("*", () => error(404));
export default router;`,
    },
    routes: [
      "DELETE /a/{id} []",
      "GET /a/{id} []",
      "HEAD /a []",
      "OPTIONS /a []",
      "PATCH /a/{id} []",
      "POST /a [a.write]",
      "PUT /a/{id} [a.write]",
    ],
  },
];

describe("itty-router patterns (in memory)", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    const warnings = diagnosticLines(result).filter((d) => !d.startsWith("APX4"));
    expect(warnings).toEqual(diagnostics ?? []);
  });
});
