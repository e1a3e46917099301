/**
 * Effect's generator helpers, as code outside Effect's HTTP modules uses them to build an ordinary app
 * (NodeCG's `const assets = yield* assetsRouter(bundles)` with `export const assetsRouter =
 * Effect.fn("assetsRouter")(function* (bundles) { const app = express(); ...; return app; })`):
 *
 * - `Effect.fn("name")(function* (...) {...})`, `Effect.fn(function* ...)` and `Effect.fnUntraced(...)` make
 *   a function that runs the generator: read as the generator function itself;
 * - `Effect.gen(function* () {...})` is an effect that runs it: its body runs where the effect is made, and
 *   its value is what the generator returns — which is what `yield*` of it gives (as `yield*` of a generator's
 *   call gives what that generator returns, JavaScript's own rule).
 *
 * @example
 * effectGeneratorHelper({ kind: "external", module: "effect", path: ["Effect", "fn"] }); // "fn"
 * effectGeneratorHelper({ kind: "external", module: "effect/Effect", path: ["gen"] }); // "gen"
 */
import type { ExternalValue } from "./values.js";

/** The value of `Effect.fn("name")`: a function that takes the generator function and gives it back. */
export const EFFECT_FN_NAMED = "apidex:effect-fn-named";

/** Which of Effect's generator helpers a package value is, if any. */
export function effectGeneratorHelper(callee: ExternalValue): "gen" | "fn" | undefined {
  const { module, path } = callee;
  const member =
    module === "effect" && path[0] === "Effect"
      ? path.slice(1)
      : module === "effect/Effect"
        ? path[0] === "default"
          ? path.slice(1)
          : path
        : [];
  if (member.length !== 1) return undefined;
  if (member[0] === "gen") return "gen";
  if (member[0] === "fn" || member[0] === "fnUntraced") return "fn";
  return undefined;
}
