import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import type { OperationsIndex } from "../../generator/emit/index-artifact.js";

/** A concrete URL path for an indexed path: each parameter a value, a catch-all two segments. */
export function concretePath(p: string): string {
  return p.replace(/\{(wildcard|path)\}/g, "a/b").replace(/\{[^}]+\}/g, "42");
}

/**
 * Boots a Node listener (what h3's `toNodeListener(app)` makes) on 127.0.0.1, port 0, and checks it against
 * the index: each operation answers with its keys (not 404, 405 or 403) and refuses without any one of them
 * (403); each of `absent` (what apidex does not index) answers 404 or 405 even with every key. Returns the
 * discrepancies (none when the index agrees with the framework).
 */
export async function compareWithServer(
  listener: RequestListener,
  index: OperationsIndex,
  absent: readonly (readonly [string, string])[],
): Promise<string[]> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const status = async (method: string, p: string, keys: readonly string[]) =>
    (await fetch(`http://127.0.0.1:${port}${p}`, { method, headers: { "x-permissions": keys.join(",") } })).status;
  const out: string[] = [];
  try {
    for (const op of index.operations) {
      const p = concretePath(op.path);
      const answered = await status(op.method, p, op.permissions);
      if ([403, 404, 405].includes(answered)) out.push(`${op.method} ${op.path}: ${answered} with its keys`);
      for (const key of op.permissions) {
        const without = await status(
          op.method,
          p,
          op.permissions.filter((k) => k !== key),
        );
        if (without !== 403) out.push(`${op.method} ${op.path}: ${without} without ${key}`);
      }
    }
    const all = [...new Set(index.operations.flatMap((o) => o.permissions))];
    for (const [method, p] of absent) {
      const answered = await status(method, p, all);
      if (answered !== 404 && answered !== 405) out.push(`${method} ${p}: ${answered}, not 404/405`);
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return out;
}
