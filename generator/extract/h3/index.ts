import path from "node:path";
import { ts } from "../../typescript.js";
import { nitroLayouts, nitroRouteOf } from "../file-routes/nitro-layout.js";
import type { FrameworkAdapter } from "../adapter.js";
import { extractExpressStyle } from "../express/index.js";
import { importedPackages } from "../shared.js";
import { H3_METHODS, H3Host } from "./h3-host.js";
import { h3ToOpenApi } from "./path-syntax.js";

/** h3, its nightly channel, and Nitro 3's re-export (`nitro/h3`). */
const PACKAGE = /^(h3(-nightly)?|nitro\/h3)$/;

/** What makes an app or router in code: h3 1.x's `createApp()` / `createRouter()`, h3 2's `new H3()` (`createH3()` in its betas). */
const CREATES = /\b(createApp|createRouter|createH3)\s*\(|\bnew\s+H3\s*\(/;

/**
 * h3 used as a router in code (h3-host.ts), on Express's extraction: every app nothing mounts is a root; paths
 * are read in radix3's / rou3's syntax (path-syntax.ts). A module of a Nuxt or Nitro project that only imports
 * h3's helpers for its file routes (`defineEventHandler`) is the file-route adapter's, and so is a router a
 * Nitro route file (or a handler file of the config's `handlers`) serves (`export default useBase("/api",
 * router.handler)`): this one runs where another
 * module importing h3 makes an app or a router.
 */
export const h3Adapter: FrameworkAdapter = {
  name: "h3",
  detect(sources) {
    const layouts = nitroLayouts(sources);
    const routeFile = (file: ts.SourceFile) => nitroRouteOf(path.relative(sources.root, file.fileName), layouts) !== undefined;
    return sources.files.some((file) => importedPackages(file).some((p) => PACKAGE.test(p)) && CREATES.test(file.text) && !routeFile(file));
  },
  extract: (sources, options, diagnostics) =>
    extractExpressStyle(
      {
        framework: "h3",
        host: (d) => new H3Host(d),
        createsApp: (call, file) =>
          ts.isIdentifier(call.expression) &&
          (call.expression.text === "createApp" ||
            call.expression.text === "createH3" ||
            (ts.isNewExpression(call) && call.expression.text === "H3")) &&
          importedPackages(file).some((p) => PACKAGE.test(p)),
        methods: H3_METHODS,
        toOpenApi: h3ToOpenApi,
      },
      sources,
      options,
      diagnostics,
    ),
};
