/**
 * Writes a synthetic Express service of N operations in the styles apidex supports: routers per
 * resource in their own files, route middleware with `as const` keys, string enums, router-level
 * `use()`, `assertPermission` in handler bodies, a router factory mounted under every resource, and
 * typed, documented handlers with worked examples.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { modelSource, planResources, type SyntheticStyle, writeStyle } from "./styles.js";

export interface SyntheticOptions {
  operations: number;
  documented: number;
  /** The framework style; Express unless told (the other styles: ./styles.ts). */
  style?: SyntheticStyle;
}

const ACTIONS = ["archive", "restore", "approve", "send", "close"] as const;

export function writeSyntheticService(
  dir: string,
  { operations, documented, style = "express" }: SyntheticOptions,
): { files: number; operations: number; documented: number } {
  rmSync(dir, { recursive: true, force: true });
  if (style !== "express") {
    const plans = planResources(operations, documented);
    writeStyle(dir, style, plans);
    return {
      files: plans.length,
      operations: plans.reduce((n, r) => n + r.operations, 0),
      documented: plans.reduce((n, r) => n + r.documented.filter(Boolean).length, 0),
    };
  }
  mkdirSync(path.join(dir, "src", "routes"), { recursive: true });
  mkdirSync(path.join(dir, "src", "models"), { recursive: true });
  const write = (name: string, text: string) => writeFileSync(path.join(dir, name), text);
  write("package.json", JSON.stringify({ name: `synthetic-${operations}`, version: "1.0.0", type: "module" }));
  write(
    "tsconfig.json",
    JSON.stringify({
      compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: true, types: [] },
      include: ["src"],
    }),
  );
  write(
    "src/auth.ts",
    `import type { Request, Response, NextFunction } from "express";
export function requirePermission(...keys: string[]) { return (req: Request, res: Response, next: NextFunction) => next(); }
export function assertPermission(req: Request, ...keys: string[]): void {}
`,
  );

  // Each resource: 5 CRUD + actions + 5 notes (factory) = up to 15 operations.
  const perResource = 15;
  const resources = Math.ceil(operations / perResource);
  let remaining = operations;
  let documentedLeft = documented;
  const imports: string[] = [];
  const mounts: string[] = [];
  let perms = "";
  write(
    "src/notes.ts",
    `import { Router } from "express";
import { requirePermission } from "./auth.js";
export function notesRouter(resource: string) {
  const r = Router({ mergeParams: true });
  r.use(requirePermission(\`\${resource}.notes.read\`));
  r.get("/", (req, res) => { res.json([]); });
  r.post("/", requirePermission(\`\${resource}.notes.write\`), (req, res) => { res.json({}); });
  r.get("/:note_id", (req, res) => { res.json({}); });
  r.patch("/:note_id", requirePermission(\`\${resource}.notes.write\`), (req, res) => { res.json({}); });
  r.delete("/:note_id", requirePermission(\`\${resource}.notes.write\`), (req, res) => { res.status(204).end(); });
  return r;
}
`,
  );
  let count = 0;
  for (let i = 0; i < resources && remaining > 0; i++) {
    const name = `r${String(i).padStart(4, "0")}-items`;
    const ident = `r${String(i).padStart(4, "0")}Items`;
    const Type = `Resource${i}`;
    perms += `export const ${Type}Perm = { Read: "${name}.read", Write: "${name}.write", Delete: "${name}.delete" } as const;\n`;
    write(`src/models/${name}.ts`, modelSource({ name, Type }));
    const lines = [
      `import { Router, type Request, type Response } from "express";`,
      `import { requirePermission, assertPermission } from "../auth.js";`,
      `import { ${Type}Perm } from "../permissions.js";`,
      `import { notesRouter } from "../notes.js";`,
      `import type { ${Type}, Create${Type}Body, Page${Type} } from "../models/${name}.js";`,
      `export const ${ident}Router = Router();`,
      i % 3 === 0 ? `${ident}Router.use(requirePermission(${Type}Perm.Read));` : "",
    ];
    const routes: string[] = [];
    const doc = (summary: string, extra = "") => {
      if (documentedLeft <= 0) return `/** ${summary} */\n`;
      documentedLeft--;
      return `/**\n * ${summary}\n * @documented\n * @scope ${name}:read\n * @tag ${Type}\n${extra} */\n`;
    };
    routes.push(
      `${doc(`List ${name}`, ` * @example response 200 {"data": [], "next_cursor": null}\n`)}export function list${Type}(req: Request<Record<string, never>, Page${Type}>, res: Response<Page${Type}>) { res.json({ data: [], next_cursor: null }); }\n${ident}Router.get("/", requirePermission(${Type}Perm.Read), list${Type});`,
    );
    routes.push(
      `${doc(`Create a ${name}`, ` * @example request {"name": "x"}\n`)}export function create${Type}(req: Request<Record<string, never>, ${Type}, Create${Type}Body>, res: Response<${Type}>) { res.status(201).json({ id: "1", name: req.body.name, status: "active", tags: [], owner: { id: "u", email: null }, created_at: "" }); }\n${ident}Router.post("/", requirePermission(${Type}Perm.Write), create${Type});`,
    );
    routes.push(
      `${doc(`Get a ${name}`)}export function get${Type}(req: Request<{ id: string }, ${Type}>, res: Response<${Type}>) { res.json({ id: req.params.id, name: "", status: "active", tags: [], owner: { id: "u", email: null }, created_at: "" }); }\n${ident}Router.get("/:id", requirePermission(${Type}Perm.Read), get${Type});`,
    );
    routes.push(
      `/** Update a ${name} */\n${ident}Router.patch("/:id", requirePermission(${Type}Perm.Write), (req, res) => { res.json({}); });`,
    );
    routes.push(
      `/** Delete a ${name} */\n${ident}Router.delete("/:id", (req, res) => { assertPermission(req, ${Type}Perm.Delete); res.status(204).end(); });`,
    );
    for (const action of ACTIONS)
      routes.push(
        `/** ${action} a ${name} */\n${ident}Router.post("/:id/${action}", requirePermission(${Type}Perm.Write, "${name}.${action}"), (req, res) => { res.json({}); });`,
      );
    const take = Math.min(remaining, perResource);
    const own = Math.min(take, routes.length);
    lines.push(...routes.slice(0, own));
    if (take > own) lines.push(`${ident}Router.use("/:id/notes", notesRouter("${name}"));`);
    count += take > own ? own + 5 : own;
    remaining -= take;
    write(`src/routes/${name}.ts`, `${lines.filter(Boolean).join("\n")}\n`);
    imports.push(`import { ${ident}Router } from "./routes/${name}.js";`);
    mounts.push(`app.use("/v1/${name}", ${ident}Router);`);
  }
  write("src/permissions.ts", perms);
  write(
    "src/app.ts",
    `import express from "express";\n${imports.join("\n")}\nexport const app = express();\napp.use(express.json());\n${mounts.join("\n")}\n`,
  );
  return { files: resources * 2 + 5, operations: count, documented: documented - documentedLeft };
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const [dir, n, d, style] = process.argv.slice(2);
  console.log(
    writeSyntheticService(dir ?? "/tmp/synthetic", {
      operations: Number(n ?? 3265),
      documented: Number(d ?? 78),
      style: (style ?? "express") as SyntheticStyle,
    }),
  );
}
