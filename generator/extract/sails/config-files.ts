import path from "node:path";
import type { ts } from "../../typescript.js";
import type { SourceSet } from "../../scan/source-set.js";

/** A Sails config module of the project (`config/routes.js`, `config/policies.js`, `config/blueprints.js`): the shallowest one. */
export function configFile(sources: SourceSet, name: string): ts.SourceFile | undefined {
  return sources.files
    .filter((f) => new RegExp(`(^|/)config/${name}\\.js$`).test(relative(sources, f)))
    .sort((a, b) => relative(sources, a).split("/").length - relative(sources, b).split("/").length)[0];
}

/** A file's path below the project root, with forward slashes. */
export function relative(sources: SourceSet, file: ts.SourceFile): string {
  return path.relative(sources.root, file.fileName).split(path.sep).join("/");
}
