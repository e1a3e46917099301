/**
 * Reads the routes of a live Express 5 app from Express's own router stack: the runtime side of the
 * oracle. It uses nothing of apidex, so the comparison is independent of the generator's reading.
 */
export interface RuntimeRoute {
  method: string;
  path: string;
}

interface RuntimeLayer {
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: { handle: (...args: unknown[]) => unknown }[] };
  handle: { stack?: RuntimeLayer[] };
}

const ALL = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export function runtimeRoutes(app: { router: { stack: RuntimeLayer[] } }): RuntimeRoute[] {
  const out: RuntimeRoute[] = [];
  const walk = (stack: RuntimeLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const p of [layer.route.path].flat()) {
          const full = toOpenApi(join(prefix, p));
          const methods = Object.keys(layer.route.methods).filter((m) => layer.route!.methods[m]);
          for (const m of methods) {
            if (m === "_all") {
              // An `all` route only answers when one of its handlers is not a (req, res, next) middleware.
              if (layer.route.stack.some((l) => l.handle.length < 3)) for (const a of ALL) out.push({ method: a, path: full });
            } else {
              out.push({ method: m.toUpperCase(), path: full });
            }
          }
        }
      } else if (layer.handle.stack) {
        for (const p of [layer.rawPath ?? "/"].flat()) walk(layer.handle.stack, join(prefix, p));
      }
    }
  };
  walk(app.router.stack, "");
  return out;
}

function join(prefix: string, p: string): string {
  const joined = `${prefix.replace(/\/+$/, "")}/${p.replace(/^\/+/, "")}`;
  return joined.length > 1 ? joined.replace(/\/+$/, "") : joined;
}

function toOpenApi(p: string): string {
  return p.replace(/:([A-Za-z_$][\w$]*)/g, "{$1}") || "/";
}

interface ListeningApp {
  router: { stack: RuntimeLayer[] };
  listen: (port: number, host: string, cb: () => void) => import("node:http").Server;
}

interface IndexedOperation {
  method: string;
  path: string;
  permissions: string[];
}

/**
 * The runtime oracle of an Express fixture whose checks read the caller's keys from `x-permissions`: the
 * app registers exactly the indexed operations, and over real HTTP each answers (anything but 403) with its
 * keys and 403 without any one of them. Returns what disagrees, empty when all agrees.
 */
export async function disagreementsWithRuntime(app: ListeningApp, operations: readonly IndexedOperation[]): Promise<string[]> {
  const out: string[] = [];
  const runtime = [...new Set(runtimeRoutes(app).map((r) => `${r.method} ${r.path}`))].sort();
  const indexed = operations.map((o) => `${o.method} ${o.path}`).sort();
  for (const route of runtime) if (!indexed.includes(route)) out.push(`registered, not indexed: ${route}`);
  for (const route of indexed) if (!runtime.includes(route)) out.push(`indexed, not registered: ${route}`);
  const server = await new Promise<import("node:http").Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  try {
    const { port } = server.address() as import("node:net").AddressInfo;
    const call = (method: string, p: string, keys: readonly string[]) =>
      fetch(`http://127.0.0.1:${port}${p.replace(/\{[^}]+\}/g, "42")}`, {
        method,
        headers: { "x-permissions": keys.join(","), "content-type": "application/json" },
        ...(method === "POST" || method === "PUT" || method === "PATCH" ? { body: "{}" } : {}),
      }).then((r) => r.status);
    for (const op of operations) {
      if ((await call(op.method, op.path, op.permissions)) === 403) out.push(`${op.method} ${op.path}: 403 with its keys`);
      for (const key of op.permissions)
        if (
          (await call(
            op.method,
            op.path,
            op.permissions.filter((k) => k !== key),
          )) !== 403
        )
          out.push(`${op.method} ${op.path}: answers without ${key}`);
    }
  } finally {
    server.close();
  }
  return out;
}
