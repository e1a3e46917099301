import { loadConfig } from "../generator/config/load-config.js";
import { scanProject } from "../generator/scan/source-set.js";
import { generate } from "../generator/generate.js";
const root = "/tmp/try/gitroomhq+postiz-app/apps/backend";
const config: any = await loadConfig({ cwd: root, root });
const set = await scanProject({ ...config, tsconfig: config.tsconfig ?? `${root}/tsconfig.json` });
const from = set.files.find((f) => f.fileName.endsWith("app.module.ts"))!;
for (const spec of ["@gitroom/backend/api/api.module", "@gitroom/nestjs-libraries/database/prisma/database.module"]) { const r: any = set.resolveImport(spec, from.fileName); console.log(spec, r.kind, r.file?.fileName ?? r.fileName ?? ""); }
const result = await generate(config, set);
console.log(result.operations.length, result.diagnostics.warnings?.length, result.diagnostics.errors?.length);
