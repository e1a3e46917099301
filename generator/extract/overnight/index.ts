import { type ControllerFlavor, decoratedControllersAdapter } from "../decorated-controllers.js";
import { nodeChecks, OVERNIGHT_PACKAGES, OVERNIGHT_VERBS } from "./decorators.js";
import { overnightServing } from "./serving.js";
/**
 * OvernightJS (`@overnightjs/core`, Express 4 with decorators): `@Controller("api/users")` classes whose
 * methods carry `@Get(path?)`, `@Post`, ... `@All`, served by a `Server` subclass's
 * `super.addControllers(controllers)` at `/${path}` of its Express app, `@ChildControllers([...])` under
 * their parent's path. Checks: middleware in `@ClassMiddleware`, `@Middleware`, `@ClassWrapper`,
 * `@Wrapper`, the server's (`this.app.use(mw)` before the controllers are added, `addControllers`' own),
 * the project's permission decorators, and calls in method bodies.
 */
const flavor: ControllerFlavor = {
  framework: "overnightjs",
  packages: OVERNIGHT_PACKAGES,
  controllerDecorators: new Set(["Controller"]),
  verbs: OVERNIGHT_VERBS,
  // OvernightJS puts a `/` before every path it is given (`@Get(":id")` is `/:id`), and none when there is
  // no path (`@Get()` answers at the controller's own path): joining as Express paths gives the same.
  expressPath: (path) => path,
  checks: nodeChecks,
  server: overnightServing,
};

export const overnightAdapter = decoratedControllersAdapter(flavor);
