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
