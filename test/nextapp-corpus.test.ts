import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

/**
 * Shapes met in real Next.js App Router services of the real-world corpus (bench/realworld/services.ts:
 * inbox-zero, nextspark, corso) that apidex read wrongly. Each case fails without the change it pins.
 *
 * A check whose holder leaves early (generator/resolve/shortcut.ts): nextspark's `validateScopesForUser`
 * starts with `if (allowedScopes.includes("*")) return { valid: true, ... }` and then filters the requested
 * scopes, so a caller without `*` goes on; the key `*` was listed as one every caller needs.
 */
const AUTH = `export async function scopesOf(req: Request): Promise<string[]> { return []; }
export function hasPermission(user: unknown, key: string): boolean { return true; }
export function requirePermission(user: unknown, key: string): void {}
`;

const shortcutCases: InMemoryCase[] = [
  {
    name: "a wildcard tested first lets its holder through: an alternative to the check after it",
    files: {
      "lib/auth.ts": AUTH,
      "app/api/reports/route.ts": `import { scopesOf } from "../../../lib/auth";
export async function GET(req: Request) {
  const scopes = await scopesOf(req);
  if (scopes.includes("*")) return Response.json({ all: true });
  if (!scopes.includes("reports.read")) return new Response(null, { status: 403 });
  return Response.json({});
}
`,
    },
    routes: ["GET /api/reports [] any(*|reports.read)"],
  },
  {
    name: "a key that only opens a way out early, with no check after it, is no key the route needs",
    files: {
      "lib/auth.ts": AUTH,
      "app/api/items/route.ts": `import { hasPermission } from "../../../lib/auth";
const all = [{ id: 1 }];
export async function GET(req: Request) {
  const user = {};
  if (hasPermission(user, "items.all")) {
    return Response.json(all);
  }
  return Response.json(all.filter((i) => i.id === 1));
}
`,
    },
    routes: ["GET /api/items []"],
  },
  {
    name: "a shortcut that refuses its holder (403) bars them; lacking the key refuses nobody there",
    files: {
      "lib/auth.ts": AUTH,
      "app/api/things/route.ts": `import { hasPermission, requirePermission } from "../../../lib/auth";
export async function POST(req: Request) {
  const user = {};
  if (hasPermission(user, "things.readonly")) return new Response("read-only key", { status: 403 });
  requirePermission(user, "things.write");
  return Response.json({});
}
`,
    },
    routes: ["POST /api/things [things.write]"],
  },
  {
    name: "either of two keys tested together for the shortcut, one check after it: one group",
    files: {
      "lib/auth.ts": AUTH,
      "app/api/plans/route.ts": `import { hasPermission, requirePermission } from "../../../lib/auth";
export const POST = async (req: Request) => {
  const user = {};
  if (hasPermission(user, "*") || hasPermission(user, "superadmin")) {
    return Response.json({ created: true });
  }
  requirePermission(user, "plans.write");
  return Response.json({ created: true });
};
`,
    },
    routes: ["POST /api/plans [] any(*|plans.write|superadmin)"],
  },
  {
    name: "several checks after the shortcut: one group marked unresolved, said (APX304)",
    files: {
      "lib/auth.ts": AUTH,
      "app/api/exports/route.ts": `import { hasPermission, requirePermission } from "../../../lib/auth";
export async function POST(req: Request) {
  const user = {};
  if (hasPermission(user, "admin")) return Response.json({ queued: true });
  requirePermission(user, "exports.create");
  requirePermission(user, "files.write");
  return Response.json({ queued: true });
}
`,
    },
    routes: ["POST /api/exports [] any(admin|exports.create|files.write) unresolved(permissions)"],
    diagnostics: ["APX304 app/api/exports/route.ts:4"],
  },
  {
    name: "a policy helper whose wildcard shortcut returns { valid: true }: only the handler's own key (nextspark)",
    files: {
      "lib/auth.ts": AUTH,
      "lib/scopes.ts": `const byRole: Record<string, string[]> = { admin: ["users:read"], superadmin: ["*"] };
export async function validateScopesForUser(role: string, requestedScopes: string[]) {
  const allowedScopes = byRole[role] ?? [];
  if (allowedScopes.includes("*")) {
    return { valid: true, deniedScopes: [] as string[] };
  }
  const deniedScopes = requestedScopes.filter((scope) => !allowedScopes.includes(scope));
  return { valid: deniedScopes.length === 0, deniedScopes };
}
`,
      "app/api/v1/api-keys/route.ts": `import { hasPermission } from "../../../../lib/auth";
import { validateScopesForUser } from "../../../../lib/scopes";
export async function POST(req: Request) {
  const user = { role: "admin" };
  if (!hasPermission(user, "admin:api-keys")) return new Response(null, { status: 403 });
  const body = await req.json();
  const check = await validateScopesForUser(user.role, body.scopes);
  if (!check.valid) return new Response(null, { status: 403 });
  return Response.json({}, { status: 201 });
}
`,
    },
    routes: ["POST /api/v1/api-keys [admin:api-keys]"],
  },
  {
    name: "not shortcuts: a negated test, an `&&` with the request's data, a branch with an else, a branch that goes on",
    files: {
      "lib/auth.ts": AUTH,
      "app/api/a/route.ts": `import { hasPermission } from "../../../lib/auth";
export async function GET(req: Request) {
  const user = {};
  if (!hasPermission(user, "a.read")) return new Response(null, { status: 403 });
  return Response.json({});
}
export async function POST(req: Request) {
  const user = {};
  const body = await req.json();
  if (hasPermission(user, "a.write") && body.mine) return Response.json({});
  return Response.json({});
}
export async function PUT(req: Request) {
  const user = {};
  if (hasPermission(user, "a.put")) return Response.json({});
  else return new Response(null, { status: 403 });
}
export async function DELETE(req: Request) {
  const user = {};
  if (hasPermission(user, "a.delete")) console.log("deleting");
  return Response.json({});
}
`,
    },
    routes: ["DELETE /api/a [a.delete]", "GET /api/a [a.read]", "POST /api/a [a.write]", "PUT /api/a [a.put]"],
  },
  {
    name: "not shortcuts: what comes after refuses outright (a 403, a throw, `res.status(403)` then `return;`, a helper's `return false` or its end)",
    files: {
      "lib/auth.ts": AUTH,
      "lib/policy.ts": `import { hasPermission } from "./auth";
export function canExport(user: unknown): boolean {
  if (hasPermission(user, "b.export")) return true;
  return false;
}
export function canImport(user: unknown) {
  if (hasPermission(user, "b.import")) {
    return true;
  }
}
`,
      "app/api/b/route.ts": `import { hasPermission } from "../../../lib/auth";
import { canExport, canImport } from "../../../lib/policy";
export async function GET(req: Request) {
  const user = {};
  if (hasPermission(user, "b.read")) return Response.json({});
  return new Response(null, { status: 403 });
}
export async function POST(req: Request) {
  const user = {};
  if (hasPermission(user, "b.write")) return Response.json({});
  throw new Error("forbidden");
}
export async function PUT(req: Request) {
  const user = {};
  if (!canExport(user)) return new Response(null, { status: 403 });
  return Response.json({});
}
export async function PATCH(req: Request) {
  const user = {};
  if (!canImport(user)) return new Response(null, { status: 403 });
  return Response.json({});
}
`,
      "pages/api/c.ts": `import { hasPermission } from "../../lib/auth";
export default function handler(req: any, res: any) {
  if (req.method !== "GET") return res.status(405).end();
  if (hasPermission(req.user, "c.read")) return res.json({});
  res.status(403).json({ error: "forbidden" });
  return;
}
`,
    },
    routes: ["GET /api/b [b.read]", "GET /api/c [c.read]", "PATCH /api/b [b.import]", "POST /api/b [b.write]", "PUT /api/b [b.export]"],
  },
];

describe("App Router handlers: a check whose holder leaves early", () => {
  it.each(shortcutCases)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});

/**
 * A key built at the check from text and a run-time value (nextspark's generic entity handlers:
 * `hasRequiredScope(authResult, \`${entity.slug}:read\`)`): a call recognized by its name alone was taken at
 * its literal keys only, so this one was dropped in silence, and the route looked open. It is this site's key,
 * not a value passed through: said (APX301), the route marked unresolved. A bare `${key}` is passed through.
 */
const SCOPE = `export function hasRequiredScope(auth: unknown, scope: string): boolean { return true; }\n`;
const builtKeyCases: InMemoryCase[] = [
  {
    name: "a template over a route parameter: unresolved, said",
    files: {
      "lib/scope.ts": SCOPE,
      "app/api/v1/[entity]/route.ts": `import { hasRequiredScope } from "../../../../lib/scope";
export async function GET(req: Request, { params }: { params: Promise<{ entity: string }> }) {
  const { entity } = await params;
  const auth = {};
  if (!hasRequiredScope(auth, \`\${entity}:read\`)) return new Response(null, { status: 403 });
  return Response.json({});
}
`,
    },
    routes: ["GET /api/v1/{entity} [] unresolved(permissions)"],
    diagnostics: ["APX301 app/api/v1/[entity]/route.ts:5"],
  },
  {
    name: "a template over constants is read; a bare template of a value passed through names no key",
    files: {
      "lib/scope.ts": SCOPE,
      "app/api/media/route.ts": `import { hasRequiredScope } from "../../../lib/scope";
const RESOURCE = "media";
export async function GET(req: Request) {
  const auth = {};
  if (!hasRequiredScope(auth, \`\${RESOURCE}:read\`)) return new Response(null, { status: 403 });
  return Response.json({});
}
export async function POST(req: Request) {
  const auth = {};
  const wanted = req.headers.get("x-scope") ?? "";
  if (!hasRequiredScope(auth, \`\${wanted}\`)) return new Response(null, { status: 403 });
  return Response.json({});
}
`,
    },
    routes: ["GET /api/media [media:read]", "POST /api/media []"],
  },
  {
    name: "in a policy helper (read quietly, its unread checks left out) it is not said either (agora-next's validateProjectCategoryScope)",
    files: {
      "lib/auth.ts": `export async function validateProjectCategoryScope(projectId: string, auth: { scope?: string }) {
  const category = await categoryOf(projectId);
  if (!category || !auth.scope?.includes(\`category:\${category.toLowerCase()}\`)) {
    return new Response("Unauthorized", { status: 401 });
  }
}
async function categoryOf(id: string): Promise<string> { return id; }
`,
      "app/api/projects/[id]/route.ts": `import { validateProjectCategoryScope } from "../../../../lib/auth";
export async function PUT(req: Request, { params }: { params: { id: string } }) {
  const auth = { scope: req.headers.get("x-scope") ?? "" };
  const refused = await validateProjectCategoryScope(params.id, auth);
  if (refused) return refused;
  return Response.json({});
}
`,
    },
    routes: ["PUT /api/projects/{id} []"],
  },
];

describe("App Router handlers: a key built at a check recognized by its name", () => {
  it.each(builtKeyCases)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});
