import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { mayRegisterRoutes } from "../generator/scan/route-hints.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

const fixture = path.join(REPO_ROOT, "test", "fixtures", "feathers");

async function fixtureIndex() {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

/** The service method the REST transport calls for a request (@feathersjs/transport-commons `getServiceMethod`). */
function serviceMethodOf(method: string, withId: boolean): string {
  return { GET: withId ? "get" : "find", POST: "create", PUT: "update", PATCH: "patch", DELETE: "remove" }[method]!;
}

describe("Feathers 5 (@feathersjs/express)", () => {
  it("matches the golden index", async () => {
    const result = await fixtureIndex();
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));
  });

  it("every indexed operation is answered by the service method the REST mapping names, with exactly its keys; the rest is refused", async () => {
    const result = await fixtureIndex();
    const { app } = (await import(pathToFileURL(path.join(fixture, "src", "app.ts")).href)) as {
      app: {
        listen: (port: number, host: string) => Promise<Server>;
        setup: () => Promise<unknown>;
        services: Record<string, unknown>;
      };
    };
    // Feathers 5's `listen` is async (it runs `setup` too): the server it resolves to.
    const listening = await app.listen(0, "127.0.0.1");
    if (!listening.listening) await new Promise<void>((resolve) => listening.once("listening", () => resolve()));
    const server = {
      base: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
      close: () => new Promise<void>((resolve) => listening.close(() => resolve())),
    };
    try {
      // The store of the database service holds a record with id 1 (Feathers' memory adapter starts there).
      const seeded = await fetch(`${server.base}/users`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-permissions": "users.read,users.write" },
        body: JSON.stringify({ name: "Ada" }),
      });
      expect(seeded.status).toBe(201);
      const send = (method: string, url: string, keys: readonly string[]) =>
        fetch(`${server.base}${url}`, {
          method,
          headers: { "content-type": "application/json", "x-permissions": keys.join(",") },
          ...(method === "GET" || method === "DELETE" ? {} : { body: JSON.stringify({ text: "hi", name: "Ada" }) }),
        });
      // Removals last: they empty the store the others read.
      const order = ["GET", "POST", "PUT", "PATCH", "DELETE"];
      const ops = [...result.index.operations].sort(
        (a, b) => order.indexOf(a.method) - order.indexOf(b.method) || b.path.length - a.path.length,
      );
      for (const op of ops) {
        const url = op.path.replace(/\{userId\}/g, "7").replace(/\{id\}/g, "1");
        if (op.path === "/health") {
          expect((await send(op.method, url, [])).status).toBe(200);
          continue;
        }
        // Without any one of its keys, the hooks refuse it.
        for (const key of op.permissions) {
          const refused = await send(
            op.method,
            url,
            op.permissions.filter((k) => k !== key),
          );
          expect(refused.status, `${op.method} ${op.path} without ${key}`).toBe(403);
        }
        const answered = await send(op.method, url, op.permissions);
        const withId = /\{id\}$/.test(op.path);
        expect(answered.status, `${op.method} ${op.path}`).toBeLessThan(300);
        const body = (await answered.json()) as { method?: string } | { method?: string }[];
        // The services of the sources say which of their methods answered; the database service answers records.
        if (!op.path.startsWith("/users/{id}") && op.path !== "/users") {
          const said = Array.isArray(body) ? body[0]?.method : body.method;
          expect(said, `${op.method} ${op.path}`).toBe(serviceMethodOf(op.method, withId));
        }
      }
      // Every REST operation of each service that is not indexed is refused by Feathers (405 Method Not Allowed).
      const indexed = new Set(result.index.operations.map((o) => `${o.method} ${o.path}`));
      const all = ["messages", "users", "users/{userId}/notes"].flatMap((p) => [
        `GET /${p}`,
        `POST /${p}`,
        `PATCH /${p}`,
        `DELETE /${p}`,
        `GET /${p}/{id}`,
        `PUT /${p}/{id}`,
        `PATCH /${p}/{id}`,
        `DELETE /${p}/{id}`,
      ]);
      const keys = [...new Set(result.index.operations.flatMap((o) => o.permissions))];
      for (const missing of all.filter((o) => !indexed.has(o))) {
        const [method, p] = missing.split(" ") as [string, string];
        const refused = await send(method, p.replace(/\{userId\}/g, "7").replace(/\{id\}/g, "1"), keys);
        expect(refused.status, missing).toBe(405);
      }
    } finally {
      await server.close();
    }
  });
});

/** The in-memory project: an app file and what the case adds. */
const APP = `import { feathers } from "@feathersjs/feathers";
import express, { rest } from "@feathersjs/express";
export const app = express(feathers());
app.configure(rest());
`;

/** A table-driven case: the project's files and the routes expected. */
interface Case {
  name: string;
  files: Record<string, string>;
  routes: string[];
  diagnostics?: string[];
}

describe("the scan's first read: a file that only imports Feathers is parsed", () => {
  it.each(["@feathersjs/feathers", "@feathersjs/express", "@feathersjs/koa"])("%s", (pkg) => {
    expect(mayRegisterRoutes(`import { feathers } from "${pkg}";\nexport const make = () => feathers();\n`, "src/app.ts")).toBe(true);
  });
});

describe("Feathers: what is read", () => {
  it.each<Case>([
    {
      name: "an object of methods: the standard methods it implements, multi patch and remove with them",
      files: {
        "src/app.ts": `${APP}app.use("/todos", { async find() { return []; }, async get(id: string) { return { id }; }, async patch(id: string | null) { return {}; } });`,
      },
      routes: ["GET /todos []", "GET /todos/{id} []", "PATCH /todos []", "PATCH /todos/{id} []"],
    },
    {
      name: "options.methods: only the listed methods are exposed",
      files: {
        "src/app.ts": `${APP}class Todos { async find() { return []; } async get(id: string) { return { id }; } async remove(id: string) { return {}; } }
app.use("todos", new Todos(), { methods: ["find"] });`,
      },
      routes: ["GET /todos []"],
    },
    {
      name: "a database adapter's class: all six methods inherited; multi only where the options allow",
      files: {
        "src/app.ts": `${APP}import { KnexService } from "@feathersjs/knex";
class Items extends KnexService {}
app.use("items", new Items({ Model: null, name: "items", multi: ["patch"] }));
app.use("logs", new KnexService({ Model: null, name: "logs" }), { methods: ["find", "create"] });`,
      },
      routes: [
        "DELETE /items/{id} []",
        "GET /items []",
        "GET /items/{id} []",
        "GET /logs []",
        "PATCH /items []",
        "PATCH /items/{id} []",
        "POST /items []",
        "POST /logs []",
        "PUT /items/{id} []",
      ],
    },
    {
      name: "a database adapter's factory (Feathers 4: feathers-memory)",
      files: {
        "src/app.ts": `import feathers from "@feathersjs/feathers";
import express from "@feathersjs/express";
import memory from "feathers-memory";
const app = express(feathers());
app.configure(express.rest());
app.use("/notes", memory({ paginate: { default: 10 } }));
export default app;`,
      },
      routes: [
        "DELETE /notes/{id} []",
        "GET /notes []",
        "GET /notes/{id} []",
        "PATCH /notes/{id} []",
        "POST /notes []",
        "PUT /notes/{id} []",
      ],
    },
    {
      name: "Feathers 4's generated layout: a database adapter's class, hooks from their own module, the authentication service",
      files: {
        "src/app.ts": `import feathers from "@feathersjs/feathers";
import express from "@feathersjs/express";
import services from "./services";
import authentication from "./authentication";
const app = express(feathers());
app.use(express.json());
app.configure(express.rest());
app.configure(authentication);
app.configure(services);
export default app;`,
        "src/authentication.ts": `import { AuthenticationService, JWTStrategy } from "@feathersjs/authentication";
export default function (app: any): void {
  const authentication = new AuthenticationService(app);
  authentication.register("jwt", new JWTStrategy());
  app.use("/authentication", authentication);
}`,
        "src/services/index.ts": `import users from "./users/users.service";
export default function (app: any): void { app.configure(users); }`,
        "src/services/users/users.service.ts": `import { Users } from "./users.class";
import hooks from "./users.hooks";
export default function (app: any): void {
  const options = { Model: app.get("mongooseClient"), paginate: app.get("paginate") };
  app.use("/users", new Users(options, app));
  const service = app.service("users");
  service.hooks(hooks);
}`,
        "src/services/users/users.class.ts": `import { Service, MongooseServiceOptions } from "feathers-mongoose";
export class Users extends Service { constructor(options: Partial<MongooseServiceOptions>, app: any) { super(options); } }`,
        "src/services/users/users.hooks.ts": `import * as authentication from "@feathersjs/authentication";
const { authenticate } = authentication.hooks;
import { requirePermission } from "../../auth";
export default {
  before: { all: [], find: [authenticate("jwt")], update: [authenticate("jwt"), requirePermission("users.update")], remove: [requirePermission("users.delete")] },
  after: { all: [] }, error: { all: [] },
};`,
        "src/auth.ts": `export const requirePermission = (key: string) => async (context: any) => { if (!context.params.user.permissions.includes(key)) throw new Error(); };`,
      },
      routes: [
        "DELETE /authentication []",
        "DELETE /authentication/{id} []",
        "DELETE /users/{id} [users.delete]",
        "GET /users []",
        "GET /users/{id} []",
        "PATCH /users/{id} []",
        "POST /authentication []",
        "POST /users []",
        "PUT /users/{id} [users.update]",
      ],
    },
    {
      name: "the service path and methods from constants beside it, registered by a configure function",
      files: {
        "src/app.ts": `${APP}import { messages } from "./messages.js";\napp.configure(messages);`,
        "src/messages.ts": `import { requirePermission } from "./auth.js";
export const messagesPath = "messages";
export const messagesMethods = ["find", "create"] as const;
export class MessagesService { async find() { return []; } async create(data: unknown) { return data; } async get(id: string) { return { id }; } }
export const messages = (app: any) => {
  app.use(messagesPath, new MessagesService(), { methods: messagesMethods, events: [] });
  app.service(messagesPath).hooks({ before: { create: [requirePermission("messages.write")] } });
};`,
        "src/auth.ts": `export const requirePermission = (key: string) => async (context: any) => { if (!context.params.user.permissions.includes(key)) throw new Error(); };`,
      },
      routes: ["GET /messages []", "POST /messages [messages.write]"],
    },
    {
      name: "hooks: all, per method, around as a plain object, app hooks; authenticate('jwt') names no key",
      files: {
        "src/app.ts": `${APP}import { authenticate } from "@feathersjs/authentication";
import { requirePermission } from "./auth.js";
app.hooks({ before: { remove: [requirePermission("admin.delete")] } });
app.use("docs", { async find() { return []; }, async create(d: unknown) { return d; }, async remove(id: string) { return {}; } });
app.service("docs").hooks({ around: { all: [authenticate("jwt")] }, before: { all: [requirePermission("docs.read")] } });
app.service("docs").hooks({ create: [requirePermission("docs.write")] });`,
        "src/auth.ts": `export const requirePermission = (key: string) => async (context: any) => { if (!context.params.user.permissions.includes(key)) throw new Error(); };`,
      },
      routes: [
        "DELETE /docs [admin.delete,docs.read]",
        "DELETE /docs/{id} [admin.delete,docs.read]",
        "GET /docs [docs.read]",
        "POST /docs [docs.read,docs.write]",
      ],
    },
    {
      name: "feathers-casl's authorize(): the key subject:action, the service's path (or modelName) and method",
      files: {
        "src/app.ts": `${APP}import { authorize } from "feathers-casl";
import { authenticate } from "@feathersjs/authentication";
const authorizeHook = authorize({ adapter: "@feathersjs/memory" });
app.use("docs", { async find() { return []; }, async remove(id: string) { return {}; } });
app.use("tasks", { async get(id: string) { return {}; } });
app.service("docs").hooks({ before: { all: [authenticate("jwt"), authorizeHook] }, after: { all: [authorizeHook] } });
app.service("tasks").hooks({ before: { get: [authorize({ modelName: "Task" })] } });`,
      },
      routes: ["DELETE /docs [docs:remove]", "DELETE /docs/{id} [docs:remove]", "GET /docs [docs:find]", "GET /tasks/{id} [Task:get]"],
    },
    {
      name: "feathers-permissions' checkPermissions({ roles }): roles, not keys (as everywhere in apidex)",
      files: {
        "src/app.ts": `${APP}import checkPermissions from "feathers-permissions";
app.use("docs", { async find() { return []; } });
app.service("docs").hooks({ before: { find: [checkPermissions({ roles: ["admin"] })] } });`,
      },
      routes: ["GET /docs []"],
    },
    {
      name: "a plain Express app beside the Feathers app is read too",
      files: {
        "src/app.ts": `${APP}import plain from "express";
export const admin = plain();
admin.get("/metrics", (req, res) => { res.send(""); });
app.use("docs", { async find() { return []; } });`,
      },
      routes: ["GET /docs []", "GET /metrics []"],
    },
    {
      name: "feathers-hooks-common's disallow(): a method refused over REST is no operation",
      files: {
        "src/app.ts": `${APP}import { disallow } from "feathers-hooks-common";
app.use("docs", { async find() { return []; }, async get(id: string) { return {}; }, async create(d: unknown) { return d; }, async remove(id: string) { return {}; } });
app.service("docs").hooks({ before: { get: [disallow("external")], create: [disallow()], remove: [disallow("socketio")] } });`,
      },
      routes: ["DELETE /docs []", "DELETE /docs/{id} []", "GET /docs []"],
    },
    {
      name: "a class extending an adapter: its own patch hands on to the adapter's, multi only with the option; a service kept in a let",
      files: {
        "src/app.ts": `${APP}import { Service } from "feathers-mongoose";
class Posts extends Service { async patch(id: any, data: any, params: any) { return super.patch(id, data, params); } }
let posts: Posts;
posts = new Posts({ Model: {}, paginate: {} });
app.use("/posts", posts);`,
      },
      routes: [
        "DELETE /posts/{id} []",
        "GET /posts []",
        "GET /posts/{id} []",
        "PATCH /posts/{id} []",
        "POST /posts []",
        "PUT /posts/{id} []",
      ],
    },
    {
      name: "a package's plugin that registers a service (feathers-authentication-management)",
      files: {
        "src/app.ts": `${APP}import authManagement from "feathers-authentication-management";
app.configure(authManagement({ notifier: () => {} }));`,
      },
      routes: ["POST /authManagement []"],
    },
    {
      name: "Express middleware before the service: in the arguments, or in the express/koa option's before",
      files: {
        "src/app.ts": `${APP}import { requirePermission } from "./auth.js";
app.use("docs", requirePermission("docs.read"), { async find() { return []; } });
app.use("notes", { async find() { return []; } }, { methods: ["find"], express: { before: [requirePermission("notes.read")] } });`,
        "src/auth.ts": `export const requirePermission = (key: string) => (req: any, res: any, next: any) => { if (!req.user.permissions.includes(key)) return res.sendStatus(403); next(); };`,
      },
      routes: ["GET /docs [docs.read]", "GET /notes [notes.read]"],
    },
    {
      name: "a permission check in a service method's body",
      files: {
        "src/app.ts": `${APP}import { assertPermission } from "./auth.js";
class Reports { async find(params: any) { assertPermission(params, "reports.read"); return []; } }
app.use("reports", new Reports());`,
        "src/auth.ts": `export function assertPermission(params: any, key: string) { if (!params.user.permissions.includes(key)) throw new Error(); }`,
      },
      routes: ["GET /reports [reports.read]"],
    },
    {
      name: "plain Express routes and a prefix: a Feathers app mounted in an Express app",
      files: {
        "src/app.ts": `import { feathers } from "@feathersjs/feathers";
import express, { original, rest } from "@feathersjs/express";
const api = express(feathers());
api.configure(rest());
api.use("todos", { async find() { return []; } });
api.get("/status", (req, res) => { res.json({}); });
export const server = original();
server.use("/api/v1", api);`,
      },
      routes: ["GET /api/v1/status []", "GET /api/v1/todos []"],
    },
    {
      name: "Koa (@feathersjs/koa)",
      files: {
        "src/app.ts": `import { feathers } from "@feathersjs/feathers";
import { koa, rest, bodyParser } from "@feathersjs/koa";
export const app = koa(feathers());
app.use(bodyParser());
app.configure(rest());
app.use("tasks", { async find() { return []; }, async create(d: unknown) { return d; } });`,
      },
      routes: ["GET /tasks []", "POST /tasks []"],
    },
  ])("$name", async ({ files, routes }) => {
    expect(routeLines(await generateFrom(files))).toEqual(routes);
  });

  it("reads a service method's doc comment and feathers-swagger's docs", async () => {
    const result = await generateFrom({
      "src/app.ts": `${APP}class Messages {
  /** List the messages */
  async find() { return []; }
  async get(id: string) { return { id }; }
}
const service = new Messages();
app.use("messages", service, { methods: ["find", "get"], docs: { description: "Messages of the app", operations: { get: { summary: "Fetch one message" } } } });`,
    });
    const byMethod = Object.fromEntries(result.operations.map((o) => [`${o.method} ${o.path}`, o.summary]));
    expect(byMethod).toEqual({ "GET /messages": "List the messages", "GET /messages/{id}": "Fetch one message" });
  });
});

describe("Feathers: shapes of documented operations", () => {
  it("the body is the method's data parameter, the response its return type (201 for create)", async () => {
    const result = await generateFrom({
      "src/app.ts": `${APP}interface Message { id: string; text: string }
class Messages {
  /**
   * List the messages
   * @documented
   */
  async find(params: unknown): Promise<Message[]> { return []; }
  /**
   * Edit a message
   * @documented
   */
  async patch(id: string, data: { text?: string }, params: unknown): Promise<Message> { return { id, text: data.text ?? "" }; }
  /**
   * Send a message
   * @documented
   */
  async create(data: { text: string }, params: unknown): Promise<Message> { return { id: "1", text: data.text }; }
}
app.use("messages", new Messages(), { methods: ["find", "create", "patch"] });`,
    });
    expect(result.diagnostics.items.filter((d) => d.severity === "error")).toEqual([]);
    const paths = result.openapi.paths as Record<string, Record<string, Record<string, unknown>>>;
    const post = paths["/messages"]!.post!;
    expect(post.requestBody).toEqual({
      required: true,
      content: { "application/json": { schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } } },
    });
    expect(post.responses).toMatchObject({
      "201": { content: { "application/json": { schema: { $ref: "#/components/schemas/Message" } } } },
    });
    expect(paths["/messages"]!.get!.responses).toMatchObject({
      "200": { content: { "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/Message" } } } } },
    });
    expect(paths["/messages/{id}"]!.patch!.requestBody).toMatchObject({
      content: { "application/json": { schema: { type: "object", properties: { text: { type: "string" } } } } },
    });
  });
});

describe("Feathers: what is said", () => {
  it.each<Case>([
    {
      name: "a custom method (POST with X-Service-Method) is said, not indexed",
      files: {
        "src/app.ts": `${APP}class Messages { async create(d: unknown) { return d; } async archive(d: unknown) { return d; } }
app.use("messages", new Messages(), { methods: ["create", "archive"] });`,
      },
      routes: ["POST /messages []"],
      diagnostics: ["APX247 src/app.ts:6"],
    },
    {
      name: "methods apidex cannot read: the implemented ones, marked",
      files: {
        "src/app.ts": `${APP}class Messages { async find() { return []; } }
app.use("messages", new Messages(), { methods: process.argv.slice(2) });`,
      },
      routes: ["GET /messages [] unresolved(registration)"],
      diagnostics: ["APX247 src/app.ts:6"],
    },
    {
      name: "a base class of an unknown package: the methods it declares, said",
      files: {
        "src/app.ts": `${APP}import { Base } from "some-base";
class Messages extends Base { async find() { return []; } }
app.use("messages", new Messages());`,
      },
      routes: ["GET /messages []"],
      diagnostics: ["APX247 src/app.ts:7"],
    },
    {
      name: "a service path apidex cannot read",
      files: {
        "src/app.ts": `${APP}app.use(process.env.SERVICE_PATH as string, { async find() { return []; } });`,
      },
      routes: [],
      diagnostics: ["APX201 src/app.ts:5"],
    },
    {
      name: "hooks given to a service apidex has not seen registered",
      files: {
        "src/app.ts": `${APP}import { requirePermission } from "./auth.js";
app.service("ghosts").hooks({ before: { all: [requirePermission("x")] } });`,
        "src/auth.ts": `export const requirePermission = (key: string) => async (context: any) => { if (!context.params.user.permissions.includes(key)) throw new Error(); };`,
      },
      routes: [],
      diagnostics: ["APX247 src/app.ts:6"],
    },
    {
      name: "a hook apidex cannot read marks the operations unresolved",
      files: {
        "src/app.ts": `${APP}declare const plugins: any;
app.use("docs", { async find() { return []; } });
app.service("docs").hooks({ before: { find: [plugins.guard] } });`,
      },
      routes: ["GET /docs [] unresolved(permissions)"],
      diagnostics: ["APX301 src/app.ts:7"],
    },
    {
      name: "a database service whose options cannot be read: no multi operations, said",
      files: {
        "src/app.ts": `${APP}import { MemoryService } from "@feathersjs/memory";
declare function getOptions(app: unknown): any;
app.use("items", new MemoryService(getOptions(app)), { methods: ["find", "remove"] });`,
      },
      routes: ["DELETE /items/{id} []", "GET /items []"],
      diagnostics: ["APX247 src/app.ts:7"],
    },
  ])("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    expect(diagnosticLines(result).filter((d) => !d.startsWith("APX412") && !d.startsWith("APX110"))).toEqual(diagnostics);
  });
});
