/**
 * The methods a Pages Router handler answers when a wrapper of the sources refuses methods before calling it:
 * `export default withApi(handler, { methods: ["GET", "POST"] })`, whose function answers 405 when
 * `!config.methods.includes(req.method)`. The handler's own method tests cannot say it (it often ends in an
 * `else` that answers whatever the tests did not take); the wrapper's guard, read in the closure the call made,
 * can.
 */
import type { Interpreter } from "../../resolve/interpreter.js";
import type { FunctionValue } from "../../resolve/values.js";
import type { ts } from "../../typescript.js";
import { answeredMethodsOf } from "../answered-methods.js";
import { ALL_METHODS } from "../flatten.js";
import { EVERY_METHOD } from "./request-methods.js";

/** What the handler inside the wrappers answers, read from its method tests. */
export interface InnerMethods {
  methods: readonly string[];
  /** It answers every method its tests did not take, too. */
  open: boolean;
}

export interface WrappedMethods {
  /** The methods the route answers: the wrappers' own early answers, and those they let through that the handler answers. */
  methods: string[];
  /** Guards whose further condition is only known at run time: the methods they may refuse are kept. */
  undecided: { node: ts.Expression; methods: string[] }[];
}

/**
 * Reads the method guards of the functions around the handler (`wrappers`, outermost first): those of a
 * wrapper's body that refuse every method but those listed, with a 405 or a throw (readAnsweredMethods: `if
 * (!config.methods.includes(req.method)) return res.status(405)...`, with the list read where the wrapper was
 * called). Each wrapper, from the innermost outwards, passes on the methods it lets through that what it wraps
 * answers — all of them when the handler tests no method or answers the rest in a last branch — and adds those
 * it answers itself and leaves with (`if (req.method === "OPTIONS") return res.status(204).end()`).
 *
 * Undefined when no wrapper refuses a method.
 */
export function methodsThroughWrappers(
  wrappers: readonly FunctionValue[],
  inner: InnerMethods | undefined,
  interpreter: Interpreter,
): WrappedMethods | undefined {
  let answers = (method: string): boolean => !inner || inner.open || inner.methods.includes(method);
  let out: WrappedMethods | undefined;
  for (const wrapper of [...wrappers].reverse()) {
    const reading = answeredMethodsOf(wrapper, ALL_METHODS, interpreter);
    if (!reading) continue;
    const early = new Set(reading.early);
    const passed = answers;
    // A guard apidex cannot decide lets every method through as far as it knows: then those a handler that
    // answers any method is indexed under (EVERY_METHOD), as without the wrapper.
    const listed = (m: string) => !reading.undecided.length || EVERY_METHOD.includes(m) || inner?.methods.includes(m) === true;
    const methods = reading.methods.filter((m) => early.has(m) || (passed(m) && listed(m)));
    out = { methods, undecided: [...(out?.undecided ?? []), ...reading.undecided] };
    answers = (method) => methods.includes(method);
  }
  return out;
}
