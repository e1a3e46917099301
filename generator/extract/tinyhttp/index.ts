import { ts } from "../../typescript.js";
import type { FrameworkAdapter } from "../adapter.js";
import { extractExpressStyle } from "../express/index.js";
import { importedPackages } from "../shared.js";
import { TINYHTTP_METHODS, TinyhttpHost } from "./tinyhttp-host.js";

/**
 * tinyhttp (`@tinyhttp/app`): Express's extraction with the tinyhttp host (tinyhttp-host.ts). Every app
 * nothing mounts is a root; paths are read in Express's syntax (tinyhttp's `:id`, `:id?`, `*`).
 */
export const tinyhttpAdapter: FrameworkAdapter = {
  name: "tinyhttp",
  detect: (sources) => sources.files.some((file) => importedPackages(file).includes("@tinyhttp/app")),
  extract: (sources, options, diagnostics) =>
    extractExpressStyle(
      {
        framework: "tinyhttp",
        host: (d) => new TinyhttpHost(d),
        createsApp: (call, file) =>
          ts.isNewExpression(call) &&
          ts.isIdentifier(call.expression) &&
          call.expression.text === "App" &&
          importedPackages(file).includes("@tinyhttp/app"),
        methods: TINYHTTP_METHODS,
      },
      sources,
      options,
      diagnostics,
    ),
};
