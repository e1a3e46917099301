import { ts } from "../../typescript.js";
import type { FrameworkAdapter } from "../adapter.js";
import { extractExpressStyle } from "../express/index.js";
import { importedPackages, localNamesOf } from "../shared.js";
import { POLKA_METHODS, PolkaHost } from "./polka-host.js";
import { polkaOrder } from "./polka-version.js";

/**
 * Polka 0.5 and 1.0.0-next: Express's extraction with the Polka host (polka-host.ts). Every app nothing
 * mounts is a root; paths are read in Express's syntax (Polka's `:id`, `:id?`, `*`). When `use()` middleware
 * runs is the version's (polka-version.ts), read from the project's package.json or lockfile.
 */
export const polkaAdapter: FrameworkAdapter = {
  name: "polka",
  detect: (sources) => sources.files.some((file) => importedPackages(file).includes("polka")),
  extract(sources, options, diagnostics) {
    const order = polkaOrder(sources);
    const facts = extractExpressStyle(
      {
        framework: "polka",
        host: (d) => new PolkaHost(d, order),
        createsApp: (call, file) => ts.isIdentifier(call.expression) && localNamesOf(file, "polka").has(call.expression.text),
        methods: POLKA_METHODS,
      },
      sources,
      options,
      diagnostics,
    );
    // Polka 0.5 hands a request to the first route that matches it, never to a later one: no route is a gate
    // of another there (RouteLayer.passesOn). 1.0 goes on to the next match, as Express does.
    if (order !== "registration") for (const fact of facts) delete fact.passesOn;
    return facts;
  },
};
