import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect } from "vitest";
import { REPO_ROOT } from "./repo.js";

export interface KeyRequest {
  method: string;
  url: string;
  permissions: string[];
}

/**
 * What the real Fastify registers and answers for a fixture, booted in a child process by fastify-oracle.ts
 * (`build`: the module's `build()`; `plugin`: its default export as a fastify-cli root plugin).
 */
export function fastifyRuntime(
  appFile: string,
  how: "build" | "plugin",
  requests: KeyRequest[] = [],
): { routes: string[]; statuses: number[] } {
  const run = spawnSync(process.execPath, ["--import", "tsx", path.join(REPO_ROOT, "test", "helpers", "fastify-oracle.ts"), appFile, how], {
    input: JSON.stringify(requests),
    encoding: "utf8",
    env: { ...process.env, FASTIFY_AUTOLOAD_TYPESCRIPT: "1" },
    cwd: REPO_ROOT,
  });
  expect(run.stderr).toBe("");
  return JSON.parse(run.stdout);
}

/**
 * For every operation: a request with its exact keys (every check passes), then one without each of them in
 * turn (a check refuses); path parameters filled with 42.
 */
export function keyRequests(ops: readonly { method: string; path: string; permissions: string[] }[]): KeyRequest[] {
  const url = (p: string) => p.replace(/\{[^}]+\}/g, "42");
  return ops.flatMap((op) => [
    { method: op.method, url: url(op.path), permissions: op.permissions },
    ...op.permissions.map((key) => ({ method: op.method, url: url(op.path), permissions: op.permissions.filter((k) => k !== key) })),
  ]);
}

/** The answers to `keyRequests(ops)`: with its exact keys no operation is refused, without any one of them each is (403). */
export function expectKeysEnforced(
  ops: readonly { method: string; path: string; permissions: string[] }[],
  statuses: readonly number[],
): void {
  let i = 0;
  for (const op of ops) {
    expect([op.method, op.path, statuses[i++]]).not.toEqual([op.method, op.path, 403]);
    for (const key of op.permissions) expect([op.method, op.path, key, statuses[i++]]).toEqual([op.method, op.path, key, 403]);
  }
}
