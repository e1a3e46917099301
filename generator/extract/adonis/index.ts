import { Interpreter } from "../../resolve/interpreter.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { flattenApp, ofApp } from "../flatten.js";
import { dedupe, importedPackages, reportUnreached } from "../shared.js";
import { ADONIS_METHODS, AdonisHost } from "./adonis-host.js";
import { ControllerReader } from "./controllers.js";
import { adonisToOpenApi } from "./path-syntax.js";

/** The imports that say a project is an AdonisJS 6 (or 5) application. */
const ADONIS_IMPORT = /^(@adonisjs\/core(\/.*)?|@adonisjs\/http-server(\/.*)?|@ioc:Adonis\/Core\/Route)$/;

/**
 * AdonisJS 6 and 5: the routes the application's router records (start/routes.ts and the files it imports),
 * with their group prefixes and middleware, resources, and the controller methods that answer them.
 */
export const adonisAdapter: FrameworkAdapter = {
  name: "adonis",
  detect: (sources) => sources.files.some((file) => importedPackages(file).some((p) => ADONIS_IMPORT.test(p))),
  extract(sources, options, diagnostics) {
    const host = new AdonisHost(diagnostics);
    const interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), host);
    host.interpreter = interpreter;
    host.controllers = new ControllerReader(sources, interpreter, diagnostics);
    interpreter.executeAll();
    // Handlers are read once the routes are complete: a group's prefix and middleware come after its routes.
    host.finish();
    interpreter.finishChecks();
    const app = host.application;
    const routes = app ? ofApp(flattenApp(app, diagnostics, "adonis", adonisToOpenApi), app) : [];
    reportUnreached(sources, host.visited, interpreter, diagnostics, ADONIS_METHODS, options.unreached);
    return dedupe(routes);
  },
};
