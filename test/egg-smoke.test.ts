import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, routeLines } from "./helpers/in-memory.js";

describe("smoke", () => {
  it("reads", async () => {
    const r = await generateFrom({
      "app/router.ts": `import { Application } from "egg";
export default (app: Application) => {
  const { router, controller, middleware } = app;
  router.get("/", controller.home.index);
  router.get("user", "/users/:id", middleware.auth({ permission: "users.read" }), controller.user.show);
  router.post("/users", "user.create");
  router.resources("posts", "/api/posts", controller.admin.postItem);
  const api = router.namespace("/api/v2", middleware.auth());
  api.del("/users/:id", controller.user.destroy);
  router.get("/missing", controller.user.nope);
  require("./router/extra")(app);
};`,
      "app/router/extra.ts": `module.exports = (app) => { app.router.put("/extra", app.controller.home.index); };`,
      "app/controller/home.ts": `import { Controller } from "egg";
export default class HomeController extends Controller {
  /** The home page. */
  async index() { this.ctx.body = "hi"; }
}`,
      "app/controller/user.ts": `import { Controller } from "egg";
export default class UserController extends Controller {
  async show() { requirePermission("users.show"); }
  async create() {}
  async destroy() { requirePermission("users.delete"); }
}`,
      "app/controller/admin/post_item.js": `const Controller = require("egg").Controller;
class PostController extends Controller { async index() {} async update() { requirePermission("posts.update"); } }
module.exports = PostController;`,
      "app/middleware/auth.ts": `export default (options: any) => async (ctx: any, next: any) => { requirePermission(options.permission); await next(); };`,
    });
    console.log(routeLines(r), diagnosticLines(r), r.diagnostics.sorted().map((d) => d.message));
    expect(1).toBe(1);
  });
});
