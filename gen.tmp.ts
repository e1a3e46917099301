import { loadConfig } from "./generator/config/load-config.js";
import { generate } from "./generator/generate.js";
const r = await generate(await loadConfig({ cwd: process.cwd(), root: process.argv[2]! }));
for (const o of r.index.operations) console.log(o.method, o.path, o.permissions.join(","), o.unresolved ?? "");
for (const d of r.diagnostics.sorted()) console.log(d.code, d.site?.file, d.site?.line, d.message.slice(0, 300));
