import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

/**
 * Checks a handler makes through the functions it hands its request to, and checks named for deciding what is
 * allowed. Found in boxyhq/saas-starter-kit: every Pages Router API route dispatches on the method to a function
 * of its own (`case "GET": await handleGET(req, res)`), which calls `throwIfNotAllowed(member, "team_member",
 * "read")`; apidex indexed its 91 operations with no key at all.
 */
const NEXT = JSON.stringify({ name: "app", dependencies: { next: "^14.2.0" } });

const perm = `export function hasPermission(req: unknown, key: string) { if (!key) throw new Error("forbidden"); }
export const throwIfNotAllowed = (user: { role: string }, resource: string, action: string) => {
  if (isAllowed(user.role, resource, action)) return true;
  throw new Error(\`You are not allowed to perform \${action} on \${resource}\`);
};
export const isAllowed = (role: string, resource: string, action: string) => role === resource + action;
export function isAllowedOrigin(origin: string, list: string) { return list.includes(origin); }
export function audit(user: unknown, resource: string, action: string) { console.log(user, resource, action); }
export function hasPermissionFor(req: unknown, key: string) { if (!key) throw new Error("forbidden"); }
`;

const members = (body: { get: string; del: string }) => `import type { NextApiRequest, NextApiResponse } from "next";
import { audit, hasPermission, hasPermissionFor, isAllowedOrigin, throwIfNotAllowed } from "../../lib/perm";
export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  const { method } = req;
  try {
    switch (method) {
      case "GET":
        await handleGET(req, res);
        break;
      case "DELETE":
        await handleDELETE(req, res);
        break;
      default:
        res.setHeader("Allow", "GET, DELETE");
        res.status(405).json({ error: { message: \`Method \${method} Not Allowed\` } });
    }
  } catch (error: any) {
    res.status(error.status || 500).json({ error: { message: error.message } });
  }
}
const handleGET = async (req: NextApiRequest, res: NextApiResponse) => {
  const member = await load(req);
  ${body.get}
  res.json([]);
};
const handleDELETE = async (req: NextApiRequest, res: NextApiResponse) => {
  const member = await load(req);
  ${body.del}
  res.json({});
};
async function load(req: NextApiRequest) { return { role: String(req.query.role) }; }
`;

const cases: InMemoryCase[] = [
  {
    name: "a check in the function a method's case hands the request to is that method's, not the other's",
    files: {
      "package.json": NEXT,
      "lib/perm.ts": perm,
      "pages/api/members.ts": members({ get: `hasPermission(req, "members:read");`, del: `hasPermission(req, "members:delete");` }),
    },
    routes: ["DELETE /api/members [members:delete]", "GET /api/members [members:read]"],
  },
  {
    name: "a function named for deciding what is allowed, whose parameters name a resource and an action, checks resource:action",
    files: {
      "package.json": NEXT,
      "lib/perm.ts": perm,
      "pages/api/members.ts": members({
        get: `throwIfNotAllowed(member, "team_member", "read");`,
        del: `throwIfNotAllowed(member, "team_member", "delete");`,
      }),
    },
    routes: ["DELETE /api/members [team_member:delete]", "GET /api/members [team_member:read]"],
  },
  {
    name: "neither the name alone (isAllowedOrigin) nor the parameters alone (audit(user, resource, action)) make a check",
    files: {
      "package.json": NEXT,
      "lib/perm.ts": perm,
      "pages/api/members.ts": members({
        get: `if (!isAllowedOrigin(String(req.headers.origin), "https://a.example")) return;`,
        del: `audit(member, "team_member", "delete");`,
      }),
    },
    routes: ["DELETE /api/members []", "GET /api/members []"],
  },
  {
    name: "a key the continuation builds from request data is said and marks its method's operation (not dropped as a quiet helper's would be)",
    files: {
      "package.json": NEXT,
      "lib/perm.ts": perm,
      "pages/api/members.ts": members({
        get: "hasPermissionFor(req, `members:${String(req.query.scope)}`);",
        del: `hasPermission(req, "members:delete");`,
      }),
    },
    routes: ["DELETE /api/members [members:delete]", "GET /api/members [] unresolved(permissions)"],
    diagnostics: ["APX301 pages/api/members.ts:23"],
  },
  {
    name: "Express: a handler that hands its request to a function of the sources has that function's checks",
    files: {
      "package.json": JSON.stringify({ name: "api", dependencies: { express: "^4.21.0" } }),
      "src/perm.ts": perm,
      "src/app.ts": `import express from "express";
import { hasPermission } from "./perm";
const app = express();
async function exportReport(req: express.Request, res: express.Response) {
  hasPermission(req, "reports:export");
  res.json({});
}
app.post("/reports/export", (req, res) => exportReport(req, res));
app.get("/reports", (req, res) => res.json([]));
app.listen(3000);
`,
    },
    routes: ["GET /reports []", "POST /reports/export [reports:export]"],
  },
];

describe("checks through a handler's continuations, and resource/action decisions by name", () => {
  it.each(cases)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});
