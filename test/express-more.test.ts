import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { mayRegisterRoutes } from "../generator/scan/route-hints.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { disagreementsWithRuntime } from "./helpers/express-runtime-routes.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * Express shapes the real-world corpus showed apidex missing (sprintAPI: 0 of 52 on the first run): a server
 * class that globs its routes folder at start-up (a promised glob), imports each module, walks its exports
 * with for...in and mounts every subclass of a base route class, picked by `Object.getPrototypeOf(C).name`.
 */
const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "express-route-classes");

describe("Express route classes mounted by a loader that globs their folder", () => {
  it("matches the golden index", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
    expect(result.diagnostics.errors).toEqual([]);
    expect(diagnosticLines(result)).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(FIXTURE, "expected-operations.json"), "utf8"));
  });

  it("equals the routes the loader mounts on Express 5 (fast-glob, import(), for...in), and each passes with exactly its keys over HTTP", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
    const { AppServer } = (await import(pathToFileURL(path.join(FIXTURE, "src", "server.ts")).href)) as {
      AppServer: new () => { setupRoutes(): Promise<Parameters<typeof disagreementsWithRuntime>[0]> };
    };
    const app = await new AppServer().setupRoutes();
    expect(await disagreementsWithRuntime(app, result.index.operations)).toEqual([]);
  });

  it("JavaScript's answers the loader's filters rely on (what apidex decides them to be)", async () => {
    abstract class Base {}
    class Users extends Base {}
    class Admins extends Users {}
    const helper = () => 1;
    expect(Object.getPrototypeOf(Users).name).toBe("Base");
    expect(Object.getPrototypeOf(Base).name).toBe("");
    expect(Object.getPrototypeOf(helper).name).toBe("");
    expect(Admins.prototype instanceof Base).toBe(true);
    expect(Base.prototype instanceof Base).toBe(false);
    expect(new Admins() instanceof Base).toBe(true);
    // A module loaded with import(): for...in gives its export names, as Object.keys does.
    const module = await import(pathToFileURL(path.join(FIXTURE, "src", "routes", "users.routes.ts")).href);
    const names: string[] = [];
    for (const name in module) names.push(name);
    expect(names.sort()).toEqual(Object.keys(module).sort());
    expect(names).toContain("UsersRoutes");
  });

  it("parses an entry that starts a server class of the sources (`.listen(`), whose call runs its route setup", () => {
    expect(mayRegisterRoutes(`import { AppServer } from "./server";\nnew AppServer().listen(3000);\n`, "src/index.ts")).toBe(true);
  });
});

const routeFiles: Record<string, string> = {
  "src/routes/base.route.ts": `import { Router } from "express";
export abstract class BaseRoute {
  public router: Router;
  public abstract path: string;
  constructor() { this.router = Router({ mergeParams: true }); this.initRoutes(); }
  protected abstract initRoutes(): void;
}
`,
  "src/routes/users.routes.ts": `import { BaseRoute } from "./base.route";
import { restrictTo } from "../perm";
export const PAGE = 20;
export function helper() { return PAGE; }
export class UserRoutes extends BaseRoute {
  public path = "/user";
  protected initRoutes(): void {
    this.router.get("/profile", (req, res) => { res.json({}); });
    this.router.post("/:id/ban", restrictTo("users:ban"), (req, res) => { res.json({}); });
  }
}
`,
  "src/routes/members.routes.ts": `import { BaseRoute } from "./base.route";
export class MembersRoutes extends BaseRoute {
  public path: string = "/:projectId/members";
  protected initRoutes(): void {
    this.router.get("", (req, res) => { res.json([]); });
  }
}
`,
  "src/perm.ts": `import { checkPermission } from "./acl";
export function restrictTo(p: string) { return (req: any, res: any, next: any) => { checkPermission(req.user, p); next(); }; }
`,
  "src/acl.ts": `export function checkPermission(user: any, permission: string) { if (!user?.permissions?.includes(permission)) throw new Error("forbidden"); }`,
  "src/index.ts": `import { AppServer } from "./server"; new AppServer().listen(3000);`,
};

/** The server module of a loader: `files` lists the route modules, `load` loads one, `pick` filters its export `C`. */
function loader(files: { imports: string; list: string }, load: string, pick: string): string {
  return `import express, { Application } from "express";
import path from "path";
import { BaseRoute } from "./routes/base.route";
${files.imports}
export class AppServer {
  public app: Application = express();
  private readonly apiPrefix = "/api/v1";
  private async setupRoutes() {
    const files = ${files.list};
    for (const file of files) {
      const module = ${load};
      for (const name in module) {
        const C = module[name];
        if (${pick}) {
          const r: BaseRoute = new C();
          this.app.use(\`\${this.apiPrefix}\${r.path}\`, r.router);
        }
      }
    }
  }
  public async listen(port: number) { await this.setupRoutes(); this.app.listen(port); }
}
`;
}

const ALL_THREE = ["GET /api/v1/user/profile []", "GET /api/v1/{projectId}/members []", "POST /api/v1/user/{id}/ban [users:ban]"];
const NAMED_GLOB = {
  imports: `import { glob } from "glob";`,
  list: `await glob(path.resolve(__dirname, "routes/*.{ts,js}").replace(/\\\\/g, "/"))`,
};
const IS_SUBCLASS = `typeof C === "function" && Object.getPrototypeOf(C).name === "BaseRoute"`;

const cases: InMemoryCase[] = [
  {
    name: "glob 9's promised glob, import() and for...in, picked by Object.getPrototypeOf(C).name (base class and helpers left out)",
    files: { ...routeFiles, "src/server.ts": loader(NAMED_GLOB, "await import(file)", IS_SUBCLASS) },
    routes: ALL_THREE,
  },
  {
    name: "fast-glob's default export (promised), require() of each file",
    files: {
      ...routeFiles,
      "src/server.ts": loader(
        { imports: `import fg from "fast-glob";`, list: `await fg(path.join(__dirname, "routes/*.ts"))` },
        "require(file)",
        IS_SUBCLASS,
      ),
    },
    routes: ALL_THREE,
  },
  {
    name: "globby's promised globby, picked by C.prototype instanceof BaseRoute",
    files: {
      ...routeFiles,
      "src/server.ts": loader(
        { imports: `import { globby } from "globby";`, list: `await globby(path.join(__dirname, "routes/*.ts"))` },
        "await import(file)",
        "C.prototype instanceof BaseRoute",
      ),
    },
    routes: ALL_THREE,
  },
  {
    name: "an instance made inside a branch apidex cannot decide keeps the fields its constructor sets (its router is mounted)",
    files: {
      ...routeFiles,
      "src/server.ts": `import express from "express";
import { UserRoutes } from "./routes/users.routes";
export class AppServer {
  app = express();
  async listen(port: number) {
    if (process.env.ENABLE_USERS) {
      const r = new UserRoutes();
      this.app.use(\`/api\${r.path}\`, r.router);
    }
    this.app.listen(port);
  }
}
`,
    },
    routes: ["GET /api/user/profile [] unresolved(registration)", "POST /api/user/{id}/ban [users:ban] unresolved(registration)"],
    // MembersRoutes is never made here: its registration is said, not indexed.
    diagnostics: ["APX210 src/routes/members.routes.ts:5", "APX217 src/server.ts:6"],
  },
  {
    name: "a field set inside an undecided branch on an instance made before it stays what it was (either branch may run)",
    files: {
      ...routeFiles,
      "src/server.ts": `import express, { Router } from "express";
import { UserRoutes } from "./routes/users.routes";
export class AppServer {
  app = express();
  async listen(port: number) {
    const r = new UserRoutes();
    if (process.env.LEGACY) r.path = "/legacy-user";
    this.app.use(\`/api\${r.path}\`, r.router);
    this.app.listen(port);
  }
}
`,
    },
    routes: ["GET /api/user/profile []", "POST /api/user/{id}/ban [users:ban]"],
    diagnostics: ["APX210 src/routes/members.routes.ts:5"],
  },
];

describe("Express route-class loaders (in memory)", () => {
  it.each(cases)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result).filter((l) => !l.startsWith("APX5"))).toEqual(diagnostics ?? []);
  });
});

/**
 * A route whose handler is a router built only of middleware (pelias/api's `app.get(base + "search",
 * createRouter([...]))`): Express runs the router's functions for the route's requests, the one that answers
 * answering it. Before, the router was mounted as a router and, having no routes, nothing was indexed, without
 * a word; nor was it where the answering function hands some requests on (`if (!result) return next()`). Checked against the real Express: its route table, and each key refused over HTTP.
 */
describe("Express routes handled by a router of middleware", () => {
  const fixture = path.join(REPO_ROOT, "test", "fixtures", "express-middleware-routers");

  it("matches the golden index, with no warning", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    expect(diagnosticLines(result)).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));
  });

  it("equals the routes Express registers, and each passes with exactly its keys over HTTP", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    const { app } = createRequire(import.meta.url)(path.join(fixture, "app.js")) as { app: Parameters<typeof disagreementsWithRuntime>[0] };
    expect(await disagreementsWithRuntime(app, result.index.operations)).toEqual([]);
  });
});

describe("a route handled by a router of middleware that only hands requests on", () => {
  it("unleash's conditionalMiddleware(flag, cors()) on OPTIONS: a preflight a package answers, no operation", async () => {
    const result = await generateFrom({
      "package.json": JSON.stringify({ name: "flags", dependencies: { express: "^4.21.0", cors: "^2.8.5" } }),
      "src/conditional.ts": [
        `import { Router, type RequestHandler } from "express";`,
        `export const conditionalMiddleware = (condition: () => boolean, middleware: RequestHandler): RequestHandler => {`,
        `  const router = Router();`,
        `  router.use((req, res, next) => {`,
        `    if (condition()) middleware(req, res, next);`,
        `    else next();`,
        `  });`,
        `  return router;`,
        `};`,
      ].join("\n"),
      "src/app.ts": [
        `import express from "express"; import cors from "cors";`,
        `import { conditionalMiddleware } from "./conditional";`,
        `const app = express();`,
        `const enabled = () => process.env.EMBED === "true";`,
        `app.options("/api/frontend/features", conditionalMiddleware(enabled, cors()));`,
        `app.get("/api/frontend/features", (req, res) => res.json([]));`,
        `app.listen(3000);`,
      ].join("\n"),
    });
    expect(routeLines(result)).toEqual(["GET /api/frontend/features []"]);
  });
});
