import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

const CASES: InMemoryCase[] = [
  {
    name: "v1 handlers",
    files: {
      "src/routes/api/users/$id.ts": `import { createFileRoute } from "@tanstack/react-router";
import { requirePermission } from "../../../auth";
export const Route = createFileRoute("/api/users/$id")({
  server: {
    handlers: {
      GET: async ({ params }) => Response.json({ id: params.id }),
      DELETE: async ({ request }) => { requirePermission("users.delete"); return new Response(null); },
    },
  },
});`,
      "src/auth.ts": `export function requirePermission(key: string) {}`,
    },
    routes: [],
  },
];

describe("TanStack Start, in memory", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics, config }) => {
    const result = await generateFrom(files, config);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result).sort()).toEqual([...(diagnostics ?? [])].sort());
  });
});
