/**
 * consign and express-load chains inside the evaluator: `consign(options)` (or `load(location, options)`)
 * makes a chain, `include`/`exclude`/`then` add to its plan (autoloaders.ts), and `into(app, ...args)`
 * requires each planned module in order, calls the function it exports with the app, and attaches what it
 * gives to the app under its folder path, where the modules loaded after it read it
 * (`app.get("/users", app.controllers.users.list)`).
 */
import path from "node:path";
import { ts } from "../typescript.js";
import { type DiagnosticBag, siteOf } from "../diagnostics/diagnostic.js";
import { ConsignPlan, ExpressLoadPlan, type LoadedScript, type LoaderFolders } from "./autoloaders.js";
import type { Scope } from "./scope.js";
import { type ExternalValue, type FunctionValue, stringsOf, UNDEFINED, type Value } from "./values.js";

/** What the chains need of the interpreter (its own methods: the interpreter imports this module, not the reverse). */
export interface ChainEvaluator {
  readonly sources: { readonly root: string };
  readonly diagnostics: DiagnosticBag;
  evaluate(node: ts.Expression, scope: Scope): Value;
  callFunction(fn: FunctionValue, args: Value[], node: ts.Node): Value;
  loaderFolders(): LoaderFolders;
  requiredFile(fileName: string): Value | undefined;
  attach(target: Value, name: string, value: Value): void;
  attachedProperty(target: Value, name: string): Value | undefined;
}

/** The module name of a chain's value (`{ kind: "external", module: AUTOLOAD_CHAIN, path: [id, method?] }`). */
export const AUTOLOAD_CHAIN = "\0autoload-chain";

interface Chain {
  loader: "consign" | "express-load";
  /** Undefined when an option apidex cannot read leaves the plan unknown (reported where the chain is made). */
  plan: ConsignPlan | ExpressLoadPlan | undefined;
  /** express-load's `invoke: false`: modules are attached, not called. */
  invoke: boolean;
  /** Missing locations already reported. */
  reported: number;
}

const HINT = "Give the folder as a string literal or a const (relative to the project root, or to `cwd`), so that apidex can list it.";

export class AutoloadChains {
  private readonly chains: Chain[] = [];

  /**
   * @param words the interpreter's `excerpt` and `explain` (given, not imported: the interpreter imports this module).
   */
  constructor(
    private readonly interpreter: ChainEvaluator,
    private readonly words: { excerpt(node: ts.Node): string; explain(value: Value): string },
  ) {}

  /** `consign(options)`, `load(location, options)`: a new chain, as a value the chain's methods are read from. */
  create(loader: "consign" | "express-load", node: ts.CallExpression | ts.NewExpression, scope: Scope): Value {
    const args = node.arguments ?? [];
    const options = loader === "consign" ? args[0] : args[1];
    const read = options ? this.interpreter.evaluate(options, scope) : UNDEFINED;
    const chain: Chain = { loader, plan: undefined, invoke: true, reported: 0 };
    const cwdValue = read.kind === "object" ? read.props.get("cwd") : undefined;
    const bad = (what: string, value: Value | undefined) => {
      this.report(
        options ?? node,
        `Cannot read the \`${what}\` option of ${loader} statically: it ${this.words.explain(value ?? UNDEFINED)}; the modules it loads are not run, their routes are not indexed.`,
        "Give the option as a string literal or a const (`cwd` relative to the project root).",
      );
    };
    if (read.kind !== "undefined" && read.kind !== "object") bad("options", read);
    else if (cwdValue && cwdValue.kind !== "string" && cwdValue.kind !== "undefined") bad("cwd", cwdValue);
    else {
      const cwd = cwdValue?.kind === "string" ? cwdValue.value : undefined;
      const folders = this.interpreter.loaderFolders();
      if (loader === "consign") {
        const exts = read.kind === "object" ? read.props.get("extensions") : undefined;
        const list = !exts || exts.kind === "undefined" ? [] : exts.kind === "array" ? stringsOf(exts) : undefined;
        if (!list) bad("extensions", exts);
        else {
          const plan = new ConsignPlan(folders, cwd || folders.root, list);
          if (plan.valid) chain.plan = plan;
          else bad("extensions", exts);
        }
      } else {
        const extlist = read.kind === "object" ? read.props.get("extlist") : undefined;
        const exts = extlist && extlist.kind !== "undefined" ? stringsOf(extlist) : undefined;
        const ignore = this.ignoreOption(options, read);
        if (extlist && extlist.kind !== "undefined" && (!exts || extlist.kind !== "array")) bad("extlist", extlist);
        else if (ignore === "unread") bad("ignore", read.kind === "object" ? read.props.get("ignore") : undefined);
        else {
          const invoke = read.kind === "object" ? read.props.get("invoke") : undefined;
          chain.invoke = !(invoke?.kind === "boolean" && invoke.value === false);
          chain.plan = new ExpressLoadPlan(folders, cwd ?? "", exts, ignore);
        }
      }
    }
    this.chains.push(chain);
    const value: ExternalValue = { kind: "external", module: AUTOLOAD_CHAIN, path: [String(this.chains.length - 1)] };
    // `load(location)` names its first location itself.
    if (loader === "express-load") this.add(chain, "then", args[0], node, scope);
    return value;
  }

  /** A method of a chain: `include`, `exclude`, `then` give the chain back; `into` runs it. */
  call(callee: ExternalValue, node: ts.CallExpression | ts.NewExpression, scope: Scope): Value {
    const [id, method] = callee.path;
    const chain = this.chains[Number(id)];
    if (!chain || method === undefined || callee.path.length !== 2) return { kind: "runtime", what: "a value of an autoloader" };
    const self: Value = { kind: "external", module: AUTOLOAD_CHAIN, path: [id!] };
    const args = node.arguments ?? [];
    if (method === "into") return this.into(chain, self, node, scope);
    const methods = chain.loader === "consign" ? ["include", "exclude", "then"] : ["then"];
    if (methods.includes(method)) this.add(chain, method as "include" | "exclude" | "then", args[0], node, scope);
    return self;
  }

  /** `include(entity)`, `exclude(entity)`, `then(entity)`: a location added to (or taken from) the plan. */
  private add(chain: Chain, method: "include" | "exclude" | "then", arg: ts.Expression | undefined, node: ts.Node, scope: Scope): void {
    if (!chain.plan) return;
    const value = arg ? this.interpreter.evaluate(arg, scope) : UNDEFINED;
    if (value.kind !== "string") {
      this.report(
        arg ?? node,
        `Cannot tell which folder or file \`${this.words.excerpt(arg ?? node)}\` gives ${chain.loader}: it ${this.words.explain(value)}; the modules it loads are not run, their routes are not indexed.`,
        HINT,
      );
      return;
    }
    chain.plan[method as "then"](value.value);
    const missing = chain.plan.missing.slice(chain.reported);
    chain.reported = chain.plan.missing.length;
    const root = this.interpreter.sources.root;
    for (const location of missing)
      this.report(
        arg!,
        `${chain.loader} finds nothing at \`${path.posix.relative(root, location) || "."}\` (from the project root, where the service is taken to start): nothing is loaded from it.`,
        "apidex reads the project root as the folder the service starts in (`process.cwd()`); set `cwd` relative to it if the service starts elsewhere.",
      );
  }

  /**
   * `into(app, ...args)`: each module in the plan's order, its exported function called with the app (consign
   * also passes the other arguments; express-load a callback when the function takes two), the result (or the
   * export itself) attached under the module's path. express-load's `into(app, done)` then calls `done(null, app)`.
   */
  private into(chain: Chain, self: Value, node: ts.CallExpression | ts.NewExpression, scope: Scope): Value {
    const args = (node.arguments ?? []).map((arg) => this.interpreter.evaluate(arg, scope));
    const target = args[0] ?? UNDEFINED;
    for (const script of chain.plan?.scripts() ?? []) this.load(chain, script, target, args, node);
    if (chain.loader === "consign") return self;
    const done = args[1];
    if (done?.kind === "function") this.interpreter.callFunction(done, [{ kind: "null" }, target], node);
    return UNDEFINED;
  }

  private load(chain: Chain, script: LoadedScript, target: Value, args: Value[], node: ts.Node): void {
    let value = this.interpreter.requiredFile(script.file);
    // A file that is no source apidex reads (data of another kind, a file outside the scan) is not run.
    if (!value) return;
    if (value.kind === "function" && chain.invoke) {
      if (chain.loader === "consign") value = this.interpreter.callFunction(value, args, node);
      else {
        const takesCallback = value.decl.parameters.length >= 2;
        value = this.interpreter.callFunction(
          value,
          takesCallback ? [target, { kind: "runtime", what: "express-load's callback" }] : [target],
          node,
        );
      }
    }
    let holder = target;
    for (const [i, part] of script.parts.entries()) {
      if (i === script.parts.length - 1) {
        this.interpreter.attach(holder, part, value);
        break;
      }
      let next = this.interpreter.attachedProperty(holder, part);
      if (!next) {
        next = { kind: "object", props: new Map() };
        this.interpreter.attach(holder, part, next);
      }
      holder = next;
    }
  }

  /** express-load's `ignore`: a string (made an expression, as `search` does) or a regular-expression literal. */
  private ignoreOption(options: ts.Expression | undefined, read: Value): RegExp | undefined | "unread" {
    const value = read.kind === "object" ? read.props.get("ignore") : undefined;
    if (!value || value.kind === "undefined" || (value.kind === "boolean" && !value.value)) return undefined;
    try {
      if (value.kind === "string") return new RegExp(value.value);
      const literal =
        options && ts.isObjectLiteralExpression(options) ? options.properties.find((p) => p.name?.getText() === "ignore") : undefined;
      if (literal && ts.isPropertyAssignment(literal) && ts.isRegularExpressionLiteral(literal.initializer)) {
        const m = /^\/(.*)\/([a-z]*)$/s.exec(literal.initializer.text);
        if (m) return new RegExp(m[1]!, m[2]);
      }
    } catch {
      return "unread";
    }
    return "unread";
  }

  private report(node: ts.Node, message: string, hint: string): void {
    this.interpreter.diagnostics.warning("APX210", message, siteOf(node), hint);
  }
}
