/**
 * Whether a file is a SolidStart API route module or a Qwik City route module of its project: the router
 * adapters (Hono, Elysia) leave an app such a file hands its requests to (`({ request }) => app.fetch(request)`)
 * to the file-route adapter, which indexes it where the file serves it.
 */
import path from "node:path";
import type { SourceSet } from "../../scan/source-set.js";
import { qwikCityLayout, qwikRouteFile, usesQwikCity } from "./qwik-city.js";
import { solidStartLayout, solidStartRoute, usesSolidStart } from "./solid-start.js";

const layouts = new WeakMap<
  SourceSet,
  { solid: ReturnType<typeof solidStartLayout> | undefined; qwik: ReturnType<typeof qwikCityLayout> | undefined }
>();

/** Whether `fileName` (absolute) is a route module of the project's SolidStart or Qwik City routes folder. */
export function isSolidOrQwikRouteFile(sources: SourceSet, fileName: string): boolean {
  let known = layouts.get(sources);
  if (!known) {
    known = {
      solid: usesSolidStart(sources) ? solidStartLayout(sources) : undefined,
      qwik: usesQwikCity(sources) ? qwikCityLayout(sources) : undefined,
    };
    layouts.set(sources, known);
  }
  const rel = path.relative(sources.root, fileName);
  const solid = known.solid ? solidStartRoute(rel, known.solid) : undefined;
  return (solid !== undefined && "route" in solid) || (known.qwik !== undefined && qwikRouteFile(rel, known.qwik) !== undefined);
}
