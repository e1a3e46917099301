import type { ts } from "../typescript.js";

/**
 * What the static evaluator knows about an expression. It never runs code: a value is either known
 * exactly (strings, arrays, objects, functions, ...) or one of the two kinds of "not static":
 * `runtime` (legitimately only known at run time, like a handler's `req`) and `unknown` (something the
 * evaluator could not follow; using it where a path or a permission key is needed is an error).
 */
export type Value =
  | StringValue
  | NumberValue
  | { kind: "boolean"; value: boolean }
  | { kind: "undefined" }
  | { kind: "null" }
  /** `map`: a `Map`, its entries as `[key, value]` pairs (iterated, spread and listed as a Map gives them). */
  | { kind: "array"; items: Value[]; map?: true }
  /**
   * `open`: a property it lacks may still exist at run time (a container filled later, a spread or key apidex
   * could not read). `unlisted`: it was given properties apidex could not read (`Object.assign(table,
   * plugins())`, a spread of an unknown value): listing it (`Object.keys`) cannot be complete.
   */
  | { kind: "object"; props: Map<string, Value>; open?: boolean; unlisted?: boolean }
  | FunctionValue
  | { kind: "class"; decl: ts.ClassLikeDeclaration; scope: Scope }
  | InstanceValue
  | { kind: "namespace"; file: ts.SourceFile }
  | ExternalValue
  | CheckValue
  | HostValue
  | { kind: "runtime"; what: string }
  | UnknownValue;

/**
 * A string; `env` names the environment variable it is the code's default for (`process.env.BASE_PATH ||
 * "/api"` when the config gives no `env`): used as the deployment that does not set the variable would use it
 * (a path, a prefix), while a condition on it stays undecided, as on any environment read.
 */
export interface StringValue {
  kind: "string";
  value: string;
  env?: string;
}

/**
 * A number; `enumMember` names the numeric enum member it was read from (`Permission.MANAGE_USERS = 8`):
 * a permission key given as a bit flag is that name, not the number.
 */
export interface NumberValue {
  kind: "number";
  value: number;
  enumMember?: string;
}

/**
 * A JSON value from the config (`factoryArguments`) as the evaluator sees it: objects are complete, so a
 * property they omit reads `undefined`, as in the deployment the config describes.
 */
export function jsonValue(value: unknown): Value {
  if (value === null) return { kind: "null" };
  if (typeof value === "string") return { kind: "string", value };
  if (typeof value === "number") return { kind: "number", value };
  if (typeof value === "boolean") return { kind: "boolean", value };
  if (Array.isArray(value)) return { kind: "array", items: value.map(jsonValue) };
  if (typeof value === "object")
    return { kind: "object", props: new Map(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, jsonValue(v)])) };
  return { kind: "undefined" };
}

export interface FunctionValue {
  kind: "function";
  decl: ts.FunctionLikeDeclaration;
  /** The scope the function was created in (factory parameters stay bound). */
  scope: Scope;
  /** `this` of a method read from an instance (`this.initRoutes()`, `controller.list`). */
  thisValue?: Value;
}

/**
 * An object of a class in the sources. `props` holds its fields when apidex constructed it (`new X()`:
 * field initializers, parameter properties, `this.x = ...` in the constructor and methods); without
 * `props` only the class's declarations are read.
 */
export interface InstanceValue {
  kind: "instance";
  decl: ts.ClassLikeDeclaration;
  scope: Scope;
  props?: Map<string, Value>;
  /**
   * What `super(...)` made when the class extends a framework's class (`class SchemaRouter extends
   * Router`): the host's object. Members the class does not define are the framework's, called on it.
   */
  host?: HostValue;
}

/** Something imported from a package that is not part of the analysed sources, e.g. `express.Router`. */
export interface ExternalValue {
  kind: "external";
  module: string;
  /** Property path below the module: `["default"]` for a default import, `["Router"]`, ... */
  path: string[];
  /** Arguments given ahead by `bind` (`Glue.compose.bind(Glue, manifest, options)`), before the call's own. */
  bound?: Value[];
}

/** The result of a recognized permission call such as `requirePermission("invoices.send")`. */
export interface CheckValue {
  kind: "check";
  /** Keys the check requires: every one of them, or any one of them when `any` is set. */
  keys: string[];
  /** The keys are alternatives (`requireAnyPermission(a, b)`, `check([a, b], { type: "or" })`). */
  any?: boolean;
  /** Set when an argument could not be read statically: the keys above are then not all the check names. */
  unresolved?: boolean;
  node: ts.CallExpression;
  /**
   * Where in the handler's body the check runs, when it was read through a function the body calls (`case "GET":
   * await handleGET(req, res)`, a policy helper): that call. A reading of the body's branches (which methods a
   * check runs for) places the check there, not at its own node in the other function.
   */
  via?: ts.Node;
  /** A check of a handler that reads the route it runs for (`req.baseUrl + req.route.path`): read again per route. */
  routeBound?: RouteBound;
}

/**
 * The checks of a route handler (or route middleware) whose keys depend on the route it runs for, as
 * Express tells it: `authorizationList[req.method + " " + req.baseUrl + req.route.path]`, a table of
 * permissions by route. The walk that knows each route's full path reads them for it; one object per
 * function, so the checks it gave once are replaced together.
 */
export interface RouteBound {
  read(request: RouteRequest): CheckValue[];
  /** Says (once) what the body's checks cannot read where no route is known. */
  sayUnread(): void;
}

/** What Express's request says of the route it matched: `method`, `baseUrl` (undefined where a parameter makes it) and `route.path`, as written. */
export interface RouteRequest {
  method: string;
  baseUrl: string | undefined;
  routePath: string;
}

/** An object owned by a framework adapter (an Express router, a route chain, ...). */
export interface HostValue {
  kind: "host";
  host: object;
}

export interface UnknownValue {
  kind: "unknown";
  /**
   * A property a complete object does not have: `undefined` at run time. Conditions read it as such
   * (`if (meta.allowGet)`); anywhere else (a permission key) it stays unknown, so a typo is reported.
   */
  absent?: boolean;
  /** Why the value is not known, phrased to complete "this expression ...". */
  reason: string;
  node: ts.Node;
  /**
   * The values it is one of, when a condition apidex cannot read chooses between them (`flag ? [A] : [A, B]`,
   * a function that returns under an undecided `if`). To everything else it stays unknown; a reader that
   * takes the union of the branches (NestJS module metadata, as an undecided `if` is read) uses them.
   */
  branches?: Branches;
}

export interface Branches {
  /** The condition apidex cannot read (where it is said). */
  condition: ts.Node;
  /** Each branch's value, read on demand: reading a branch may call code, which only such a reader needs. */
  values: () => Value[];
}

export const UNDEFINED: Value = { kind: "undefined" };

export function unknown(node: ts.Node, reason: string): UnknownValue {
  return { kind: "unknown", reason, node };
}

export function str(value: string): Value {
  return { kind: "string", value };
}

/**
 * Flattens a permission argument into keys: strings, and numeric enum members by name (bit flags);
 * undefined when any part is neither.
 */
export function keysOfValue(value: Value): string[] | undefined {
  if (value.kind === "string") return [value.value];
  if (value.kind === "number" && value.enumMember !== undefined) return [value.enumMember];
  if (value.kind === "array") {
    const out: string[] = [];
    for (const item of value.items) {
      const inner = keysOfValue(item);
      if (!inner) return undefined;
      out.push(...inner);
    }
    return out;
  }
  return undefined;
}

/** Flattens a value into strings; returns undefined when any part is not a static string. */
export function stringsOf(value: Value): string[] | undefined {
  if (value.kind === "string") return [value.value];
  if (value.kind === "array") {
    const out: string[] = [];
    for (const item of value.items) {
      const inner = stringsOf(item);
      if (!inner) return undefined;
      out.push(...inner);
    }
    return out;
  }
  return undefined;
}

/** The first `unknown` found inside a value (arrays included), to explain why it is not static. */
export function firstUnknown(value: Value): UnknownValue | undefined {
  if (value.kind === "unknown") return value;
  if (value.kind === "array") {
    for (const item of value.items) {
      const u = firstUnknown(item);
      if (u) return u;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Scopes: values and the scopes functions close over are one data model (kept in one module so
// neither imports the other).

/** A name bound to a value that is computed on first use and then kept. */
export class Binding {
  private value: Value | undefined;
  private computing = false;

  constructor(
    private readonly compute: () => Value,
    /** The declaration, for reporting cycles. */
    readonly node: ts.Node,
    /** The file, for a module-level binding (the evaluation tracker attributes what computing it does). */
    public owner?: string,
  ) {}

  /** Whether the value is known already (computed, or given). */
  get computed(): boolean {
    return this.value !== undefined;
  }

  static of(value: Value, node: ts.Node): Binding {
    const b = new Binding(() => value, node);
    b.value = value;
    return b;
  }

  /** `name = value` in code apidex runs: later reads see the value. */
  assign(value: Value): void {
    this.value = value;
  }

  /** What the binding holds now, without computing it (undefined when it is not computed yet). */
  peek(): Value | undefined {
    return this.value;
  }

  /** Puts back what `peek` gave (undefined: computed again on the next read), undoing assignments since. */
  restore(value: Value | undefined): void {
    this.value = value;
  }

  get(onCycle: () => Value): Value {
    if (this.value) return this.value;
    if (this.computing) return onCycle();
    this.computing = true;
    try {
      this.value = this.compute();
    } finally {
      this.computing = false;
    }
    return this.value;
  }
}

/** A lexical scope: a module's top level or one invocation of a function. */
export class Scope {
  readonly bindings = new Map<string, Binding>();

  constructor(
    readonly file: ts.SourceFile,
    readonly parent: Scope | undefined,
    /** The function this scope belongs to, or undefined at module level. */
    readonly owner: ts.Node | undefined,
  ) {}

  lookup(name: string): Binding | undefined {
    for (let scope: Scope | undefined = this; scope; scope = scope.parent) {
      const binding = scope.bindings.get(name);
      if (binding) return binding;
    }
    return undefined;
  }

  bind(name: string, binding: Binding): void {
    this.bindings.set(name, binding);
  }
}
