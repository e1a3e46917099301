import { ts } from "../../typescript.js";
import type { FrameworkAdapter } from "../adapter.js";
import { extractExpressStyle } from "../express/index.js";
import { importedPackages } from "../shared.js";
import { ITTY_METHODS, IttyHost } from "./itty-host.js";

const PACKAGE = /^itty-router(\/|$)/;

/**
 * itty-router 4 and 5: Express's extraction with the itty host (itty-host.ts). Every router nothing hands
 * requests to is a root; paths are read in Express's syntax (itty's `:id`, `:id?`, `*`).
 */
export const ittyAdapter: FrameworkAdapter = {
  name: "itty-router",
  detect: (sources) => sources.files.some((file) => importedPackages(file).some((p) => PACKAGE.test(p))),
  extract: (sources, options, diagnostics) =>
    extractExpressStyle(
      {
        framework: "itty-router",
        host: (d) => new IttyHost(d),
        createsApp: (call, file) =>
          ts.isCallExpression(call) &&
          ts.isIdentifier(call.expression) &&
          ["Router", "IttyRouter", "AutoRouter"].includes(call.expression.text) &&
          importedPackages(file).some((p) => PACKAGE.test(p)),
        methods: ITTY_METHODS,
      },
      sources,
      options,
      diagnostics,
    ),
};
