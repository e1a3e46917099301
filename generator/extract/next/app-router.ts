// The Next.js adapter (App Router route files and Pages Router API files) is one style of file-system
// routing: it lives with the others in extract/file-routes.
export { appRouterPaths } from "../file-routes/file-paths.js";
export { nextAdapter } from "../file-routes/index.js";
