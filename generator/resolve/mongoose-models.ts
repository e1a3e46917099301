/**
 * Mongoose models as CASL reads their documents: `mongoose.model("Comment", schema)` makes a model whose
 * `modelName` is "Comment", and CASL's default `detectSubjectType` gives a document that type
 * (`subject.constructor.modelName`). So `new Comment(body)` and `await Comment.findById(id)` are subjects of type
 * "Comment" in `ability.can("update", comment)` (@casl/mongoose's own examples).
 *
 * @example
 * mongooseValue({ kind: "external", module: "mongoose", path: ["model"] }, [{ kind: "string", value: "Comment" }], false);
 * // { kind: "external", module: MONGOOSE_MODEL, path: ["Comment"] }
 */
import type { ExternalValue, Value } from "./values.js";

/** A model: `path[0]` is its name. */
export const MONGOOSE_MODEL = "apidex:mongoose-model";
/** A document of a model, or a query that gives one: `path[0]` is the model's name. */
export const MONGOOSE_DOCUMENT = "apidex:mongoose-document";

/** A model's methods that give one document (or a query for one, whose `await` or `exec()` is it). */
const ONE_DOCUMENT = new Set([
  "findById",
  "findOne",
  "findByIdAndUpdate",
  "findOneAndUpdate",
  "findByIdAndDelete",
  "findOneAndDelete",
  "findByIdAndRemove",
  "findOneAndRemove",
  "findOneAndReplace",
  "create",
  "hydrate",
]);
/** A query's methods that keep what it gives (a document, hydrated: not `lean()`, which gives a plain object). */
const SAME_QUERY = new Set(["populate", "exec", "orFail", "select", "session", "where", "sort"]);

/** What a call (or `new`) of a mongoose value gives, when it is a model or one of its documents; else undefined. */
export function mongooseValue(callee: ExternalValue, args: readonly Value[], isNew: boolean): Value | undefined {
  const member = callee.path[0] === "default" ? callee.path.slice(1) : callee.path;
  if (callee.module === "mongoose" && member.length === 1 && member[0] === "model") {
    const name = args[0];
    return name?.kind === "string" ? { kind: "external", module: MONGOOSE_MODEL, path: [name.value] } : undefined;
  }
  if (callee.module === MONGOOSE_MODEL) {
    const [name, method] = callee.path;
    if (name === undefined) return undefined;
    if (method === undefined) return isNew ? document(name) : undefined;
    return callee.path.length === 2 && ONE_DOCUMENT.has(method) ? document(name) : undefined;
  }
  if (callee.module === MONGOOSE_DOCUMENT) {
    const [name, method] = callee.path;
    return name !== undefined && callee.path.length === 2 && SAME_QUERY.has(method!) ? document(name) : undefined;
  }
  return undefined;
}

/** The model name of a document value, as CASL detects its subject type; undefined for anything else. */
export function documentModel(value: Value): string | undefined {
  return value.kind === "external" && value.module === MONGOOSE_DOCUMENT && value.path.length === 1 ? value.path[0] : undefined;
}

const document = (name: string): Value => ({ kind: "external", module: MONGOOSE_DOCUMENT, path: [name] });
