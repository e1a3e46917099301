import type { OperationsIndex } from "../../generator/emit/index-artifact.js";

/**
 * Sends each indexed operation over HTTP: answered (not 403/404/405) with its keys, 403 without any one of
 * them; and `extra` requests with the status they must get.
 */
export async function checkOverHttp(port: number, index: OperationsIndex, extra: [string, string, number][]): Promise<string[]> {
  const call = (method: string, p: string, keys: readonly string[]) =>
    fetch(`http://127.0.0.1:${port}${p.replace(/\{wildcard\}/g, "a/b").replace(/\{[^}]+\}/g, "42")}`, {
      method,
      headers: { "x-permissions": keys.join(","), "content-type": "application/json" },
      ...(method === "POST" || method === "PUT" || method === "PATCH" ? { body: "{}" } : {}),
    }).then((r) => r.status);
  const out: string[] = [];
  for (const op of index.operations) {
    const status = await call(op.method, op.path, op.permissions);
    if (status === 403 || status === 404 || status === 405) out.push(`${op.method} ${op.path}: ${status} with its keys`);
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
  const all = [...new Set(index.operations.flatMap((o) => o.permissions))];
  for (const [method, p, expected] of extra) {
    const status = await call(method, p, all);
    if (status !== expected) out.push(`${method} ${p}: ${status}, not ${expected}`);
  }
  return out;
}
