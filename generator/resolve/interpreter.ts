import { isBuiltin } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ts } from "../typescript.js";
import { hrefOf, nodeBuiltin, statMethod, urlObject } from "./node-builtins.js";
import { CONFIDENCE_PACKAGES, CONFIDENCE_STORE, confidenceGet } from "./confidence.js";
import { EFFECT_FN_NAMED, effectGeneratorHelper } from "./effect-generators.js";
import { documentModel, MONGOOSE_DOCUMENT, MONGOOSE_MODEL, mongooseValue } from "./mongoose-models.js";
import { entryComparison, isImportMetaMain, isModuleParent } from "./entry-guard.js";
import {
  configFiles,
  configFolder,
  deploymentsIn,
  environmentOverrides,
  isScript,
  mergeConfig,
  NODE_CONFIG_METHODS,
  NODE_CONFIG_MODULE,
  parseConfigData,
  readDotted,
} from "./node-config.js";
import { type Diagnostic, type DiagnosticBag, formatSite, siteOf } from "../diagnostics/diagnostic.js";
import { isRoutingPackage } from "./routing-packages.js";
import type { SourceSet } from "../scan/source-set.js";
import type { BranchChoice } from "./branch-choice.js";
import { callsWithin } from "../scan/calls.js";
import { createTypeContext } from "./types/type-context.js";
import { saysAnyOf } from "./any-of.js";
import { FOLDER_LOADERS, type FolderLoad, folderLoad, loadedModule } from "./folder-loaders.js";
import { AUTOLOADERS, type LoaderFolders } from "./autoloaders.js";
import { AUTOLOAD_CHAIN, AutoloadChains } from "./autoload-chains.js";
import { abilityKey, isAbilityCallShape, namedSubjectType } from "./ability-check.js";
import { type EitherOrOptions, eitherOrGroups } from "./either-or.js";
import { onlyPicksAnswer } from "./answer-choice.js";
import {
  isAnyOfOption,
  isKeyMembership,
  isPermissionOption,
  namesAllowDecision,
  namesAnyOf,
  namesPermissionCheck,
} from "./permission-option.js";
import { readStatement, type Statement } from "./permission-statement.js";
import { semverPart } from "./semver-parts.js";
import { isFunctionLike, topLevelInitializer, unwrapExpression } from "./syntax.js";
export { isFunctionLike } from "./syntax.js";
import { DEFAULT_ANY_PERMISSION_CALLS } from "../config/defaults.js";
import { Binding, Scope } from "./scope.js";
import { type Shortcut, shortcutOf } from "./shortcut.js";
import { isFrameworkModule } from "../scan/route-hints.js";
import { unsupportedFramework, unsupportedHint } from "./unsupported-frameworks.js";
import { namesPrismaClient } from "./schemas/prisma-enums.js";
import {
  type CheckValue,
  type ExternalValue,
  type FunctionValue,
  type HostValue,
  type InstanceValue,
  jsonValue,
  type RouteBound,
  keysOfValue,
  str,
  stringsOf,
  UNDEFINED,
  type UnknownValue,
  unknown,
  type Value,
} from "./values.js";

/** What a framework adapter adds to the evaluator: the meaning of its own objects. */
export interface HostAdapter {
  /** A call of something imported from a package (`express()`, `Router()`); undefined if not the adapter's. */
  callExternal(callee: ExternalValue, call: CallContext): Value | undefined;
  /** A method call on one of the adapter's objects (`router.get(...)`). */
  callMethod(receiver: HostValue, method: string, call: CallContext): Value;
  /** A property read of one of the adapter's objects (`t.procedure`, `t.router` kept to call later). */
  property?(receiver: HostValue, name: string, node: ts.Node): Value | undefined;
  /**
   * A method call on one of the adapter's objects whose name apidex cannot read (`router[verb](path, handler)`
   * with `verb` known only at run time): the adapter reports what it cannot register.
   */
  callComputed?(receiver: HostValue, key: Value, call: CallContext): void;
  /** A call of one of the adapter's objects itself (`router({ ... })` where `router = t.router`). */
  callValue?(callee: HostValue, call: CallContext): Value | undefined;
  /**
   * The one value the branches of a condition known only at run time give, where the adapter can tell they
   * are the same for what it reads (two tRPC procedure builders with the same checks); undefined otherwise.
   */
  join?(values: readonly HostValue[]): Value | undefined;
  /** What `typeof` says of one of the adapter's objects at run time (an Express router is a function). */
  typeOf?(value: HostValue): "function" | "object" | undefined;
  /**
   * The value of a package's export the adapter knows to be constant (`MODULE_METADATA` of
   * `@nestjs/common/constants`), so code of the sources that reads it (`Object.values(MODULE_METADATA)`)
   * can be followed; undefined for any other.
   */
  externalValue?(value: ExternalValue): Value | undefined;
  /**
   * A tagged template whose tag is one of the adapter's objects (Effect's ``HttpApiEndpoint.get("find")`/users/${id}` ``):
   * its value, or undefined to leave it unevaluated as before.
   */
  tagTemplate?(tag: HostValue, node: ts.TaggedTemplateExpression, scope: Scope): Value | undefined;
}

export interface CallContext {
  node: ts.CallExpression | ts.NewExpression;
  args: readonly ts.Expression[];
  scope: Scope;
}

export interface InterpreterOptions {
  /** Function names whose string arguments are permission keys. */
  permissionCalls: readonly string[];
  /** Also functions whose name says they check a permission or scope (`withRequiredScope`); default on. */
  permissionCallsByName?: boolean | undefined;
  /** Function names whose keys are alternatives (any one suffices); recognized as permission calls too. */
  anyPermissionCalls?: readonly string[] | undefined;
  /** Permission calls whose key is a property of an options argument: the argument (all when absent) and the property path. */
  permissionCallOptions?: Readonly<Record<string, { argument?: number; property?: string }>> | undefined;
  /** Route tables whose entries carry their own permission metadata (config `registry`). */
  registry?: RegistryOptions | undefined;
  /** Told what each module's evaluation does (extract/incremental records summaries from it). */
  tracker?: EvaluationTracker;
  /** Modules redone from an earlier run's summaries instead of being parsed and evaluated. */
  replay?: ModuleReplay;
  /**
   * The environment the artifacts describe (config `env`): `process.env.NAME` reads these values, and a
   * name it does not set is unset (`undefined`), as in a deployment that sets only these.
   */
  env?: Readonly<Record<string, string>> | undefined;
  /** Arguments for app factories nothing in the sources calls, by function name (config `factoryArguments`), as JSON. */
  factoryArguments?: Readonly<Record<string, readonly unknown[]>> | undefined;
  /**
   * Names a framework makes available without an import (Nitro's `server/utils` exports): the file that
   * exports a name a module uses undeclared, for that module (or `pkg:<specifier>` for a package's export of
   * that name, Nitro's h3 helpers); undefined when none does.
   */
  autoImports?: ((name: string, fromFile: string) => string | undefined) | undefined;
  /**
   * Globals a framework's runtime declares (SST v3's `sst` and `$config` in `sst.config.ts`): the value of a name a
   * module uses undeclared, read as a package's export would be; undefined when it is no such global.
   */
  globals?: ((name: string, fromFile: string) => Value | undefined) | undefined;
}

/**
 * A registry: routes registered in a loop over a table whose entries carry their permission in metadata
 * (`export const meta = { kind: "write:items", requireCredential: true }` in each endpoint module).
 */
export interface RegistryOptions {
  /** Property path of the permission key(s), read from the loop's current entry: `meta.kind`. */
  permission: string;
  /** Property path that, when false, means the entry checks no permission: `meta.requireCredential`. */
  when?: string | undefined;
  /** Several keys are all required (`"all"`, the default) or alternatives, any one of which will do (`"any"`). */
  match?: "all" | "any" | undefined;
}

/** What a module's evaluation does, as far as a later run's replay of it cares (see extract/incremental). */
export interface EvaluationTracker {
  /** A module's top level starts (or a summary of it is replayed) and ends. */
  enterModule(file: string): void;
  /** `exported`: every name the module exports itself, and whether it re-exports everything of others. */
  leaveModule(file: string, exported: ModuleExports): void;
  /** A module-level binding of `file` is computed (perhaps on another module's first read). */
  enterBinding(file: string): void;
  leaveBinding(): void;
  /** A module is reached: an import read, a namespace member, a module run. */
  touched(file: string): void;
  /** Another module read an export. */
  exportRead(file: string, name: string, value: Value): void;
  /**
   * The module running read an import binding of a project module `file`: export `name`, or the whole
   * module as a namespace (`name` undefined). Reported once per binding, when it is first read.
   */
  imported(file: string, name: string | undefined, value: Value): void;
  /** A permission key was left to the type checker. */
  deferred(): void;
  /** A function's body was run. */
  invoked(decl: ts.Node): void;
  /** The module running does something a summary cannot replay (a CommonJS `require`). */
  cannotReplay?(reason: string): void;
}

/** The names a module exports itself, and whether it has `export * from` re-exports. */
export interface ModuleExports {
  names: string[];
  star: boolean;
  /** Whether it re-exports anything of other modules (`export * from`, `export { x } from`, `export * as ns from`). */
  reexports?: boolean;
}

/** Modules an earlier run summarized; they are never parsed in this run. */
export interface ModuleReplay {
  /** The replayed files, by absolute path, sorted. */
  readonly files: readonly string[];
  has(fileName: string): boolean;
  /** Redoes a module's evaluation (once) and returns the exports other modules read. */
  run(fileName: string): ReadonlyMap<string, Value>;
  /** The names a replayed module exports (read or not) and whether it re-exports everything of others. */
  exportsOf(fileName: string): { names: ReadonlySet<string>; star: boolean };
}

/**
 * Raised when a replayed module is used in a way its summary does not cover (an export it did not
 * record, a namespace import): the run starts over without replaying anything. Never a guess.
 */
export class ReplayMiss extends Error {
  constructor(reason: string) {
    super(`incremental replay does not cover this run: ${reason}`);
    this.name = "ReplayMiss";
  }
}

/** The first parameter of Node's error-first callbacks, as projects name it. */
const ERROR_PARAMETER = /^(err|error|e|er|ex|exception)$/i;

const MAX_CALL_DEPTH = 100;
/**
 * Calls of one function under way at once, at most. Registration code recurses as deep as the route tree or
 * folder it walks (a few levels); code that recurses without end (an agent's tool loop calling itself in both
 * branches of a condition apidex cannot decide) is a call tree that doubles at every level up to
 * MAX_CALL_DEPTH, which reads nothing more and only spends the call budget.
 */
const MAX_RECURSION = 6;
/**
 * Function bodies one interpreter runs at most. Each call is run afresh (its result depends on its arguments), so
 * a service whose start-up code calls helpers that call helpers (a logger and a message queue wrapper called
 * from every function, each calling the other) is a call tree that grows exponentially with MAX_CALL_DEPTH and
 * never ends; route registration needs a small part of that. Past the budget calls are unknown (APX220). The
 * largest service of the real-world corpus makes about 400,000 (supabase-storage); most make a few thousand.
 */
const MAX_CALLS = 1_000_000;
/** The export slot of a CommonJS module's `module.exports` (no ES name can collide with it). */
const COMMONJS_EXPORTS = "\0module.exports";
/** Loops over more items than this are not unrolled (reported instead): generated tables, not route lists. */
const MAX_UNROLLED = 2000;

/** The body checks of a handler that has none; frozen, so a caller that tried to add to it would fail loudly. */
const NO_CHECKS = Object.freeze([]) as unknown as CheckValue[];
/** Names of policy helpers a handler calls (`canUpdateWebsite`, `ensureAccess`, `checkUserAccess`, `authorizeTeam`). */
const POLICY_HELPER =
  /^(can|may|check|assert|ensure|require|verify|authori[sz]e|guard|allow)[A-Z_]|^(is|has)(Allowed|Authori[sz]ed|Permitted|Access|Permission|Scope|Role)|(Permission|Access|Authori[sz]|Policy|Scope)/;

/** A permission argument waiting for the type checker: what to do with the key it finds, or without one. */
export interface PendingKey {
  arg: ts.Expression;
  /** A member path to read from the argument's type (`["permission"]`). */
  property?: string[];
  found: (key: string) => void;
  /** Called with the type the checker saw, or undefined when the checker was not asked. */
  unresolved: (type: string | undefined) => void;
}

/** A module's evaluated top level: its scope and its exports. */
export class ModuleInstance {
  readonly exports = new Map<string, () => Value>();
  readonly starExports: string[] = [];
  /** Top-level names bound to `module.exports` (`const Write = module.exports;`): their members are exports too. */
  readonly commonJsAliases = new Set<string>();
  state: "new" | "executing" | "done" = "new";

  constructor(
    readonly file: ts.SourceFile,
    readonly scope: Scope,
  ) {}
}

/**
 * A static evaluator for the subset of TypeScript that route definitions are written in. It executes a
 * module's top-level statements and the bodies of the functions they call (router factories,
 * `registerRoutes(app)` helpers) in order, without loops or conditions, so registrations are seen in the
 * order the framework sees them at run time. Nothing is imported or run.
 */
/**
 * Node's modules that export a global under its own name (`import process from "node:process"`, `import { URL }
 * from "node:url"`): given the export imported (`default`, a name, undefined for the namespace) and the local
 * name, whether the import is that global itself.
 */
const NODE_GLOBAL_EXPORTS: Record<string, (imported: string | undefined, local: string) => boolean> = {
  process: (imported, local) => local === "process" && (imported === undefined || imported === "default"),
  url: (imported, local) => (imported === "URL" || imported === "URLSearchParams") && local === imported,
};

export class Interpreter {
  private readonly modules = new Map<string, ModuleInstance>();
  /** Above 0 while a policy helper's body is read for checks (quietly, see checksInBody). */
  private helperReads = 0;
  /** Checks of policy helpers with a key handed to the type checker: left out, as unresolved ones are. */
  private readonly deferredInHelpers = new WeakSet<object>();
  private readonly bodyCheckCache = new WeakMap<FunctionValue, CheckValue[]>();
  private readonly assignedNames = new Map<ts.SourceFile, Set<string>>();
  private readonly permissionCalls: Set<string>;
  private readonly byName: boolean;
  /** The permission calls whose keys are alternatives. */
  private readonly anyPermissionCalls: Set<string>;
  /** Permission arguments the syntax could not resolve, for the type checker (`finishChecks`). */
  private readonly unresolvedKeys: PendingKey[] = [];
  private checksFinished = false;
  /** The files the type checker read for keys the syntax could not give (none when it was not needed). */
  keyTypeFiles: string[] = [];
  /** The entries of the loops running now, innermost last (registry metadata is read from them). */
  private readonly iterations: Value[] = [];
  /**
   * The early exit under a condition apidex cannot read that the running function (or module) went past:
   * what it registers from there on runs only when the exit is not taken, and is marked so. Undefined
   * while everything run so far is certain. Saved and restored around each function call and module.
   */
  private uncertainAfter: ts.Statement | undefined;
  /**
   * The values the exits the running function went past would return (evaluated where the exit is, when
   * that calls nothing), undefined for one apidex cannot tell: the function's value is known only when
   * each equals the value it returns at its end (`if (!installed) return [router, admin]; ...; return
   * [router, admin];`).
   */
  private skippedReturns: SkippedReturn[] = [];
  /** Early exits under conditions apidex cannot read, went past, with how many routes and mounts each marked. */
  readonly uncertainExits = new Map<ts.Statement, number>();
  /**
   * The conditions apidex cannot read whose branches run now, innermost last: both branches of such an `if`
   * run, and what they register is marked, as after an early exit (served only when the branch is taken).
   */
  private undecided: Undecided[] = [];
  /**
   * Beside `undecided`, the branch of each that runs now (an `if`'s then or else; undefined for a `switch`, whose
   * cases may fall through into one another): two registrations under different branches of one `if` never
   * coexist (extract/alternative-branches.ts).
   */
  private undecidedChoices: (BranchChoice | undefined)[] = [];
  /** `global` and `globalThis`: what the sources set on it, read back anywhere. */
  private readonly globalObject: Value = { kind: "object", props: new Map(), open: true };
  /** Top-level CommonJS exports whose value has effects (a call, `new`), run when their statement runs. */
  private readonly commonJsEffects = new WeakMap<ts.Statement, Binding>();
  /** Loops run over data apidex knows (an empty array too): a registration in one that never ran is no miss. */
  readonly loopsRun = new Set<ts.IterationStatement>();
  /** The documents of the Confidence stores made (`new Confidence.Store(manifest)`), by number (confidence.ts). */
  private readonly confidenceStores: Value[] = [];
  /** for...of loops not run because what they iterate is unknown (or only known at run time), with that value (its reason says why: APX210). */
  readonly unreadLoops = new Map<ts.IterationStatement, Value>();
  /** Unsupported HTTP frameworks already reported (APX002). */
  private readonly unsupportedSeen = new Set<string>();
  /** Environment variables whose code default was used (APX219 said once each). */
  private readonly environmentDefaults = new Set<string>();
  /**
   * How deep the interpreter's own evaluation is (statements it runs, expressions inside expressions), and
   * the depth at which an evaluation is an adapter's read: 0 outside any, the depth of a call into the host
   * while the host reads the call's arguments. A value an adapter reads can make a path, prefix, key or
   * registration; one only the interpreter used (a database client's URL) cannot, so what is said of the
   * value (APX219, APX213) is said when an adapter reads it (`readByAdapter`).
   */
  private nesting = 0;
  private readBase = 0;
  /** The environment variables whose defaults the conditions being evaluated read (innermost last). */
  private readonly conditionReads: Set<string>[] = [];
  /** Environment variables with defaults a condition apidex cannot read read: said if its branches register. */
  private readonly conditionDefaults = new WeakMap<ts.Node, Set<string>>();
  /** Arrays an undecided condition's branches add to (APX213 held back under these keys until read). */
  private readonly branchAdded = new WeakMap<object, Set<string>>();
  /** The arrays with such additions that a loop or a callback is iterating now. */
  private readonly iteratingAdded: Value[] = [];
  /** Conditions apidex cannot read with how many routes and mounts their branches marked. */
  readonly undecidedConditions = new Map<Undecided, number>();
  /**
   * The names assigned while a branch of an undecided condition runs: a name declared outside it holds one
   * branch's value or the other's, or its own, so after the `if` it is unknown.
   */
  private assignedUndecided: { name: string; binding: Binding; previous: Value | undefined }[] | undefined;
  private readonly registry: RegistryOptions | undefined;
  private readonly env: Readonly<Record<string, string>> | undefined;
  private readonly autoImports: InterpreterOptions["autoImports"];
  private readonly globals: InterpreterOptions["globals"];
  private readonly callOptions: Readonly<Record<string, { argument?: number; property?: string }>>;
  /** Arguments the config gives uncalled app factories, by function name (JSON values). */
  readonly factoryArguments: Readonly<Record<string, readonly unknown[]>>;
  /** Branches of conditions the evaluator knows are never taken: their registrations are dead code, not unread. */
  readonly deadBranches = new Set<ts.Node>();
  /** Method calls made on a value the evaluator does not know, with that value (its reason and site). */
  readonly unknownReceivers = new WeakMap<ts.CallExpression, UnknownValue>();
  /** Declarations of every function the evaluator invoked. */
  readonly invoked = new Set<ts.Node>();
  /**
   * Call sites the evaluator ran as calls of a function in the sources (`this.get(path, handler)` on a
   * class whose own `get` registers): what they register is read inside, so they are no unread
   * registrations themselves.
   */
  readonly sourceCalls = new Set<ts.Node>();
  /**
   * Of those, the ones that reached no adapter in any run (the function and what it called handed nothing to a
   * framework's app, router or package), with the declaration each called: a router the sources make
   * themselves, which dispatches requests with its own code (extract/own-routers.ts), shows as such calls.
   */
  readonly quietSourceCalls = new Map<ts.Node, ts.Node>();
  /** Declarations of functions of the sources one of whose calls reached an adapter (a wrapper of a framework's router). */
  readonly hostReaching = new Set<ts.Node>();
  /** Calls of the sources one of whose runs reached an adapter. */
  readonly hostReachingCalls = new Set<ts.Node>();
  /** How many times the evaluator handed something to its adapter, and how many calls it cut short (limits). */
  private hostCalls = 0;
  private cutShort = 0;
  /** How many calls of each function are under way (recursion), for MAX_RECURSION. */
  private readonly activeFrames = new Map<ts.Node, number>();
  /**
   * The call (and its scope) that returned a function, for readers that need the call's own arguments
   * where only its result travelled (`export { handler as default } from "./handler"`, handler being
   * `withMiddlewares({ GET, POST })`).
   */
  readonly madeBy = new WeakMap<Value, { node: ts.CallExpression | ts.NewExpression; scope: Scope }>();
  /**
   * What a package's function returned when given a function first (`withAxiom(async (req, res) => ...)`,
   * `wrapApiHandlerWithSentry(handler)`): a wrapper that runs it, as a route's handler does (file routes read
   * the function inside for the method tests and checks of a project wrapper built on one).
   */
  readonly wrappedByPackage = new WeakMap<Value, FunctionValue[]>();
  /** How many times each function of the sources was called (a completion callback the callee ran is not run again). */
  private readonly invocations = new WeakMap<ts.Node, number>();
  /** The functions a call of which was past the call-depth limit (APX210 says so for what they register). */
  readonly cutByDepth = new WeakSet<ts.Node>();
  /** Whether any call was past the call-depth limit in this run. */
  depthCut = false;
  /** Whether the call-depth limit was said (APX220, once per run). */
  private depthSaid = false;
  /** The object literal an object value was read from (a ts-rest contract entry: its schemas are read from the syntax). */
  readonly literalOf = new WeakMap<Value, ts.ObjectLiteralExpression>();
  private depth = 0;
  /** Function bodies run so far (MAX_CALLS). */
  private calls = 0;
  private readonly tracker: EvaluationTracker | undefined;
  private readonly replay: ModuleReplay | undefined;
  private readonly replayedExports = new Map<string, ReadonlyMap<string, Value>>();
  /** consign and express-load chains (autoload-chains.ts). */
  private readonly autoloads = new AutoloadChains(this, { excerpt, explain });
  /**
   * Properties an autoloader attached to a framework's object (`consign().include("controllers").into(app)`
   * sets `app.controllers`), read back before the adapter's own members.
   */
  private readonly attachedProps = new WeakMap<object, Map<string, Value>>();

  constructor(
    readonly sources: SourceSet,
    readonly diagnostics: DiagnosticBag,
    options: InterpreterOptions,
    private readonly host: HostAdapter,
  ) {
    this.permissionCalls = new Set([...options.permissionCalls, ...(options.anyPermissionCalls ?? DEFAULT_ANY_PERMISSION_CALLS)]);
    this.anyPermissionCalls = new Set(options.anyPermissionCalls ?? DEFAULT_ANY_PERMISSION_CALLS);
    this.byName = options.permissionCallsByName !== false;
    this.registry = options.registry;
    this.env = options.env;
    this.autoImports = options.autoImports;
    this.globals = options.globals;
    this.callOptions = options.permissionCallOptions ?? {};
    this.factoryArguments = options.factoryArguments ?? {};
    this.tracker = options.tracker;
    this.replay = options.replay;
    diagnostics.summarize("APX219", (held) => ({
      severity: "warning",
      code: "APX219",
      message: `${held.length} environment variable${held.length === 1 ? "" : "s"} not set by the config's \`env\` ${held.length === 1 ? "is" : "are"} read with a default in the code where no route depends on ${held.length === 1 ? "it" : "them"} (no path, prefix, permission key or registration condition apidex reads is made of ${held.length === 1 ? "it" : "them"}; a script, a database client): ${summaryList(held, (d) => /`process\.env\.([^`]+)`/.exec(d.message)?.[1] ?? "?", this.sources.root)}; not reported one by one.`,
      hint: "Set `env` in the config to describe the deployment the artifacts are for (`env: {}` for one that sets nothing).",
    }));
    diagnostics.summarize("APX213", (held) => ({
      severity: "warning",
      code: "APX213",
      message: `${held.length} condition${held.length === 1 ? "" : "s"} only known at run time decide${held.length === 1 ? "s" : ""} what is added to arrays no route registration, module list or table an adapter reads is made of: ${summaryList(held, () => undefined, this.sources.root)}; not reported one by one.`,
      hint: "Set the environment variables they read in the config's `env`, or make the conditions constants.",
    }));
  }

  isPermissionCall(node: ts.CallExpression): boolean {
    const name = calleeName(node.expression);
    return (
      (name !== undefined && (this.permissionCalls.has(name) || (this.byName && namesPermissionCheck(name)))) ||
      (this.byName && isKeyMembership(node.expression)) ||
      this.isAbilityCheck(node)
    );
  }

  /** Whether a module parsed at the first question names `@casl/ability`, read once. */
  private usesCasl: boolean | undefined;
  /** Per package folder: whether its package.json depends on `@casl/ability`. */
  private readonly caslPackages = new Map<string, boolean>();

  /**
   * Whether the sources use CASL: only then is `x.can(action, subject)` an ability check. A module that
   * imports it may be parsed only later (the model that builds the ability is loaded when a route's code
   * imports it), so the package a file belongs to says it too: its package.json depends on `@casl/ability`.
   */
  usesCaslAbilities(fromFile?: string): boolean {
    this.usesCasl ??= this.sources.files.some((file) => file.text.includes("@casl/ability"));
    if (this.usesCasl || fromFile === undefined) return this.usesCasl;
    const folder = this.packageFolder(fromFile);
    let depends = this.caslPackages.get(folder);
    if (depends === undefined) {
      depends = /"@casl\/ability"\s*:/.test(this.sources.host.readFile(`${folder}/package.json`) ?? "");
      this.caslPackages.set(folder, depends);
    }
    return depends;
  }

  /** A CASL ability check (ability-check.ts), in sources that use CASL. */
  private isAbilityCheck(node: ts.CallExpression): boolean {
    return isAbilityCallShape(node) && this.usesCaslAbilities(node.getSourceFile().fileName);
  }

  /**
   * `ability.can(Action.Read, Article)`, `ForbiddenError.from(ability).throwUnlessCan("update", subject("Post", post))`:
   * the key `Article:read`, `Post:update`. The subject is a string, a class of the sources (its name, as CASL
   * reads a class) or CASL's `subject("Type", value)`; an instance, whose type CASL reads at run time, or an
   * action apidex cannot read is a warning (APX301) and marks the check unresolved.
   */
  private abilityCheck(node: ts.CallExpression, scope: Scope): CheckValue {
    const [actionArg, subjectArg] = node.arguments as unknown as [ts.Expression, ts.Expression];
    const result: CheckValue = { kind: "check", keys: [], node };
    const actions = keysOfValue(this.evaluate(actionArg, scope));
    const named = namedSubjectType(unwrapExpression(subjectArg));
    const subjectValue = this.evaluate(named ?? subjectArg, scope);
    const subjects = keysOfValue(subjectValue) ?? this.subjectType(subjectValue);
    if (!actions) {
      result.unresolved = true;
      this.reportUnresolvedKey(node, actionArg, `is an action ${explain(this.evaluate(actionArg, scope))}`);
    }
    if (!subjects) {
      result.unresolved = true;
      this.reportUnresolvedKey(
        node,
        subjectArg,
        `is a subject whose type apidex cannot read (${explain(subjectValue)}; CASL reads an instance's type at run time — \`subject("Type", value)\` names it)`,
      );
    }
    if (actions && subjects) for (const subject of subjects) for (const action of actions) result.keys.push(abilityKey(subject, action));
    return result;
  }

  /**
   * The subject type CASL detects for a value, by its default `detectSubjectType` (`subject.constructor.modelName
   * || subject.constructor.name`): a class of the sources (its name), an instance of one, a mongoose document (its
   * model's name). Not an instance's where the sources give CASL a `detectSubjectType` (CASL 4: `subjectName`) of their own.
   */
  private subjectType(value: Value): string[] | undefined {
    if (value.kind === "class") return value.decl.name ? [value.decl.name.text] : undefined;
    // CASL 5 and later take `detectSubjectType`, CASL 4 `subjectName`, in the options of the ability the sources make.
    this.ownSubjectTypes ??= this.sources.files.some(
      (file) => file.text.includes("detectSubjectType") || (file.text.includes("@casl/") && /\bsubjectName\b/.test(file.text)),
    );
    if (this.ownSubjectTypes) return undefined;
    if (value.kind === "instance") return value.decl.name ? [value.decl.name.text] : undefined;
    const model = documentModel(value);
    return model !== undefined ? [model] : undefined;
  }
  /** Whether the sources give CASL a `detectSubjectType` of their own (then an instance's type is theirs to say). */
  private ownSubjectTypes: boolean | undefined;

  /**
   * The values a check function of the sources called here sets aside as no key (see `sentinelsOf`). Found from
   * the syntax, as a name's declaration in its module, not by evaluating the callee: reading another module's
   * function would keep that module from being replayed by a warm run, for a question most checks never need.
   */
  private sentinelsOfCall(node: ts.CallExpression): ReadonlySet<string> {
    const callee = unwrapExpression(node.expression);
    if (!ts.isIdentifier(callee)) return NO_SENTINELS;
    const found = this.declaredFunction(callee.text, node.getSourceFile(), 0);
    if (!found) return NO_SENTINELS;
    let known = this.sentinels.get(found.fn);
    if (!known) {
      known = this.sentinelsOf(found.fn, found.file);
      this.sentinels.set(found.fn, known);
    }
    return known;
  }
  private readonly sentinels = new WeakMap<ts.Node, ReadonlySet<string>>();

  /** A function a module declares (or imports, through up to three modules) under a name, read from the syntax. */
  private declaredFunction(
    name: string,
    file: ts.SourceFile,
    hops: number,
  ): { fn: ts.FunctionLikeDeclaration; file: ts.SourceFile } | undefined {
    for (const statement of file.statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name?.text === name && statement.body) return { fn: statement, file };
      if (ts.isVariableStatement(statement))
        for (const d of statement.declarationList.declarations) {
          const init = d.initializer && unwrapExpression(d.initializer);
          if (ts.isIdentifier(d.name) && d.name.text === name && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
            return { fn: init, file };
        }
    }
    const imported = hops < 3 ? this.importedFrom(name, file) : undefined;
    return imported ? this.declaredFunction(imported.name, imported.file, hops + 1) : undefined;
  }

  /** The module of the sources a name is imported from (`import { a as b } from "./x"`), and its name there. */
  private importedFrom(name: string, file: ts.SourceFile): { name: string; file: ts.SourceFile } | undefined {
    for (const statement of file.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const bindings = statement.importClause?.namedBindings;
      const element = bindings && ts.isNamedImports(bindings) ? bindings.elements.find((e) => e.name.text === name) : undefined;
      if (!element) continue;
      const target = this.sources.resolveImport(statement.moduleSpecifier.text, file.fileName);
      return target.kind === "source" ? { name: (element.propertyName ?? element.name).text, file: target.file } : undefined;
    }
    return undefined;
  }

  /** A string a module's syntax gives an expression: a literal, or a `const` of one (its own, or imported). */
  private constantString(expression: ts.Expression, file: ts.SourceFile, hops = 0): string | undefined {
    const inner = unwrapExpression(expression);
    if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return inner.text;
    if (!ts.isIdentifier(inner) || hops > 3) return undefined;
    const own = constInitializer(inner.text, file);
    if (own) return this.constantString(own, file, hops + 1);
    const imported = this.importedFrom(inner.text, file);
    const there = imported && this.exportedConst(imported.name, imported.file, 0);
    return there ? this.constantString(there.init, there.file, hops + 1) : undefined;
  }

  /** A `const` a module exports under a name: its own, or one it re-exports (`export * from`, `export { a } from`). */
  private exportedConst(name: string, file: ts.SourceFile, hops: number): { init: ts.Expression; file: ts.SourceFile } | undefined {
    const own = constInitializer(name, file);
    if (own) return { init: own, file };
    if (hops >= 3) return undefined;
    for (const statement of file.statements) {
      if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const clause = statement.exportClause;
      if (clause && !ts.isNamedExports(clause)) continue; // `export * as ns from`: a namespace, not the name
      const element = clause?.elements.find((e) => e.name.text === name);
      if (clause && !element) continue;
      const target = this.sources.resolveImport(statement.moduleSpecifier.text, file.fileName);
      if (target.kind !== "source") continue;
      const found = this.exportedConst((element?.propertyName ?? element?.name)?.text ?? name, target.file, hops + 1);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * The strings a check function compares its key parameter with to let the request through unchecked: a
   * filter that drops them from the keys (`(Array.isArray(p) ? p : [p]).filter((x) => x !== NONE)`, after which
   * no key left means no check) or a test that passes the request on at once (`if (permission === NONE) return
   * next()`, `return` alone). Only comparisons that involve one of its parameters count: a comparison of the
   * user's role (`if (user.role === "admin") return next()`) grants, it does not set a key aside.
   */
  private sentinelsOf(decl: ts.FunctionLikeDeclaration, file: ts.SourceFile): ReadonlySet<string> {
    const params = new Set(decl.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : [])));
    const found = new Set<string>();
    if (!params.size || !decl.body) return found;
    const mentionsParam = (node: ts.Node): boolean => {
      let seen = false;
      const visit = (n: ts.Node): void => {
        if (seen) return;
        if (ts.isIdentifier(n) && params.has(n.text)) seen = true;
        else ts.forEachChild(n, visit);
      };
      visit(node);
      return seen;
    };
    const add = (expression: ts.Expression): void => {
      const value = this.constantString(expression, file);
      if (value !== undefined) found.add(value);
    };
    // `a !== X` / `X !== a` (or `===`) where `a` is `name`: the other side.
    const otherSide = (e: ts.Expression, name: (n: ts.Expression) => boolean, equal: boolean): ts.Expression | undefined => {
      const inner = unwrapExpression(e);
      if (!ts.isBinaryExpression(inner)) return undefined;
      const op = inner.operatorToken.kind;
      const wanted = equal
        ? op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.EqualsEqualsToken
        : op === ts.SyntaxKind.ExclamationEqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken;
      if (!wanted) return undefined;
      if (name(unwrapExpression(inner.left))) return inner.right;
      if (name(unwrapExpression(inner.right))) return inner.left;
      return undefined;
    };
    const passesOn = (statement: ts.Statement): boolean => {
      const only = ts.isBlock(statement) && statement.statements.length === 1 ? statement.statements[0]! : statement;
      if (!ts.isReturnStatement(only)) return false;
      const returned = only.expression && unwrapExpression(only.expression);
      // `return`, `return next()`, `return await next()`, `return true`.
      const call = returned && ts.isAwaitExpression(returned) ? unwrapExpression(returned.expression) : returned;
      return (
        !call ||
        call.kind === ts.SyntaxKind.TrueKeyword ||
        (ts.isCallExpression(call) && ts.isIdentifier(call.expression) && call.arguments.length === 0)
      );
    };
    const visit = (node: ts.Node): void => {
      // `[...].filter((p) => p !== NONE)` on what is made of a parameter.
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === "filter" &&
        mentionsParam(node.expression.expression)
      ) {
        const callback = node.arguments[0] && unwrapExpression(node.arguments[0]);
        if (callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback)) && callback.parameters.length === 1) {
          const item = callback.parameters[0]!.name;
          const body = ts.isBlock(callback.body)
            ? callback.body.statements.length === 1 && ts.isReturnStatement(callback.body.statements[0]!)
              ? callback.body.statements[0].expression
              : undefined
            : callback.body;
          const other =
            ts.isIdentifier(item) && body ? otherSide(body, (n) => ts.isIdentifier(n) && n.text === item.text, false) : undefined;
          if (other) add(other);
        }
      }
      // `if (permission === NONE) return next();`
      if (ts.isIfStatement(node) && passesOn(node.thenStatement)) {
        const other = otherSide(node.expression, (n) => ts.isIdentifier(n) && params.has(n.text), true);
        if (other) add(other);
      }
      ts.forEachChild(node, visit);
    };
    visit(decl.body);
    return found;
  }

  /** The parameter names of the function of the sources a call calls (undefined for anything else). */
  private parametersOf(node: ts.CallExpression, scope: Scope): (string | undefined)[] | undefined {
    const callee = this.evaluate(node.expression, scope);
    if (callee.kind !== "function") return undefined;
    return callee.decl.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : undefined));
  }

  /**
   * The key of a check given a resource and an action as two arguments, by the names of the function's
   * parameters (`resource`/`subject`/`entity`, then `action`/`operation`), when both are strings (the action
   * may be several): `resource:action` for each action. Undefined otherwise (the arguments are read one by one).
   */
  private resourceActionPair(node: ts.CallExpression, scope: Scope): { keys: string[]; indexes: number[] } | undefined {
    const callee = this.evaluate(node.expression, scope);
    if (callee.kind !== "function") return undefined;
    const names = callee.decl.parameters.map((p) => (ts.isIdentifier(p.name) && !p.dotDotDotToken ? p.name.text : undefined));
    const resource = names.findIndex((p) => p !== undefined && RESOURCE_PARAMETER.test(p));
    const action = names.findIndex((p) => p !== undefined && ACTION_PARAMETER.test(p));
    // Past a rest parameter the arguments no longer line up with the names.
    const rest = callee.decl.parameters.findIndex((p) => p.dotDotDotToken);
    if (resource < 0 || action < 0 || (rest >= 0 && rest < Math.max(resource, action))) return undefined;
    const resourceArg = node.arguments[resource];
    const actionArg = node.arguments[action];
    if (!resourceArg || !actionArg || node.arguments.some((a) => ts.isSpreadElement(a))) return undefined;
    const subject = this.argument(resourceArg, scope);
    const actions = keysOfValue(this.argument(actionArg, scope));
    if (subject.kind !== "string" || !actions?.length) return undefined;
    return { keys: actions.map((a) => `${subject.value}:${a}`), indexes: [resource, action] };
  }

  /** Whether a call's name says it decides what is allowed (no key word: `throwIfNotAllowed`) and it gives two arguments or more. */
  private mayDecideResourceAction(node: ts.CallExpression): boolean {
    if (!this.byName || node.arguments.length < 2) return false;
    const name = calleeName(node.expression);
    return name !== undefined && !this.permissionCalls.has(name) && namesAllowDecision(name);
  }

  /**
   * `throwIfNotAllowed(member, "team_member", "read")`, `isAllowed(role, "invoice", "update")`: a function of the
   * sources named for deciding what is allowed whose parameters name a resource and an action, given strings for
   * both, is a check of one key (`team_member:read`), as `hasPermission(user, resource, action)` is. The two
   * signals together: neither the name (`isAllowedOrigin(origin)`) nor the parameters (`audit(user, resource,
   * action)`) alone make a check.
   */
  private isResourceActionDecision(node: ts.CallExpression, scope: Scope): boolean {
    return this.mayDecideResourceAction(node) && this.diagnostics.quietly(() => this.resourceActionPair(node, scope)) !== undefined;
  }

  /** Whether a recognized call's keys are alternatives: configured as such, or named so (`requireAnyScope`). */
  private isAnyCall(name: string | undefined): boolean {
    return (
      name !== undefined && (this.anyPermissionCalls.has(name) || (this.byName && !this.permissionCalls.has(name) && namesAnyOf(name)))
    );
  }

  /** Evaluates every scanned module's top level, in path order (replayed modules at their place in it). */
  executeAll(): void {
    const replayed = this.replay?.files ?? [];
    let next = 0;
    for (const file of this.sources.files) {
      while (next < replayed.length && replayed[next]! < file.fileName) this.moduleNamed(replayed[next++]!);
      this.module(file);
    }
    while (next < replayed.length) this.moduleNamed(replayed[next++]!);
    this.reportBrokenImports();
  }

  /**
   * A module by file name: replayed from its summary, or parsed and evaluated. Returns the exports of a
   * replayed module, undefined otherwise.
   */
  moduleNamed(fileName: string): ReadonlyMap<string, Value> | undefined {
    if (this.replay?.has(fileName)) return this.replayedModule(fileName);
    const file = this.sources.getFile(fileName);
    if (file) this.module(file);
    return undefined;
  }

  private replayedModule(fileName: string): ReadonlyMap<string, Value> {
    this.tracker?.touched(fileName);
    let exports = this.replayedExports.get(fileName);
    if (!exports) {
      exports = this.replay!.run(fileName);
      this.replayedExports.set(fileName, exports);
    }
    return exports;
  }

  /**
   * What module `fileName` exports as `name` now, read as an import of it would (a late replay checks the
   * reads its summary recorded against this); undefined when there is no such module.
   */
  exportValue(fileName: string, name: string): Value | undefined {
    if (this.replay?.has(fileName)) return this.replayedModule(fileName).get(name);
    const file = this.sources.getFile(fileName);
    return file ? this.exportOf(this.module(file), name, file) : undefined;
  }

  private replayedExport(fileName: string, name: string): Value {
    const value = this.replayedModule(fileName).get(name);
    if (!value) throw new ReplayMiss(`${fileName} is read for \`${name}\`, which its summary does not export`);
    return value;
  }

  /**
   * A relative import that resolves to nothing is reported even when nothing apidex reads uses it: it
   * usually means a moved file, and a route behind it would be missed.
   */
  private reportBrokenImports(): void {
    for (const file of this.sources.files) {
      this.onPost?.enter(file.fileName);
      for (const statement of file.statements) {
        if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement) && !isImportRequire(statement)) continue;
        const specifier = ts.isImportEqualsDeclaration(statement)
          ? (statement.moduleReference as ts.ExternalModuleReference).expression
          : statement.moduleSpecifier;
        if (!specifier || !ts.isStringLiteral(specifier) || isAssetImport(specifier.text)) continue;
        // An import through an alias the framework declares (`$lib/...`, a SvelteKit `kit.alias`) names a
        // file of the project as surely as a relative one.
        const aliased = !specifier.text.startsWith(".") && this.sources.frameworkAlias(specifier.text, file.fileName);
        if (!specifier.text.startsWith(".") && !aliased) continue;
        // Only types (`import type`, `import { type Route }` of React Router's generated `./+types/...`):
        // nothing that registers a route or checks a key comes through it.
        if (ts.isImportEqualsDeclaration(statement) ? statement.isTypeOnly : importsOnlyTypes(statement)) continue;
        // Names used as types only (`import { LayoutLoad } from "./$types"`, SvelteKit's generated types):
        // TypeScript drops the import, so the module is never loaded.
        // A component a bundler finds without its extension (`import App from "../components/app"` of `app.vue`).
        if (
          !this.sources.importResolves(specifier.text, file.fileName) &&
          !(ts.isImportDeclaration(statement) && usedAsTypesOnly(statement)) &&
          !this.bundlerComponent(specifier.text, file.fileName)
        ) {
          const template = aliased ? undefined : this.templateOf(specifier.text, file.fileName);
          // A Prisma client `prisma generate` writes where the schema's `output` says: build output, not committed.
          const prisma = !aliased && !template && namesPrismaClient(specifier.text);
          this.diagnostics.warning(
            "APX110",
            aliased
              ? `Cannot resolve the import '${specifier.text}' from this file: no file is where the framework's alias points.`
              : template
                ? `Cannot resolve the import '${specifier.text}' from this file: the checkout has its template, ${template}, which a deployment copies to it (the file itself is not committed).`
                : prisma
                  ? `Cannot resolve the import '${specifier.text}' from this file: it names a Prisma client, which \`prisma generate\` writes (the checkout lacks it).`
                  : `Cannot resolve the import '${specifier.text}' from this file.`,
            siteOf(specifier),
            aliased
              ? "Fix the path, or the alias (SvelteKit: `kit.alias` in svelte.config.js, written as strings); routes and keys behind it cannot be read."
              : template
                ? "Copy the template to the file as the project's setup says, then run apidex again: the routes and keys it gives are read then."
                : prisma
                  ? "Run `prisma generate` before apidex to read the client's types; its enums are read from the Prisma schema either way."
                  : "Fix the path (or the tsconfig's paths); routes and keys behind it cannot be read.",
          );
        }
      }
      this.onPost?.leave();
    }
  }

  /**
   * The committed template of a module a relative import names and the checkout lacks (`../config` beside a
   * `config.ts.example`, `config.example.ts`, `.sample`, `.dist`, `.template`): a file each deployment writes
   * from it, kept out of the repository. Its name as the project writes it, or undefined.
   */
  private templateOf(specifier: string, fromFile: string): string | undefined {
    if (!specifier.startsWith(".")) return undefined;
    const base = path.posix.resolve(path.posix.dirname(fromFile), specifier.replace(/\.[cm]?[jt]s$/, ""));
    for (const ending of ["", ".ts", ".js", ".json"])
      for (const marker of ["example", "sample", "dist", "template"])
        for (const candidate of [`${base}${ending}.${marker}`, `${base}.${marker}${ending}`])
          if (this.sources.host.fileExists(candidate)) return path.posix.basename(candidate);
    return undefined;
  }

  /**
   * Whether a relative import names a component file a bundler resolves by an extension TypeScript does not
   * (webpack's and Vite's `resolve.extensions`: `.vue`, `.svelte`, `.astro`), or its folder's index of one.
   */
  private bundlerComponent(specifier: string, fromFile: string): boolean {
    if (!specifier.startsWith(".")) return false;
    const base = path.posix.resolve(path.posix.dirname(fromFile), specifier);
    return COMPONENT_ENDINGS.some((e) => this.sources.host.fileExists(base + e) || this.sources.host.fileExists(`${base}/index${e}`));
  }

  /** Told which file the checks after evaluation are about (the recorder files their diagnostics under it). */
  onPost: { enter(file: string): void; leave(): void } | undefined;

  module(file: ts.SourceFile): ModuleInstance {
    this.tracker?.touched(file.fileName);
    let instance = this.modules.get(file.fileName);
    if (instance) return instance;
    instance = new ModuleInstance(file, new Scope(file, undefined, undefined));
    this.modules.set(file.fileName, instance);
    // A JSON module (`require("./package.json")`, `import settings from "./settings.json"`): its value is
    // `module.exports`, so its members are the names as well.
    if (file.fileName.endsWith(".json")) {
      let value: Value;
      try {
        value = jsonValue(JSON.parse(file.text));
      } catch {
        value = unknown(file, "is a JSON file apidex cannot parse");
      }
      instance.exports.set(COMMONJS_EXPORTS, () => value);
      instance.state = "done";
      return instance;
    }
    // A module runs once, whoever first reads it: a speculative read that happens to (an options object's checks,
    // read quietly) must not silence what the module's own code says.
    this.diagnostics.loudly(() => this.execute(instance));
    return instance;
  }

  /** An export of a module, following `export * from` re-exports. */
  exportOf(instance: ModuleInstance, name: string, node: ts.Node, seen = new Set<ModuleInstance>()): Value {
    if (this.nesting !== this.readBase) return this.exportOfModule(instance, name, node, seen);
    // An export an adapter reads (a route file's `config`, a module's default app).
    this.nesting++;
    let value: Value;
    try {
      value = this.exportOfModule(instance, name, node, seen);
    } finally {
      this.nesting--;
    }
    this.readByAdapter(value, node);
    return value;
  }

  private exportOfModule(instance: ModuleInstance, name: string, node: ts.Node, seen: Set<ModuleInstance>): Value {
    const entry = instance.exports.get(name);
    if (entry) {
      const value = entry();
      this.tracker?.exportRead(instance.file.fileName, name, value);
      return value;
    }
    // A CommonJS module imported from ES syntax: `module.exports` is its default, its members the names.
    const commonJs = instance.exports.get(COMMONJS_EXPORTS);
    if (commonJs) {
      const whole = commonJs();
      if (name === "default") return whole;
      if (whole.kind === "object" && whole.props.has(name)) return whole.props.get(name)!;
    }
    // `export * from "./generated"` naming no file: the name may well be there once a build step writes it.
    let missing: string | undefined;
    if (name !== "default" && !seen.has(instance)) {
      seen.add(instance);
      for (const specifier of instance.starExports) {
        const target = this.sources.resolveImport(specifier, instance.file.fileName);
        if (target.kind === "missing" && specifier.startsWith(".")) missing ??= specifier;
        if (target.kind === "replayed") {
          // A barrel (`export * from "./items"`) over a replayed module: its summary knows every name it exports.
          this.replayedModule(target.fileName);
          const inner = this.replay!.exportsOf(target.fileName);
          if (inner.star)
            throw new ReplayMiss(`${instance.file.fileName} re-exports everything of ${target.fileName}, which re-exports other modules`);
          if (!inner.names.has(name)) continue;
          const value = this.replayedExport(target.fileName, name);
          this.tracker?.exportRead(instance.file.fileName, name, value);
          return value;
        }
        if (target.kind !== "source") continue;
        const inner = this.module(target.file);
        if (inner.exports.has(name) || inner.starExports.length) {
          const value = this.exportOf(inner, name, node, seen);
          if (value.kind !== "unknown" || inner.exports.has(name)) {
            this.tracker?.exportRead(instance.file.fileName, name, value);
            return value;
          }
          if (value.reason.includes(MISSING_BARREL)) return value;
        }
      }
    }
    const where = relativeName(instance.file, this.sources.root);
    if (missing)
      return unknown(
        node,
        `refers to \`${name}\`, which ${where} does not export: its \`export * from "${missing}"\` ${MISSING_BARREL} (code a build step writes is read once it exists: run apidex after that step)`,
      );
    return unknown(node, `refers to \`${name}\`, which ${where} does not export`);
  }

  // ---------------------------------------------------------------------------------------------
  // Modules

  private execute(instance: ModuleInstance): void {
    instance.state = "executing";
    const { scope, file } = instance;
    this.tracker?.enterModule(file.fileName);
    for (const statement of file.statements)
      if (ts.isVariableStatement(statement))
        for (const d of statement.declarationList.declarations)
          if (ts.isIdentifier(d.name) && d.initializer && /^(module\.exports|exports)$/.test(d.initializer.getText().replace(/\s+/g, "")))
            instance.commonJsAliases.add(d.name.text);
    for (const statement of file.statements) this.declare(statement, scope, instance);
    for (const statement of file.statements)
      if (ts.isVariableStatement(statement)) this.declareExportingVariables(statement, scope, instance);
    const outer = this.uncertainAfter;
    const outerUndecided = this.undecided;
    const outerChoices = this.undecidedChoices;
    this.uncertainAfter = undefined;
    // A module loaded inside an undecided branch registers on its own routers as it always does; the
    // branch's mount of them (\`if (admin) app.use("/admin", require("./admin"))\`) carries the mark.
    this.undecided = [];
    this.undecidedChoices = [];
    try {
      for (const statement of file.statements) if (this.run(statement, scope, instance) === "stop") break;
    } finally {
      this.uncertainAfter = outer;
      this.undecided = outerUndecided;
      this.undecidedChoices = outerChoices;
    }
    const reexports = file.statements.some(
      (statement) => ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined && !statement.isTypeOnly,
    );
    this.tracker?.leaveModule(file.fileName, { names: [...instance.exports.keys()], star: instance.starExports.length > 0, reexports });
    instance.state = "done";
  }

  /**
   * `const app = (module.exports = express())`, `var router = module.exports = express.Router()`: the variable
   * and the module's export are one value (the variable's, computed once).
   */
  private declareExportingVariables(statement: ts.VariableStatement, scope: Scope, instance: ModuleInstance): void {
    for (const d of statement.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || !d.initializer) continue;
      const name = d.name.text;
      const read = () => this.read(scope.lookup(name)!, d);
      for (
        let e = unwrapExpression(d.initializer);
        ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.EqualsToken;
        e = unwrapExpression(e.right)
      ) {
        const target = e.left.getText().replace(/\s+/g, "");
        if (target === "module.exports") instance.exports.set(COMMONJS_EXPORTS, read);
        else {
          const named = /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)$/.exec(target);
          if (named && !scope.lookup("exports")) instance.exports.set(named[1]!, read);
        }
      }
    }
  }

  /**
   * CommonJS exports at a module's top level: `module.exports = value` (the whole module, and its members
   * as names) and `exports.name = value` / `module.exports.name = value`. Evaluated once: when the statement
   * runs (`run`) if the value has effects, or when first read. Bound lazily here, at hoisting, because a
   * module in a require cycle may read the export before its own statement has run (the value is then
   * computed on that read, not recomputed when the statement runs).
   */
  private declareCommonJsExport(statement: ts.ExpressionStatement, scope: Scope, instance: ModuleInstance): void {
    let expression = statement.expression;
    if (!ts.isBinaryExpression(expression) || expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
    // `exports = module.exports = router` (or `module.exports = exports = ...`): every target of the chain
    // gets the last value.
    const targets: string[] = [];
    while (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      targets.push(expression.left.getText().replace(/\s+/g, ""));
      expression = unwrapExpression(expression.right);
    }
    const value = expression;
    const binding = new Binding(() => this.evaluate(value, scope), statement, instance.file.fileName);
    const read = () => this.read(binding, statement);
    let exported = false;
    for (const target of targets) {
      if (target === "module.exports") {
        instance.exports.set(COMMONJS_EXPORTS, read);
        exported = true;
      } else {
        const named = /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)$/.exec(target);
        // `const start = module.exports; start.start = async function () {...}`: a member of an alias of it.
        const aliased = /^([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)$/.exec(target);
        if (named && !scope.lookup("exports")) {
          instance.exports.set(named[1]!, read);
          exported = true;
        } else if (aliased && instance.commonJsAliases.has(aliased[1]!)) {
          instance.exports.set(aliased[2]!, read);
          exported = true;
        }
      }
    }
    // `module.exports = start(3000)` in an entry module nothing requires: the call must run with the module.
    // So must `module.exports = [route.get("/a", a), route.post("/b", b)]`: the statement runs once, through
    // the binding (evaluating the statement and, on a read, the binding would make each route twice).
    if (exported && (hasEffects(value) || literalHasEffects(value))) this.commonJsEffects.set(statement, binding);
  }

  /**
   * `require("x")` where `require` is Node's: a package, or a project module's CommonJS or ES exports; and
   * `import("x")` (`const { setup } = await import("../routes")`, routes loaded when a method runs): the
   * module's namespace (`await` gives the value itself).
   */
  private require(node: ts.CallExpression, scope: Scope): Value | undefined {
    const callee = node.expression;
    const arg = node.arguments[0];
    const dynamic = callee.kind === ts.SyntaxKind.ImportKeyword;
    if (!arg || (!dynamic && (!ts.isIdentifier(callee) || callee.text !== "require" || scope.lookup("require")))) return undefined;
    let specifier: string;
    if (ts.isStringLiteralLike(arg)) specifier = arg.text;
    else {
      // `require("./" + file)`, `require(path.join(__dirname, file))`: a path known once its parts are.
      // `import(pathToFileURL(file).href)`, `import(new URL("./routes.js", import.meta.url))`: a file URL is its file.
      const value = this.evaluate(arg, scope);
      const href = dynamic ? hrefOf(value) : undefined;
      const text = href?.startsWith("file:") ? fileURLToPath(href) : value.kind === "string" ? value.value : undefined;
      if (text === undefined) return unknown(node, `${dynamic ? "imports" : "requires"} a module whose path ${explain(value)}`);
      specifier = text.startsWith("/") ? `./${path.posix.relative(path.posix.dirname(scope.file.fileName), text)}` : text;
    }
    return this.requireModule(specifier, node, scope, dynamic);
  }

  /** What `require(specifier)` (or `import(specifier)`, `dynamic`) gives from the file of `scope`. */
  private requireModule(specifier: string, node: ts.Node, scope: Scope, dynamic: boolean): Value {
    const target = this.sources.resolveImport(specifier, scope.file.fileName);
    if (target.kind === "missing")
      return unknown(node, `${dynamic ? "imports" : "requires"} '${specifier}', which cannot be resolved from this file`);
    if (target.kind === "external") {
      this.noteUnsupported(specifier, node);
      if (specifier === NODE_CONFIG_MODULE) {
        const config = this.nodeConfig(scope.file.fileName, node);
        if (config) return config;
      }
      return { kind: "external", module: specifier, path: [] };
    }
    // Summaries follow ES imports; a module that requires others is evaluated again on every run.
    this.tracker?.cannotReplay?.(dynamic ? `it imports '${specifier}' when it runs (import())` : `it requires '${specifier}' (CommonJS)`);
    if (target.kind === "replayed") throw new ReplayMiss(`${scope.file.fileName} requires ${target.fileName}`);
    const instance = this.module(target.file);
    const commonJs = instance.exports.get(COMMONJS_EXPORTS);
    const value: Value = commonJs && !dynamic ? commonJs() : { kind: "namespace", file: target.file };
    this.tracker?.imported(target.file.fileName, undefined, value);
    return value;
  }

  /** Hoisting pass: binds every top-level name before any statement runs, as JavaScript does. */
  private declare(statement: ts.Statement, scope: Scope, instance: ModuleInstance | undefined): void {
    if (instance && ts.isExpressionStatement(statement)) {
      this.declareCommonJsExport(statement, scope, instance);
      return;
    }
    const exported = hasModifier(statement, ts.SyntaxKind.ExportKeyword);
    const isDefault = hasModifier(statement, ts.SyntaxKind.DefaultKeyword);
    const exportAs = (name: string, get: () => Value) => {
      if (instance && exported) instance.exports.set(isDefault ? "default" : name, get);
    };

    if (ts.isImportDeclaration(statement) && instance) {
      this.declareImport(statement, scope);
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      !statement.isTypeOnly &&
      ts.isExternalModuleReference(statement.moduleReference) &&
      ts.isStringLiteral(statement.moduleReference.expression)
    ) {
      // TypeScript's CommonJS import, `import express = require("express")`: what `require` gives.
      const specifier = statement.moduleReference.expression.text;
      const binding = new Binding(() => this.requireModule(specifier, statement, scope, false), statement, instance?.file.fileName);
      scope.bind(statement.name.text, binding);
      exportAs(statement.name.text, () => this.read(binding, statement));
    } else if (ts.isFunctionDeclaration(statement)) {
      if (!statement.body) return; // an overload signature
      const value: Value = { kind: "function", decl: statement, scope };
      const name = statement.name?.text;
      if (name) scope.bind(name, Binding.of(value, statement));
      exportAs(name ?? "default", () => value);
    } else if (ts.isClassDeclaration(statement)) {
      const value: Value = { kind: "class", decl: statement, scope };
      const name = statement.name?.text;
      if (name) scope.bind(name, Binding.of(value, statement));
      exportAs(name ?? "default", () => value);
    } else if (ts.isEnumDeclaration(statement)) {
      const binding = new Binding(() => this.enumValue(statement, scope), statement, instance?.file.fileName);
      scope.bind(statement.name.text, binding);
      exportAs(statement.name.text, () => this.read(binding, statement));
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        for (const [name, binding] of this.declareVariable(declaration, scope)) {
          if (instance) binding.owner = instance.file.fileName;
          scope.bind(name, binding);
          exportAs(name, () => this.read(binding, declaration));
        }
      }
    } else if (ts.isExportDeclaration(statement) && instance && !statement.isTypeOnly) {
      this.declareExport(statement, scope, instance);
    } else if (ts.isExportAssignment(statement) && instance) {
      const binding = new Binding(() => this.evaluate(statement.expression, scope), statement, instance.file.fileName);
      // `export = router`, TypeScript's CommonJS export: what `require` gives (and an ES default import).
      instance.exports.set(statement.isExportEquals ? COMMONJS_EXPORTS : "default", () => this.read(binding, statement));
      scope.bind("\0default", binding);
    }
  }

  /** Execution pass: statements with effects, in source order. */
  private run(statement: ts.Statement, scope: Scope, instance: ModuleInstance | undefined): Completion {
    // What a statement evaluates is the interpreter's own evaluation, not an adapter's read.
    this.nesting++;
    try {
      return this.runStatement(statement, scope, instance);
    } finally {
      this.nesting--;
    }
  }

  private runStatement(statement: ts.Statement, scope: Scope, instance: ModuleInstance | undefined): Completion {
    if (ts.isReturnStatement(statement)) {
      this.returned = statement.expression ? this.evaluate(statement.expression, scope) : UNDEFINED;
      return "return";
    }
    if (ts.isContinueStatement(statement)) return statement.label ? "stop" : "continue";
    if (ts.isBreakStatement(statement)) return statement.label ? "stop" : "break";
    if (ts.isThrowStatement(statement)) {
      this.returned = unknown(statement, "throws");
      return "return";
    }
    if (ts.isVariableStatement(statement)) {
      // A `let` or `var` of a function body holds its initializer's value from here on, until the code assigns
      // it again (`let prefix = "/api"; if (legacy) { prefix = "/v1"; return; }` reads "/api" after the if).
      const mutable = (statement.declarationList.flags & ts.NodeFlags.Const) === 0;
      if (mutable && insideFunction(scope))
        for (const declaration of statement.declarationList.declarations) {
          if (!declaration.initializer || !ts.isIdentifier(declaration.name)) continue;
          const binding = scope.bindings.get(declaration.name.text);
          if (binding && !binding.computed) binding.assign(this.evaluate(declaration.initializer, scope));
        }
      for (const declaration of statement.declarationList.declarations) {
        if (declaration.initializer && hasEffects(declaration.initializer)) {
          for (const name of boundNames(declaration.name)) {
            const binding = scope.bindings.get(name);
            if (binding) this.read(binding, declaration);
          }
        }
      }
    } else if (ts.isExpressionStatement(statement)) {
      // A CommonJS export whose value has effects: computed now, as JavaScript does, through its binding, so
      // a require cycle that read it already does not run it twice.
      const exported = instance && this.commonJsEffects.get(statement);
      if (exported) this.read(exported, statement);
      else this.evaluate(statement.expression, scope);
    } else if (ts.isForOfStatement(statement)) {
      return this.runForOf(statement, scope);
    } else if (ts.isForInStatement(statement)) {
      return this.runForIn(statement, scope);
    } else if (ts.isForStatement(statement)) {
      return this.runFor(statement, scope);
    } else if (ts.isSwitchStatement(statement)) {
      return this.runSwitch(statement, scope);
    } else if (ts.isIfStatement(statement)) {
      return this.runIf(statement, scope);
    } else if (ts.isTryStatement(statement)) {
      // The try block runs as it does when nothing throws (a failed registration stops the service);
      // the catch block is not run, and what it registers is reported.
      const tried = this.runStatements(statement.tryBlock.statements, new Scope(scope.file, scope, statement.tryBlock));
      if (statement.finallyBlock) {
        const returned = this.returned;
        const finished = this.runStatements(statement.finallyBlock.statements, new Scope(scope.file, scope, statement.finallyBlock));
        if (finished !== "normal") return finished;
        this.returned = returned;
      }
      return tried;
    } else if (ts.isBlock(statement)) {
      return this.runStatements(statement.statements, new Scope(scope.file, scope, statement));
    } else if (ts.isExportAssignment(statement) && instance) {
      const binding = scope.bindings.get("\0default");
      if (binding) this.read(binding, statement);
    }
    return "normal";
  }

  /**
   * `for (const x of items)` over data the evaluator knows (a `const` array, `Object.entries(table)`, a
   * table built by `.map`): the body runs once per item, in order, as at run time. A loop over data only
   * known at run time, or whose body leaves early (`break`, `continue`, `return`), is not run: its
   * registrations are reported (APX210), never guessed.
   */
  private runForOf(statement: ts.ForOfStatement, scope: Scope): Completion {
    if (!ts.isVariableDeclarationList(statement.initializer)) return "normal";
    const items = this.evaluate(statement.expression, scope);
    // Not run, and so its registrations are reported where they are; a loop that may leave the function
    // is an early exit apidex cannot decide for what follows (goPast).
    if (items.kind !== "array" || items.items.length > MAX_UNROLLED) {
      if ((items.kind === "unknown" || items.kind === "runtime") && !this.unreadLoops.has(statement))
        this.unreadLoops.set(statement, items);
      return this.notRun(statement, scope);
    }
    const declaration = statement.initializer.declarations[0];
    if (!declaration) return "normal";
    if (this.branchAdded.has(items) && this.callsHost(statement.statement, scope)) this.releaseAdded(items);
    this.iteratingAdded.push(items);
    try {
      return this.runIterations(statement, items.items, declaration, scope, true);
    } finally {
      this.iteratingAdded.pop();
    }
  }

  /**
   * `for (const key in table)` over a static object: the body runs once per own key, in order, as
   * `Object.keys(table)` would give them (an array's indexes, as strings, for an array). An object apidex only
   * knows in part (`open`: the environment, the global object) or any other value is not run, as for...of.
   */
  private runForIn(statement: ts.ForInStatement, scope: Scope): Completion {
    if (!ts.isVariableDeclarationList(statement.initializer)) return this.notRun(statement, scope);
    let target = this.evaluate(statement.expression, scope);
    // `for (const name in module)` of a module loaded with `await import(file)` or `require(file)` (a loader
    // that mounts each exported route class): its exports' names, as for `Object.keys(module)`.
    if (target.kind === "namespace") target = this.namespaceObject(target.file, statement.expression) ?? target;
    const keys =
      target.kind === "object" && this.keysKnown(target)
        ? [...target.props.keys()]
        : target.kind === "array"
          ? target.items.map((_, index) => String(index))
          : undefined;
    const declaration = statement.initializer.declarations[0];
    if (!keys || keys.length > MAX_UNROLLED || !declaration) return this.notRun(statement, scope);
    return this.runIterations(statement, keys.map(str), declaration, scope, false);
  }

  /**
   * A classic `for (let i = 0; i < items.length; i++)` over static bounds: its counters are declared by the
   * loop, its condition calls nothing, its update only steps them (`i++`, `i += 2`, `--i`) and its body never
   * assigns them. The counter values are worked out first (at most MAX_UNROLLED of them, the condition known
   * each time); then the body runs once per value, as at run time. Anything else is not run, as for...of.
   */
  private runFor(statement: ts.ForStatement, scope: Scope): Completion {
    const init = statement.initializer;
    if (!init || !ts.isVariableDeclarationList(init) || !statement.condition || !callsNothing(statement.condition))
      return this.notRun(statement, scope);
    const counters: string[] = [];
    const start = new Scope(scope.file, scope, statement);
    for (const declaration of init.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer || !callsNothing(declaration.initializer))
        return this.notRun(statement, scope);
      counters.push(declaration.name.text);
      start.bind(declaration.name.text, Binding.of(this.evaluate(declaration.initializer, start), declaration));
    }
    const steps = statement.incrementor ? counterSteps(statement.incrementor, counters) : undefined;
    if (!steps || assignsAny(statement.statement, counters)) return this.notRun(statement, scope);
    // The values each iteration sees, worked out without running the body.
    const iterations: Map<string, Value>[] = [];
    let current = new Map(counters.map((name) => [name, this.lookup(name, start, statement)]));
    for (;;) {
      const test = new Scope(scope.file, scope, statement);
      for (const [name, value] of current) test.bind(name, Binding.of(value, statement));
      const go = truthiness(this.evaluate(statement.condition, test));
      if (go === undefined || iterations.length > MAX_UNROLLED) return this.notRun(statement, scope);
      if (!go) break;
      iterations.push(current);
      const next = new Map(current);
      for (const { name, by } of steps) {
        const value = next.get(name);
        if (value?.kind !== "number") return this.notRun(statement, scope);
        next.set(name, { kind: "number", value: value.value + by });
      }
      current = next;
    }
    this.loopsRun.add(statement);
    for (const values of iterations) {
      const iteration = new Scope(scope.file, scope, statement);
      for (const [name, value] of values) iteration.bind(name, Binding.of(value, statement));
      const done = this.runBody(statement.statement, iteration);
      if (done === "break") break;
      if (done === "return" || done === "stop") return done;
    }
    return "normal";
  }

  /**
   * Whether an object's own keys are all known: a complete object, or a table declared as a map and written
   * out key by key (`const routes: Record<string, Route> = { a: ..., b: ... }`, open only because a key it
   * does not list would be filled in at run time, not read as absent). Not one with a spread or a computed key
   * apidex could not read, nor the global object.
   */
  private keysKnown(value: Extract<Value, { kind: "object" }>): boolean {
    if (!value.open) return true;
    const literal = this.literalOf.get(value);
    return (
      literal !== undefined &&
      literal.properties.every(
        (p) =>
          !ts.isSpreadAssignment(p) &&
          (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) || ts.isNumericLiteral(p.name)) &&
          !ts.isSetAccessorDeclaration(p),
      )
    );
  }

  /** A loop apidex does not run: its registrations are reported where they are; one that may leave the function is an early exit. */
  private notRun(statement: ts.IterationStatement, scope: Scope): Completion {
    return exitsFunction(statement.statement) ? this.goPast(statement, scope) : "normal";
  }

  /** A loop's body once per item, the item bound to the loop's declaration in a scope of its own each time. */
  private runIterations(
    statement: ts.ForOfStatement | ts.ForInStatement,
    items: readonly Value[],
    declaration: ts.VariableDeclaration,
    scope: Scope,
    /** Whether the items are registry entries (for...of), whose metadata a route registered in the body may carry. */
    entries: boolean,
  ): Completion {
    this.loopsRun.add(statement);
    for (const item of items) {
      const iteration = new Scope(scope.file, scope, statement);
      for (const [name, binding] of this.destructure(declaration.name, Binding.of(item, declaration), iteration))
        iteration.bind(name, binding);
      if (entries) this.iterations.push(item);
      let done: Completion;
      try {
        done = this.runBody(statement.statement, iteration);
      } finally {
        if (entries) this.iterations.pop();
      }
      if (done === "break") break;
      if (done === "return" || done === "stop") return done;
    }
    return "normal";
  }

  private runBody(body: ts.Statement, scope: Scope): Completion {
    return ts.isBlock(body) ? this.runStatements(body.statements, scope) : this.run(body, scope, undefined);
  }

  /**
   * `switch (value)` over a value the evaluator knows: the matching case runs (or `default`), falling through
   * to the next until a `break`, as at run time; the cases that cannot run are dead code. Over a value it
   * cannot read (or a case it cannot compare), every case runs, as both branches of an undecidable `if` do
   * (runUndecided): what they register is indexed and marked (APX217); one that may leave the function is an
   * early exit for what follows (goPast).
   */
  private runSwitch(statement: ts.SwitchStatement, scope: Scope): Completion {
    const clauses = statement.caseBlock.clauses;
    // The case block is one scope: a name declared in one case is seen by the cases after it.
    const block = new Scope(scope.file, scope, statement.caseBlock);
    for (const clause of clauses) for (const inner of clause.statements) this.declare(inner, block, undefined);
    const discriminant = primitive(this.evaluateCondition(statement.expression, scope, statement));
    let start: number | undefined;
    let decided = discriminant !== NOT_PRIMITIVE;
    for (let i = 0; decided && i < clauses.length; i++) {
      const clause = clauses[i]!;
      if (!ts.isCaseClause(clause)) continue;
      const value = primitive(this.evaluate(clause.expression, block));
      if (value === NOT_PRIMITIVE) decided = false;
      else if (value === discriminant) {
        start = i;
        break;
      }
    }
    if (!decided) {
      this.reportUnknownCondition(statement, scope);
      return leavesEarly(statement) ? this.goPast(statement, scope) : this.runUndecided(statement, block);
    }
    start ??= clauses.findIndex((clause: ts.Node) => ts.isDefaultClause(clause));
    let index: number = start < 0 ? clauses.length : start;
    for (const [i, clause] of clauses.entries()) if (i < index) this.deadBranches.add(clause);
    for (; index < clauses.length; index++) {
      for (const inner of clauses[index]!.statements) {
        const done = this.run(inner, block, undefined);
        if (done === "break") {
          for (const clause of clauses.slice(index + 1)) this.deadBranches.add(clause);
          return "normal";
        }
        if (done !== "normal") return done;
      }
    }
    return "normal";
  }

  /**
   * An early exit (`return`, `continue`, `break`) under a condition apidex cannot read: a guard whose
   * other side is how the service normally runs (`if (!installed) return;`, `if (bootError) { ...; return; }`).
   * What follows runs as when the exit is not taken, and every route registered from here until the
   * function (or module) ends is marked: it is served only when the exit is not taken (`unresolved:
   * ["registration"]`). A value the exit would return leaves the function's value unknown, unless it is the
   * value the function returns at its end.
   */
  private goPast(statement: ts.Statement, scope: Scope): Completion {
    if (!this.uncertainExits.has(statement)) this.uncertainExits.set(statement, 0);
    this.uncertainAfter = statement;
    if (returnsValue(statement)) this.skippedReturns.push(this.returnedBy(statement, scope));
    return "normal";
  }

  /**
   * What an exit's `return`s would give: the value of its one `return`, evaluated here when it calls nothing;
   * and each return's value read on demand (the branches of the function's value), when every `return` gives
   * one and the exit declares no name its returns could read (this scope would read another, or none).
   */
  private returnedBy(exit: ts.Statement, scope: Scope): SkippedReturn {
    const returns: (ts.Expression | undefined)[] = [];
    let declares = false;
    const visit = (n: ts.Node): void => {
      if (isFunctionLike(n)) return;
      if (ts.isVariableDeclaration(n)) declares = true;
      if (ts.isReturnStatement(n)) returns.push(n.expression);
      else ts.forEachChild(n, visit);
    };
    visit(exit);
    const expression = returns.length === 1 ? returns[0] : undefined;
    const value = expression && callsNothing(expression) ? this.evaluate(expression, scope) : undefined;
    const expressions = returns.filter((r): r is ts.Expression => r !== undefined);
    const condition = exitCondition(exit);
    return {
      value,
      condition,
      ...(!declares && expressions.length === returns.length ? { later: expressions.map((e) => () => this.evaluate(e, scope)) } : {}),
      final: alwaysReturns(exit),
    };
  }

  /**
   * Whether a route or mount registered now depends on an early exit whose condition apidex cannot read
   * (counted for that exit's warning).
   */
  /**
   * The branches a registration made now is under, when it is conditional only by `if`s apidex cannot read
   * (no early exit, no `switch`): undefined otherwise. Called after `registersUncertainly()` said true.
   */
  uncertainBranches(): BranchChoice[] | undefined {
    if (this.uncertainAfter || !this.undecidedChoices.length || this.undecidedChoices.some((c) => c === undefined)) return undefined;
    return this.undecidedChoices as BranchChoice[];
  }

  registersUncertainly(): boolean {
    // A registration now: the defaults the conditions it depends on read, and what undecided branches may
    // have added to the arrays iterated to make it, reach the artifacts.
    for (const outer of this.undecided) this.releaseConditionDefaults(outer);
    this.releaseConditionDefaults(this.uncertainAfter);
    for (const array of this.iteratingAdded) this.releaseAdded(array);
    // A loop over a default's items (`for (const name of (process.env.SERVICES ?? "web").split(","))`).
    for (const item of this.iterations) if (item.kind === "string" && item.env) this.releaseDefault(item.env, item.value);
    const condition = this.undecided.at(-1);
    if (condition) {
      const marked = (this.undecidedConditions.get(condition) ?? 0) + 1;
      this.undecidedConditions.set(condition, marked);
      if (marked === 1)
        this.diagnostics.warning(
          "APX217",
          undecidedMessage(conditionOf(condition)),
          siteOf(conditionOf(condition)),
          undecidedHint(conditionOf(condition)),
        );
      return true;
    }
    const exit = this.uncertainAfter;
    if (!exit) return false;
    const marked = (this.uncertainExits.get(exit) ?? 0) + 1;
    this.uncertainExits.set(exit, marked);
    // Said once, at the exit, when the first registration depends on it (while the module that runs it is
    // evaluated, so a replay of that module says it again).
    if (marked === 1) {
      const condition = exitCondition(exit);
      this.diagnostics.warning(
        "APX216",
        `This early exit depends on \`${excerpt(condition)}\`, which apidex cannot read statically; what follows is read as when it does not exit: the routes registered after it are indexed, their operations marked \`unresolved: ["registration"]\` (served only when it does not exit).`,
        siteOf(exit),
        /process\.env|import\.meta\.env/.test(condition.getText())
          ? "Set the variables it reads in the config's `env`: the exit is then decided, and the operations after it are exact."
          : "Decide the exit on static data (a const table, the config's `env`) to index exactly what runs.",
      );
    }
    return true;
  }

  /**
   * A condition's value, and the environment defaults it reads, kept under `owner` (an `if`, a `switch`, a
   * `?:`'s condition): said if a registration depends on that decision (registersUncertainly).
   */
  private evaluateCondition(condition: ts.Expression, scope: Scope, owner: ts.Node): Value {
    const read = new Set<string>();
    this.conditionReads.push(read);
    try {
      return this.evaluate(condition, scope);
    } finally {
      this.conditionReads.pop();
      if (read.size) this.conditionDefaults.set(owner, read);
    }
  }

  /** `if (condition)` whose condition the evaluator knows (a flag in a static table): the branch it takes runs. */
  private runIf(statement: ts.IfStatement, scope: Scope): Completion {
    // A cache filled once (`if (!_router) { _router = (await import("./root")).router }`): the branch runs,
    // since whichever call fills it, the name holds what the branch gives from then on.
    if (this.fillsEmptyCache(statement, scope)) return this.run(statement.thenStatement, scope, undefined);
    // The environment defaults the condition reads: said if a registration depends on it (registersUncertainly).
    const test = truthiness(this.evaluateCondition(statement.expression, scope, statement));
    if (test === undefined) {
      this.reportUnknownCondition(statement, scope);
      if (!leavesEarly(statement)) return this.runUndecided(statement, scope);
      // What a branch does before it leaves (`if (isDir) { walk(sub); continue; }`, `if (!installed) {
      // app.get("/install", ...); return; }`) runs as a branch may; what follows, as when it does not leave.
      this.runUndecided(statement, scope, true);
      return this.goPast(statement, scope);
    }
    const branch = test ? statement.thenStatement : statement.elseStatement;
    const other = test ? statement.elseStatement : statement.thenStatement;
    if (other) this.deadBranches.add(other);
    return branch ? this.run(branch, scope, undefined) : "normal";
  }

  /**
   * Both branches of an \`if\` whose condition apidex cannot read, one after the other: the routes and mounts
   * they register are indexed and marked (APX217), since either may be what runs. Neither branch's effects
   * on data are kept: a name declared outside that a branch assigns is unknown after the \`if\`, and
   * properties and arrays are not changed (APX213 says what a branch adds to an array).
   */
  private runUndecided(statement: ts.IfStatement | ts.SwitchStatement, scope: Scope, keepData = false): Completion {
    const outerAssigned = this.assignedUndecided;
    const assigned: { name: string; binding: Binding; previous: Value | undefined }[] = [];
    this.assignedUndecided = assigned;
    this.undecided.push(statement);
    this.undecidedChoices.push(undefined);
    try {
      if (ts.isIfStatement(statement)) {
        const condition = siteOf(statement.expression);
        [statement.thenStatement, statement.elseStatement].forEach((branch, index) => {
          if (!branch) return;
          this.undecidedChoices[this.undecidedChoices.length - 1] = { condition, branch: index, of: 2 };
          this.run(branch, scope, undefined);
        });
      } else {
        // Each case as a branch of its own, up to its `break` (a case that falls through runs on into the
        // next, which runs as a branch anyway).
        for (const clause of statement.caseBlock.clauses)
          for (const inner of clause.statements) if (this.run(inner, scope, undefined) !== "normal") break;
      }
    } finally {
      this.undecided.pop();
      this.undecidedChoices.pop();
      this.assignedUndecided = outerAssigned;
    }
    // `keepData`: the branches of an early exit run for what they register; the code after the `if` runs as
    // when the exit is not taken, so the names keep what they held before it (the first assignment's previous).
    if (keepData) {
      for (const { binding, previous } of [...assigned].reverse()) binding.restore(previous);
      return "normal";
    }
    // A branch that gives a name the string it held (`if (BASE_PATH === "/") BASE_PATH = ""` over the default
    // `""`) leaves it as it was, whichever branch runs: the value before the `if` stays.
    const values = new Map<Binding, (Value | undefined)[]>();
    for (const { binding, previous } of assigned) values.set(binding, [...(values.get(binding) ?? []), previous]);
    const unchanged = (binding: Binding): boolean => {
      // What it held before the first assignment, then what each assignment gave it.
      const [before, ...after] = [...(values.get(binding) ?? []), binding.peek()];
      return before?.kind === "string" && after.every((v) => v?.kind === "string" && v.value === before.value);
    };
    for (const { name, binding } of assigned)
      if (scope.lookup(name) === binding) {
        if (unchanged(binding)) {
          binding.restore(values.get(binding)![0]);
          continue;
        }
        binding.assign(unknown(statement, `is \`${name}\` as one branch of a condition apidex cannot read left it`));
        outerAssigned?.push({ name, binding, previous: undefined });
      }
    return "normal";
  }

  /**
   * A condition only known at run time: what a branch adds to an array apidex reads — `modules.push(SearchModule)` — would
   * be lost silently, so it is reported here, once per condition.
   */
  private reportUnknownCondition(statement: ts.IfStatement | ts.SwitchStatement, scope: Scope): void {
    // The calls that could add to an array or Map are found in the syntax once per statement (it runs again at
    // every call of its function); whether one adds to one the scope holds is decided each time.
    const mutation = additionCalls(statement).find(
      (node) =>
        scope.lookup(node.expression.expression.text) &&
        isArrayOrMap(this.lookup(node.expression.expression.text, scope, node), node.expression.name.text) &&
        node.arguments.some((arg) => this.mayRoute(arg, scope)),
    );
    if (!mutation) return;
    // Held back until the array is read by an adapter (a module list, a route table) or iterated where
    // routes are registered: an array no route depends on (a Redis URL's parts) changes no artifact.
    const site = siteOf(statement.expression);
    const key = `APX213|${site.file}:${site.line}:${site.column}`;
    const array = this.lookup(
      ((mutation as ts.CallExpression).expression as ts.PropertyAccessExpression).expression.getText(),
      scope,
      mutation,
    );
    const keys = this.branchAdded.get(array) ?? new Set<string>();
    keys.add(key);
    this.branchAdded.set(array, keys);
    this.diagnostics.hold(key, {
      severity: "warning",
      code: "APX213",
      message: `This condition is only known at run time (\`${excerpt(statement.expression)}\`): what its branches do to \`${excerpt(mutation).slice(0, 60)}\` and the like is not read, and what depends on it (modules, routers, tables) may be missing.`,
      site,
      hint: "Set the environment variables it reads in the config's `env`, or make the condition a constant.",
    });
  }

  /**
   * Whether a value a branch adds to an array may be part of what serves routes: an app or router, a class (a
   * NestJS module or controller), a function of the sources (a handler, a plugin), a path, or an object or
   * array holding one. Read without running anything: a call counts by what it calls (`Feature.forRoot()`), a
   * name or property by its value; a request's data, a package's result or a plain value (`out.push(item)` in a
   * utility, `providers.push(Google(...))`) does not.
   */
  private mayRoute(node: ts.Expression, scope: Scope): boolean {
    const inner = unwrapExpression(ts.isSpreadElement(node) ? node.expression : node);
    if (ts.isCallExpression(inner) || ts.isNewExpression(inner)) return this.mayRoute(inner.expression, scope);
    if (ts.isObjectLiteralExpression(inner))
      return inner.properties.some(
        (p) => (ts.isPropertyAssignment(p) && this.mayRoute(p.initializer, scope)) || ts.isShorthandPropertyAssignment(p),
      );
    if (ts.isArrayLiteralExpression(inner)) return inner.elements.some((e) => !ts.isOmittedExpression(e) && this.mayRoute(e, scope));
    if (ts.isStringLiteralLike(inner)) return inner.text.startsWith("/");
    if (isFunctionLike(inner)) return true;
    if (!ts.isIdentifier(inner) && !ts.isPropertyAccessExpression(inner)) return ts.isTemplateExpression(inner);
    // A name the branch itself declares cannot be read from outside it: it may be anything.
    let root: ts.Expression = inner;
    while (ts.isPropertyAccessExpression(root)) root = root.expression;
    if (ts.isIdentifier(root) && !scope.lookup(root.text)) return true;
    const routing = (value: Value, depth: number): boolean => {
      switch (value.kind) {
        case "host":
        case "class":
        case "function":
        case "instance":
          return true;
        // A framework's own factory or module (`express.Router`, `@nestjs/...`), not another package's.
        case "external":
          return isFrameworkModule(value.module);
        case "string":
          return value.value.startsWith("/");
        case "array":
          return depth < 3 && value.items.some((item) => routing(item, depth + 1));
        case "object":
          return depth < 3 && [...value.props.values()].some((item) => routing(item, depth + 1));
        default:
          return false;
      }
    };
    return routing(this.evaluate(inner, scope), 0);
  }

  /**
   * The check a registry's metadata puts on a route registered now: the permission path read from the
   * innermost loop entry that has it (an entry may be the metadata object, an endpoint module, or a
   * `[name, module]` pair). Undefined outside loops, without a `registry` config, or when no entry has it.
   */
  registryCheck(node: ts.CallExpression): CheckValue | undefined {
    if (!this.registry || !this.iterations.length) return undefined;
    const permission = this.registry.permission.split(".");
    for (let i = this.iterations.length - 1; i >= 0; i--) {
      const entry = this.iterations[i]!;
      const found = this.readPath(entry, permission, node);
      if (found === undefined) continue;
      if (this.registry.when) {
        // An entry without the property is one that does not set it (`if (def.auth)` is false there); one that
        // apidex cannot read in full (an object with a spread it cannot list) may set it, and is not decided.
        const when = this.registry.when.split(".");
        const gate = this.readPath(entry, when, node) ?? (this.lacksPath(entry, when, node) ? UNDEFINED : undefined);
        if (gate && truthiness(gate) === false) return { kind: "check", keys: [], node };
      }
      if (found.kind === "undefined" || found.kind === "null" || found.kind === "boolean") return { kind: "check", keys: [], node };
      const keys = keysOfValue(found);
      if (keys) return { kind: "check", keys, node, ...(this.registry.match === "any" && keys.length > 1 ? { any: true } : {}) };
      this.diagnostics.warning(
        "APX301",
        `Cannot resolve the registry permission \`${this.registry.permission}\` of this entry statically; the route is marked \`unresolved\`.`,
        siteOf(node),
        "Give the metadata's permission as a string literal or a const.",
      );
      return { kind: "check", keys: [], node, unresolved: true };
    }
    return undefined;
  }

  /** Whether a value surely has nothing at a property path: a complete object, a module or a pair lacks it. */
  private lacksPath(value: Value, path: readonly string[], node: ts.Node): boolean {
    if (!path.length) return false;
    const [head, ...rest] = path as [string, ...string[]];
    switch (value.kind) {
      case "object": {
        const next = value.props.get(head);
        return next === undefined ? !value.open : this.lacksPath(next, rest, node);
      }
      case "namespace": {
        const instance = this.module(value.file);
        if (instance.exports.has(head)) return this.lacksPath(this.exportOf(instance, head, node), rest, node);
        return !instance.starExports.length;
      }
      case "array":
        return value.items.every((item) => this.lacksPath(item, path, node));
      case "string":
      case "number":
      case "boolean":
      case "undefined":
      case "null":
        return true;
      default:
        return false;
    }
  }

  /** A property path through objects, endpoint modules (namespaces) and `[name, module]` pairs; undefined when it is not there. */
  private readPath(value: Value, path: readonly string[], node: ts.Node): Value | undefined {
    if (!path.length) return value;
    const [head, ...rest] = path as [string, ...string[]];
    if (value.kind === "object") {
      const next = value.props.get(head);
      return next === undefined ? undefined : this.readPath(next, rest, node);
    }
    if (value.kind === "namespace") {
      const next = this.exportOf(this.module(value.file), head, node);
      return next.kind === "unknown" ? undefined : this.readPath(next, rest, node);
    }
    if (value.kind === "array") {
      for (const item of value.items) {
        const found = this.readPath(item, path, node);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }

  /** A block's statements in a scope of its own: declarations first (hoisting), then each in order. */
  private runStatements(statements: readonly ts.Statement[], scope: Scope): Completion {
    for (const statement of statements) this.declare(statement, scope, undefined);
    for (const statement of statements) {
      const done = this.run(statement, scope, undefined);
      if (done !== "normal") return done;
    }
    return "normal";
  }

  /** `items.forEach(fn)` and `items.map(fn)` over a static array: the callback runs once per item. */
  private iterate(
    receiver: Extract<Value, { kind: "array" }>,
    method: "forEach" | "map" | "flatMap",
    node: ts.CallExpression | ts.NewExpression,
    scope: Scope,
  ): Value | undefined {
    const fnNode = node.arguments?.[0];
    const fn = fnNode ? this.evaluate(fnNode, scope) : undefined;
    if (fn?.kind !== "function" || receiver.items.length > MAX_UNROLLED) return undefined;
    if (this.branchAdded.has(receiver) && fn.decl.body && this.callsHost(fn.decl.body, scope)) this.releaseAdded(receiver);
    const results = receiver.items.map((item, index) => {
      this.iterations.push(item);
      this.iteratingAdded.push(receiver);
      try {
        return this.callFunction(fn, [item, { kind: "number", value: index }, receiver], node);
      } finally {
        this.iteratingAdded.pop();
        this.iterations.pop();
      }
    });
    if (method === "forEach") return UNDEFINED;
    const mapped: Value =
      method === "flatMap"
        ? { kind: "array", items: results.flatMap((r) => (r.kind === "array" ? r.items : [r])) }
        : { kind: "array", items: results };
    this.carryAdded(receiver, mapped);
    return mapped;
  }

  /**
   * An import of an HTTP framework apidex does not read (oRPC, restify, AdonisJS, ...): said once per framework
   * (APX002), and the module is evaluated on every run, so the warning does not depend on the cache.
   */
  private noteUnsupported(specifier: string, node: ts.Node): void {
    const framework = unsupportedFramework(specifier, node.getSourceFile().text);
    if (!framework) return;
    this.tracker?.cannotReplay?.(`it imports ${framework}, which apidex does not read`);
    if (this.unsupportedSeen.has(framework)) return;
    this.unsupportedSeen.add(framework);
    this.diagnostics.warning(
      "APX002",
      `This module uses ${framework} ('${specifier}'), which apidex does not read: the routes it serves are not indexed.`,
      siteOf(node),
      unsupportedHint(framework) ?? "Serve those routes through a framework apidex reads (docs/frameworks.md), or describe them elsewhere.",
    );
  }

  private declareImport(statement: ts.ImportDeclaration, scope: Scope): void {
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly || !ts.isStringLiteral(statement.moduleSpecifier)) return;
    const specifier = statement.moduleSpecifier.text;
    const fromFile = scope.file.fileName;
    this.noteUnsupported(specifier, statement);
    const importValue = (name: string | undefined, node: ts.Node): Value => {
      const target = this.sources.resolveImport(specifier, fromFile);
      if (target.kind === "missing") {
        return unknown(node, `is imported from '${specifier}', which cannot be resolved from this file`);
      }
      if (target.kind === "external") {
        const config = specifier === NODE_CONFIG_MODULE ? this.nodeConfig(fromFile, node) : undefined;
        if (config) return name === undefined || name === "default" ? config : this.property(config, name, node);
        if (specifier === SVELTEKIT_PATHS && name === "base") return this.svelteKitBase(node);
        return this.external(specifier, name === undefined ? [] : [name]);
      }
      if (target.kind === "replayed") {
        if (name === undefined) throw new ReplayMiss(`${fromFile} imports all of ${target.fileName} as a namespace`);
        const value = this.replayedExport(target.fileName, name);
        this.tracker?.imported(target.fileName, name, value);
        return value;
      }
      const value: Value =
        name === undefined ? { kind: "namespace", file: target.file } : this.exportOf(this.module(target.file), name, node);
      this.tracker?.imported(target.file.fileName, name, value);
      return value;
    };
    // `import process from "node:process"`, `import { URL } from "node:url"`: the global object itself, under its
    // own name, left unbound so that it reads (and is recognized) as the global; `import { env } from "process"`
    // is the environment.
    const nodeGlobal = (imported: string | undefined, local: string) =>
      NODE_GLOBAL_EXPORTS[specifier.replace(/^node:/, "")]?.(imported, local);
    if (clause.name && !nodeGlobal("default", clause.name.text)) {
      const node = clause.name;
      scope.bind(node.text, new Binding(() => importValue("default", node), node));
    }
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) {
      if (!nodeGlobal(undefined, bindings.name.text))
        scope.bind(bindings.name.text, new Binding(() => importValue(undefined, bindings), bindings));
    } else if (bindings) {
      for (const element of bindings.elements) {
        if (element.isTypeOnly) continue;
        const imported = (element.propertyName ?? element.name).text;
        if (nodeGlobal(imported, element.name.text)) continue;
        if (/^(node:)?process$/.test(specifier) && imported === "env") {
          scope.bind(element.name.text, new Binding(() => this.property(this.processGlobal(element), "env", element), element));
          continue;
        }
        scope.bind(element.name.text, new Binding(() => importValue(imported, element), element));
      }
    }
  }

  private declareExport(statement: ts.ExportDeclaration, scope: Scope, instance: ModuleInstance): void {
    const specifier =
      statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
    const clause = statement.exportClause;
    if (!clause) {
      if (specifier) instance.starExports.push(specifier);
      return;
    }
    const target = () => (specifier ? this.sources.resolveImport(specifier, scope.file.fileName) : undefined);
    if (ts.isNamespaceExport(clause)) {
      instance.exports.set(clause.name.text, () => {
        const t = target();
        if (t?.kind === "replayed") throw new ReplayMiss(`${scope.file.fileName} re-exports all of ${t.fileName} as a namespace`);
        if (t?.kind === "source") return { kind: "namespace", file: t.file };
        if (t?.kind === "external") return { kind: "external", module: specifier ?? "", path: [] };
        return unknown(clause, `re-exports '${specifier}', which cannot be resolved`);
      });
      return;
    }
    for (const element of clause.elements) {
      if (element.isTypeOnly) continue;
      const local = (element.propertyName ?? element.name).text;
      const exported = element.name.text;
      instance.exports.set(exported, () => {
        if (!specifier) return this.lookup(local, scope, element);
        const t = target();
        if (t?.kind === "replayed") return this.replayedExport(t.fileName, local);
        if (t?.kind === "source") return this.exportOf(this.module(t.file), local, element);
        if (t?.kind === "external") return { kind: "external", module: specifier, path: [local] };
        return unknown(element, `re-exports from '${specifier}', which cannot be resolved`);
      });
    }
  }

  /** Binds the names a variable declaration introduces; `let`/`var` only when never reassigned. */
  private declareVariable(declaration: ts.VariableDeclaration, scope: Scope): [string, Binding][] {
    const list = declaration.parent;
    const isConst = ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0;
    const init = declaration.initializer;
    // `declare const ready: boolean` (or one in a declaration file): a value that exists at run time, unknown here.
    const ambient =
      !init &&
      (declaration.getSourceFile().isDeclarationFile ||
        (ts.isVariableStatement(list.parent) && hasModifier(list.parent, ts.SyntaxKind.DeclareKeyword)));
    const whole = new Binding(() => {
      if (ambient) return unknown(declaration, "is declared (`declare`), its value only known at run time");
      if (!init) return UNDEFINED;
      if (!isConst) {
        const names = boundNames(declaration.name);
        if (names.some((n) => this.isReassigned(scope.file, n) && !reassignedInOrder(declaration, n))) {
          return unknown(declaration, `is declared with let/var and reassigned, so its value is only known at run time`);
        }
      }
      return this.evaluate(init, scope);
    }, declaration);
    return this.destructure(declaration.name, whole, scope);
  }

  private destructure(name: ts.BindingName, source: Binding, scope: Scope): [string, Binding][] {
    if (ts.isIdentifier(name)) return [[name.text, source]];
    const out: [string, Binding][] = [];
    if (ts.isObjectBindingPattern(name)) {
      for (const element of name.elements) {
        const key = element.propertyName ?? element.name;
        const keyName = ts.isIdentifier(key) || ts.isStringLiteral(key) ? key.text : undefined;
        const part = new Binding(() => {
          const whole = this.read(source, element);
          if (element.dotDotDotToken) return this.objectRest(whole, name, element);
          if (keyName === undefined) return unknown(element, "is a computed binding");
          // A missing property destructures to undefined (and so to the default value), as in JavaScript.
          const value = whole.kind === "object" && !whole.props.has(keyName) ? UNDEFINED : this.property(whole, keyName, element);
          if (value.kind === "undefined" && element.initializer) return this.evaluate(element.initializer, scope);
          return value;
        }, element);
        out.push(...this.destructure(element.name, part, scope));
      }
    } else {
      name.elements.forEach((element, index) => {
        if (ts.isOmittedExpression(element)) return;
        const part = new Binding(() => {
          const whole = this.read(source, element);
          if (element.dotDotDotToken) {
            return whole.kind === "array"
              ? { kind: "array", items: whole.items.slice(index) }
              : unknown(element, "is a rest binding of a value that is not static");
          }
          if (whole.kind === "array") return whole.items[index] ?? UNDEFINED;
          return whole.kind === "runtime" || whole.kind === "unknown"
            ? whole
            : unknown(element, "destructures a value that is not an array");
        }, element);
        out.push(...this.destructure(element.name, part, scope));
      });
    }
    return out;
  }

  /**
   * `const { name, ...rest } = route`: a new object with the own properties the pattern does not name, in
   * order (open when the source is: a property apidex does not know may be among them). Unknown when the
   * source is not a static object, or when another key of the pattern is computed (which ones are left out
   * is then unknown).
   */
  private objectRest(whole: Value, pattern: ts.ObjectBindingPattern, element: ts.BindingElement): Value {
    if (whole.kind === "unknown" || whole.kind === "runtime") return whole;
    if (whole.kind !== "object") return unknown(element, "is a rest binding of a value that is not a static object");
    const named = new Set<string>();
    for (const other of pattern.elements) {
      if (other === element) continue;
      const key = other.propertyName ?? other.name;
      if (!ts.isIdentifier(key) && !ts.isStringLiteral(key) && !ts.isNumericLiteral(key))
        return unknown(element, "is a rest binding beside a computed key");
      named.add(key.text);
    }
    const props = new Map([...whole.props].filter(([key]) => !named.has(key)));
    return whole.open ? { kind: "object", props, open: true } : { kind: "object", props };
  }

  /**
   * Whether an \`if\` fills a cache: its condition tests that a name is empty (\`!x\`, \`x == null\`, \`x === undefined\`),
   * it has no \`else\`, the name is a \`let\` or \`var\` declared empty, and every assignment of it in the file is
   * made under such a test (or is \`x ??= v\`, \`x ||= v\`). Then the name only ever holds what those assignments
   * give, and after the \`if\` it holds what this one gives.
   */
  private fillsEmptyCache(statement: ts.IfStatement, scope: Scope): boolean {
    if (statement.elseStatement) return false;
    const name = emptinessTested(statement.expression);
    if (!name) return false;
    const declaration = scope.lookup(name)?.node;
    if (!declaration || !ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name)) return false;
    const list = declaration.parent;
    if (!ts.isVariableDeclarationList(list) || (list.flags & ts.NodeFlags.Const) !== 0) return false;
    const init = declaration.initializer && unwrapExpression(declaration.initializer);
    if (init && init.kind !== ts.SyntaxKind.NullKeyword && !(ts.isIdentifier(init) && init.text === "undefined")) return false;
    // Read once per name: a guard such as `if (!user)` may run many times.
    const known = this.cacheNames.get(declaration);
    if (known !== undefined) return known;
    const file = declaration.getSourceFile();
    let assigned = false;
    let otherwise = false;
    const visit = (node: ts.Node): void => {
      if (otherwise) return;
      const target =
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
        node.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
        ts.isIdentifier(node.left) &&
        node.left.text === name
          ? node
          : undefined;
      if (target) {
        assigned = true;
        const op = target.operatorToken.kind;
        if (
          op !== ts.SyntaxKind.QuestionQuestionEqualsToken &&
          op !== ts.SyntaxKind.BarBarEqualsToken &&
          !(op === ts.SyntaxKind.EqualsToken && underEmptinessTest(target, name))
        )
          otherwise = true;
      } else if (
        (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
        (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken) &&
        ts.isIdentifier(node.operand) &&
        node.operand.text === name
      )
        otherwise = true;
      ts.forEachChild(node, visit);
    };
    visit(file);
    const fills = assigned && !otherwise;
    this.cacheNames.set(declaration, fills);
    return fills;
  }

  /** Whether each `let` the evaluator asked about is a cache filled once (`fillsEmptyCache`). */
  private readonly cacheNames = new WeakMap<ts.Node, boolean>();

  private isReassigned(file: ts.SourceFile, name: string): boolean {
    let names = this.assignedNames.get(file);
    if (!names) {
      const found = new Set<string>();
      const visit = (node: ts.Node): void => {
        if (
          ts.isBinaryExpression(node) &&
          node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
          node.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
          ts.isIdentifier(node.left)
        ) {
          found.add(node.left.text);
        } else if (
          (ts.isPostfixUnaryExpression(node) ||
            (ts.isPrefixUnaryExpression(node) &&
              (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken))) &&
          ts.isIdentifier(node.operand)
        ) {
          // `x++`, `--x`; not `!x`, `-x` or `~x`, which read it.
          found.add(node.operand.text);
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
      names = found;
      this.assignedNames.set(file, names);
    }
    return names.has(name);
  }

  private enumValue(declaration: ts.EnumDeclaration, scope: Scope): Value {
    const props = new Map<string, Value>();
    const members = new Scope(scope.file, scope, declaration);
    let next = 0;
    for (const member of declaration.members) {
      const name = ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : undefined;
      if (name === undefined) continue;
      let value: Value;
      if (member.initializer) {
        value = this.evaluate(member.initializer, members);
        // A member that is not a string is a number, whatever its initializer computes (`1 << 3`,
        // `READ | WRITE`): as a permission key it is its own name, so its value need not be known.
        if (value.kind !== "string") {
          const known = value.kind === "number" ? value.value : Number.NaN;
          next = known + 1;
          value = { kind: "number", value: known, enumMember: name };
        }
      } else {
        value = { kind: "number", value: next++, enumMember: name };
      }
      props.set(name, value);
      members.bind(name, Binding.of(value, member));
    }
    return { kind: "object", props };
  }

  private read(binding: Binding, node: ts.Node): Value {
    const assigned = this.stateSetByCalls.get(binding);
    if (assigned && this.stateReads) this.stateReads.push({ read: node, assigned });
    const onCycle = () => unknown(node, "refers to itself through a circular import or definition");
    // A module-level value computed now (perhaps on another module's first read): what it does is its module's.
    if (this.tracker && binding.owner !== undefined && !binding.computed) {
      this.tracker.enterBinding(binding.owner);
      try {
        return binding.get(onCycle);
      } finally {
        this.tracker.leaveBinding();
      }
    }
    return binding.get(onCycle);
  }

  /** Module-level names a function assigned when apidex ran it (`current = { ...current, ...c }` in `setConfig`), with the assignment. */
  private readonly stateSetByCalls = new WeakMap<Binding, ts.Node>();
  /** The reads of such names `readingRunTimeState` is noting. */
  private stateReads: { read: ts.Node; assigned: ts.Node }[] | undefined;

  /**
   * Runs `evaluate`, noting the first read of module state that a function assigned when apidex ran it
   * (`let current = ...; export const setConfig = (c) => { current = c; }`). apidex reads such a name as the
   * last value assigned by the code it ran; a reader for which *when* the read happens matters (Nest reads a
   * module's metadata when the module's file loads, which may be before or after `setConfig` runs) takes
   * that value as only known at run time.
   */
  readingRunTimeState<T>(evaluate: () => T): { value: T; state?: { read: ts.Node; assigned: ts.Node } } {
    const outer = this.stateReads;
    const reads: { read: ts.Node; assigned: ts.Node }[] = [];
    this.stateReads = reads;
    try {
      const value = evaluate();
      return reads[0] ? { value, state: reads[0] } : { value };
    } finally {
      this.stateReads = outer;
      outer?.push(...reads);
    }
  }

  /** The configured environment as a value (`process.env`), undefined when the config gives none. */
  environment(): Value | undefined {
    if (!this.env) return undefined;
    return { kind: "object", props: new Map(Object.entries(this.env).map(([k, v]) => [k, { kind: "string", value: v }])) };
  }

  /** Node's `process` object as apidex knows it: its `env` the configured environment, unknown without one. */
  private processGlobal(node: ts.Node): Value {
    if (!this.env) {
      // `process.argv`, `process.platform`: the process, not its environment, which the config sets.
      const member =
        node.parent && ts.isPropertyAccessExpression(node.parent) && node.parent.expression === node ? node.parent.name.text : undefined;
      return member !== undefined && member !== "env"
        ? unknown(node, `reads \`process.${member}\`, only known at run time`)
        : unknown(node, "reads the process environment, only known at run time (the config's `env` can set it)");
    }
    // `process.env.NAME`: the configured environment is the whole environment; a name it omits is unset.
    const env: Value = { kind: "object", props: new Map(Object.entries(this.env).map(([k, v]) => [k, { kind: "string", value: v }])) };
    return { kind: "object", props: new Map([["env", env]]), open: true };
  }

  lookup(name: string, scope: Scope, node: ts.Node): Value {
    const binding = scope.lookup(name);
    if (binding) return this.read(binding, node);
    if (name === "undefined") return UNDEFINED;
    // CommonJS's module-scope names: where the source file is (a TypeScript build keeps the layout).
    if (name === "__dirname") return str(path.posix.dirname(scope.file.fileName));
    if (name === "__filename") return str(scope.file.fileName);
    if (name === "process") return this.processGlobal(node);
    // `global.RouterBasePath = basePath` in code that ran, read back in another module: the one global object,
    // open (a name nothing set is unknown, not undefined: the runtime and packages set their own).
    if (name === "global" || name === "globalThis") return this.globalObject;
    // ... and read by its bare name, as Node resolves one (`global.WIKI = WIKI` in the entry, `WIKI.SERVERPATH`
    // in a module it loads later).
    const globalProps = this.globalObject.kind === "object" ? this.globalObject.props : undefined;
    const set = globalProps?.get(name);
    if (set) return set;
    // A global the framework's runtime declares (SST v3's `sst`): read as a package's export.
    const global = this.globals?.(name, scope.file.fileName);
    if (global) return global;
    // A name the framework imports by itself (Nitro's `server/utils`): read as an import of it would be.
    const from = this.autoImports?.(name, scope.file.fileName);
    // A package's export the framework provides (Nuxt's h3 helpers): read as `import { name } from "pkg"`.
    if (from?.startsWith("pkg:")) return { kind: "external", module: from.slice(4), path: [name] };
    if (from && from !== scope.file.fileName) {
      const value = this.exportValue(from, name);
      if (value) return value;
    }
    return unknown(node, `uses \`${name}\`, which is not declared in the analysed sources`);
  }

  // ---------------------------------------------------------------------------------------------
  // Expressions

  evaluate(node: ts.Expression, scope: Scope): Value {
    // An evaluation an adapter asks for (not one inside the interpreter's own): the adapter reads its value.
    const read = this.nesting === this.readBase;
    this.nesting++;
    let value: Value;
    try {
      value = this.evaluateNode(node, scope);
    } finally {
      this.nesting--;
    }
    if (value.kind === "string" && value.env) for (const names of this.conditionReads) names.add(value.env);
    if (read) this.readByAdapter(value, node);
    return value;
  }

  private evaluateNode(node: ts.Expression, scope: Scope): Value {
    switch (node.kind) {
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
        return str((node as ts.StringLiteral).text);
      case ts.SyntaxKind.NumericLiteral:
        return { kind: "number", value: Number((node as ts.NumericLiteral).text) };
      case ts.SyntaxKind.TrueKeyword:
        return { kind: "boolean", value: true };
      case ts.SyntaxKind.FalseKeyword:
        return { kind: "boolean", value: false };
      case ts.SyntaxKind.NullKeyword:
        return { kind: "null" };
      case ts.SyntaxKind.Identifier:
        return this.lookup((node as ts.Identifier).text, scope, node);
      case ts.SyntaxKind.ThisKeyword: {
        const self = scope.lookup("this");
        return self ? this.read(self, node) : unknown(node, "reads `this` outside an object apidex constructed");
      }
      case ts.SyntaxKind.TemplateExpression:
        return this.template(node as ts.TemplateExpression, scope);
      case ts.SyntaxKind.ParenthesizedExpression:
      case ts.SyntaxKind.AsExpression:
      case ts.SyntaxKind.SatisfiesExpression:
      case ts.SyntaxKind.NonNullExpression:
      case ts.SyntaxKind.TypeAssertionExpression:
      case ts.SyntaxKind.AwaitExpression:
      // `handler<AppEnv>` (an instantiation expression): the type arguments are erased, the value is the function.
      case ts.SyntaxKind.ExpressionWithTypeArguments:
        return this.evaluate((node as ts.ParenthesizedExpression).expression, scope);
      // `yield* gen()` is what the generator it delegates to returns, and a call of a generator function is read
      // as what its body returns (Effect's `yield* effect` alike: effect-generators.ts). A plain `yield` is what
      // the caller sends back.
      case ts.SyntaxKind.YieldExpression: {
        const yielded = node as ts.YieldExpression;
        if (!yielded.asteriskToken || !yielded.expression) return unknown(node, "is what the generator's caller sends back");
        return this.evaluate(yielded.expression, scope);
      }
      // `void app.register(plugin)` (a floating promise marked as intended): the call runs; the value is undefined.
      case ts.SyntaxKind.VoidExpression:
        this.evaluate((node as ts.VoidExpression).expression, scope);
        return { kind: "undefined" };
      case ts.SyntaxKind.PropertyAccessExpression: {
        const access = node as ts.PropertyAccessExpression;
        // The entry guards `!module.parent` and `import.meta.main` (entry-guard.ts): read as in the started service.
        if (isModuleParent(access, scope)) return { kind: "undefined" };
        if (isImportMetaMain(access)) return { kind: "boolean", value: true };
        // `import.meta.url` (`path.dirname(fileURLToPath(import.meta.url))`), Node's `import.meta.dirname` and
        // `import.meta.filename`: where the module is, as `__dirname` and `__filename` say in CommonJS.
        if (ts.isMetaProperty(access.expression) && access.expression.keywordToken === ts.SyntaxKind.ImportKeyword) {
          const file = scope.file.fileName;
          if (access.name.text === "url") return str(pathToFileURL(file).href);
          if (access.name.text === "dirname") return str(path.posix.dirname(file));
          if (access.name.text === "filename") return str(file);
        }
        // CommonJS's `module.filename` (`file !== path.basename(module.filename)`): where the source file is.
        if (
          ts.isIdentifier(access.expression) &&
          access.expression.text === "module" &&
          access.name.text === "filename" &&
          !scope.lookup("module")
        )
          return str(scope.file.fileName);
        return this.property(this.evaluate(access.expression, scope), access.name.text, access);
      }
      case ts.SyntaxKind.ElementAccessExpression: {
        const access = node as ts.ElementAccessExpression;
        const key = this.evaluate(access.argumentExpression, scope);
        if (key.kind !== "string" && key.kind !== "number") return unknown(access, "uses a computed property key that is not static");
        return this.property(this.evaluate(access.expression, scope), String(key.value), access);
      }
      case ts.SyntaxKind.ArrayLiteralExpression:
        return this.array(node as ts.ArrayLiteralExpression, scope);
      case ts.SyntaxKind.ObjectLiteralExpression:
        return this.object(node as ts.ObjectLiteralExpression, scope);
      case ts.SyntaxKind.ArrowFunction:
      case ts.SyntaxKind.FunctionExpression:
        return { kind: "function", decl: node as ts.FunctionLikeDeclaration, scope };
      case ts.SyntaxKind.ClassExpression:
        return { kind: "class", decl: node as ts.ClassExpression, scope };
      case ts.SyntaxKind.CallExpression:
      case ts.SyntaxKind.NewExpression:
        return this.call(node as ts.CallExpression | ts.NewExpression, scope);
      case ts.SyntaxKind.BinaryExpression:
        return this.binary(node as ts.BinaryExpression, scope);
      case ts.SyntaxKind.PrefixUnaryExpression: {
        const unary = node as ts.PrefixUnaryExpression;
        // `file.slice(0, -3)`: a number's sign.
        if (unary.operator === ts.SyntaxKind.MinusToken || unary.operator === ts.SyntaxKind.PlusToken) {
          const operand = this.evaluate(unary.operand, scope);
          if (operand.kind === "number")
            return { kind: "number", value: unary.operator === ts.SyntaxKind.MinusToken ? -operand.value : operand.value };
          return unknown(node, "negates a value that is not a static number");
        }
        if (unary.operator !== ts.SyntaxKind.ExclamationToken) return unknown(node, "uses an operator apidex does not evaluate statically");
        const inner = truthiness(this.evaluate(unary.operand, scope));
        return inner === undefined ? unknown(node, "negates a value only known at run time") : { kind: "boolean", value: !inner };
      }
      case ts.SyntaxKind.ConditionalExpression: {
        const conditional = node as ts.ConditionalExpression;
        const defaulted = this.environmentConditional(conditional, scope);
        if (defaulted) return defaulted;
        const test = truthiness(this.evaluateCondition(conditional.condition, scope, conditional.condition));
        // Both sides are kept, unread, for a reader that takes their union (Nest's `controllers: flag ? [A] : [A, B]`).
        if (test === undefined) {
          // `prod ? ".js" : ".ts"`: the build's name and the source's of the same module.
          const [whenTrue, whenFalse] = [unwrapExpression(conditional.whenTrue), unwrapExpression(conditional.whenFalse)];
          const source =
            ts.isStringLiteralLike(whenTrue) && ts.isStringLiteralLike(whenFalse) ? sourceSide(whenTrue.text, whenFalse.text) : undefined;
          if (source !== undefined) return str(source);
          // Or they are one value of the adapter's, the same whichever the condition picks.
          if (this.host.join) {
            const sides = [this.evaluate(conditional.whenTrue, scope), this.evaluate(conditional.whenFalse, scope)];
            const joined = sides.every((v) => v.kind === "host") ? this.host.join(sides as HostValue[]) : undefined;
            if (joined) return joined;
          }
          return {
            ...unknown(node, `depends on a condition evaluated at run time (\`${excerpt(conditional.condition)}\`)`),
            branches: {
              condition: conditional.condition,
              values: () => [this.evaluateBranch(conditional, 0, scope), this.evaluateBranch(conditional, 1, scope)],
            },
          };
        }
        return this.evaluate(test ? conditional.whenTrue : conditional.whenFalse, scope);
      }
      case ts.SyntaxKind.RegularExpressionLiteral:
        return unknown(node, "is a regular expression");
      case ts.SyntaxKind.TypeOfExpression:
        return this.typeOf((node as unknown as { expression: ts.Expression }).expression, scope);
      case ts.SyntaxKind.TaggedTemplateExpression: {
        // Only an adapter's own tag means something here (a path template); any other stays unevaluated.
        const tagged = node as ts.TaggedTemplateExpression;
        if (!this.host.tagTemplate) break;
        const tag = this.evaluate(tagged.tag, scope);
        const value = tag.kind === "host" ? this.host.tagTemplate(tag, tagged, scope) : undefined;
        if (value) return value;
        break;
      }
      default:
        break;
    }
    return unknown(node, `is a ${ts.SyntaxKind[node.kind]}, which apidex does not evaluate statically`);
  }

  private template(node: ts.TemplateExpression, scope: Scope): Value {
    let out = node.head.text;
    let env: string | undefined;
    for (const [index, span] of node.templateSpans.entries()) {
      const part = this.evaluate(span.expression, scope);
      if (part.kind === "string" && part.env) env ??= part.env;
      if (part.kind === "string" || part.kind === "number" || part.kind === "boolean") out += String(part.value);
      else if (part.kind === "unknown" && part.branches && literalChoice(part.branches.condition)) {
        // `*.${prod ? "js" : "ts"}`, `${prod ? "j" : "t"}s`: the build's name and the source's of the same module.
        const rest = node.templateSpans.slice(index + 1).map((s) => this.evaluate(s.expression, scope));
        const texts = part.branches.values().map((choice) => {
          const parts = [choice, ...rest];
          if (!parts.every((p) => p.kind === "string" || p.kind === "number" || p.kind === "boolean")) return undefined;
          return parts.reduce(
            (text, p, k) => text + String((p as { value: string | number | boolean }).value) + node.templateSpans[index + k]!.literal.text,
            out,
          );
        });
        const source = texts.length === 2 && texts[0] !== undefined && texts[1] !== undefined ? sourceSide(texts[0], texts[1]) : undefined;
        return source === undefined ? part : env ? { kind: "string", value: source, env } : str(source);
      } else if (part.kind === "unknown") return part;
      else
        return unknown(
          span.expression,
          part.kind === "runtime" ? `is only known at run time (${part.what})` : `is not a static string (${part.kind})`,
        );
      out += span.literal.text;
    }
    return env ? { kind: "string", value: out, env } : str(out);
  }

  private binary(node: ts.BinaryExpression, scope: Scope): Value {
    const op = node.operatorToken.kind;
    // `app = createApp()` in code apidex runs (a `let` set inside a bootstrap function): later reads see it.
    if (op === ts.SyntaxKind.EqualsToken && ts.isIdentifier(node.left)) {
      const binding = scope.lookup(node.left.text);
      if (!binding) return unknown(node, "assigns to a name apidex does not know");
      const value = this.evaluate(node.right, scope);
      const previous = binding.peek();
      binding.assign(value);
      if (setsModuleState(scope, node.left.text)) this.stateSetByCalls.set(binding, node);
      this.assignedUndecided?.push({ name: node.left.text, binding, previous });
      return value;
    }
    // `const app = (module.exports = express())`: the value assigned (the export is declared with the module).
    if (
      op === ts.SyntaxKind.EqualsToken &&
      /^(module\.exports|exports)(\.[A-Za-z_$][\w$]*)?$/.test(node.left.getText().replace(/\s+/g, "")) &&
      !scope.lookup("module")
    )
      return this.evaluate(node.right, scope);
    // `this.router = Router()` (or `obj.x = ...` on an object apidex constructed): the field is set.
    if (op === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left)) {
      // Under a condition apidex cannot read, a property keeps what it had: either branch may run. An
      // instance made inside the branch being run is the branch's own (`if (...) { const r = new UserRoutes();
      // app.use(r.path, r.router) }`): its constructor's `this.router = Router()` is what it holds.
      if (this.undecided.length && !this.madeInThisBranch(node.left.expression, scope))
        return unknown(node, "is set under a condition apidex cannot read");
      const target = this.evaluate(node.left.expression, scope);
      if (target.kind === "instance" && target.props) {
        const value = this.evaluate(node.right, scope);
        target.props.set(node.left.name.text, value);
        return value;
      }
      // A class's static field (`static instance = null` set by a lazy `getInstance()`): later reads see it.
      if (target.kind === "class") {
        const value = this.evaluate(node.right, scope);
        const fields = this.staticFields.get(target.decl) ?? new Map<string, Value>();
        fields.set(node.left.name.text, value);
        this.staticFields.set(target.decl, fields);
        return value;
      }
      // `const self = {}; self.setupApiRoutes = function () {...}; self.setupApiRoutes();` (the module
      // pattern of CommonJS services): an object literal apidex holds gets the property, as at run time.
      if (target.kind === "object") {
        const value = this.evaluate(node.right, scope);
        target.props.set(node.left.name.text, value);
        return value;
      }
      // `router.getAsync = (path, ...handlers) => router.get(path, ...wrap(handlers))`: a method the project adds
      // to an app or router, which its routes then call (`router.getAsync("/x", handler)`), runs as written.
      if (target.kind === "host") {
        const value = this.evaluate(node.right, scope);
        if (value.kind === "function") this.attach(target, node.left.name.text, value);
        return value;
      }
      // `app.apis = startApis(app)`: the property is not tracked on an app, but a call in what is assigned still
      // runs, as at run time (one that registers routes). A value without a call (`process.env.NODE_ENV =
      // process.env.NODE_ENV || "production"`) has no effect to run.
      if (callsNothing(node.right)) return unknown(node, "assigns to a value apidex does not track");
      return this.evaluate(node.right, scope);
    }
    // `modules[name] = require(file)` (a registry filled in a loop over a folder): an object literal apidex
    // holds gets the property when the key is static, as at run time.
    if (op === ts.SyntaxKind.EqualsToken && ts.isElementAccessExpression(node.left)) {
      if (this.undecided.length) return unknown(node, "is set under a condition apidex cannot read");
      const target = this.evaluate(node.left.expression, scope);
      const key = this.evaluate(node.left.argumentExpression, scope);
      if (target.kind === "object" && (key.kind === "string" || key.kind === "number")) {
        const value = this.evaluate(node.right, scope);
        target.props.set(String(key.value), value);
        return value;
      }
      // `ret[ret.length - 1] = wrap(last)`: an item of an array apidex holds, at a static index within it.
      if (
        target.kind === "array" &&
        key.kind === "number" &&
        Number.isInteger(key.value) &&
        key.value >= 0 &&
        key.value < target.items.length
      ) {
        const value = this.evaluate(node.right, scope);
        target.items[key.value] = value;
        return value;
      }
      return unknown(node, "assigns to a value apidex does not track");
    }
    // `require.main === module` (entry-guard.ts): read as in the started service.
    const entry = entryComparison(node, scope);
    if (entry !== undefined) return { kind: "boolean", value: entry };
    // Comparisons and logic over static values: the conditions and filters of loops over route tables.
    if (
      op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
      op === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
      op === ts.SyntaxKind.EqualsEqualsToken ||
      op === ts.SyntaxKind.ExclamationEqualsToken
    ) {
      const leftValue = this.evaluate(node.left, scope);
      const rightValue = this.evaluate(node.right, scope);
      const left = primitive(leftValue);
      const right = primitive(rightValue);
      // An object of the sources (a route module's export, an app) is never null or undefined, nor strictly any
      // primitive: `if (route === undefined) return` over a module that gives one.
      const objectAndPrimitive =
        (OBJECT_KINDS.has(leftValue.kind) && right !== NOT_PRIMITIVE && (!isLoose(op) || right == null)) ||
        (OBJECT_KINDS.has(rightValue.kind) && left !== NOT_PRIMITIVE && (!isLoose(op) || left == null));
      if (objectAndPrimitive)
        return { kind: "boolean", value: op === ts.SyntaxKind.ExclamationEqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken };
      if (left === NOT_PRIMITIVE || right === NOT_PRIMITIVE) return unknown(node, "compares values that are not static");
      const loose = op === ts.SyntaxKind.EqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken;
      // biome-ignore lint/suspicious/noDoubleEquals: the source's own operator, loose or strict
      const equal = loose ? left == right : left === right;
      return {
        kind: "boolean",
        value: op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.EqualsEqualsToken ? equal : !equal,
      };
    }
    // `instance instanceof BaseRoute`, `RouteClass.prototype instanceof BaseRoute` (a loader's filter over a
    // module's exports): decided over classes of the sources.
    if (op === ts.SyntaxKind.InstanceOfKeyword) {
      const right = this.evaluate(node.right, scope);
      const leftNode = unwrapExpression(node.left);
      const ofPrototype = ts.isPropertyAccessExpression(leftNode) && leftNode.name.text === "prototype";
      const left = this.evaluate(ofPrototype ? leftNode.expression : node.left, scope);
      if (right.kind === "class") {
        if (ofPrototype && left.kind === "class") {
          const extended = this.extendsClass(left, right.decl);
          if (extended !== undefined) return { kind: "boolean", value: extended };
        }
        // A helper function's prototype is a plain object (an arrow's is undefined), a constant's undefined:
        // neither is a route class's (the other exports of a route module).
        if (
          ofPrototype &&
          (left.kind === "function" ||
            left.kind === "string" ||
            left.kind === "number" ||
            left.kind === "boolean" ||
            left.kind === "object")
        )
          return { kind: "boolean", value: false };
        if (!ofPrototype && left.kind === "instance") {
          const own = { kind: "class" as const, decl: left.decl, scope: left.scope };
          const extended = left.decl === right.decl || this.extendsClass(own, right.decl);
          if (extended !== undefined) return { kind: "boolean", value: extended };
        }
        if (
          !ofPrototype &&
          (left.kind === "string" || left.kind === "number" || left.kind === "boolean" || left.kind === "undefined" || left.kind === "null")
        )
          return { kind: "boolean", value: false };
      }
      return unknown(node, "tests a class apidex cannot follow");
    }
    // `middleware.length > 0`, `version >= 2`: numbers with numbers, strings with strings.
    if (
      op === ts.SyntaxKind.LessThanToken ||
      op === ts.SyntaxKind.LessThanEqualsToken ||
      op === ts.SyntaxKind.GreaterThanToken ||
      op === ts.SyntaxKind.GreaterThanEqualsToken
    ) {
      const left = this.evaluate(node.left, scope);
      const right = this.evaluate(node.right, scope);
      if (!((left.kind === "number" && right.kind === "number") || (left.kind === "string" && right.kind === "string")))
        return unknown(node, "compares values that are not static numbers or strings");
      const l = left.value;
      const r = right.value;
      const value =
        op === ts.SyntaxKind.LessThanToken
          ? l < r
          : op === ts.SyntaxKind.LessThanEqualsToken
            ? l <= r
            : op === ts.SyntaxKind.GreaterThanToken
              ? l > r
              : l >= r;
      return { kind: "boolean", value };
    }
    if (op === ts.SyntaxKind.AmpersandAmpersandToken || op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) {
      const left = this.evaluate(node.left, scope);
      if (op !== ts.SyntaxKind.AmpersandAmpersandToken) {
        const defaulted = this.environmentDefault(node, left, scope);
        if (defaulted) return defaulted;
      }
      const known =
        op === ts.SyntaxKind.QuestionQuestionToken
          ? left.kind === "undefined" || left.kind === "null" || (left.kind === "unknown" && left.absent)
            ? false
            : truthiness(left) === undefined
              ? undefined
              : true
          : truthiness(left);
      if (known === undefined) {
        const base = left.kind === "unknown" ? left : unknown(node, "depends on a value only known at run time");
        if (op === ts.SyntaxKind.QuestionQuestionToken) return base;
        // `flag && [A]` is `[A]` or a falsy value (read as undefined: it lists nothing); `list || [A]` is the
        // left side or `[A]`. Kept for a reader that takes the union of the branches.
        const and = op === ts.SyntaxKind.AmpersandAmpersandToken;
        return {
          ...base,
          // `(flag && [A]) || []`: the condition is the flag's, inside.
          branches: {
            condition: (!and && left.kind === "unknown" && left.branches?.condition) || node.left,
            values: () => (and ? [this.evaluate(node.right, scope), UNDEFINED] : [left, this.evaluate(node.right, scope)]),
          },
        };
      }
      if (op === ts.SyntaxKind.AmpersandAmpersandToken) return known ? this.evaluate(node.right, scope) : left;
      return known ? left : this.evaluate(node.right, scope);
    }
    // `items.length - 1`, `page * size`: numbers with numbers (the bounds of a classic for loop).
    const arithmetic = NUMBER_OPERATORS.get(op);
    if (arithmetic) {
      const left = this.evaluate(node.left, scope);
      const right = this.evaluate(node.right, scope);
      if (left.kind === "number" && right.kind === "number") return { kind: "number", value: arithmetic(left.value, right.value) };
      if (left.kind === "unknown") return left;
      if (right.kind === "unknown") return right;
      return unknown(node, "does arithmetic on values that are not static numbers");
    }
    if (op !== ts.SyntaxKind.PlusToken) {
      return unknown(
        node,
        `uses the operator ${ts.tokenToString(node.operatorToken.kind) ?? "?"}, which apidex does not evaluate statically`,
      );
    }
    const left = this.evaluate(node.left, scope);
    const right = this.evaluate(node.right, scope);
    const scalar = (v: Value) => v.kind === "string" || v.kind === "number";
    if (scalar(left) && scalar(right)) {
      const l = (left as { value: string | number }).value;
      const r = (right as { value: string | number }).value;
      if (left.kind === "number" && right.kind === "number") return { kind: "number", value: (l as number) + (r as number) };
      const env = (left.kind === "string" && left.env) || (right.kind === "string" && right.env);
      return env ? { kind: "string", value: String(l) + String(r), env } : str(String(l) + String(r));
    }
    if (left.kind === "unknown") return left;
    if (right.kind === "unknown") return right;
    return unknown(node, "concatenates values that are not static strings");
  }

  /**
   * `process.env.BASE_PATH || "/api"` (or `??`) with no `env` in the config: the string default, as a
   * deployment that does not set the variable serves it, marked with the variable's name (a condition on it
   * stays undecided) and said once per variable (APX219). Also `base || "/"` over such a default. Anything
   * else (a number, a default that is not static, a configured environment) is left to the usual rules.
   */
  private environmentDefault(node: ts.BinaryExpression, left: Value, scope: Scope): Value | undefined {
    return this.defaultOver(node, node.left, left, node.right, node.operatorToken.kind === ts.SyntaxKind.BarBarToken, scope);
  }

  /**
   * One side of a choice whose condition apidex cannot read, read as an undecided `if`'s branch (runUndecided):
   * what reading it registers (a router a side makes) is marked as served only when that side is chosen.
   */
  private evaluateBranch(conditional: ts.ConditionalExpression, branch: number, scope: Scope): Value {
    this.undecided.push(conditional);
    this.undecidedChoices.push({ condition: siteOf(conditional.condition), branch, of: 2 });
    try {
      return this.evaluate(branch === 0 ? conditional.whenTrue : conditional.whenFalse, scope);
    } finally {
      this.undecided.pop();
      this.undecidedChoices.pop();
    }
  }

  /**
   * `process.env.BASE_PATH ? process.env.BASE_PATH : "/api"`: the same default as `process.env.BASE_PATH ||
   * "/api"` (the variable when set and not empty, else the default), read by the same rule. Undefined for any
   * other conditional.
   */
  private environmentConditional(node: ts.ConditionalExpression, scope: Scope): Value | undefined {
    if (this.env) return undefined;
    const name = environmentVariable(node.condition, scope);
    if (!name || environmentVariable(node.whenTrue, scope) !== name) return undefined;
    return this.defaultOver(node, node.condition, this.evaluate(node.condition, scope), node.whenFalse, true, scope);
  }

  /** A variable's read (`leftNode`, evaluated to `left`) or, when unset (or empty, `emptyIsUnset`), `rightNode`. */
  private defaultOver(
    node: ts.Expression,
    leftNode: ts.Expression,
    left: Value,
    rightNode: ts.Expression,
    emptyIsUnset: boolean,
    scope: Scope,
  ): Value | undefined {
    if (left.kind === "string" && left.env) {
      const empty = emptyIsUnset ? left.value === "" : false;
      if (!empty) return left;
      const right = this.evaluate(rightNode, scope);
      return right.kind === "string" ? { ...right, env: left.env } : right;
    }
    if (this.env || left.kind !== "unknown") return undefined;
    const name = environmentVariable(leftNode, scope);
    if (!name) return undefined;
    const right = this.evaluate(rightNode, scope);
    if (right.kind !== "string") return undefined;
    // A setting of a configuration object (`{ BASE_PATH: process.env.BASE_PATH || "/api", REDIS_HOST: ... }`) is
    // said where the code reads it (`property`): reading one setting evaluates the whole object.
    // Said only if the value reaches what an adapter reads (`readByAdapter`) or a condition on it decides a
    // registration: a database client's URL, a tracer's endpoint make no path.
    // A setting of a configuration object is held where the code reads it (`property`).
    if (!isObjectSetting(node)) this.holdDefault(name, right.value, node);
    return { kind: "string", value: right.value, env: name };
  }

  /** Runs a call into the host: the host's evaluations of the call's arguments are its reads. */
  private hosted<T>(call: () => T): T {
    this.hostCalls++;
    const base = this.readBase;
    this.readBase = this.nesting;
    try {
      return call();
    } finally {
      this.readBase = base;
    }
  }

  /**
   * A value an adapter read: the environment defaults it carries (APX219) and the additions undecided
   * conditions made to arrays in it (APX213) are said, in it and in the objects and arrays it holds (a route
   * table, an options object), a few levels down.
   */
  private readByAdapter(value: Value, node: ts.Node, depth = 0, seen = new Set<object>()): void {
    // A value one side or the other of a condition on a default gives (`mode === "admin" ? [A] : [B]`).
    if (value.kind === "unknown" && value.branches) this.releaseConditionDefaults(value.branches.condition);
    if (value.kind === "string") {
      if (value.env) this.releaseDefault(value.env, value.value, node);
      return;
    }
    if ((value.kind !== "array" && value.kind !== "object") || depth > 3 || seen.has(value)) return;
    seen.add(value);
    if (value.kind === "array") {
      this.releaseAdded(value);
      for (const item of value.items) this.readByAdapter(item, node, depth + 1, seen);
    } else for (const item of value.props.values()) this.readByAdapter(item, node, depth + 1, seen);
  }

  /**
   * An environment variable's code default read: held back (APX219) until a value carrying it reaches what an
   * adapter reads, or a condition on it decides a registration; said where it was first read.
   */
  private holdDefault(name: string, value: string, node: ts.Node): void {
    if (this.environmentDefaults.has(name)) return;
    this.diagnostics.hold(`APX219|${name}`, this.environmentDefaultWarning(name, value, node));
  }

  /** Says the default of `name` held back (or, its module replayed, where it is read now), once. */
  private releaseDefault(name: string, value: string, node?: ts.Node): void {
    if (this.env || this.environmentDefaults.has(name)) return;
    if (!node && !this.diagnostics.isHeld(`APX219|${name}`)) return;
    // node-config's defaults are said by their own warning, when read (sayConfigDefaults).
    if (this.configDefaults.has(name)) return;
    // A speculative (quiet) evaluation says nothing: the default stays to be said.
    if (this.diagnostics.release(`APX219|${name}`, node && this.environmentDefaultWarning(name, value, node)))
      this.environmentDefaults.add(name);
  }

  /** The defaults a condition read, said when a registration depends on it. */
  private releaseConditionDefaults(condition: ts.Node | undefined): void {
    for (const name of (condition && this.conditionDefaults.get(condition)) ?? [])
      if (!this.environmentDefaults.has(name) && this.diagnostics.release(`APX219|${name}`)) this.environmentDefaults.add(name);
  }

  /** Says what undecided conditions may have added to an array (APX213), now that it is read. */
  private releaseAdded(array: Value): void {
    for (const key of this.branchAdded.get(array) ?? []) this.diagnostics.release(key);
  }

  /**
   * Whether code calls a method of one of the adapter's objects (`app.get`, `router.use`) on a name it reads
   * from outside: a loop that registers routes per item, for which the items an undecided branch adds are
   * missing whether or not the loop runs now (over what it holds, maybe nothing).
   */
  private callsHost(body: ts.Node, scope: Scope): boolean {
    let found = false;
    const visit = (node: ts.Node): void => {
      if (found) return;
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const receiver = unwrapExpression(node.expression.expression);
        if (ts.isIdentifier(receiver) && scope.lookup(receiver.text)) {
          const value = this.diagnostics.quietly(() => this.lookup(receiver.text, scope, receiver));
          if (value.kind === "host" || (value.kind === "instance" && value.host)) found = true;
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
    return found;
  }

  /** What a read of `from` (a spread, a map) gives still lacks what its branches may have added. */
  private carryAdded(from: Value, to: Value): void {
    const keys = this.branchAdded.get(from);
    if (!keys) return;
    const into = this.branchAdded.get(to) ?? new Set<string>();
    for (const key of keys) into.add(key);
    this.branchAdded.set(to, into);
  }

  private environmentDefaultWarning(name: string, value: string, node: ts.Node): Diagnostic {
    return {
      severity: "warning",
      code: "APX219",
      message: `\`process.env.${name}\` is not set by the config's \`env\`: it is read as unset, so this is its default \`${JSON.stringify(value)}\` wherever it makes a path or prefix (a condition on it stays undecided).`,
      site: siteOf(node),
      hint: `Set \`env\` in the config to describe the deployment the artifacts are for (\`env: { ${name}: "..." }\`, or \`env: {}\` for one that sets nothing).`,
    };
  }

  /** APX219 for a variable whose code default is used, once per variable. */
  private sayEnvironmentDefault(name: string, value: string, node: ts.Node): void {
    if (this.environmentDefaults.has(name)) return;
    // Said where the caller says (SvelteKit's base: where the config sets it), not where another file read it first.
    if (this.diagnostics.release(`APX219|${name}`, this.environmentDefaultWarning(name, value, node), true))
      this.environmentDefaults.add(name);
  }

  private array(node: ts.ArrayLiteralExpression, scope: Scope): Value {
    const items: Value[] = [];
    const spreads: Value[] = [];
    for (const element of node.elements) {
      if (ts.isSpreadElement(element)) {
        const spread = this.evaluate(element.expression, scope);
        spreads.push(spread);
        if (spread.kind === "array") items.push(...spread.items);
        else items.push(spread.kind === "unknown" ? spread : unknown(element, "spreads a value that is not a static array"));
      } else if (!ts.isOmittedExpression(element)) {
        items.push(this.evaluate(element, scope));
      }
    }
    const array: Value = { kind: "array", items };
    // `[...base, ...optional]`: what an undecided branch may have added to a spread array is missing here too.
    for (const spread of spreads) this.carryAdded(spread, array);
    return array;
  }

  private object(node: ts.ObjectLiteralExpression, scope: Scope): Value {
    const props = new Map<string, Value>();
    // Open: a spread or a computed key apidex could not read, so a missing property may exist.
    let open = false;
    // Unlisted: a spread of a value apidex could not read gave it properties no listing of it can name.
    let unlisted = false;
    for (const property of node.properties) {
      if (ts.isSpreadAssignment(property)) {
        const spread = this.evaluate(property.expression, scope);
        if (spread.kind === "object") {
          for (const [k, v] of spread.props) props.set(k, v);
          if (spread.open) open = true;
          if (spread.unlisted) unlisted = true;
        } else if (spread.kind !== "undefined" && spread.kind !== "null") {
          open = true;
          unlisted = true;
        }
        continue;
      }
      const key = this.propertyKey(property.name, scope);
      if (key === undefined) {
        open = true;
        continue;
      }
      if (ts.isPropertyAssignment(property)) props.set(key, this.lazyProperty(property.initializer, scope));
      else if (ts.isShorthandPropertyAssignment(property)) props.set(key, this.lookup(property.name.text, scope, property));
      else if (ts.isMethodDeclaration(property)) props.set(key, { kind: "function", decl: property, scope });
      // `get meta() { return ep.meta ?? {}; }`: what reading it returns (its `this` is not known here).
      else if (ts.isGetAccessorDeclaration(property) && property.body)
        props.set(key, this.callFunction({ kind: "function", decl: property, scope }, [], property));
      // A setter alone gives nothing to read; a property apidex skips must not read as absent.
      else if (!ts.isSetAccessorDeclaration(property)) open = true;
    }
    // A container to be filled at run time is no proof that a key is absent: a variable made an empty
    // object, or declared as a map (`const byFile: Record<string, X[]> = {}`, `{ [key: string]: X }`). An
    // empty default or argument (`options = {}`) is complete: no options.
    if (containerVariable(node)) open = true;
    const value: Value = open ? { kind: "object", props, open, ...(unlisted ? { unlisted } : {}) } : { kind: "object", props };
    this.literalOf.set(value, node);
    return value;
  }

  /** Object members are evaluated when read: data objects can be large and most members never matter. */
  private lazyProperty(initializer: ts.Expression, scope: Scope): Value {
    if (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer)) return { kind: "function", decl: initializer, scope };
    return this.evaluate(initializer, scope);
  }

  private propertyKey(name: ts.PropertyName | undefined, scope: Scope): string | undefined {
    if (!name) return undefined;
    if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
    if (ts.isComputedPropertyName(name)) {
      const key = this.evaluate(name.expression, scope);
      return key.kind === "string" || key.kind === "number" ? String(key.value) : undefined;
    }
    return undefined;
  }

  property(object: Value, name: string, node: ts.Node): Value {
    switch (object.kind) {
      case "object": {
        const value = object.props.get(name);
        if (value && this.configObjects.has(object)) this.noteConfigDefault(value, node);
        if (value) {
          if (value.kind === "string" && value.env && !this.configObjects.has(object) && !this.env)
            this.holdDefault(value.env, value.value, node);
          if (this.nesting === this.readBase) this.readByAdapter(value, node);
          return value;
        }
        const missing = unknown(node, `reads \`${name}\`, which the object does not have`);
        if (!object.open) missing.absent = true;
        return missing;
      }
      case "namespace":
        return this.exportOf(this.module(object.file), name, node);
      case "external":
        return this.external(object.module, [...object.path, name]);
      case "array":
        if (object.map)
          return name === "size" ? { kind: "number", value: object.items.length } : unknown(node, `reads Map member \`${name}\``);
        if (name === "length") return { kind: "number", value: object.items.length };
        if (/^\d+$/.test(name)) return object.items[Number(name)] ?? UNDEFINED;
        return unknown(node, `reads array member \`${name}\``);
      case "string":
        if (name === "length") return { kind: "number", value: object.value.length };
        // `route.path[0] !== "/"`: a character of a static string (undefined past its end, as JavaScript reads it).
        if (/^\d+$/.test(name)) return Number(name) < object.value.length ? str(object.value[Number(name)]!) : UNDEFINED;
        return unknown(node, `reads string member \`${name}\``);
      case "class":
      case "instance":
        return this.classMember(object, name, node);
      case "runtime":
        return { kind: "runtime", what: `${object.what}.${name}` };
      case "unknown":
        return object;
      case "host":
        return (
          this.attachedProps.get(object.host)?.get(name) ??
          this.hosted(() => this.host.property?.(object, name, node)) ??
          unknown(node, `reads \`${name}\` of a framework object`)
        );
      case "undefined":
      case "null":
        return unknown(node, `reads \`${name}\` of ${object.kind}`);
      case "function": {
        // `controller.constructor.name === "AsyncFunction"` (nodebb's `tryRoute` wraps only async handlers): what
        // JavaScript makes the function, by how it is written.
        if (name === "constructor") {
          const decl = object.decl;
          const isAsync = ts.canHaveModifiers(decl) && (ts.getModifiers(decl) ?? []).some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
          const generator = !ts.isArrowFunction(decl) && "asteriskToken" in decl && decl.asteriskToken !== undefined;
          const kind = `${isAsync ? "Async" : ""}${generator ? "Generator" : ""}Function`;
          return { kind: "object", props: new Map<string, Value>([["name", str(kind)]]) };
        }
        return unknown(node, `reads \`${name}\` of a function value`);
      }
      default:
        return unknown(node, `reads \`${name}\` of a ${object.kind} value`);
    }
  }

  /** Something of a package: the value the host knows it to be, else the reference to it. */
  private external(module: string, path: string[]): Value {
    const value: ExternalValue = { kind: "external", module, path };
    return this.host.externalValue?.(value) ?? value;
  }

  private classMember(owner: Extract<Value, { kind: "class" | "instance" }>, name: string, node: ts.Node): Value {
    if (owner.kind === "instance" && owner.props?.has(name)) return owner.props.get(name)!;
    const assigned = owner.kind === "class" ? this.staticFields.get(owner.decl)?.get(name) : undefined;
    if (assigned) return assigned;
    const wantStatic = owner.kind === "class";
    for (let decl: ts.ClassLikeDeclaration | undefined = owner.decl, scope = owner.scope; decl; ) {
      for (const member of decl.members) {
        if (!member.name || !(ts.isIdentifier(member.name) || ts.isPrivateIdentifier(member.name)) || member.name.text !== name) continue;
        if (hasModifier(member, ts.SyntaxKind.StaticKeyword) !== wantStatic) continue;
        if (ts.isMethodDeclaration(member)) return { kind: "function", decl: member, scope, thisValue: owner };
        if (ts.isGetAccessorDeclaration(member) && member.body)
          return this.callFunction({ kind: "function", decl: member, scope, thisValue: owner }, [], node);
        if (ts.isPropertyDeclaration(member) && member.initializer && wantStatic) return this.staticInitializer(member, scope);
        // A constructed instance has its fields in props; an unconstructed one reads the initializer.
        if (ts.isPropertyDeclaration(member) && member.initializer && !(owner.kind === "instance" && owner.props))
          return this.lazyProperty(member.initializer, scope);
      }
      // Inherited members: the base class, when it is in the sources.
      const base = this.baseClass(decl, scope);
      decl = base?.decl;
      if (base) scope = base.scope;
    }
    // A class's own `name` (JavaScript gives every class one): what a loader compares to pick classes.
    if (owner.kind === "class" && name === "name" && owner.decl.name) return str(owner.decl.name.text);
    // A field the class declares that the instance does not have yet: read while a base class's constructor runs
    // (its fields are set only after `super(...)` returns), so undefined at run time there.
    const declared =
      owner.kind === "instance" && owner.props
        ? owner.decl.members.find((m): m is ts.PropertyDeclaration => ts.isPropertyDeclaration(m) && m.name.getText() === name)
        : undefined;
    if (declared)
      return unknown(
        node,
        declared.initializer
          ? `reads \`${name}\` before the class ${owner.decl.name?.text ?? ""} sets it (a base class's constructor runs before the subclass's fields are set)`
          : `reads \`${name}\`, which the instance does not have yet (the class ${owner.decl.name?.text ?? ""} declares it; it is set later, or only at run time)`,
      );
    return unknown(node, `reads \`${name}\`, which the class ${owner.decl.name?.text ?? ""} does not define`);
  }

  /**
   * `Object.getPrototypeOf(C)` of a class of the sources: the class it extends when that is one of the sources;
   * `Function.prototype` (a function whose `name` is empty) when it extends nothing; unknown when it extends a
   * package's class or something apidex cannot read.
   */
  private classPrototype(cls: Extract<Value, { kind: "class" }>, node: ts.Node): Value {
    const heritage = cls.decl.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
    if (!heritage) return { kind: "object", props: new Map([["name", str("")]]) };
    return this.baseClass(cls.decl, cls.scope) ?? unknown(node, "is the prototype of a class that extends what apidex cannot read");
  }

  /**
   * Whether a class of the sources extends another (directly or through classes of the sources); undefined when
   * its chain leaves the sources (a package's class) before it is decided.
   */
  private extendsClass(cls: Extract<Value, { kind: "class" }>, ancestor: ts.ClassLikeDeclaration): boolean | undefined {
    for (let current: Extract<Value, { kind: "class" }> | undefined = cls, steps = 0; current && steps < 20; steps++) {
      const heritage = current.decl.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
      if (!heritage) return false;
      const base = this.baseClass(current.decl, current.scope);
      if (!base) return undefined;
      if (base.decl === ancestor) return true;
      current = base;
    }
    return undefined;
  }

  /** The class a class extends when it comes from a package (a framework's router or app class). */
  private externalBase(decl: ts.ClassLikeDeclaration, scope: Scope): ExternalValue | undefined {
    const heritage = decl.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
    if (!heritage) return undefined;
    const base = this.evaluate(heritage.expression, scope);
    return base.kind === "external" ? base : undefined;
  }

  /** Per class: the framework value its `extends` clause gives, through classes of the sources (null for none). */
  private readonly hostBases = new Map<ts.ClassLikeDeclaration, HostValue | null>();

  /**
   * The framework value a class extends (directly, or through classes of the sources that do not declare
   * `name` as a static member), when the class itself does not declare `name` as one.
   */
  private hostBaseOf(decl: ts.ClassLikeDeclaration, scope: Scope, name: string): HostValue | undefined {
    const declaresStatic = (d: ts.ClassLikeDeclaration) =>
      d.members.some((m) => m.name && ts.isIdentifier(m.name) && m.name.text === name && hasModifier(m, ts.SyntaxKind.StaticKeyword));
    for (
      let current: { decl: ts.ClassLikeDeclaration; scope: Scope } | undefined = { decl, scope }, steps = 0;
      current && steps < 20;
      steps++
    ) {
      if (declaresStatic(current.decl)) return undefined;
      let known = this.hostBases.get(current.decl);
      if (known === undefined) {
        const heritage = current.decl.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
        const base = heritage ? this.evaluate(heritage.expression, current.scope) : undefined;
        known = base?.kind === "host" ? base : null;
        this.hostBases.set(current.decl, known);
      }
      if (known) return known;
      current = this.baseClass(current.decl, current.scope);
    }
    return undefined;
  }

  /** The class a class extends, when it is a class of the sources. */
  private baseClass(decl: ts.ClassLikeDeclaration, scope: Scope): Extract<Value, { kind: "class" }> | undefined {
    const heritage = decl.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
    if (!heritage) return undefined;
    const base = this.evaluate(heritage.expression, scope);
    return base.kind === "class" ? base : undefined;
  }

  /**
   * `new X(args)` for a class of the sources: its fields and constructor run as at run time — the base
   * class first (with the arguments of `super(...)`), then field initializers, then the constructor body
   * — with `this` bound, so `this.router = Router()` and `this.initRoutes()` in a constructor register
   * routes on the instance's router.
   */
  private construct(cls: Extract<Value, { kind: "class" }>, args: Value[], node: ts.NewExpression, callerScope: Scope): InstanceValue {
    const instance: InstanceValue = { kind: "instance", decl: cls.decl, scope: cls.scope, props: new Map() };
    const branch = this.undecided.at(-1);
    if (branch) this.madeUnder.set(instance, { branch, depth: this.undecided.length });
    this.initialize(instance, cls, args, node, 0, { nodes: node.arguments ?? [], scope: callerScope });
    return instance;
  }

  /**
   * An instance of a class of the sources made as a dependency-injection container makes it (NestJS,
   * tsyringe, TypeDI): each constructor parameter whose declared type is a class of the sources is an
   * instance of that class, made the same way, once per class; any other parameter is unknown. For app
   * factories that are methods of such classes (`ServerService.launch()` creating `Fastify()`).
   */
  injected(cls: Extract<Value, { kind: "class" }>, node: ts.Node, making = new Set<ts.Node>()): InstanceValue {
    const made = this.injectedInstances.get(cls.decl);
    if (made) return made;
    const instance: InstanceValue = { kind: "instance", decl: cls.decl, scope: cls.scope, props: new Map() };
    this.injectedInstances.set(cls.decl, instance);
    making.add(cls.decl);
    const ctor = cls.decl.members.find(ts.isConstructorDeclaration);
    const args: Value[] = (ctor?.parameters ?? []).map((p) => {
      const type = p.type && ts.isTypeReferenceNode(p.type) && ts.isIdentifier(p.type.typeName) ? p.type.typeName.text : undefined;
      const dependency = type ? this.lookup(type, cls.scope, p) : undefined;
      if (dependency?.kind === "class" && !making.has(dependency.decl)) return this.injected(dependency, p, making);
      return unknown(p, "is a constructor parameter a dependency-injection container fills at run time");
    });
    this.initialize(instance, cls, args, node, 0, { nodes: [], scope: cls.scope });
    making.delete(cls.decl);
    return instance;
  }

  private readonly injectedInstances = new Map<ts.Node, InstanceValue>();
  /** The undecided branch (innermost, and how deep) each instance made inside one was made in. */
  private readonly madeUnder = new WeakMap<InstanceValue, { branch: Undecided; depth: number }>();

  /**
   * Whether `target` (the object of a property assignment: `this` or a name) is an instance made inside the
   * undecided branch running now, at the same depth: no code outside the branch has seen it, so its fields
   * are set as at run time.
   */
  private madeInThisBranch(target: ts.Expression, scope: Scope): boolean {
    const inner = unwrapExpression(target);
    if (inner.kind !== ts.SyntaxKind.ThisKeyword && !ts.isIdentifier(inner)) return false;
    const value = this.evaluate(inner, scope);
    if (value.kind !== "instance") return false;
    const made = this.madeUnder.get(value);
    return made !== undefined && made.branch === this.undecided.at(-1) && made.depth === this.undecided.length;
  }
  /** Static fields set by code apidex ran (`Holder.instance = new Holder()` in a lazy `getInstance()`). */
  private readonly staticFields = new Map<ts.ClassLikeDeclaration, Map<string, Value>>();
  /** The value of each static field's initializer, once read (see staticInitializer). */
  private readonly staticInitialized = new Map<ts.PropertyDeclaration, Value>();

  /**
   * A static field's initializer runs once, when the class is defined, so every read of the field sees that one
   * value: evaluated on the first read and kept. Evaluating it again on each read made a class of settings
   * (`static port = Config.parseInt(Config.getEnv("port"))`, dozens of fields read all over a service) cost a call
   * tree per read, which multiplied through the code that reads them until a run did not end. It is evaluated as
   * at the class's definition, outside the calls that happen to read it first (their depth would cut it short);
   * a field read while its own initializer runs is unknown (JavaScript gives `undefined` there).
   */
  private staticInitializer(member: ts.PropertyDeclaration, scope: Scope): Value {
    const known = this.staticInitialized.get(member);
    if (known) return known;
    const initializer = member.initializer!;
    this.staticInitialized.set(member, unknown(initializer, "is read while its own static initializer runs"));
    const depth = this.depth;
    this.depth = 0;
    try {
      const value = this.lazyProperty(initializer, scope);
      this.staticInitialized.set(member, value);
      return value;
    } finally {
      this.depth = depth;
    }
  }
  /** The value of the `return` statement that ended the innermost function body being run. */
  private returned: Value = UNDEFINED;

  /** Whether a class of the sources (or a base class of the sources) defines a member. */
  private defines(instance: InstanceValue, name: string): boolean {
    if (instance.props?.has(name)) return true;
    for (let decl: ts.ClassLikeDeclaration | undefined = instance.decl, scope = instance.scope; decl; ) {
      if (decl.members.some((m) => m.name && (ts.isIdentifier(m.name) || ts.isPrivateIdentifier(m.name)) && m.name.text === name))
        return true;
      const base = this.baseClass(decl, scope);
      decl = base?.decl;
      if (base) scope = base.scope;
    }
    return false;
  }

  private initialize(
    instance: InstanceValue,
    cls: Extract<Value, { kind: "class" }>,
    args: Value[],
    node: ts.Node,
    depth: number,
    /** The argument expressions `args` were read from, for a framework base class's host to read again. */
    written: { nodes: readonly ts.Expression[]; scope: Scope },
  ): void {
    if (depth > 10 || this.depth >= MAX_CALL_DEPTH) return;
    const props = instance.props!;
    const decl = cls.decl;
    const ctor = decl.members.find((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && m.body !== undefined);
    const scope = new Scope(cls.scope.file, cls.scope, ctor ?? decl);
    scope.bind("this", Binding.of(instance, decl));
    if (ctor) {
      this.invoked.add(ctor);
      this.tracker?.invoked(ctor);
      ctor.parameters.forEach((parameter, index) => {
        let value: Value = parameter.dotDotDotToken ? { kind: "array", items: args.slice(index) } : (args[index] ?? UNDEFINED);
        if (value.kind === "undefined" && parameter.initializer) value = this.evaluate(parameter.initializer, scope);
        for (const [name, binding] of this.destructure(parameter.name, Binding.of(value, parameter), scope)) scope.bind(name, binding);
        // `constructor(private readonly service: Service)`: a parameter property is a field.
        if (ts.isIdentifier(parameter.name) && ts.canHaveModifiers(parameter) && ts.getModifiers(parameter)?.length)
          props.set(parameter.name.text, value);
      });
    }
    const base = this.baseClass(decl, cls.scope);
    if (base) {
      const superCall = ctor?.body?.statements.find(
        (st) =>
          ts.isExpressionStatement(st) &&
          ts.isCallExpression(st.expression) &&
          st.expression.expression.kind === ts.SyntaxKind.SuperKeyword,
      );
      const superNodes = superCall ? ((superCall as ts.ExpressionStatement).expression as ts.CallExpression).arguments : undefined;
      const superArgs = superNodes ? superNodes.map((a) => this.argument(a, scope)) : args;
      this.initialize(instance, base, superArgs, node, depth + 1, superNodes ? { nodes: superNodes, scope } : written);
    } else {
      // A framework's class as the base (`extends Router`, `extends Hono`): the host makes its object from
      // the `super(...)` arguments, as `new Router(...)` would, at the site of the `new` of the subclass.
      const external = this.externalBase(decl, cls.scope);
      if (external && ts.isNewExpression(node)) {
        const superCall = ctor?.body?.statements.find(
          (st) =>
            ts.isExpressionStatement(st) &&
            ts.isCallExpression(st.expression) &&
            st.expression.expression.kind === ts.SyntaxKind.SuperKeyword,
        );
        const call = superCall
          ? { node, args: ((superCall as ts.ExpressionStatement).expression as ts.CallExpression).arguments, scope }
          : { node, args: written.nodes, scope: written.scope };
        const made = this.hosted(() => this.host.callExternal(external, call));
        if (made?.kind === "host") instance.host = made;
      }
    }
    for (const member of decl.members) {
      if (!ts.isPropertyDeclaration(member) || !member.initializer || hasModifier(member, ts.SyntaxKind.StaticKeyword)) continue;
      if (!member.name || !(ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) continue;
      props.set(member.name.text, this.lazyProperty(member.initializer, scope));
    }
    if (!ctor?.body) return;
    this.depth++;
    try {
      const statements = ctor.body.statements.filter(
        (st) =>
          !(
            ts.isExpressionStatement(st) &&
            ts.isCallExpression(st.expression) &&
            st.expression.expression.kind === ts.SyntaxKind.SuperKeyword
          ),
      );
      this.runStatements(statements, scope);
    } finally {
      this.depth--;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Calls

  private call(node: ts.CallExpression | ts.NewExpression, scope: Scope): Value {
    const args = node.arguments ?? [];
    if (ts.isCallExpression(node) && (this.isPermissionCall(node) || this.isResourceActionDecision(node, scope)))
      return this.builtByCheck(node, scope) ?? this.check(node, scope);
    const required = ts.isCallExpression(node) ? this.require(node, scope) : undefined;
    if (required) return required;
    const global = this.globalCall(node, scope);
    if (global) return global;

    const callee = node.expression;
    const borrowed = ts.isCallExpression(node)
      ? (this.frameworkMethodCall(node, scope) ?? this.arrayMethodCall(node, scope) ?? this.patternTest(node, scope))
      : undefined;
    if (borrowed) return borrowed;
    const command = ts.isCallExpression(node) ? this.startedCommand(node, scope) : undefined;
    if (command) return command;
    // `router[method](path, ...)` with a static method name (a loop over ["get", "post"]) is `router.get(...)`.
    const computed = ts.isElementAccessExpression(callee) ? this.evaluate(callee.argumentExpression, scope) : undefined;
    if (ts.isPropertyAccessExpression(callee) || (ts.isElementAccessExpression(callee) && computed?.kind === "string")) {
      const receiver = this.evaluate(callee.expression, scope);
      const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : (computed as { value: string }).value;
      if (receiver.kind === "host") {
        const added = this.attachedProps.get(receiver.host)?.get(method);
        if (added?.kind === "function") return this.invoke(added, node, scope);
        // `initApp().then((app) => loadRoutes(app))` where the app is what the promise gives (an async function's
        // result, bluebird's `resolve(app)`): the continuation runs with it, unless the framework's own `then`
        // (a thenable app) ran it.
        // (Only a function written there or named: its evaluation has no effects, the host evaluates it again.)
        const written = args[0] && unwrapExpression(args[0]);
        const continuation =
          method === "then" && written && (ts.isArrowFunction(written) || ts.isFunctionExpression(written) || ts.isIdentifier(written))
            ? this.evaluate(written, scope)
            : undefined;
        const fresh = continuation?.kind === "function" && !this.invoked.has(continuation.decl);
        const result = this.hosted(() => this.host.callMethod(receiver, method, { node, args, scope }));
        if (fresh && continuation?.kind === "function" && !this.invoked.has(continuation.decl))
          return this.callFunction(continuation, [receiver], node);
        return result;
      }
      // A member of the framework's class that the subclass does not define or override.
      if (receiver.kind === "instance" && receiver.host && !this.defines(receiver, method)) {
        const host = receiver.host;
        return this.hosted(() => this.host.callMethod(host, method, { node, args, scope }));
      }
      // A static member a class does not declare, where the class extends one of the framework's values
      // (Effect's `class Users extends HttpApiGroup.make("users").add(...) {}`, then `Users.prefix("/v1")`): the
      // class is that value, as its static side inherits from it.
      const hostBase = receiver.kind === "class" ? this.hostBaseOf(receiver.decl, receiver.scope, method) : undefined;
      if (hostBase) return this.hosted(() => this.host.callMethod(hostBase, method, { node, args, scope }));
      const builtin = this.builtinMethod(receiver, method, node, scope);
      if (builtin) return builtin;
      // What is said of a registration on it (APX210) says why it is unknown.
      if (receiver.kind === "unknown" && ts.isCallExpression(node)) this.unknownReceivers.set(node, receiver);
      return this.invoke(this.property(receiver, method, callee), node, scope);
    }
    if (ts.isElementAccessExpression(callee) && computed) {
      const receiver = this.evaluate(callee.expression, scope);
      const host = receiver.kind === "host" ? receiver : receiver.kind === "instance" ? receiver.host : undefined;
      if (host?.kind === "host" && this.host.callComputed) {
        this.hosted(() => this.host.callComputed?.(host, computed, { node, args, scope }));
        return unknown(node, "is the result of a method apidex cannot name");
      }
    }
    return this.invoke(this.evaluate(callee, scope), node, scope);
  }

  /**
   * The handler of the command a command-line program is started with: `new Command("start").action(fn)`,
   * `program.command("serve [port]").action(fn)` (commander, cac, sade) or yargs' `.command("start", desc,
   * builder, fn)`, where the package's start script gives that command (`node index start`): the server starts
   * there. Other commands' handlers (a setup installer, a migration) are not run, as the service's start does
   * not run them; nor is any where no start script names one.
   */
  private startedCommand(node: ts.CallExpression, scope: Scope): Value | undefined {
    const callee = node.expression;
    if (!ts.isPropertyAccessExpression(callee)) return undefined;
    const action = callee.name.text === "action" && node.arguments.length === 1;
    const yargs = callee.name.text === "command" && node.arguments.length >= 2;
    if (!action && !yargs) return undefined;
    const library = commandLinePackage(scope.file);
    if (!library || (yargs && library !== "yargs") || (action && library === "yargs")) return undefined;
    const names = action ? commandNames(callee.expression, scope.file) : firstWord(node.arguments[0]!);
    if (!names?.length) return undefined;
    const given = this.sources.startCommandsOf(scope.file.fileName);
    const started = given.some((words) => {
      const m = Math.min(names.length, words.length);
      return m > 0 && names.slice(-m).every((name, i) => name === words[i]);
    });
    if (!started) return undefined;
    const handler = this.evaluate(node.arguments[node.arguments.length - 1]!, scope);
    if (handler.kind !== "function") return undefined;
    this.evaluate(callee.expression, scope);
    this.callFunction(handler, [{ kind: "runtime", what: "the command's arguments" }], node);
    return { kind: "runtime", what: "a command of the program" };
  }

  /**
   * `app.get.call(app, path, h)`, `(this.hono[method] as any).call(this.hono, path, ...h)`, `.apply(app, [path,
   * h])`: a wrapper that calls the framework's method through `call` or `apply` registers what the method
   * would (on the object it is read from).
   */
  private frameworkMethodCall(node: ts.CallExpression, scope: Scope): Value | undefined {
    const callee = node.expression;
    if (!ts.isPropertyAccessExpression(callee) || (callee.name.text !== "call" && callee.name.text !== "apply")) return undefined;
    let target = unwrapExpression(callee.expression);
    // `const verb = this.hono[method] as Handler; return verb.call(this.hono, path, ...handlers)`: the method read
    // into a constant of the same function first.
    if (ts.isIdentifier(target)) {
      const declaration = scope.lookup(target.text)?.node;
      const list = declaration && ts.isVariableDeclaration(declaration) ? declaration.parent : undefined;
      const init =
        declaration && ts.isVariableDeclaration(declaration) && ts.isIdentifier(declaration.name) && declaration.initializer
          ? unwrapExpression(declaration.initializer)
          : undefined;
      const sameFunction = init && enclosingFunction(init, node.getSourceFile()) === enclosingFunction(node, node.getSourceFile());
      if (list && ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0 && init && sameFunction) target = init;
    }
    if (!ts.isPropertyAccessExpression(target) && !ts.isElementAccessExpression(target)) return undefined;
    const key = ts.isPropertyAccessExpression(target) ? target.name.text : this.evaluate(target.argumentExpression, scope);
    const name = typeof key === "string" ? key : key.kind === "string" ? key.value : undefined;
    if (name === undefined) return undefined;
    const receiver = this.evaluate(target.expression, scope);
    const host =
      receiver.kind === "host"
        ? receiver
        : receiver.kind === "instance" && receiver.host && !this.defines(receiver, name)
          ? receiver.host
          : undefined;
    if (!host) return undefined;
    let args: readonly ts.Expression[] = node.arguments.slice(1);
    if (callee.name.text === "apply") {
      const list = args[0] && unwrapExpression(args[0]);
      if (!list || !ts.isArrayLiteralExpression(list)) return undefined;
      args = list.elements.filter((e) => !ts.isOmittedExpression(e));
    }
    return this.hosted(() => this.host.callMethod(host, name, { node, args, scope }));
  }

  /**
   * `[].slice.call(args, 0)`, `Array.prototype.slice.call(arguments, 1)`, `Array.prototype.concat.apply([], [a,
   * b])`: an array method borrowed for another value, as code older than rest parameters and spread writes it,
   * is that method called on the value (`this`) with the other arguments.
   */
  private arrayMethodCall(node: ts.CallExpression, scope: Scope): Value | undefined {
    const callee = node.expression;
    if (!ts.isPropertyAccessExpression(callee) || (callee.name.text !== "call" && callee.name.text !== "apply")) return undefined;
    const target = unwrapExpression(callee.expression);
    if (!ts.isPropertyAccessExpression(target)) return undefined;
    const owner = unwrapExpression(target.expression);
    const prototype =
      (ts.isArrayLiteralExpression(owner) && owner.elements.length === 0) ||
      (ts.isPropertyAccessExpression(owner) &&
        owner.name.text === "prototype" &&
        ts.isIdentifier(owner.expression) &&
        owner.expression.text === "Array" &&
        !scope.lookup("Array"));
    const method = target.name.text;
    // Methods that take their callback from the call's own first argument are not run this way.
    if (!prototype || !BORROWED_ARRAY_METHODS.has(method)) return undefined;
    const [self, ...rest] = node.arguments;
    if (!self || ts.isSpreadElement(self)) return unknown(node, `borrows the array method \`${method}\` for a value apidex cannot read`);
    const receiver = this.evaluate(self, scope);
    if (receiver.kind !== "array" || receiver.map)
      return unknown(node, `borrows the array method \`${method}\` for a value that is no array apidex can read`);
    let args: readonly ts.Expression[] = rest;
    if (callee.name.text === "apply") {
      const list = rest[0] && unwrapExpression(rest[0]);
      if (!list) args = [];
      else if (ts.isArrayLiteralExpression(list) && !list.elements.some((e) => ts.isSpreadElement(e) || ts.isOmittedExpression(e)))
        args = list.elements;
      else return unknown(node, `applies the array method \`${method}\` to arguments apidex cannot read`);
    }
    return (
      this.builtinMethod(receiver, method, node, scope, args) ??
      unknown(node, `borrows the array method \`${method}\` in a way apidex does not run`)
    );
  }

  /**
   * bluebird's helpers that start-up code of its era runs routes through, read as their promises settle (a
   * promise is the value it gives, as an async function's call is): `promisifyAll(obj)` is the object (its
   * `xAsync` methods answer as `x`: `fs.readdirAsync(dir)`), `try(fn)` / `attempt(fn)` the function's result,
   * `resolve(v)` the value, `map(items, fn)` / `mapSeries` the callback's results per item, `each(items, fn)` the
   * items once the callback ran per item. Undefined for the others.
   */
  private bluebirdCall(member: readonly string[], node: ts.CallExpression | ts.NewExpression, scope: Scope): Value | undefined {
    const args = node.arguments ?? [];
    if (member.length !== 1 || ts.isNewExpression(node) || args.some(ts.isSpreadElement)) return undefined;
    const name = member[0]!;
    if (name === "promisifyAll" && args.length >= 1) return this.evaluate(args[0]!, scope);
    if (name === "resolve") return args[0] ? this.evaluate(args[0], scope) : UNDEFINED;
    if ((name === "try" || name === "attempt") && args.length === 1) {
      const fn = this.evaluate(args[0]!, scope);
      return fn.kind === "function" ? this.callFunction(fn, [], node) : undefined;
    }
    if ((name === "map" || name === "mapSeries" || name === "each") && args.length >= 2) {
      const items = this.evaluate(args[0]!, scope);
      const fn = this.evaluate(args[1]!, scope);
      if (items.kind !== "array" || items.map || fn.kind !== "function" || items.items.length > MAX_UNROLLED) return undefined;
      const results = items.items.map((item, index) => {
        this.iterations.push(item);
        try {
          return this.callFunction(fn, [item, { kind: "number", value: index }, { kind: "number", value: items.items.length }], node);
        } finally {
          this.iterations.pop();
        }
      });
      return name === "each" ? items : { kind: "array", items: results };
    }
    return undefined;
  }

  /**
   * `/\.js$/.test(fname)`: a regular expression literal tested on a static string (a loader's filter over a
   * folder's files). Undefined for any other call; unknown when the string is not static.
   */
  private patternTest(node: ts.CallExpression, scope: Scope): Value | undefined {
    const callee = node.expression;
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "test" || node.arguments.length !== 1) return undefined;
    const literal = unwrapExpression(callee.expression);
    if (!ts.isRegularExpressionLiteral(literal)) return undefined;
    const pattern = this.literalPattern(literal, scope);
    const text = this.evaluate(node.arguments[0]!, scope);
    if (!(pattern instanceof RegExp) || text.kind !== "string" || text.env)
      return unknown(node, "tests a pattern on a value only known at run time");
    // A global or sticky pattern keeps its position between calls: each test starts afresh here, as in one call.
    pattern.lastIndex = 0;
    return { kind: "boolean", value: pattern.test(text.value) };
  }

  /** The project's folders as the autoloaders list them (autoloaders.ts). */
  loaderFolders(): LoaderFolders {
    const host = this.sources.host;
    return {
      root: this.sources.root.replace(/\/$/, ""),
      list: (dir) => host.listDirectory?.(dir),
      isFile: (file) => host.fileExists(file),
    };
  }

  /**
   * What `require(file)` gives for a file a package requires by its absolute path (an autoloader): the
   * module's CommonJS export, else its namespace; undefined for a file that is no source apidex reads.
   */
  requiredFile(fileName: string): Value | undefined {
    // (A file of another kind is no module apidex can read: `getFile` would parse a README as code.)
    if (!loadedModule(path.posix.basename(fileName))) return undefined;
    const file = this.sources.getFile(fileName);
    if (!file) return undefined;
    this.tracker?.cannotReplay?.(`it loads ${fileName} with an autoloader`);
    const instance = this.module(file);
    const commonJs = instance.exports.get(COMMONJS_EXPORTS);
    return commonJs ? commonJs() : { kind: "namespace", file };
  }

  /** Sets a property on an object an autoloader attaches modules to (an app, a plain object of the sources). */
  attach(target: Value, name: string, value: Value): void {
    if (target.kind === "object" || (target.kind === "instance" && target.props)) target.props!.set(name, value);
    else if (target.kind === "host") {
      const props = this.attachedProps.get(target.host) ?? new Map<string, Value>();
      props.set(name, value);
      this.attachedProps.set(target.host, props);
    }
  }

  /** A property of such an object that holds an object to attach below (a folder's namespace made before). */
  attachedProperty(target: Value, name: string): Value | undefined {
    const value =
      target.kind === "host"
        ? this.attachedProps.get(target.host)?.get(name)
        : target.kind === "object" || target.kind === "instance"
          ? target.props?.get(name)
          : undefined;
    return value && value.kind !== "undefined" && value.kind !== "null" ? value : undefined;
  }

  /**
   * What a folder loader returns (folder-loaders.ts): an object of the folder's modules, each as `require`
   * gives it, keyed by file name without its extension; subfolders as objects of their own when it descends.
   * Undefined for a folder outside the project or one apidex cannot list.
   */
  private loadFolder(load: FolderLoad, callingFile: string, depth: number): Value | undefined {
    const root = this.sources.root.replace(/\/$/, "");
    if (load.dir !== root && !load.dir.startsWith(`${root}/`)) return undefined;
    const entries = this.sources.host.listDirectory?.(load.dir);
    if (!entries) return undefined;
    // Summaries follow ES imports; a module that loads a folder is evaluated again on every run, as one that requires.
    if (depth === 0) this.tracker?.cannotReplay?.(`it loads the modules of ${load.dir}`);
    const props = new Map<string, Value>();
    for (const entry of [...entries].sort()) {
      if (entry === "node_modules" || entry.startsWith(".")) continue;
      const full = `${load.dir}/${entry}`;
      if (this.sources.host.listDirectory?.(full)) {
        if (!load.recursive || depth >= 8) continue;
        const nested = this.loadFolder({ ...load, dir: full }, callingFile, depth + 1);
        if (nested) props.set(load.key?.(entry) ?? entry, nested);
        continue;
      }
      if (load.skip?.(entry)) continue;
      const bare = loadedModule(entry);
      const key = bare && (load.key?.(bare) ?? bare);
      if (!key || full === callingFile || props.has(key)) continue;
      const file = this.sources.getFile(full);
      if (!file) continue;
      const instance = this.module(file);
      const commonJs = instance.exports.get(COMMONJS_EXPORTS);
      props.set(key, commonJs ? commonJs() : { kind: "namespace", file });
    }
    return { kind: "object", props };
  }

  /** Whether an options object written in the arguments names the app (`{ app }`, `{ express: app }`). */
  private appInOptions(args: readonly ts.Expression[], scope: Scope): boolean {
    for (const arg of args) {
      const object = unwrapExpression(arg);
      if (!ts.isObjectLiteralExpression(object)) continue;
      for (const property of object.properties) {
        const value = ts.isShorthandPropertyAssignment(property)
          ? property.name
          : ts.isPropertyAssignment(property) && ts.isIdentifier(unwrapExpression(property.initializer))
            ? unwrapExpression(property.initializer)
            : undefined;
        if (!value) continue;
        const given = this.diagnostics.quietly(() => this.evaluate(value, scope));
        if (given.kind === "host" && (given.host as { type?: unknown }).type === "router") return true;
      }
    }
    return false;
  }

  /**
   * A package's function given the app in its options and called for what it does (`finale.initialize({ app,
   * sequelize })`, which adds a REST resource's routes for each model later given to it): what it does with the
   * app is not read. Over the real-world corpus this shape was only such a package; an app handed as a bare
   * argument (`serverless(app)`, `onerror(app)`, `handle(app)`) most often registers nothing and is not said.
   */
  private handedToPackage(callee: Value & { kind: "external" }, node: ts.Node): void {
    const name = [callee.module, ...callee.path.filter((p) => p !== "default")].join(".");
    this.diagnostics.warning(
      "APX210",
      `This call was not analysed: it hands the app to ${name}(), a package's function apidex does not run, in its options; if it registers routes on it, those routes are not indexed.`,
      siteOf(node),
      "Register the routes with the framework's router; if the package adds no routes, this warning can be ignored.",
    );
  }

  /**
   * Whether arguments hand functions of the sources on (`...definition.handlers`, `handler`, `routes.list`): read
   * where reading runs nothing (names, members, spreads of them, arrays of them).
   */
  private handsHandlers(args: readonly ts.Expression[], scope: Scope): boolean {
    const plain = (e: ts.Expression): boolean =>
      ts.isIdentifier(e) ||
      (ts.isPropertyAccessExpression(e) && plain(e.expression)) ||
      ts.isArrowFunction(e) ||
      ts.isFunctionExpression(e);
    for (const arg of args) {
      const expression = ts.isSpreadElement(arg) ? arg.expression : arg;
      if (!plain(expression)) continue;
      const value = this.diagnostics.quietly(() => this.evaluate(expression, scope));
      const items = value.kind === "array" ? value.items : [value];
      if (items.some((v) => v.kind === "function" && !v.decl.getSourceFile().isDeclarationFile)) return true;
    }
    return false;
  }

  private invoke(callee: Value, node: ts.CallExpression | ts.NewExpression, scope: Scope): Value {
    const args = node.arguments ?? [];
    switch (callee.kind) {
      case "external": {
        if (callee.module === NODE_CONFIG_METHODS) return this.nodeConfigCall(callee, node, scope);
        const stat = statMethod(callee);
        if (stat) return stat;
        // Confidence's `new Store(document)` and its `get(key, criteria)` (confidence.ts).
        const member = callee.path[0] === "default" ? callee.path.slice(1) : callee.path;
        if (CONFIDENCE_PACKAGES.test(callee.module) && ts.isNewExpression(node) && member.length === 1 && member[0] === "Store") {
          const document = args[0] ? this.evaluate(args[0], scope) : { kind: "object" as const, props: new Map<string, Value>() };
          this.confidenceStores.push(document);
          return { kind: "external", module: CONFIDENCE_STORE, path: [String(this.confidenceStores.length - 1)] };
        }
        if (callee.module === CONFIDENCE_STORE && callee.path.length === 2 && callee.path[1] === "get") {
          const [key, criteria] = this.arguments(args, scope);
          return confidenceGet(this.confidenceStores[Number(callee.path[0])]!, key, criteria, { env: this.env, node });
        }
        const promised = BLUEBIRD.test(callee.module) ? this.bluebirdCall(member, node, scope) : undefined;
        if (promised) return promised;
        // Arguments are evaluated once: only for the built-ins (path, url, fs), whose evaluation has no effects.
        if (/^((node:)?(path|url|fs|fs\/promises)|glob|fast-glob|globby|fs-jetpack)$/.test(callee.module)) {
          const values = this.arguments(args, scope);
          const context = {
            root: this.sources.root,
            ...(this.sources.host.listDirectory ? { listDirectory: (d: string) => this.sources.host.listDirectory!(d) } : {}),
            // A data file the code reads (its route table): a cached run must miss when it changes.
            readFile: (file: string) => {
              this.sources.recordInputs([file]);
              return this.sources.host.readFile(file);
            },
          };
          // `fs.readdir(dir, (err, files) => ...)`: the listing handed to the callback, as Node hands it.
          const callback = values.at(-1);
          const member = callee.path[0] === "default" ? callee.path.slice(1) : callee.path;
          if (/^(node:)?fs$/.test(callee.module) && member.length === 1 && member[0] === "readdir" && callback?.kind === "function") {
            const listing = nodeBuiltin({ ...callee, path: ["readdirSync"] }, values.slice(0, -1), context);
            if (listing) {
              this.callFunction(callback, [{ kind: "null" }, listing], node);
              return { kind: "undefined" };
            }
          }
          const builtin = nodeBuiltin(callee, values, context);
          if (builtin) return builtin;
        }
        // `consign().include("controllers").then("routes").into(app)`, `load("routes").into(app)`: a chain run on `into`.
        if (callee.module === AUTOLOAD_CHAIN) return this.autoloads.call(callee, node, scope);
        if (AUTOLOADERS.has(callee.module) && (callee.path.length === 0 || (callee.path.length === 1 && callee.path[0] === "default"))) {
          this.tracker?.cannotReplay?.(`it loads modules with ${callee.module}`);
          return this.autoloads.create(callee.module as "consign" | "express-load", node, scope);
        }
        // `requireDir("./routes")`, `requireAll({ dirname: __dirname + "/controllers" })`: the folder's modules.
        if (FOLDER_LOADERS.has(callee.module) && (callee.path.length === 0 || (callee.path.length === 1 && callee.path[0] === "default"))) {
          const load = folderLoad(callee.module, this.arguments(args, scope), scope.file.fileName, this.packageFolder(scope.file.fileName));
          const loaded = load && this.loadFolder(load, scope.file.fileName, 0);
          if (loaded) return loaded;
        }
        const hosted = this.hosted(() => this.host.callExternal(callee, { node, args, scope }));
        if (hosted) return hosted;
        // A mongoose model (`mongoose.model("Comment", schema)`) and its documents, whose type CASL reads (mongoose-models.ts).
        if (callee.module === "mongoose" || callee.module === MONGOOSE_MODEL || callee.module === MONGOOSE_DOCUMENT) {
          const made = mongooseValue(
            callee,
            args.length && callee.module === "mongoose" ? this.arguments(args.slice(0, 1), scope) : [],
            ts.isNewExpression(node),
          );
          if (made) return made;
        }
        // Effect's `Effect.fn("name")(function* ...)` is the generator function; `Effect.gen(function* ...)` runs it
        // and is what it returns (effect-generators.ts).
        const helper = callee.module === EFFECT_FN_NAMED ? "fn" : effectGeneratorHelper(callee);
        if (helper) {
          const given = args.map((arg) => this.evaluate(arg, scope));
          const fn = given.find((v): v is FunctionValue => v.kind === "function");
          if (fn) return helper === "fn" ? fn : this.callFunction(fn, [], node);
          if (helper === "fn" && callee.module !== EFFECT_FN_NAMED && given[0]?.kind === "string")
            return { kind: "external", module: EFFECT_FN_NAMED, path: [] };
        }
        // `_.each(routes, (def, path) => ...)`: lodash's (and underscore's) iteration over a static collection.
        const iterated = this.collectionHelper(callee, node, scope);
        if (iterated) return iterated;
        const assigned = this.assignHelper(callee, node, scope);
        if (assigned) return assigned;
        const picked = this.pickHelper(callee, node, scope);
        if (picked) return picked;
        const tested = this.typePredicate(callee, node, scope);
        if (tested) return tested;
        // `major("2.0.0")` of semver: a pure function of a static version (a NestJS default version is one).
        const part = semverPart(callee, () => this.arguments(args, scope), node);
        if (part) return part;
        // `container.resolve(Files)` (tsyringe), `Container.get(Files)` (typedi): the container's instance of a
        // class of the sources, made as a container makes it (its injected services instances of their classes).
        if (DI_PACKAGES.test(callee.module) && DI_LOOKUPS.has(callee.path.at(-1) ?? "") && args[0]) {
          const token = this.evaluate(args[0], scope);
          if (token.kind === "class") return this.injected(token, node);
        }
        // `MongoClient.connect(url, (err, client) => { require("./routes")(app, client.db()); app.listen(3000) })`:
        // Node's error-first callback is a continuation, as a promise's `then` is: it runs once the package's work
        // completes, as the service runs normally (without an error), so what it registers is registered.
        const continuation = this.errorFirstCallback(args, scope);
        if (continuation) this.callFunction(continuation, [{ kind: "null" }], node);
        // `websockify(new Koa())`, `addAsync(express())`: a package that enhances the app it is given returns
        // it (what is registered on the result is the app's). Node's own servers (`http.createServer(app)`)
        // are not the app.
        const first = args[0] && !ts.isSpreadElement(args[0]) ? unwrapExpression(args[0]) : undefined;
        // `asyncHandler(controller[key])`, `wrap(handlers.create)`: a member read runs nothing either.
        if (
          first &&
          (ts.isCallExpression(first) ||
            ts.isNewExpression(first) ||
            ts.isIdentifier(first) ||
            ts.isPropertyAccessExpression(first) ||
            ts.isElementAccessExpression(first)) &&
          !isBuiltin(callee.module)
        ) {
          const given = this.evaluate(first, scope);
          for (const arg of args.slice(1)) this.runCallsIn(arg, scope);
          if (given.kind === "host" && (given.host as { type?: unknown }).type === "router") {
            // `await createRouter(app)` of express-file-routing: a package that adds routes it builds at run time.
            if (isRoutingPackage(callee.module))
              this.diagnostics.warning(
                "APX210",
                `This call was not analysed: it hands the app to ${callee.module}, a routing package apidex does not read (it adds routes it builds at run time, from a folder's files or a table); the routes it adds are not indexed.`,
                siteOf(node),
                "Register the routes with the framework's router; if the package mounts a folder's modules that each export a router, name the folder in the config's `routerFiles`.",
              );
            // `koaElasticUtils.addRoutes(router, paths, ...handlers)`: a package given the router and functions of
            // the sources may register them as routes at run time, which apidex does not see.
            else if (this.handsHandlers(args.slice(1), scope))
              this.diagnostics.warning(
                "APX210",
                `This call was not analysed: it hands the router and functions of the sources to ${[callee.module, ...callee.path.filter((p) => p !== "default")].join(".")}(), a package's function apidex does not run; if it registers them as routes, those routes are not indexed.`,
                siteOf(node),
                "Register the routes with the framework's router (`router.get(path, ...handlers)`).",
              );
            return given;
          }
          const result: Value = { kind: "runtime", what: `the result of ${[callee.module, ...callee.path].join(".")}()` };
          if (given.kind === "function") this.wrappedByPackage.set(result, [given]);
          return result;
        }
        // `finale.initialize({ app, sequelize })`: the app handed to a package in an options object.
        if (!isBuiltin(callee.module) && calledForEffect(node) && this.appInOptions(args, scope)) this.handedToPackage(callee, node);
        // `http.createServer(createApp())`, `serve({ fetch: createServer().fetch })`: the package runs what it is
        // given, so the calls written in its arguments run (the factory that registers the routes).
        for (const arg of args) this.runCallsIn(arg, scope);
        this.openWrittenObjects(args, scope);
        const result: Value = { kind: "runtime", what: `the result of ${[callee.module, ...callee.path].join(".")}()` };
        if (first && (ts.isArrowFunction(first) || ts.isFunctionExpression(first)) && !isBuiltin(callee.module)) {
          const given = this.evaluate(first, scope);
          if (given.kind === "function") this.wrappedByPackage.set(result, [given]);
        }
        return result;
      }
      case "function": {
        this.sourceCalls.add(node);
        // `new Resource(app, "cats")` of an ES5 constructor function: a new object is its `this`, and is what
        // `new` gives unless the function returns an object of its own.
        if (ts.isNewExpression(node) && (ts.isFunctionDeclaration(callee.decl) || ts.isFunctionExpression(callee.decl))) {
          const instance: Value = { kind: "object", props: new Map() };
          this.assignPrototype(callee, instance);
          const returned = this.callFunction({ ...callee, thisValue: instance }, this.arguments(args, scope), node);
          return returned.kind === "object" || returned.kind === "instance" || returned.kind === "host" ? returned : instance;
        }
        const hostCalls = this.hostCalls;
        const cutShort = this.cutShort;
        // `db.connect(err => { api(err => { ... }) })` of the project's own functions: a completion callback (its
        // first parameter an error, two at most) that the function hands to work apidex does not run (a
        // server's `listen` callback, a driver's promise) runs once as the service runs normally, given no error,
        // as a package's does — unless the function called it in the code apidex ran.
        const continuation = this.errorFirstCallback(args, scope);
        const completion = continuation && continuation.decl.parameters.length <= 2 ? continuation : undefined;
        const before = completion ? (this.invocations.get(completion.decl) ?? 0) : 0;
        const result = this.callFunction(callee, this.deploymentArguments(callee, this.arguments(args, scope)), node);
        if (result.kind === "function") this.madeBy.set(result, { node, scope });
        this.noteReach(node, callee.decl, this.hostCalls !== hostCalls, this.cutShort !== cutShort);
        if (completion && (this.invocations.get(completion.decl) ?? 0) === before) this.callFunction(completion, [{ kind: "null" }], node);
        return result;
      }
      case "class":
        return ts.isNewExpression(node)
          ? this.construct(callee, this.arguments(args, scope), node, scope)
          : unknown(node, "calls a class without new");
      case "unknown":
      case "runtime": {
        this.openWrittenObjects(args, scope);
        // `pool.getConnection((err, conn) => { ... })` on a package's object: its error-first callback is a
        // continuation, as for a package's own function.
        const continuation = this.errorFirstCallback(args, scope);
        if (continuation) this.callFunction(continuation, [{ kind: "null" }], node);
        return callee.kind === "unknown" ? callee : { kind: "runtime", what: `the result of ${callee.what}()` };
      }
      case "host":
        return this.hosted(() => this.host.callValue?.(callee, { node, args, scope })) ?? unknown(node, "calls a framework object");
      default:
        return unknown(node, `calls a ${callee.kind} value`);
    }
  }

  /**
   * The arguments of a call of an app factory the config's `factoryArguments` names: what the deployment
   * passes, in place of those the sources give at those positions (a server entry that builds the config at
   * run time and calls `getApp(config, ...)`: the config describes that deployment).
   */
  private deploymentArguments(callee: FunctionValue, args: Value[]): Value[] {
    const decl = callee.decl;
    const name = ts.isFunctionDeclaration(decl)
      ? decl.name?.text
      : decl.parent && ts.isVariableDeclaration(decl.parent) && ts.isIdentifier(decl.parent.name)
        ? decl.parent.name.text
        : undefined;
    const given = name && Object.hasOwn(this.factoryArguments, name) ? this.factoryArguments[name]! : undefined;
    if (!given?.length) return args;
    const out = [...args];
    for (const [i, value] of given.entries()) out[i] = jsonValue(value);
    return out;
  }

  /**
   * Evaluates the calls an argument of a package's function is made of — itself, the object or property it
   * is read from, the values of an object or array literal — for what they do (never a function's body:
   * a callback runs when the package calls it, which apidex does not follow).
   */
  private runCallsIn(node: ts.Expression, scope: Scope): void {
    const inner = unwrapExpression(ts.isSpreadElement(node) ? node.expression : node);
    if (ts.isCallExpression(inner) || ts.isNewExpression(inner)) this.evaluate(inner, scope);
    else if (ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner)) this.runCallsIn(inner.expression, scope);
    else if (ts.isArrayLiteralExpression(inner)) for (const element of inner.elements) this.runCallsIn(element, scope);
    else if (ts.isObjectLiteralExpression(inner))
      for (const property of inner.properties)
        if (ts.isPropertyAssignment(property)) this.runCallsIn(property.initializer, scope);
        else if (ts.isSpreadAssignment(property)) this.runCallsIn(property.expression, scope);
  }

  /**
   * A callback given to a call apidex cannot follow (`Object.entries(registry.getAll()).forEach((p) =>
   * Object.assign(routes, p.controllers))`) is not run, yet at run time it may write into objects of the code
   * around it: each object it writes properties to (`Object.assign(routes, ...)`, `routes[key] = ...`,
   * `routes.extra = ...`) is open from then on, so that listing it says it may hold more.
   */
  private openWrittenObjects(args: readonly ts.Expression[], scope: Scope): void {
    for (const arg of args) {
      const fn = unwrapExpression(arg);
      if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) continue;
      const open = (target: ts.Expression) => {
        const name = unwrapExpression(target);
        if (!ts.isIdentifier(name)) return;
        const binding = scope.lookup(name.text);
        // Declared inside the callback: its own, not the code's around it.
        if (!binding || (binding.node.pos >= fn.pos && binding.node.end <= fn.end)) return;
        // An object literal nothing has read yet (`const routes = {}` just before) is made now, as its first read
        // would make it; any other value not computed yet is left alone (computing it may run code early).
        const declaration = binding.node;
        const literal =
          ts.isVariableDeclaration(declaration) &&
          declaration.initializer !== undefined &&
          ts.isObjectLiteralExpression(unwrapExpression(declaration.initializer));
        const value = binding.peek() ?? (literal ? binding.get(() => unknown(name, "is read while it is being computed")) : undefined);
        if (value?.kind === "object" && value !== this.globalObject) {
          value.open = true;
          value.unlisted = true;
        }
      };
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node)) {
          const callee = node.expression;
          if (
            ts.isPropertyAccessExpression(callee) &&
            ts.isIdentifier(callee.expression) &&
            callee.expression.text === "Object" &&
            callee.name.text === "assign" &&
            node.arguments[0]
          )
            open(node.arguments[0]);
        } else if (
          ts.isBinaryExpression(node) &&
          node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
          (ts.isElementAccessExpression(node.left) || ts.isPropertyAccessExpression(node.left))
        )
          open(node.left.expression);
        ts.forEachChild(node, visit);
      };
      visit(fn.body);
    }
  }

  /** Call arguments, spreads of static arrays flattened (`sub(...args)` passes each item). */
  private arguments(args: readonly ts.Expression[], scope: Scope): Value[] {
    const out: Value[] = [];
    for (const arg of args) {
      const value = this.argument(arg, scope);
      if (ts.isSpreadElement(arg) && value.kind === "array") out.push(...value.items);
      else out.push(value);
    }
    return out;
  }

  private argument(node: ts.Expression, scope: Scope): Value {
    if (ts.isSpreadElement(node)) return this.evaluate(node.expression, scope);
    return this.evaluate(node, scope);
  }

  /** String methods over static arguments that keep the value static. */
  private stringMethod(text: string, method: string, args: readonly ts.Expression[], scope: Scope): Value | undefined {
    if (!STRING_METHODS.has(method)) return undefined;
    const values = args.map((a) => this.evaluate(a, scope));
    const plain = values.map((v) => (v.kind === "string" || v.kind === "number" ? v.value : v.kind === "undefined" ? undefined : NaN));
    if (plain.some((v) => typeof v === "number" && Number.isNaN(v))) return undefined;
    const [a, b] = plain as (string | number | undefined)[];
    const number = (value: number): Value => ({ kind: "number", value });
    const bool = (value: boolean): Value => ({ kind: "boolean", value });
    switch (method) {
      case "indexOf":
        return typeof a === "string" ? number(text.indexOf(a, typeof b === "number" ? b : undefined)) : undefined;
      case "lastIndexOf":
        return typeof a === "string" ? number(text.lastIndexOf(a)) : undefined;
      case "startsWith":
        return typeof a === "string" ? bool(text.startsWith(a, typeof b === "number" ? b : undefined)) : undefined;
      case "endsWith":
        return typeof a === "string" ? bool(text.endsWith(a)) : undefined;
      case "includes":
        return typeof a === "string" ? bool(text.includes(a)) : undefined;
      case "slice":
        return a === undefined || typeof a === "number" ? str(text.slice(a, typeof b === "number" ? b : undefined)) : undefined;
      case "substring":
        return typeof a === "number" ? str(text.substring(a, typeof b === "number" ? b : undefined)) : undefined;
      case "charAt":
        return typeof a === "number" ? str(text.charAt(a)) : undefined;
      case "split":
        return typeof a === "string" ? { kind: "array", items: text.split(a).map(str) } : undefined;
      case "padStart":
      case "padEnd":
        return typeof a === "number" && (b === undefined || typeof b === "string") ? str(text[method](a, b)) : undefined;
      case "repeat":
        return typeof a === "number" && a >= 0 && a < 100 ? str(text.repeat(a)) : undefined;
      case "concat":
        return plain.every((v) => typeof v === "string") ? str(text.concat(...(plain as string[]))) : undefined;
    }
    return undefined;
  }

  /**
   * A package call's last argument when it is Node's error-first callback (`(err, client) => ...`, `function (error)
   * { ... }`): a function of the sources written there, or named there, whose first parameter names an error.
   */
  private errorFirstCallback(args: readonly ts.Expression[], scope: Scope): FunctionValue | undefined {
    const last = args.at(-1);
    if (!last || ts.isSpreadElement(last)) return undefined;
    const written = unwrapExpression(last);
    if (!ts.isArrowFunction(written) && !ts.isFunctionExpression(written) && !ts.isIdentifier(written)) return undefined;
    const value = this.evaluate(written, scope);
    if (value.kind !== "function") return undefined;
    const first = value.decl.parameters[0]?.name;
    return first && ts.isIdentifier(first) && ERROR_PARAMETER.test(first.text) ? value : undefined;
  }

  /** A literal pattern: a regular expression literal, or what evaluates to a string. */
  private literalPattern(node: ts.Expression, scope: Scope): string | RegExp | undefined {
    if (ts.isRegularExpressionLiteral(node)) {
      const literal = /^\/(.*)\/([a-z]*)$/s.exec(node.text);
      try {
        return literal ? new RegExp(literal[1]!, literal[2]) : undefined;
      } catch {
        return undefined;
      }
    }
    const value = this.evaluate(node, scope);
    return value.kind === "string" ? value.value : undefined;
  }

  /** The few standard-library calls that keep a value static. */
  private builtinMethod(
    receiver: Value,
    method: string,
    node: ts.CallExpression | ts.NewExpression,
    scope: Scope,
    args: readonly ts.Expression[] = node.arguments ?? [],
  ): Value | undefined {
    if (receiver.kind === "array" && receiver.map) return this.mapMethod(receiver, method, node, scope);
    const bool = (value: boolean): Value => ({ kind: "boolean", value });
    // `connectDb().then(() => { app.use("/api", api) })`, `listen().finally(...)`: a promise's continuation runs
    // once it settles, as the service runs normally; it gets the value (an async function's call already gives
    // what it resolves to, and a package's promise an unknown value). A `.catch` handler runs only on failure.
    if ((method === "then" || method === "finally") && args[0] && !this.ownsMember(receiver, method)) {
      const callback = this.evaluate(args[0], scope);
      if (callback.kind === "function") return this.callFunction(callback, method === "then" ? [receiver] : [], node);
    }
    // `fn.call(app, ...)`, `fn.apply(app, [...])`, `fn.bind(app)`: the function with `app` as its `this`
    // (`function plugin() { this.get("/users", h) }; plugin.call(app)`).
    if (receiver.kind === "function" && (method === "bind" || method === "call" || method === "apply")) {
      const self = args[0] && !ts.isSpreadElement(args[0]) ? this.evaluate(args[0], scope) : undefined;
      const bound: FunctionValue =
        self && self.kind !== "undefined" && self.kind !== "null" && !ts.isArrowFunction(receiver.decl)
          ? { ...receiver, thisValue: self }
          : receiver;
      if (method === "bind") return bound;
      if (method === "call")
        return this.callFunction(
          bound,
          args.slice(1).map((a) => this.evaluate(a, scope)),
          node,
        );
      const list = args[1] ? this.evaluate(args[1], scope) : { kind: "array" as const, items: [] };
      if (list.kind === "array") return this.callFunction(bound, list.items, node);
      return unknown(node, "applies a function to arguments apidex cannot read");
    }
    if (receiver.kind === "string" && receiver.env) {
      // An environment variable's default keeps its mark through string methods; what they tell of it
      // (`startsWith`, `includes`, a length) is only known at run time.
      const result = this.builtinMethod({ kind: "string", value: receiver.value }, method, node, scope, args);
      return result && withEnvironment(result, receiver.env, node);
    }
    if (receiver.kind === "string") {
      if (method === "toLowerCase") return str(receiver.value.toLowerCase());
      if (method === "toUpperCase") return str(receiver.value.toUpperCase());
      if (method === "trim") return str(receiver.value.trim());
      // `file.indexOf(".") === 0`, `file.endsWith(".js")`, `file.slice(0, -3)`: string arguments, number positions.
      const stringMethod = this.stringMethod(receiver.value, method, args, scope);
      if (stringMethod) return stringMethod;
      // `name.replace(/_/g, "-")`: a literal pattern (string or regular expression) and a string replacement.
      if ((method === "replace" || method === "replaceAll") && args.length === 2) {
        const patternNode = args[0]!;
        const replacement = this.evaluate(args[1]!, scope);
        let pattern: string | RegExp | undefined;
        if (ts.isRegularExpressionLiteral(patternNode)) {
          const literal = /^\/(.*)\/([a-z]*)$/s.exec(patternNode.text);
          try {
            pattern = literal ? new RegExp(literal[1]!, literal[2]) : undefined;
          } catch {
            pattern = undefined;
          }
        } else {
          const value = this.evaluate(patternNode, scope);
          if (value.kind === "string") pattern = value.value;
        }
        if (pattern === undefined || replacement.kind !== "string")
          return unknown(node, `calls ${method}() with a pattern or replacement that is not a literal`);
        if (method === "replaceAll" && pattern instanceof RegExp && !pattern.global)
          return unknown(node, "calls replaceAll() with a non-global regular expression (a TypeError at run time)");
        return str(
          method === "replace" ? receiver.value.replace(pattern, replacement.value) : receiver.value.replaceAll(pattern, replacement.value),
        );
      }
      // `text.split("\n")`, `pattern.split(/\s+/)`: a route table's lines and columns (a file of routes the
      // service reads at start-up). A literal separator (string or regular expression), an optional limit.
      if (method === "split" && args.length >= 1 && args.length <= 2) {
        const separator = this.literalPattern(args[0]!, scope);
        const limit = args[1] ? this.evaluate(args[1], scope) : undefined;
        if (separator === undefined || (limit && limit.kind !== "number"))
          return unknown(node, "splits at a separator that is not a literal");
        const parts = receiver.value.split(separator, limit?.kind === "number" ? limit.value : undefined);
        return parts.length <= MAX_UNROLLED
          ? { kind: "array", items: parts.map(str) }
          : unknown(node, "splits into more parts than apidex reads");
      }
      // `path.match(/\{[\w$]+\}/g)`: the matches of a regular expression literal (a global one: every match; else
      // the match and its groups), or null.
      if (method === "match" && args.length === 1 && ts.isRegularExpressionLiteral(args[0]!)) {
        const pattern = this.literalPattern(args[0]!, scope);
        if (!(pattern instanceof RegExp)) return unknown(node, "matches a pattern that is not a literal");
        const found = receiver.value.match(pattern);
        return found ? { kind: "array", items: [...found].map((m) => (m === undefined ? UNDEFINED : str(m))) } : { kind: "null" };
      }
      if (method === "concat") {
        const parts = args.map((a) => this.evaluate(a, scope));
        const strings = parts.map((p) => (p.kind === "string" || p.kind === "number" ? String(p.value) : undefined));
        return strings.every((s) => s !== undefined)
          ? str(receiver.value + strings.join(""))
          : unknown(node, "concatenates values that are not static strings");
      }
    }
    // `modules.push(SearchModule)` in code apidex runs: the array holds it from then on, as at run time.
    if (
      receiver.kind === "array" &&
      (method === "push" || method === "unshift") &&
      receiver.items.length < MAX_UNROLLED &&
      !this.undecided.length
    ) {
      const added = this.arguments(args, scope);
      if (method === "push") receiver.items.push(...added);
      else receiver.items.unshift(...added);
      return { kind: "number", value: receiver.items.length };
    }
    if (receiver.kind === "array" && (method === "forEach" || method === "map" || method === "flatMap"))
      return this.iterate(receiver, method, node, scope);
    // `names.reduce((acc, name) => { acc.push(new controllers[name]()); return acc; }, [])`: the callback runs once
    // per item, each given what the one before returned.
    if (receiver.kind === "array" && (method === "reduce" || method === "reduceRight") && args[0]) {
      const fn = this.evaluate(args[0], scope);
      if (fn.kind !== "function" || receiver.items.length > MAX_UNROLLED) return undefined;
      const items =
        method === "reduce"
          ? receiver.items.map((item, i) => [item, i] as const)
          : receiver.items.map((item, i) => [item, i] as const).reverse();
      let acc: Value;
      if (args[1]) acc = this.evaluate(args[1], scope);
      else if (items.length) acc = items.shift()![0];
      else return unknown(node, "reduces an empty array without an initial value (a TypeError at run time)");
      for (const [item, index] of items) {
        this.iterations.push(item);
        try {
          acc = this.callFunction(fn, [acc, item, { kind: "number", value: index }, receiver], node);
        } finally {
          this.iterations.pop();
        }
      }
      return acc;
    }
    if (receiver.kind === "array" && method === "filter") {
      const fnNode = args[0];
      // `[Routes, !config.metricsDisabled && Metrics].filter(Boolean)`: the items known to be falsy go; one whose
      // truth is known only at run time stays, as the unknown it is (what reads it says so), so the items that
      // are known are not lost with it.
      if (fnNode && ts.isIdentifier(fnNode) && fnNode.text === "Boolean" && !scope.lookup("Boolean"))
        return { kind: "array", items: receiver.items.filter((item) => truthiness(item) !== false) };
      const fn = fnNode ? this.evaluate(fnNode, scope) : undefined;
      if (fn?.kind !== "function" || receiver.items.length > MAX_UNROLLED) return undefined;
      const kept: Value[] = [];
      for (const [index, item] of receiver.items.entries()) {
        const keep = truthiness(this.callFunction(fn, [item, { kind: "number", value: index }, receiver], node));
        if (keep === undefined) return unknown(node, "filters by a condition only known at run time");
        if (keep) kept.push(item);
      }
      return { kind: "array", items: kept };
    }
    // `omitted.includes(key)`, `names.indexOf(name)`: whether a static array holds a static value (a string, a
    // number, a boolean, null or undefined), compared as `includes` compares them; an item or a value apidex
    // cannot read leaves the answer unknown unless an item equal to the value comes before it.
    if (receiver.kind === "array" && (method === "includes" || method === "indexOf") && args.length === 1) {
      const value = this.evaluate(args[0]!, scope);
      if (!PLAIN_KINDS.has(value.kind)) return unknown(node, `looks for a value only known at run time with ${method}()`);
      // An environment variable's default (the value or an item) makes the answer one of the run time, as a
      // comparison with it is: the deployment may set the variable.
      let env = value.kind === "string" ? value.env : undefined;
      let answer: Value | undefined;
      for (const [index, item] of receiver.items.entries()) {
        if (item.kind === "string" && item.env) env ??= item.env;
        if (sameValue(item, value)) {
          answer = method === "includes" ? bool(true) : { kind: "number", value: index };
          break;
        }
        if (UNREAD_KINDS.has(item.kind))
          return unknown(node, `looks through an array holding a value only known at run time with ${method}()`);
      }
      answer ??= method === "includes" ? bool(false) : { kind: "number", value: -1 };
      return env ? withEnvironment(answer, env, node) : answer;
    }
    // `extensions.some((e) => e.kind === "guard")`, `every`, `find`, `findIndex`: the callback runs once per item
    // in order, as JavaScript runs it, until the answer is known; a condition only known at run time before that
    // leaves the answer unknown.
    if (receiver.kind === "array" && SEARCH_METHODS.has(method) && args[0]) {
      const fn = this.evaluate(args[0], scope);
      if (fn.kind !== "function" || receiver.items.length > MAX_UNROLLED) return undefined;
      for (const [index, item] of receiver.items.entries()) {
        const truth = truthiness(this.callFunction(fn, [item, { kind: "number", value: index }, receiver], node));
        if (truth === undefined) return unknown(node, `${method}() decides by a condition only known at run time`);
        if (method === "every" ? !truth : truth)
          return method === "some"
            ? bool(true)
            : method === "every"
              ? bool(false)
              : method === "find"
                ? item
                : { kind: "number", value: index };
      }
      return method === "some"
        ? bool(false)
        : method === "every"
          ? bool(true)
          : method === "find"
            ? { kind: "undefined" }
            : { kind: "number", value: -1 };
    }
    // `/${parts.join("/")}`: an array of static strings and numbers joined (null and undefined as empty, as
    // JavaScript joins them).
    if (receiver.kind === "array" && method === "join" && args.length <= 1) {
      const separator = args[0] ? this.evaluate(args[0], scope) : str(",");
      if (separator.kind !== "string") return unknown(node, "joins with a separator only known at run time");
      const parts: string[] = [];
      for (const item of receiver.items) {
        if (item.kind === "string" || item.kind === "number" || item.kind === "boolean") parts.push(String(item.value));
        else if (item.kind === "undefined" || item.kind === "null") parts.push("");
        else return unknown(node, "joins values that are not static strings");
      }
      return str(parts.join(separator.value));
    }
    // `handlers.slice()`, `args.slice(1, -1)`: a copy of the items, as JavaScript's.
    if (receiver.kind === "array" && method === "slice") {
      const [start, end] = this.arguments(args, scope);
      const bound = (v: Value | undefined) =>
        v === undefined || v.kind === "undefined" ? undefined : v.kind === "number" ? v.value : null;
      const from = bound(start);
      const to = bound(end);
      if (from === null || to === null) return unknown(node, "slices at a position that is not static");
      return { kind: "array", items: receiver.items.slice(from, to) };
    }
    if (receiver.kind === "array" && method === "concat") {
      const items = [...receiver.items];
      for (const a of args) {
        const v = this.evaluate(a, scope);
        if (v.kind === "array") items.push(...v.items);
        else items.push(v);
      }
      return { kind: "array", items };
    }
    return undefined;
  }

  /**
   * A `Map`'s methods, over its `[key, value]` pairs: `forEach((value, key) => ...)` runs the callback per
   * entry, as a loop over a static array does; `get`, `has`, `keys`, `values`, `entries` read them; `set`,
   * `delete` and `clear` change them in code that runs (not in a branch of a condition apidex cannot read).
   */
  private mapMethod(
    map: Extract<Value, { kind: "array" }>,
    method: string,
    node: ts.CallExpression | ts.NewExpression,
    scope: Scope,
  ): Value {
    const args = node.arguments ?? [];
    const keyOf = (value: Value) =>
      value.kind === "string" || value.kind === "number" || value.kind === "boolean" ? `${value.kind}:${value.value}` : undefined;
    const indexOf = (key: Value) => {
      const wanted = keyOf(key);
      return wanted === undefined
        ? -2
        : map.items.findIndex((pair) => pair.kind === "array" && keyOf(pair.items[0] ?? UNDEFINED) === wanted);
    };
    const part = (pair: Value, i: 0 | 1): Value => (pair.kind === "array" ? (pair.items[i] ?? UNDEFINED) : UNDEFINED);
    switch (method) {
      case "forEach": {
        const fn = args[0] ? this.evaluate(args[0], scope) : undefined;
        if (fn?.kind !== "function" || map.items.length > MAX_UNROLLED) return unknown(node, "runs a Map's forEach apidex cannot unroll");
        // What a branch apidex cannot decide may have `set` is said where routes are made of the entries (APX213).
        if (this.branchAdded.has(map) && fn.decl.body && this.callsHost(fn.decl.body, scope)) this.releaseAdded(map);
        for (const pair of [...map.items]) {
          this.iterations.push(pair);
          try {
            this.callFunction(fn, [part(pair, 1), part(pair, 0), map], node);
          } finally {
            this.iterations.pop();
          }
        }
        return UNDEFINED;
      }
      case "entries":
        return { kind: "array", items: [...map.items] };
      case "keys":
      case "values":
        return { kind: "array", items: map.items.map((pair) => part(pair, method === "keys" ? 0 : 1)) };
      case "get":
      case "has": {
        const index = args[0] ? indexOf(this.evaluate(args[0], scope)) : -2;
        if (index === -2) return unknown(node, "reads a Map by a key that is not a static value");
        if (method === "has") return { kind: "boolean", value: index >= 0 };
        return index >= 0 ? part(map.items[index]!, 1) : UNDEFINED;
      }
      case "set":
      case "delete":
      case "clear": {
        if (this.undecided.length) return method === "set" ? map : unknown(node, "changes a Map in a branch apidex cannot decide");
        if (method === "clear") {
          map.items.length = 0;
          return UNDEFINED;
        }
        const key = args[0] ? this.evaluate(args[0], scope) : UNDEFINED;
        const index = indexOf(key);
        if (index === -2) return unknown(node, "changes a Map by a key that is not a static value");
        if (method === "delete") {
          if (index >= 0) map.items.splice(index, 1);
          return { kind: "boolean", value: index >= 0 };
        }
        const pair: Value = { kind: "array", items: [key, args[1] ? this.evaluate(args[1], scope) : UNDEFINED] };
        if (index >= 0) map.items[index] = pair;
        else map.items.push(pair);
        return map;
      }
    }
    return unknown(node, `calls the Map method \`${method}\`, which apidex does not evaluate`);
  }

  /** The folder of the nearest package.json above a file, within the project; the project root without one. */
  private packageFolder(fileName: string): string {
    const root = this.sources.root.replace(/\/$/, "");
    for (let dir = path.posix.dirname(fileName); dir === root || dir.startsWith(`${root}/`); dir = path.posix.dirname(dir)) {
      if (this.sources.host.readFile(`${dir}/package.json`) !== undefined) return dir;
      if (dir === root) break;
    }
    return root;
  }

  /** `Object.freeze(x)`, `Object.values(x)`, `Object.keys(x)` and `String(x)`, unless the names are shadowed. */
  private globalCall(node: ts.CallExpression | ts.NewExpression, scope: Scope): Value | undefined {
    const callee = node.expression;
    // `process.cwd()`: where the service is started — `npm start`, `serverless deploy` — the folder of the
    // package the calling file belongs to (its nearest package.json within the project), else the project
    // root apidex reads (as for consign's and glob's `cwd`; docs/frameworks.md).
    if (
      ts.isCallExpression(node) &&
      !node.arguments.length &&
      ts.isPropertyAccessExpression(callee) &&
      callee.name.text === "cwd" &&
      ts.isIdentifier(callee.expression) &&
      callee.expression.text === "process" &&
      !scope.lookup("process")
    )
      return str(this.packageFolder(scope.file.fileName));
    // `new Map([["/a", a], ["/b", b]])` of static pairs (or another Map): its entries, in order.
    if (ts.isNewExpression(node) && ts.isIdentifier(callee) && callee.text === "Map" && !scope.lookup("Map")) {
      const from = node.arguments?.[0] ? this.evaluate(node.arguments[0], scope) : undefined;
      if (!from || from.kind === "undefined" || from.kind === "null") return { kind: "array", items: [], map: true };
      if (from.kind === "array" && from.items.every((pair) => pair.kind === "array" && pair.items.length >= 1))
        return {
          kind: "array",
          items: from.items.map((pair) => ({ kind: "array", items: [...(pair as { items: Value[] }).items.slice(0, 2)] })),
          map: true,
        };
      return from.kind === "unknown" ? from : unknown(node, "builds a Map from entries apidex cannot read");
    }
    const arg = node.arguments?.[0];
    if (!arg) return undefined;
    if (ts.isIdentifier(callee) && callee.text === "String" && !scope.lookup("String")) {
      const v = this.evaluate(arg, scope);
      // What is unknown inside says why (`String(major(process.argv[2]))`), not that `String` is.
      if (v.kind === "unknown") return v;
      return v.kind === "string" || v.kind === "number" || v.kind === "boolean" ? str(String(v.value)) : undefined;
    }
    // `new URL("/api", "https://example.com/base/")` of static strings: its parts (`pathname`, `origin`, ...).
    if (ts.isNewExpression(node) && ts.isIdentifier(callee) && callee.text === "URL" && !scope.lookup("URL")) {
      const parts = (node.arguments ?? []).map((a) => this.evaluate(a, scope));
      if (!parts.every((p) => p.kind === "string" || p.kind === "undefined"))
        return unknown(node, "builds a URL from values only known at run time");
      const [input, base] = parts.map((p) => (p.kind === "string" ? p.value : undefined));
      if (!URL.canParse(input ?? "", base)) return unknown(node, "builds an invalid URL (it throws at run time)");
      return urlObject(new URL(input ?? "", base));
    }
    // `new Promise((resolve) => { const app = express(); ...; app.listen(port, resolve); })`: the executor
    // runs at once, as JavaScript runs it; its `resolve` and `reject` are functions of the run time.
    if (ts.isNewExpression(node) && ts.isIdentifier(callee) && callee.text === "Promise" && !scope.lookup("Promise")) {
      const executor = arg ? this.evaluate(arg, scope) : undefined;
      if (executor?.kind === "function") {
        const settle = (what: string): Value => ({ kind: "runtime", what });
        this.callFunction(executor, [settle("the promise's resolve"), settle("the promise's reject")], node);
      }
      return { kind: "runtime", what: "a promise" };
    }
    // `Promise.resolve(x)`, `Promise.all([...])`, `Promise.try(fn)`: apidex reads a promise as what it settles
    // with (`await` and `.then` give it).
    const staticOf = (global: string) =>
      ts.isPropertyAccessExpression(callee) &&
      ts.isIdentifier(callee.expression) &&
      callee.expression.text === global &&
      !scope.lookup(global)
        ? callee.name.text
        : undefined;
    const promise = staticOf("Promise");
    if (promise) {
      const settled = this.promiseStatic(promise, arg, node, scope);
      if (settled) return settled;
    }
    // `Array.isArray(x)` of a static value.
    if (staticOf("Array") === "isArray") {
      const v = this.evaluate(arg, scope);
      return v.kind === "unknown" || v.kind === "runtime" ? v : { kind: "boolean", value: v.kind === "array" };
    }
    // `JSON.parse(fs.readFileSync(path.join(__dirname, "routes.json"), "utf8"))`: a static string's JSON (a route
    // table a registry-driven service keeps beside its code); text that is no JSON is unknown, as it throws.
    if (staticOf("JSON") === "parse" && arg) {
      // An environment variable, or its default (`JSON.parse(process.env.ROUTES ?? "[]")`), is a table the
      // deployment fills: only known at run time (and no default to say, APX219, as none is used).
      const written = unwrapExpression(arg);
      const variable =
        environmentVariable(written, scope) ??
        (ts.isBinaryExpression(written) ? environmentVariable(written.left, scope) : undefined) ??
        (ts.isConditionalExpression(written) ? environmentVariable(written.condition, scope) : undefined);
      if (variable) return unknown(arg, `is \`${variable}\`, a table only known at run time`);
      const v = this.evaluate(arg, scope);
      if (v.kind !== "string") return v.kind === "unknown" ? v : unknown(arg, "is not a static string");
      // An environment variable's default (`JSON.parse(process.env.ROUTES ?? "[]")`) is a table the deployment
      // fills: its entries are only known at run time.
      if (v.env) return unknown(arg, `is \`${v.env}\`, a table only known at run time`);
      try {
        return jsonValue(JSON.parse(v.value));
      } catch {
        return unknown(arg, "is not JSON");
      }
    }
    const method = staticOf("Object");
    if (!method) return undefined;
    if (method === "freeze") return this.evaluate(arg, scope);
    // `Object.getPrototypeOf(RouteClass).name === "BaseRoute"`: a class's prototype is the class it extends
    // (the filter of a loader that mounts every exported subclass of a base route class).
    if (method === "getPrototypeOf") {
      const v = this.evaluate(arg, scope);
      if (v.kind === "class") return this.classPrototype(v, node);
      // A plain function's (an exported helper beside the route classes) is `Function.prototype`, named "".
      if (v.kind === "function") return { kind: "object", props: new Map([["name", str("")]]) };
      return undefined;
    }
    // `Object.assign({}, ...Object.values(modules))`: the sources' own properties, in order, onto the target.
    if (method === "assign") {
      const [target, ...sources] = this.arguments(node.arguments, scope);
      if (target?.kind !== "object") return unknown(node, "assigns properties apidex cannot list");
      // A source apidex cannot read still gives the target its properties at run time: the target is open from
      // then on, so that what lists it later says it may hold more (a route table merged from plugins).
      for (const source of sources)
        if (source.kind === "object") {
          for (const [k, v] of source.props) target.props.set(k, v);
          if (source.open) target.open = true;
          if (source.unlisted) target.unlisted = true;
        } else if (source.kind !== "undefined" && source.kind !== "null") {
          target.open = true;
          target.unlisted = true;
        }
      return target;
    }
    // `Object.fromEntries(Object.entries(config).filter(([key]) => !omitted.includes(key)))`: an object of the
    // `[key, value]` pairs, in order, a later key replacing an earlier one as JavaScript does (a route config
    // a project's createRoute wrapper copies without its own options). A pair apidex cannot read leaves the
    // object open and unlisted: its method and path may still be read, but what lists it says it may hold more.
    if (method === "fromEntries") {
      const v = this.evaluate(arg, scope);
      if (v.kind !== "array") return v.kind === "unknown" ? v : unknown(arg, "is not a static list of [key, value] pairs");
      const props = new Map<string, Value>();
      let unread = false;
      for (const item of v.items) {
        const key = item.kind === "array" ? item.items[0] : undefined;
        if (item.kind !== "array" || (key?.kind !== "string" && key?.kind !== "number")) {
          unread = true;
          continue;
        }
        props.set(String(key.value), item.items[1] ?? { kind: "undefined" });
      }
      return unread ? { kind: "object", props, open: true, unlisted: true } : { kind: "object", props };
    }
    if (method === "values" || method === "keys" || method === "entries") {
      let v = this.evaluate(arg, scope);
      // `Object.values(controllers)` of `import * as controllers from "./controllers"` (a barrel): its exports.
      if (v.kind === "namespace") v = this.namespaceObject(v.file, arg) ?? unknown(arg, "is a module whose exports apidex cannot list");
      if (v.kind !== "object") return v.kind === "unknown" ? v : unknown(arg, "is not a static object");
      const items: Value[] =
        method === "entries"
          ? [...v.props].map(([key, value]) => ({ kind: "array", items: [str(key), value] }))
          : method === "values"
            ? [...v.props.values()]
            : [...v.props.keys()].map(str);
      // An object that also gets properties apidex cannot read (merged from a value it cannot follow): what is
      // done with each of them is done with one more, unknown, so that a route registered per property says
      // some could not be listed instead of leaving them out silently.
      if (v.unlisted) items.push(unknown(arg, `comes from \`${arg.getText()}\`, which is also given properties apidex cannot list`));
      return { kind: "array", items };
    }
    return undefined;
  }

  /**
   * A module's exports as an object (its own names, and those of its `export * from` modules but their
   * defaults), in the order they are written; undefined when a re-exported module is not one of the sources.
   */
  moduleExports(file: ts.SourceFile, node: ts.Node): Extract<Value, { kind: "object" }> | undefined {
    return this.namespaceObject(file, node);
  }

  private namespaceObject(file: ts.SourceFile, node: ts.Node): Extract<Value, { kind: "object" }> | undefined {
    const names: string[] = [];
    const visited = new Set<string>();
    const collect = (target: ts.SourceFile, isRoot: boolean): boolean => {
      if (visited.has(target.fileName)) return true;
      visited.add(target.fileName);
      const instance = this.module(target);
      for (const name of instance.exports.keys())
        if (name !== COMMONJS_EXPORTS && (isRoot || name !== "default") && !names.includes(name)) names.push(name);
      for (const specifier of instance.starExports) {
        const resolved = this.sources.resolveImport(specifier, target.fileName);
        if (resolved.kind !== "source" || !collect(resolved.file, false)) return false;
      }
      return true;
    };
    if (!collect(file, true)) return undefined;
    const instance = this.module(file);
    return { kind: "object", props: new Map(names.map((name) => [name, this.exportOf(instance, name, node)])) };
  }

  /**
   * lodash's and underscore's iteration over a static array or object (`_.each`, `_.forEach`, `_.forOwn`,
   * `_.forIn`, `_.map`; also `import each from "lodash/each"`): the callback runs once per item, given the
   * value, the index or key, and the collection, as the library calls it. Undefined for anything else.
   */
  private collectionHelper(callee: ExternalValue, node: ts.CallExpression | ts.NewExpression, scope: Scope): Value | undefined {
    const name = helperName(callee);
    if (!name || !COLLECTION_HELPERS.has(name) || !ts.isCallExpression(node)) return undefined;
    const [collectionNode, fnNode] = node.arguments;
    if (!collectionNode || !fnNode) return undefined;
    const collection = this.evaluate(collectionNode, scope);
    const fn = this.evaluate(fnNode, scope);
    if (fn.kind !== "function") return undefined;
    const entries: [Value, Value][] =
      collection.kind === "array"
        ? collection.items.map((item, i) => [item, { kind: "number", value: i }])
        : collection.kind === "object"
          ? [...collection.props].map(([key, value]) => [value, str(key)])
          : [];
    if ((collection.kind !== "array" && collection.kind !== "object") || entries.length > MAX_UNROLLED) return undefined;
    const results: Value[] = [];
    for (const [value, key] of entries) {
      this.iterations.push(value);
      try {
        const result = this.callFunction(fn, [value, key, collection], node);
        results.push(result);
        // Returning `false` ends lodash's `each` early.
        if (name !== "map" && result.kind === "boolean" && !result.value) break;
      } finally {
        this.iterations.pop();
      }
    }
    return name === "map" ? { kind: "array", items: results } : collection;
  }

  /**
   * lodash's and underscore's object merges over static objects (`_.extend(require("./jobs"), require("./teams"))`,
   * `_.assign`, `_.assignIn`, `_.merge`, `_.defaults`): the sources' properties onto the first argument, which
   * they return, as the library does (`merge` deeply, `defaults` only where the target has none). Undefined
   * for anything else; an unknown value for a source apidex cannot list.
   */
  private assignHelper(callee: ExternalValue, node: ts.CallExpression | ts.NewExpression, scope: Scope): Value | undefined {
    const name = helperName(callee);
    if (!name || !OBJECT_MERGES.has(name) || !ts.isCallExpression(node) || !node.arguments.length) return undefined;
    const [target, ...sources] = this.arguments(node.arguments, scope);
    if (target?.kind !== "object" || !sources.every((v) => v.kind === "object" || v.kind === "undefined" || v.kind === "null"))
      return unknown(node, "merges objects apidex cannot list");
    const merge = (into: Extract<Value, { kind: "object" }>, from: Extract<Value, { kind: "object" }>) => {
      for (const [k, v] of from.props) {
        const had = into.props.get(k);
        if (name === "defaults") {
          if (!had || had.kind === "undefined") into.props.set(k, v);
        } else if (name === "merge" && had?.kind === "object" && v.kind === "object") {
          // A copy, so that merging into it does not change the source's own object.
          const copy: Extract<Value, { kind: "object" }> = { ...had, props: new Map(had.props) };
          merge(copy, v);
          into.props.set(k, copy);
        } else if (!(name === "merge" && v.kind === "undefined")) into.props.set(k, v);
      }
    };
    for (const source of sources) if (source.kind === "object") merge(target, source);
    return target;
  }

  /**
   * lodash's and underscore's `pick` and `omit` of a static object by static keys (`pick(meta, ["imports",
   * "controllers"])`, `_.omit(meta, "entities")`; keys given as arrays or one by one, as both libraries take
   * them): a new object with the properties kept. Undefined for anything else; an unknown value when the object
   * or a key is not static. A key an open object may have (it spreads a value apidex could not read) leaves
   * the result open.
   */
  private pickHelper(callee: ExternalValue, node: ts.CallExpression | ts.NewExpression, scope: Scope): Value | undefined {
    const name = helperName(callee);
    if ((name !== "pick" && name !== "omit") || !ts.isCallExpression(node) || !node.arguments.length) return undefined;
    const [object, ...keyArgs] = this.arguments(node.arguments, scope);
    const keys = keyArgs.map(stringsOf);
    if (object?.kind !== "object")
      return object?.kind === "unknown" ? object : unknown(node, `${name}s from a value that is not a static object`);
    if (keys.some((k) => k === undefined)) return unknown(node, `${name}s keys apidex cannot read`);
    const named = new Set(keys.flat() as string[]);
    const props = new Map([...object.props].filter(([key]) => named.has(key) === (name === "pick")));
    return { kind: "object", props, ...(object.open ? { open: true } : {}) };
  }

  /**
   * lodash's and underscore's type tests of a static value (`_.isArray(obj)`, `_.isFunction(obj)`: topcoder's
   * `autoWrapExpress` wraps a controller module's async functions so): true or false as at run time. Undefined
   * for another helper; an unknown value for a value apidex cannot read.
   */
  private typePredicate(callee: ExternalValue, node: ts.CallExpression | ts.NewExpression, scope: Scope): Value | undefined {
    const name = helperName(callee);
    if (!name || !Object.hasOwn(TYPE_TESTS, name) || !ts.isCallExpression(node) || !node.arguments.length) return undefined;
    const [value] = this.arguments(node.arguments.slice(0, 1), scope);
    if (!value || value.kind === "unknown") return value ?? undefined;
    const kind = value.kind === "array" && value.map ? "map" : value.kind;
    const answer = TYPE_TESTS[name]!(kind);
    return answer === undefined ? unknown(node, `tests a ${value.kind} value with \`${name}\``) : { kind: "boolean", value: answer };
  }

  /** node-config's merged configuration by `config` folder. */
  private readonly nodeConfigs = new Map<string, Extract<Value, { kind: "object" }>>();
  /** The objects of node-config's configurations, nested ones too: a read of one may use a code default (APX219). */
  private readonly configObjects = new WeakSet<object>();

  /**
   * A value read from node-config that is a variable's code default in its files (`BASE_PATH:
   * process.env.BASE_PATH || "/api/v5"`): said where it is read (APX219), as a default read in the code is.
   */
  private noteConfigDefault(value: Value, node: ts.Node): void {
    if (value.kind !== "string" || !value.env || this.environmentDefaults.has(value.env)) return;
    if (!this.configDefaults.has(value.env)) this.configDefaults.set(value.env, { value: value.value, node });
    if (this.checksFinished) this.sayConfigDefaults();
  }

  /** The node-config values read that are a variable's code default in the config files, by variable. */
  private readonly configDefaults = new Map<string, { value: string; node: ts.Node }>();

  /**
   * One warning (APX219) for the node-config values read as where their variables are unset, at the first
   * read: a config file defaults far more settings than routes read, and each is said once.
   */
  private sayConfigDefaults(): void {
    const unsaid = [...this.configDefaults].filter(([name]) => !this.environmentDefaults.has(name));
    if (!unsaid.length) return;
    for (const [name] of unsaid) this.environmentDefaults.add(name);
    const first = unsaid.reduce((a, b) => (siteOrder(a[1].node, b[1].node) <= 0 ? a : b));
    const listed = unsaid
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, { value }]) => `\`${name}\` (\`${JSON.stringify(value)}\`)`)
      .join(", ");
    this.diagnostics.warning(
      "APX219",
      `The config's \`env\` does not set ${unsaid.length === 1 ? "this variable" : "these variables"}, so the node-config values ${unsaid.length === 1 ? "it defaults" : "they default"} in the config files are read as where ${unsaid.length === 1 ? "it is" : "they are"} unset: ${listed}, wherever they make a path, prefix or key (a condition on them stays undecided).`,
      siteOf(first[1].node),
      `Set \`env\` in the config to describe the deployment the artifacts are for (\`env: { ${unsaid[0]![0]}: "..." }\`, or \`env: {}\` for one that sets nothing).`,
    );
  }

  /** `kit.paths.base` of the SvelteKit config, once read. */
  private svelteBase: Value | undefined;

  /**
   * `base` of SvelteKit's `$app/paths`: the config's `kit.paths.base`, `""` when it sets none (SvelteKit's
   * default). The config is evaluated as a module (quietly: it sets far more than paths), so a base taken
   * from the environment follows the config's `env`, or its default in the code with APX219, as anywhere
   * else; one apidex cannot read is an unknown value, reported where a path or prefix uses it. SvelteKit serves
   * every route under it, so the file-route adapter prefixes its endpoints with it too.
   */
  svelteKitBase(node: ts.Node): Value {
    if (!this.svelteBase) {
      const fileName = this.sources.svelteConfig();
      const source = fileName ? this.sources.getFile(fileName) : undefined;
      if (!source) this.svelteBase = unknown(node, `is SvelteKit's \`base\`, and the project has no svelte.config.js that sets it`);
      else {
        const said = new Set(this.environmentDefaults);
        const config = this.diagnostics.quietly(() => {
          try {
            return this.exportOf(this.module(source), "default", source);
          } finally {
            this.environmentDefaults.clear();
            for (const name of said) this.environmentDefaults.add(name);
          }
        });
        const member = (value: Value | undefined, key: string): Value | undefined =>
          value?.kind === "object" ? (value.props.get(key) ?? (value.open ? unknown(node, "") : undefined)) : value && unknown(node, "");
        const kit = member(config, "kit");
        const paths = member(kit, "paths");
        const base = member(paths, "base");
        this.svelteBase =
          base === undefined || base.kind === "undefined"
            ? { kind: "string", value: "" }
            : base.kind === "string"
              ? base
              : unknown(
                  node,
                  `is SvelteKit's \`base\`, which ${path.basename(source.fileName)} sets to a value known only at run time (\`kit.paths.base\`)`,
                );
      }
    }
    const base = this.svelteBase;
    // Said where the config sets it, whoever reads it first (an endpoint's path, `base` of `$app/paths`).
    if (base.kind === "string" && base.env) this.sayEnvironmentDefault(base.env, base.value, this.svelteBaseSetting() ?? node);
    return base;
  }

  /**
   * The `base` of the SvelteKit config's `paths` object, as written (`paths: { base: process.env.BASE || "" }`);
   * for the shorthand `paths: { base }`, the initializer of the config's own `const base = ...` (else the shorthand).
   */
  private svelteBaseSetting(): ts.Node | undefined {
    const fileName = this.sources.svelteConfig();
    const source = fileName ? this.sources.getFile(fileName) : undefined;
    let found: ts.Node | undefined;
    const visit = (node: ts.Node): void => {
      if (found) return;
      if (
        (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) &&
        settingName(node.name) === "base" &&
        ts.isObjectLiteralExpression(node.parent) &&
        ts.isPropertyAssignment(node.parent.parent) &&
        settingName(node.parent.parent.name) === "paths"
      ) {
        found = ts.isPropertyAssignment(node) ? node.initializer : ((source && topLevelInitializer(source, node.name.text)) ?? node);
        return;
      }
      ts.forEachChild(node, visit);
    };
    if (source) visit(source);
    return found;
  }

  /**
   * `require("config")` where the service has a node-config folder: its files merged as node-config merges
   * them at start-up (generator/resolve/node-config.ts), with `get` and `has`. Undefined without such a folder.
   */
  private nodeConfig(fromFile: string, node: ts.Node): Value | undefined {
    const host = this.sources.host;
    const folder = configFolder(fromFile, this.sources.root, host);
    if (!folder) return undefined;
    const known = this.nodeConfigs.get(folder);
    if (known) return known;
    this.tracker?.cannotReplay?.("it reads node-config's files");
    const deployment = this.env?.NODE_CONFIG_ENV ?? this.env?.NODE_ENV ?? "development";
    const others = deploymentsIn(folder, (dir) => host.listDirectory?.(dir)).filter((d) => d !== deployment);
    if (!this.env && others.length)
      this.diagnostics.warning(
        "APX219",
        `\`process.env.NODE_ENV\` is not set by the config's \`env\`: node-config's deployment is read as unset, \`development\`, so its \`default\` and \`development\` files make the values read here (the folder also has ${others.map((d) => `\`${d}\``).join(", ")}).`,
        siteOf(node),
        'Set `env` in the config to describe the deployment the artifacts are for (`env: { NODE_ENV: "production" }`, or `env: {}` for one that sets nothing).',
      );
    const config: Extract<Value, { kind: "object" }> = { kind: "object", props: new Map() };
    this.nodeConfigs.set(folder, config);
    const { files, candidates } = configFiles(folder, deployment, host);
    const mapping = configFiles(folder, "custom-environment-variables", host);
    this.sources.recordInputs([...candidates, ...mapping.candidates]);
    const load = (file: string): Value => {
      if (isScript(file)) {
        const source = this.sources.getFile(file);
        if (!source) return unknown(node, `reads ${file}, which cannot be read`);
        // A config file sets far more than routes read: what it says of the environment is said where a value
        // is read (noteConfigDefault), not for every setting it holds.
        const said = new Set(this.environmentDefaults);
        return this.diagnostics.quietly(() => {
          try {
            const instance = this.module(source);
            const commonJs = instance.exports.get(COMMONJS_EXPORTS);
            return commonJs ? commonJs() : this.exportOf(instance, "default", node);
          } finally {
            this.environmentDefaults.clear();
            for (const name of said) this.environmentDefaults.add(name);
          }
        });
      }
      const text = host.readFile(file);
      return (text !== undefined && parseConfigData(file, text)) || unknown(node, `reads ${path.basename(file)}, which does not parse`);
    };
    for (const file of files) {
      const value = load(file);
      if (value.kind === "object") mergeConfig(config, value);
      // What a file apidex cannot read sets is not known: a key the others lack may be there.
      else config.open = true;
    }
    // `custom-environment-variables` sets keys from the variables the described deployment sets.
    const mappingFile = mapping.files.find((file) => path.basename(file).startsWith("custom-environment-variables."));
    if (mappingFile && this.env) mergeConfig(config, environmentOverrides(load(mappingFile), this.env));
    for (const method of ["get", "has"])
      if (!config.props.has(method)) config.props.set(method, { kind: "external", module: NODE_CONFIG_METHODS, path: [method, folder] });
    // `config.util.toObject(config)`: the configuration as a plain object.
    if (!config.props.has("util"))
      config.props.set("util", {
        kind: "object",
        props: new Map([["toObject", { kind: "external", module: NODE_CONFIG_METHODS, path: ["toObject", folder] }]]),
      });
    const mark = (value: Value): void => {
      if (value.kind !== "object" || this.configObjects.has(value)) return;
      this.configObjects.add(value);
      for (const inner of value.props.values()) mark(inner);
    };
    mark(config);
    return config;
  }

  /** `config.get("a.b")` (the value, unknown where node-config would throw) and `config.has("a.b")`. */
  private nodeConfigCall(callee: ExternalValue, node: ts.CallExpression | ts.NewExpression, scope: Scope): Value {
    const [method, folder] = callee.path as [string, string];
    const config = this.nodeConfigs.get(folder)!;
    if (method === "toObject") {
      const given = node.arguments?.[0] ? this.evaluate(node.arguments[0], scope) : config;
      return given.kind === "object" ? given : unknown(node, "converts a value apidex cannot read");
    }
    const key = node.arguments?.[0] ? this.evaluate(node.arguments[0], scope) : UNDEFINED;
    if (key.kind !== "string") return unknown(node, "reads a node-config key apidex cannot read");
    const value = readDotted(config, key.value);
    if (value) this.noteConfigDefault(value, node);
    if (method === "has")
      return value !== undefined
        ? { kind: "boolean", value: true }
        : config.open
          ? unknown(node, "asks node-config for a key its files may set")
          : { kind: "boolean", value: false };
    return value ?? unknown(node, `reads the node-config key \`${key.value}\`, which its files do not set (node-config throws there)`);
  }

  /**
   * `Promise.resolve(x)` settles with `x`, `Promise.all([...])` with the values in order, `Promise.try(fn)` with
   * what `fn` returns (it runs at once); `allSettled`, `race` and `any` run what they are given and settle with
   * a run-time value (`await Promise.all([app.register(a), app.register(b)])` registers in order).
   */
  private promiseStatic(
    method: string,
    arg: ts.Expression | undefined,
    node: ts.CallExpression | ts.NewExpression,
    scope: Scope,
  ): Value | undefined {
    if (method === "resolve") return arg ? this.evaluate(arg, scope) : UNDEFINED;
    if (method === "try") {
      const fn = arg ? this.evaluate(arg, scope) : undefined;
      return fn?.kind === "function" ? this.callFunction(fn, [], node) : { kind: "runtime", what: "a promise" };
    }
    if (!["all", "allSettled", "race", "any"].includes(method)) return undefined;
    const items = arg ? this.evaluate(arg, scope) : UNDEFINED;
    if (method === "all" && items.kind === "array") return items;
    return {
      kind: "runtime",
      what: `the result of Promise.${method}(${items.kind === "array" ? `${items.items.length} promises` : "..."})`,
    };
  }

  /** Whether an object or instance of the sources has a member of that name (its own `then`: a thenable). */
  private ownsMember(receiver: Value, name: string): boolean {
    if (receiver.kind === "object") return receiver.props.has(name);
    if (receiver.kind === "instance") return this.defines(receiver, name) || Boolean(receiver.props?.has(name));
    return false;
  }

  /**
   * The methods an ES5 constructor's instances inherit, read from its module's top-level assignments
   * (`App.prototype.setRoutes = function () { ... }`, `App.prototype = { ... }`): each bound to the new
   * instance, so that `this.setRoutes()` in the constructor (or a later call on the instance) runs it.
   */
  private assignPrototype(ctor: FunctionValue, instance: Extract<Value, { kind: "object" }>): void {
    const name = ctor.decl.name && ts.isIdentifier(ctor.decl.name) ? ctor.decl.name.text : undefined;
    if (!name) return;
    const isPrototype = (e: ts.Expression) =>
      ts.isPropertyAccessExpression(e) && e.name.text === "prototype" && ts.isIdentifier(e.expression) && e.expression.text === name;
    for (const statement of ctor.decl.getSourceFile().statements) {
      if (!ts.isExpressionStatement(statement)) continue;
      const e = statement.expression;
      if (!ts.isBinaryExpression(e) || e.operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
      const members: [string, Value][] = [];
      if (ts.isPropertyAccessExpression(e.left) && isPrototype(e.left.expression))
        members.push([e.left.name.text, this.evaluate(e.right, ctor.scope)]);
      else if (isPrototype(e.left)) {
        const proto = this.evaluate(e.right, ctor.scope);
        if (proto.kind === "object") members.push(...proto.props);
      }
      for (const [member, value] of members)
        if (!instance.props.has(member)) instance.props.set(member, value.kind === "function" ? { ...value, thisValue: instance } : value);
    }
  }

  /** Whether a call of a function of the sources reached an adapter, for quietSourceCalls and hostReaching. */
  private noteReach(node: ts.Node, decl: ts.Node, reached: boolean, cut: boolean): void {
    if (reached) {
      this.hostReaching.add(decl);
      this.hostReachingCalls.add(node);
      this.quietSourceCalls.delete(node);
    } else if (!cut && !this.hostReachingCalls.has(node)) this.quietSourceCalls.set(node, decl);
  }

  /** Runs a function's body with its parameters bound to the arguments' values. */
  callFunction(fn: FunctionValue, args: Value[], node: ts.Node): Value {
    if (this.nesting !== this.readBase) return this.callFunctionBody(fn, args, node);
    // A call an adapter makes: it reads what the function returns.
    this.nesting++;
    let value: Value;
    try {
      value = this.callFunctionBody(fn, args, node);
    } finally {
      this.nesting--;
    }
    this.readByAdapter(value, node);
    return value;
  }

  private callFunctionBody(fn: FunctionValue, args: Value[], node: ts.Node): Value {
    this.invocations.set(fn.decl, (this.invocations.get(fn.decl) ?? 0) + 1);
    if (this.depth >= MAX_CALL_DEPTH) {
      this.cutShort++;
      this.cutByDepth.add(fn.decl);
      this.depthCut = true;
      // Said once: callbacks within callbacks (`db.connect(err => tasks.start(err => api(err => ...)))`) nest
      // deeper than start-up code does elsewhere, and what a call past the limit registers is not read.
      if (!this.depthSaid) {
        this.depthSaid = true;
        this.diagnostics.warning(
          "APX220",
          `apidex stopped following calls here: the code it runs to find the routes nests calls more than ${MAX_CALL_DEPTH} deep (callbacks within callbacks, helpers calling helpers), and what this call and the calls below it return or register is not read.`,
          siteOf(node),
          "Routes registered below this call may be missing; starting the server from fewer nested callbacks (promises, `await`) keeps them readable.",
        );
      }
      return unknown(node, "is reached through calls nested too deeply to follow");
    }
    if (++this.calls > MAX_CALLS) {
      this.cutShort++;
      if (this.calls === MAX_CALLS + 1)
        this.diagnostics.warning(
          "APX220",
          `apidex stopped following calls here: the code it runs to find the routes made ${MAX_CALLS} calls (helpers that call helpers at every step), and what the calls after this one return or register is not read.`,
          siteOf(node),
          "Routes registered through these calls may be missing; registering them from a module's top level, or from functions that do not call the service's runtime helpers, keeps them readable.",
        );
      return unknown(node, "is past the number of calls apidex follows in one run");
    }
    const decl = fn.decl;
    const body = decl.body;
    if (!body) return unknown(node, "calls a function without a body");
    const active = this.activeFrames.get(decl) ?? 0;
    if (active >= MAX_RECURSION) {
      this.cutShort++;
      return unknown(node, "is a call of a function inside itself, deeper than apidex follows");
    }
    this.invoked.add(decl);
    this.tracker?.invoked(decl);
    const scope = new Scope(fn.scope.file, fn.scope, decl);
    // A method called on an instance sees it as `this`; an arrow function keeps the `this` it closed over.
    if (fn.thisValue && !ts.isArrowFunction(decl)) scope.bind("this", Binding.of(fn.thisValue, decl));
    // A function's `arguments` (not an arrow's, which sees its enclosing function's): the values it was given,
    // as old code reads them (`Array.prototype.slice.call(arguments, 1)`); a parameter of that name shadows it.
    if (!ts.isArrowFunction(decl)) scope.bind("arguments", Binding.of({ kind: "array", items: [...args] }, decl));
    decl.parameters.forEach((parameter, index) => {
      let value: Value;
      if (parameter.dotDotDotToken) value = { kind: "array", items: args.slice(index) };
      else value = args[index] ?? UNDEFINED;
      if (value.kind === "undefined" && parameter.initializer) value = this.evaluate(parameter.initializer, scope);
      for (const [name, binding] of this.destructure(parameter.name, Binding.of(value, parameter), scope)) scope.bind(name, binding);
    });
    this.depth++;
    this.activeFrames.set(decl, active + 1);
    try {
      if (!ts.isBlock(body)) return this.evaluate(body, scope);
      return this.runBlock(body, scope);
    } finally {
      this.depth--;
      this.activeFrames.set(decl, active);
    }
  }

  /**
   * `typeof x`. Route registration runs on the server, under Node: browser globals the sources do not
   * declare (`window`, `document`, `navigator`) are "undefined", `process` an "object" (isomorphic helpers
   * test them: `typeof window !== "undefined" ? window.__ENV__[key] : process.env[key]`).
   */
  private typeOf(operand: ts.Expression, scope: Scope): Value {
    const inner = unwrapExpression(operand);
    // A name the sources declare (module declarations and imports are bound in the scope) is no global.
    if (ts.isIdentifier(inner) && !scope.lookup(inner.text)) {
      if (BROWSER_GLOBALS.has(inner.text)) return str("undefined");
      if (inner.text === "process") return str("object");
    }
    const value = this.evaluate(operand, scope);
    switch (value.kind) {
      case "string":
      case "number":
      case "boolean":
      case "undefined":
      case "function":
        return str(value.kind);
      case "null":
      case "object":
      case "array":
      case "instance":
      case "namespace":
        return str("object");
      case "class":
        return str("function");
      case "host": {
        const type = this.host.typeOf?.(value);
        if (type) return str(type);
        return unknown(operand, "is only known at run time, so its type is too");
      }
      default:
        return unknown(operand, "is only known at run time, so its type is too");
    }
  }

  /**
   * An expression written in a function's body, as far as it is known before the function runs: its free
   * names read where the function was created (a loop's entry: `!endpoint.meta.allowGet`, a wrapper's
   * options), its parameters unknown, and its top-level `const`s computed from those when their initializers
   * call nothing (`const { method } = options; const allowed = Array.isArray(method) ? method : [method]`);
   * other locals unknown.
   */
  valueInside(fn: FunctionValue, node: ts.Expression): Value {
    return this.evaluate(node, this.scopeInside(fn));
  }

  /** valueInside as a condition: undefined when it is not static. */
  conditionInside(fn: FunctionValue, node: ts.Expression): boolean | undefined {
    return truthiness(this.valueInside(fn, node));
  }

  private readonly insideScopes = new WeakMap<FunctionValue, Scope>();

  private scopeInside(fn: FunctionValue): Scope {
    const cached = this.insideScopes.get(fn);
    if (cached) return cached;
    const scope = new Scope(fn.scope.file, fn.scope, fn.decl);
    if (fn.thisValue && !ts.isArrowFunction(fn.decl)) scope.bind("this", Binding.of(fn.thisValue, fn.decl));
    const runTime = unknown(fn.decl, "is only known when the function runs");
    for (const name of declaredNames(fn.decl)) scope.bind(name, Binding.of(runTime, fn.decl));
    const body = fn.decl.body;
    if (body && ts.isBlock(body))
      for (const statement of body.statements) {
        if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
        for (const d of statement.declarationList.declarations)
          if (d.initializer && callsNothing(d.initializer))
            for (const [name, binding] of this.destructure(d.name, Binding.of(this.evaluate(d.initializer, scope), d), scope))
              scope.bind(name, binding);
      }
    this.insideScopes.set(fn, scope);
    return scope;
  }

  private runBlock(body: ts.Block, scope: Scope): Value {
    this.returned = UNDEFINED;
    const outer = this.uncertainAfter;
    const outerSkipped = this.skippedReturns;
    this.skippedReturns = [];
    let done: Completion;
    let skipped: SkippedReturn[];
    try {
      done = this.runStatements(body.statements, scope);
    } finally {
      skipped = this.skippedReturns;
      // What follows the call in the caller runs whichever way the callee left: as certain as before it.
      this.uncertainAfter = outer;
      this.skippedReturns = outerSkipped;
    }
    const value = done === "return" ? this.returned : UNDEFINED;
    if (done === "stop" || skipped.some((other) => !other.value || !sameValue(other.value, value))) {
      const out = unknown(body, "returns under a condition apidex cannot read");
      // Every value it may return, for a reader that takes their union; its end is one of them unless an exit
      // went past always returns (`if (flag) return [A]; else return [A, B];`).
      if (done !== "stop" && skipped[0] && skipped.every((s) => s.later)) {
        const end = skipped.some((s) => s.final) ? [] : [value];
        out.branches = {
          condition: skipped[0].condition,
          values: () => [...skipped.flatMap((s) => s.later!.map((read) => read())), ...end],
        };
      }
      return out;
    }
    return value;
  }

  // ---------------------------------------------------------------------------------------------
  // Permission checks

  /**
   * A call apidex takes for a check by its name alone whose function, of the sources, makes one of the
   * adapter's objects (`permissionRequiredProcedure.requiresPermission("app-create")`, a tRPC procedure
   * factory that returns `protectedProcedure.use(...)`): that object is what the call gives, and the checks it
   * builds in are read from its body (`user.permissions.includes(permission)`). Undefined for any other call.
   */
  private builtByCheck(node: ts.CallExpression, scope: Scope): Value | undefined {
    if (ts.isCallExpression(node.expression)) return undefined;
    const name = calleeName(node.expression);
    if (name !== undefined && this.permissionCalls.has(name)) return undefined;
    const callee = this.evaluate(node.expression, scope);
    if (callee.kind !== "function") return undefined;
    const result = this.callFunction(
      callee,
      node.arguments.map((a) => this.evaluate(a, scope)),
      node,
    );
    return result.kind === "host" ? result : undefined;
  }

  /**
   * Evaluates a recognized permission call: every static string argument (or numeric enum member) is a
   * key. The keys are alternatives when the call is one of the any-of names or an options argument says
   * so (`{ type: "or" }`). An argument that cannot be read is a warning and marks the check unresolved.
   */
  check(node: ts.CallExpression, scope: Scope): CheckValue {
    if (this.isAbilityCheck(node) && !this.permissionCalls.has(calleeName(node.expression) ?? "")) return this.abilityCheck(node, scope);
    const keys: string[] = [];
    const unresolved: { arg: ts.Expression; reason: string }[] = [];
    const name = calleeName(node.expression);
    let any = this.isAnyCall(name);
    const options = name !== undefined && Object.hasOwn(this.callOptions, name) ? this.callOptions[name] : undefined;
    if (options) return this.optionsCheck(node, scope, options, any);
    // An options object whose strings may be the key (`requirePermission({ resource: "invoice" })`): not read
    // for a call configured by name alone, so never taken for "no key" in silence.
    let unreadOptions: ts.Expression | undefined;
    const byNameOnly = name !== undefined && !this.permissionCalls.has(name);
    // Statements written for this check that apidex cannot read in full: unlike a value passed through,
    // they are this site's keys, so even a call known only by its name reports them.
    const unreadStatements: { arg: ts.Expression; reason: string }[] = [];
    const computed: { arg: ts.Expression; reason: string }[] = [];
    // Made first so that keys the type checker finds later (`readKeysInto`) land in it.
    const result: CheckValue = { kind: "check", keys, node };
    // A call known only by its name takes other arguments too: the function's parameter names and the text
    // itself say when a string is a message for the refusal, not a key.
    const parameters = byNameOnly ? this.parametersOf(node, scope) : undefined;
    // Keys built at this call from text and a value apidex cannot read (`hasRequiredScope(auth,
    // \`${entity.slug}:read\`)`): unlike a value passed through, they are this site's keys, so even a call known
    // only by its name reports them.
    const built: { arg: ts.Expression; reason: string }[] = [];
    // `hasPermission(user, resource, action)` given `"clients", "update"`: one key, `clients:update`, as a
    // permission statement writes it — the function's parameters say which string is the resource. (A call
    // the config names takes every string as a key, as configured.)
    const pair = byNameOnly ? this.resourceActionPair(node, scope) : undefined;
    if (pair) keys.push(...pair.keys);
    for (const [index, arg] of node.arguments.entries()) {
      if (pair?.indexes.includes(index)) continue;
      const value = this.argument(arg, scope);
      if (byNameOnly && value.kind === "string" && (isProse(value.value) || MESSAGE_PARAMETER.test(parameters?.[index] ?? ""))) continue;
      if (byNameOnly && value.kind !== "string" && isKeyTemplate(arg)) {
        built.push({ arg, reason: `is a key built here from a value that ${explain(value)}` });
        continue;
      }
      // `requirePermission({ task: ["update"] })`, `checkPermission(ctx, { [resource]: [action] })`: a
      // statement of resources and their actions, read as `task:update` whatever the call is.
      const statement = readStatement(value, ts.isSpreadElement(arg) ? undefined : arg);
      if (statement) {
        keys.push(...statement.keys);
        if (statement.unreadable) unreadStatements.push({ arg, reason: unreadablePart(statement.unreadable) });
        continue;
      }
      if (value.kind === "object") {
        // `throwIfNoPermission({ role, permission: "users.delete" })`, `requirePermissions({ requiredPermissions:
        // ["users:view"] })`: every recognized call reads the options property named for the keys. A statement
        // there (`hasPermission({ permissions: { project: ["create"] } })`) says what it is.
        let named = false;
        for (const [property, member] of value.props) {
          if (!isPermissionOption(property)) continue;
          named = true;
          // `{ anyPermissions: ["a", "b"] }`: the call's keys are alternatives, as `{ type: "or" }` says.
          if (isAnyOfOption(property)) any = true;
          const inner = readStatement(member);
          if (inner) {
            keys.push(...inner.keys);
            if (inner.unreadable)
              unreadStatements.push({ arg, reason: `holds in \`${property}\` one that ${unreadablePart(inner.unreadable)}` });
          } else if (byNameOnly) keys.push(...(keysOfValue(member) ?? []));
          // A configured call is read strictly, as its other arguments are: what the property holds is keys,
          // and a value apidex cannot read there is a warning that marks the check unresolved.
          else this.readKeysInto(arg, value, [property], result, (why) => this.reportUnresolvedKey(node, arg, why));
        }
        if (saysAnyOf(value)) any = true;
        else if (!named && !unreadOptions && [...value.props.values()].some((v) => keysOfValue(v)?.length)) unreadOptions = arg;
        continue; // other options name no key
      }
      // What a package computes (`rootKeyAuth(c, buildQuery(({ or }) => or("*", "api.create")))`): the key may
      // be in it; said below when the call names no key otherwise.
      if (value.kind === "runtime" && value.what.startsWith("the result of ")) {
        computed.push({ arg, reason: `is ${value.what}, computed at run time` });
        continue;
      }
      if (
        value.kind === "runtime" ||
        value.kind === "function" ||
        value.kind === "boolean" ||
        value.kind === "undefined" ||
        value.kind === "null"
      )
        continue; // the request, callbacks, flags
      const strings = keysOfValue(value);
      if (strings) {
        keys.push(...strings);
        continue;
      }
      unresolved.push({ arg, reason: explain(value) });
    }
    // `checkPermission(NONE)` where the check itself sets NONE aside (`permissions.filter((p) => p !== NONE)`,
    // `if (permission === NONE) return next()`): that value is the check's way of saying "none", no key.
    const sentinels = this.sentinelsOfCall(node);
    for (let i = keys.length - 1; i >= 0; i--) if (sentinels.has(keys[i]!)) keys.splice(i, 1);
    // A configured check given no key but a package's computed value checks that value: what it needs cannot be
    // read, and is never taken for "no key" in silence.
    if (!byNameOnly && !keys.length && !unresolved.length && !unreadStatements.length) unresolved.push(...computed);
    if (any) result.any = true;
    for (const { arg, reason } of unreadStatements) {
      result.unresolved = true;
      this.reportUnresolvedKey(node, arg, `is a permission statement (resources and their actions) that ${reason}`);
    }
    // A call recognized only by its name (`hasPermission(user, permissions)` inside a generic RBAC
    // middleware) is taken at its literal keys: what it is given otherwise is more likely passed through
    // than a key, so it neither warns nor marks the operation.
    for (const { arg, reason } of built) this.deferInto(arg, reason, [], result, (why) => this.reportUnresolvedKey(node, arg, why));
    if (byNameOnly) return result;
    if (unreadOptions && !keys.length && !unresolved.length) {
      result.unresolved = true;
      this.diagnostics.warning(
        "APX301",
        `${calleeName(node.expression)}() is given its permission as an options object (\`${excerpt(unreadOptions)}\`), which apidex does not read for a call configured by name; the operations it guards are marked \`unresolved\`.`,
        siteOf(unreadOptions),
        `Name the property that holds the key: permissions.calls (or extraCalls): [{ name: "${calleeName(node.expression)}", property: "permission" }].`,
      );
    }
    for (const { arg, reason } of unresolved) this.deferInto(arg, reason, [], result, (why) => this.reportUnresolvedKey(node, arg, why));
    return result;
  }

  /**
   * A configured call whose key is a property of an options argument (`auth({ role: Role.Admin })` with
   * `{ name: "auth", property: "role" }`): an options object that does not set the property, or sets it
   * to `false`/`undefined`, names no key there (`auth()`, `auth({ optional: true })`); what cannot be read
   * is a warning and marks the check unresolved.
   */
  private optionsCheck(node: ts.CallExpression, scope: Scope, options: { argument?: number; property?: string }, any: boolean): CheckValue {
    const keys: string[] = [];
    const result: CheckValue = { kind: "check", keys, node, ...(any ? { any } : {}) };
    const path = options.property ? options.property.split(".") : [];
    const args =
      options.argument === undefined ? [...node.arguments] : node.arguments[options.argument] ? [node.arguments[options.argument]!] : [];
    for (const arg of args) {
      const value = this.argument(arg, scope);
      if (value.kind === "runtime" || value.kind === "function") continue; // the request, callbacks
      this.readKeysInto(arg, value, path, result, (why) => this.reportUnresolvedKey(node, arg, why));
    }
    return result;
  }

  /**
   * Reads the keys one argument gives a check, through `path` (an options property): not set, `false` or
   * `undefined` names no key; options without a path may say the keys are alternatives; strings are keys;
   * anything else goes to the type checker, and `report` is told why when that cannot read it either.
   */
  readKeysInto(
    arg: ts.Expression,
    value: Value,
    path: readonly string[],
    check: { keys: string[]; any?: boolean; unresolved?: boolean },
    report: (why: string) => void,
  ): void {
    let walked = true;
    for (const part of path) {
      if (value.kind === "object") value = value.props.get(part) ?? UNDEFINED;
      else if (value.kind === "undefined" || value.kind === "null") break;
      else walked = false;
    }
    if (walked && (value.kind === "undefined" || value.kind === "null" || value.kind === "boolean")) return;
    // `authorize({ permissions: { project: ["create"] } })`: a statement of resources and actions.
    const statement = walked ? readStatement(value, path.length ? undefined : arg) : undefined;
    if (statement) {
      check.keys.push(...statement.keys);
      if (statement.unreadable) {
        check.unresolved = true;
        report(`is a permission statement (resources and their actions) that ${unreadablePart(statement.unreadable)}`);
      }
      return;
    }
    if (walked && value.kind === "object" && !path.length) {
      if (saysAnyOf(value)) check.any = true;
      return;
    }
    const strings = walked ? keysOfValue(value) : undefined;
    if (strings) check.keys.push(...strings);
    else this.deferInto(arg, explain(value), path, check, report);
  }

  /** Hands an argument the syntax could not read to the type checker; the check is marked unresolved if that cannot either. */
  private deferInto(
    arg: ts.Expression,
    reason: string,
    path: readonly string[],
    check: { keys: string[]; unresolved?: boolean },
    report: (why: string) => void,
  ): void {
    // A policy helper's check (read quietly, its unresolved checks left out) stays quiet when the type checker
    // answers later: a warning there would say operations are marked that are not.
    const quiet = this.helperReads > 0;
    if (quiet) this.deferredInHelpers.add(check);
    this.deferKey({
      arg,
      ...(path.length ? { property: [...path] } : {}),
      found: (key) => {
        if (!check.keys.includes(key)) check.keys.push(key);
      },
      unresolved: (type) => {
        check.unresolved = true;
        const say = () => report(type === undefined ? reason : `${reason}, and its type, \`${type}\`, is not one string literal`);
        if (quiet) this.diagnostics.quietly(say);
        else say();
      },
    });
  }

  /**
   * Hands a permission argument the syntax could not resolve to the type checker (`finishChecks`), or
   * reports it at once when that already ran. `property` reads a member of the argument's type
   * (an options-object decorator's `permission`).
   */
  deferKey(key: PendingKey): void {
    if (this.checksFinished) key.unresolved(undefined);
    else this.unresolvedKeys.push(key);
    this.tracker?.deferred();
  }

  /**
   * Keys the syntax could not give get one more chance from the type checker, in one program over the
   * files they are in: an argument whose type is a single string literal (a const declared only in a
   * `.d.ts`, a function typed to return one) is that key. Anything else is an error, never a guess.
   * Adapters call this once, before they flatten routes; a check evaluated later reports at once.
   */
  finishChecks(): void {
    this.checksFinished = true;
    this.sayConfigDefaults();
    const pending = this.unresolvedKeys.splice(0);
    if (!pending.length) return;
    const types = createTypeContext(this.sources, [...new Set(pending.map((p) => p.arg.getSourceFile().fileName))].sort());
    // What the types were read from decides the keys: a change there must invalidate a cached run.
    this.keyTypeFiles = types.programFiles();
    this.sources.recordInputs(this.keyTypeFiles);
    for (const p of pending) {
      // A JavaScript file of a project whose tsconfig.json does not `allowJs` is in no type program: no type to read.
      if (!types.file(p.arg.getSourceFile().fileName)) {
        p.unresolved("unknown");
        continue;
      }
      const node = types.map(p.arg);
      let type: ts.Type | undefined = types.checker.getTypeAtLocation(node);
      for (const name of p.property ?? []) {
        const member: ts.Symbol | undefined = type?.getProperty(name);
        type = member ? types.checker.getTypeOfSymbolAtLocation(member, node) : undefined;
      }
      if (type?.isStringLiteral()) p.found(type.value);
      else p.unresolved(type ? types.checker.typeToString(type) : "unknown");
    }
  }

  /**
   * The checks that options properties named for their keys state in a middleware or wrapper expression
   * (`authorize({ scopes: ["reports.read"] })`, also inside an array literal of middleware): one check per
   * such property. A recognized permission call reads its own arguments and is not looked at here.
   */
  optionChecksIn(node: ts.Expression, scope: Scope, seen = new Set<ts.Node>()): CheckValue[] {
    const expression = unwrapExpression(node);
    if (ts.isArrayLiteralExpression(expression))
      return expression.elements.flatMap((e) => (ts.isSpreadElement(e) ? [] : this.optionChecksIn(e, scope, seen)));
    // `export const PUT = PATCH`, `const canRead = authorize({ scopes: [...] })` passed by name: a name bound
    // to the call states what the call states, read where the call is written.
    if (ts.isIdentifier(expression)) {
      const bound = this.boundInitializer(expression, scope, seen);
      return bound ? this.optionChecksIn(bound.initializer, bound.scope, seen) : [];
    }
    if (!ts.isCallExpression(expression) || this.isPermissionCall(expression)) return [];
    // `z.object({ permissions: z.array(z.string()) })`, valibot's `v.strictObject(...)`: a schema of the request
    // body, whose `permissions` field is data the request carries, not keys the route checks.
    // (Naming the callee must not run anything: a method of a call's result is not looked at.)
    const named = unwrapExpression(expression.expression);
    const callee =
      (ts.isIdentifier(named) || ts.isPropertyAccessExpression(named)) && callsNothing(named)
        ? this.diagnostics.quietly(() => this.evaluate(named, scope))
        : undefined;
    if (callee?.kind === "external" && SCHEMA_PACKAGES.test(callee.module)) return [];
    const out: CheckValue[] = [];
    for (const arg of expression.arguments) {
      const literal = unwrapExpression(arg);
      if (!ts.isObjectLiteralExpression(literal)) continue;
      for (const property of literal.properties) {
        const member = ts.isPropertyAssignment(property)
          ? property.initializer
          : ts.isShorthandPropertyAssignment(property)
            ? property.name
            : undefined;
        const name =
          property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;
        if (!member || !name || !isPermissionOption(name)) continue;
        const check = this.optionPropertyCheck(expression, member, scope);
        // `{ anyScopes: ["a", "b"] }`: any one of them will do.
        if (isAnyOfOption(name)) check.any = true;
        out.push(check);
      }
    }
    for (const arg of this.keyNamedArguments(expression, scope)) out.push(this.optionPropertyCheck(expression, arg, scope));
    return out;
  }

  /**
   * The initializer a name is bound to, and the scope it is read in: a `const` (or a `let`/`var` never
   * reassigned) in this module or a function around it, or a named import of one that a module of the
   * project declares and exports (`import { PATCH } from "../route"`). Undefined for anything else (a
   * parameter, a re-export, a destructured name) and for a declaration met again (`const a = b, b = a`).
   */
  private boundInitializer(
    name: ts.Identifier,
    scope: Scope,
    seen: Set<ts.Node>,
  ): { initializer: ts.Expression; scope: Scope } | undefined {
    let owner: Scope | undefined = scope;
    while (owner && !owner.bindings.has(name.text)) owner = owner.parent;
    const binding = owner?.bindings.get(name.text);
    if (!owner || !binding || seen.has(binding.node)) return undefined;
    seen.add(binding.node);
    const declaration = binding.node;
    if (ts.isVariableDeclaration(declaration)) {
      const list = declaration.parent;
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer || !ts.isVariableDeclarationList(list)) return undefined;
      if (!(list.flags & ts.NodeFlags.Const) && this.isReassigned(owner.file, name.text)) return undefined;
      return { initializer: declaration.initializer, scope: owner };
    }
    if (!ts.isImportSpecifier(declaration) || declaration.isTypeOnly) return undefined;
    const from = declaration.parent.parent.parent.moduleSpecifier;
    if (!ts.isStringLiteral(from)) return undefined;
    // Read as the import is read anyway (the caller evaluates the name too), so modules run in the order
    // they would. A module replayed from its summary exports only routers and plain data, never a call's
    // result, so there is nothing to follow in it.
    this.read(binding, name);
    const target = this.sources.resolveImport(from.text, owner.file.fileName);
    if (target.kind !== "source") return undefined;
    const exported = (declaration.propertyName ?? declaration.name).text;
    const module = this.module(target.file);
    const local = module.scope.bindings.get(exported)?.node;
    // Only a name the module declares itself and exports as such (`export const PATCH = ...`).
    if (!local || !ts.isVariableDeclaration(local) || !hasModifier(local.parent.parent, ts.SyntaxKind.ExportKeyword)) return undefined;
    if (!ts.isIdentifier(local.name) || !local.initializer || seen.has(local)) return undefined;
    seen.add(local);
    if (!(local.parent.flags & ts.NodeFlags.Const) && this.isReassigned(target.file, exported)) return undefined;
    return { initializer: local.initializer, scope: module.scope };
  }

  /**
   * The arguments a wrapper takes at a parameter named for the keys, by the same rule as an options
   * property (`function withAccountApiKey(name, requiredScopes: string[], handler)`, called as
   * `withAccountApiKey("v1/rules", ["RULES_READ"], handler)`). Only a function declared in the analysed
   * sources says so: a package's parameter names are not read. A bare `scope` parameter is not enough
   * (below). A rest parameter takes the arguments from
   * its place on; a spread before that place leaves the positions unknown, and nothing is read.
   */
  private keyNamedArguments(call: ts.CallExpression, scope: Scope): ts.Expression[] {
    const callee = unwrapExpression(call.expression);
    // Naming the callee must not run anything: `make()(...)` is not looked at, nor a method of a call's
    // result (`express.Router().get(...).post(...)`: reading `.post` would run the chain a second time).
    if ((!ts.isIdentifier(callee) && !ts.isPropertyAccessExpression(callee)) || !callsNothing(callee)) return [];
    const fn = this.diagnostics.quietly(() => this.evaluate(callee, scope));
    if (fn.kind !== "function" || fn.decl.getSourceFile().isDeclarationFile) return [];
    const parameters = fn.decl.parameters.filter((p) => !(ts.isIdentifier(p.name) && p.name.text === "this"));
    const out: ts.Expression[] = [];
    parameters.forEach((parameter, index) => {
      if (!ts.isIdentifier(parameter.name) || !isKeyParameter(parameter.name.text)) return;
      if (call.arguments.slice(0, index + 1).some((a) => ts.isSpreadElement(a))) return;
      out.push(...(parameter.dotDotDotToken ? call.arguments.slice(index) : call.arguments.slice(index, index + 1)));
    });
    return out;
  }

  /**
   * The keys an options property of a wrapper call states by its name (`withWorkspace(handler, {
   * requiredPermissions: ["links.write"] })`): strings are keys, an empty list or `false` names none, and a
   * value apidex cannot read is a warning that marks the check unresolved.
   */
  private optionPropertyCheck(call: ts.CallExpression, member: ts.Expression, scope: Scope): CheckValue {
    const result: CheckValue = { kind: "check", keys: [], node: call };
    this.readKeysInto(member, this.argument(member, scope), [], result, (why) => this.reportUnresolvedKey(call, member, why));
    return result;
  }

  private reportUnresolvedKey(call: ts.CallExpression, arg: ts.Expression, reason: string): void {
    this.diagnostics.warning(
      "APX301",
      `Cannot resolve the permission key passed to ${calleeName(call.expression)}(): \`${excerpt(arg)}\` ${reason}; the operations it guards are marked \`unresolved\`.`,
      siteOf(arg),
      "Pass a string literal, a const, an `as const` object member, a string enum member, or an array of these (imports and re-exports are followed); or give it a string literal type.",
    );
  }

  /**
   * The permission checks a handler calls in its body (`assertPermission(req, "x")`). The handler is not
   * run: its own parameters are the request objects, any other unresolved argument is an error.
   */
  bodyChecks(fn: FunctionValue): CheckValue[] {
    const cached = this.bodyCheckCache.get(fn);
    if (cached) return cached;
    let found: CheckValue[] | undefined;
    // A body that reads the route it runs for (`table[req.method + " " + req.baseUrl + req.route.path]`): what
    // it cannot read here may be read per route (RouteBound), so nothing is said until then.
    if (readsMatchedRoute(fn.decl)) {
      const quiet = this.diagnostics.quietly(() => this.checksInBody(fn, 0, new Set([fn.decl])));
      if (quiet.some((c) => c.unresolved)) {
        const routeBound = this.routeBound(fn);
        found = quiet.map((c) => ({ ...c, routeBound }));
      }
    }
    found ??= this.checksInBody(fn, 0, new Set([fn.decl]));
    this.bodyCheckCache.set(fn, found);
    return found;
  }

  /**
   * The checks of a body that reads its route, read for one route: its first parameter is Express's request
   * with that route's `method`, `baseUrl` and `route.path` (its other properties stay unknown). What is still
   * unread for a route is said once per body, as where no route is known.
   */
  /** The request objects routeBound reads a body with: its parameter is bound to one, where others stay run-time values. */
  private readonly routeRequests = new WeakSet<Value>();

  private routeBound(fn: FunctionValue): RouteBound {
    let said = false;
    return {
      read: (request) => {
        const props = new Map<string, Value>([
          ["method", str(request.method)],
          ["route", { kind: "object", props: new Map([["path", str(request.routePath)]]), open: true }],
        ]);
        if (request.baseUrl !== undefined) props.set("baseUrl", str(request.baseUrl));
        const requestValue: Value = { kind: "object", props, open: true };
        this.routeRequests.add(requestValue);
        const args: Value[] = [requestValue];
        const read = () => this.checksInBody(fn, 0, new Set([fn.decl]), args);
        const checks = this.diagnostics.quietly(read);
        if (!said && checks.some((c) => c.unresolved)) {
          said = true;
          read();
        }
        return checks;
      },
      sayUnread: () => {
        if (said) return;
        said = true;
        this.checksInBody(fn, 0, new Set([fn.decl]));
      },
    };
  }

  /**
   * A body's permission checks, and those of the project's functions it calls by name, two calls deep (a
   * policy helper: `if (!(await canUpdateWebsite(auth, id))) return unauthorized()`, whose body calls
   * `hasPermission(user.role, PERMISSIONS.websiteUpdate)`). A helper is read quietly, and only its checks
   * whose keys are read in full count: its parameters are whatever the caller passes.
   */
  private checksInBody(fn: FunctionValue, depth: number, seen: Set<ts.Node>, args?: readonly Value[]): CheckValue[] {
    const body = fn.decl.body;
    // The functions a route's handler hands its request to go on handling it (handsOnRequest); not those of a
    // dispatcher over paths (a Worker's fetch, a Lambda proxy), whose calls answer other routes.
    const continuations = depth === 0 && !dispatchesOverPaths(fn.decl);
    // The file's calls were listed once (callsOf); the body's are a slice of that list.
    // (A call named for deciding what is allowed, `throwIfNotAllowed(member, "team_member", "read")`, is a candidate
    // here, kept below where the function's parameters name a resource and an action the call gives.)
    let calls = body
      ? callsWithin(body, (call) => ts.isCallExpression(call) && (this.isPermissionCall(call) || this.mayDecideResourceAction(call)))
      : [];
    // Only functions named as policy helpers are followed (`canUpdateWebsite`, `ensureAccess`, `authorizeUser`):
    // reading every call a handler makes would parse modules nothing else needs.
    // So is a function the handler hands the caller's access object to (a service layer:
    // `internalHost.getAll(res.locals.access)`, whose body calls `access.can("hosts:list")`): it is there to check it.
    const helpers =
      body && depth < 2
        ? callsWithin(
            body,
            (call) =>
              ts.isCallExpression(call) &&
              !this.isPermissionCall(call) &&
              ((ts.isIdentifier(call.expression) && POLICY_HELPER.test(call.expression.text) && decidesAccess(call, depth > 0)) ||
                // `this.access.authorizeAction(user, Perm.X)`: a policy method of a service the class was given.
                (isThisMember(call.expression) && POLICY_HELPER.test(call.expression.name.text) && decidesAccess(call, depth > 0)) ||
                // `case "GET": return handleGET(req, res)`: a function of the sources the handler hands its request
                // to goes on handling it, and its checks are the route's (for the methods of the branch it is in).
                (continuations && ts.isIdentifier(call.expression) && handsOnRequest(call, fn.decl)) ||
                call.arguments.some(isAccessObject)),
          )
        : [];
    // Most handlers check nothing in their bodies: they share one empty answer and build no scopes.
    if (!calls.length && !helpers.length) return NO_CHECKS;
    const found: CheckValue[] = [];
    // The call a policy helper's checks were read through (their own nodes are in the helper's body).
    const sites = new Map<CheckValue, ts.Node>();
    {
      const scopes = new Map<ts.Node, Scope>();
      const scopeFor = (node: ts.Node): Scope => {
        const owner = enclosingFunction(node, fn.decl);
        const existing = scopes.get(owner);
        if (existing) return existing;
        const parent = owner === fn.decl ? fn.scope : scopeFor(owner.parent);
        const scope = this.lexicalScope(
          owner as ts.FunctionLikeDeclaration,
          parent,
          owner === fn.decl,
          owner === fn.decl ? args : undefined,
          owner === fn.decl ? fn.thisValue : undefined,
        );
        scopes.set(owner, scope);
        return scope;
      };
      // In a helper, a condition over what the caller passed is known (`access === "write" ? ... : ...`):
      // a check on a branch it does not take never runs for this call.
      // (Only a condition over the parameters the call binds and literals: any other name's value may need its
      // initializer run, and that may run anything.)
      const bound = new Set(
        fn.decl.parameters.flatMap((p, i) => (args?.[i] && isStaticScalar(args[i]!) && ts.isIdentifier(p.name) ? [p.name.text] : [])),
      );
      const decide =
        depth > 0 && bound.size
          ? (condition: ts.Expression) =>
              overNames(condition, bound)
                ? truthiness(this.diagnostics.quietly(() => this.evaluate(condition, scopeFor(condition))))
                : undefined
          : undefined;
      if (decide) calls = calls.filter((call) => reachedAt(call, fn.decl, decide));
      // In a handler, a check that only picks what it answers (`if (!hasScope(s, "values")) return { holdings }`)
      // refuses nobody: no key the route needs.
      if (depth === 0) calls = calls.filter((call) => !onlyPicksAnswer(call, fn.decl));
      calls = calls.filter(
        (call) =>
          this.isPermissionCall(call as ts.CallExpression) || this.isResourceActionDecision(call as ts.CallExpression, scopeFor(call)),
      );
      for (const node of calls) found.push(this.check(node as ts.CallExpression, scopeFor(node)));
      if (body && calls.length > 1) this.groupEitherOr(body, calls, found, { returned: depth > 0, ...(decide ? { decide } : {}) });
      for (const node of helpers) {
        const callee = this.evaluate((node as ts.CallExpression).expression, scopeFor(node));
        if (callee.kind !== "function" || !callee.decl.body || seen.has(callee.decl) || callee.decl.getSourceFile().isDeclarationFile)
          continue;
        seen.add(callee.decl);
        // What the call passes, where it is static ("write"), binds the helper's parameters.
        // (Only a literal is read: a name's value may need its initializer run, and that may run anything.)
        const passed = (node as ts.CallExpression).arguments.map(
          (a): Value => literalValue(a) ?? this.enumMemberArgument(a, scopeFor(node)) ?? { kind: "undefined" },
        );
        // A function the handler hands its request to (`handleGET(req, res)`) is the handler's own code: its checks
        // count as the body's, said where apidex cannot read them; a policy helper is read quietly, and only its
        // checks read in full count (its parameters are whatever the caller passes).
        const continuation =
          continuations && ts.isIdentifier((node as ts.CallExpression).expression) && handsOnRequest(node as ts.CallExpression, fn.decl);
        let inner: CheckValue[];
        if (continuation) inner = this.checksInBody(callee, depth + 1, seen, passed);
        else {
          this.helperReads++;
          try {
            inner = this.diagnostics.quietly(() => this.checksInBody(callee, depth + 1, seen, passed));
          } finally {
            this.helperReads--;
          }
          // A check whose key waits for the type checker is not read in full either.
          inner = inner.filter((c) => c.keys.length && !c.unresolved && !this.deferredInHelpers.has(c));
        }
        for (const c of inner) {
          found.push(c);
          sites.set(c, node);
          c.via = node;
        }
      }
      this.applyShortcuts(fn.decl, found, sites, depth > 0);
    }
    return found.length ? found : NO_CHECKS;
  }

  /**
   * Checks whose holder leaves the body early (`if (scopes.includes("*")) return all;`, see shortcut.ts) are no
   * keys every caller needs. Where the branch answers, the key is an alternative to the checks after the `if`:
   * with one check after it (one key, or one group of alternatives) they become one `any_of` group; with
   * several, a holder of the shortcut's key needs none of them while anyone else needs them all, which an
   * `any_of` group cannot say — in a handler the keys become one group marked unresolved (APX304, as for
   * alternatives that need several keys at once), in a policy helper (read quietly) the later checks stay
   * required: the stricter reading, rather than nothing. Where the branch refuses, or nothing comes after it,
   * the shortcut's checks are simply dropped. A shortcut whose own keys are not all read is left as it is.
   * `sites` gives the call a policy helper's checks were read through (their nodes are in the helper).
   */
  private applyShortcuts(
    body: ts.FunctionLikeDeclaration,
    found: CheckValue[],
    sites: ReadonlyMap<CheckValue, ts.Node>,
    helper: boolean,
  ): void {
    const siteOf_ = (c: CheckValue): ts.Node => sites.get(c) ?? c.node;
    const byStatement = new Map<ts.IfStatement, { shortcut: Shortcut; checks: CheckValue[] }>();
    for (const c of found) {
      const shortcut = shortcutOf(siteOf_(c), body);
      if (!shortcut) continue;
      const entry = byStatement.get(shortcut.statement) ?? { shortcut, checks: [] };
      entry.checks.push(c);
      byStatement.set(shortcut.statement, entry);
    }
    if (!byStatement.size) return;
    // The last shortcut first: `if (a) return; if (b) return; check(c)` is a, or b, or c.
    const entries = [...byStatement.values()].sort((x, y) => y.shortcut.statement.pos - x.shortcut.statement.pos);
    for (const { shortcut, checks } of entries) {
      if (checks.some((c) => c.unresolved || !c.keys.length)) continue;
      const end = shortcut.statement.end;
      const later = found.filter(
        (c) => !checks.includes(c) && siteOf_(c).pos >= end && siteOf_(c).getSourceFile() === body.getSourceFile(),
      );
      const drop = new Set<CheckValue>(checks);
      if (shortcut.grants && later.length) {
        const readable = later.every((c) => !c.unresolved && c.keys.length);
        const one = later.length === 1 && (later[0]!.any || later[0]!.keys.length === 1);
        if (readable && (one || !helper)) {
          for (const c of later) drop.add(c);
          const keys = [...new Set([...checks.flatMap((c) => c.keys), ...later.flatMap((c) => c.keys)])];
          const node = checks[0]!.node;
          found.push({ kind: "check", keys, any: true, node, ...(one ? {} : { unresolved: true }) });
          if (!one)
            this.diagnostics.warning(
              "APX304",
              `Permission checks tested as alternatives (${keys.map((k) => `\`${k}\``).join(", ")}): a caller holding \`${checks.flatMap((c) => c.keys).join("`, `")}\` leaves early, anyone else needs every check after it; the operations they guard list the keys as one \`any_of\` group (a caller let through holds one of them) and are marked \`unresolved\`.`,
              siteOf(shortcut.statement.expression),
              "An any-of group says that any one key is enough: where the other way needs several keys at once, the index cannot say it.",
            );
        }
      }
      found.splice(0, found.length, ...found.filter((c) => !drop.has(c)));
    }
  }

  /**
   * Turns checks a body tests together, so that the request stops only when none holds (`if (!own && !all)
   * return deny()`), into one check of alternatives. `found` starts with the checks of `calls`, in order. A
   * member whose keys are not all read keeps the checks as they are: a group must not hide what apidex
   * could not read. A group where a key is not enough on its own — a member that needs several keys at
   * once, an operand that also tests the request's data (`ownerId === me && hasPermission(p, "readOwn")`) —
   * is no plain any-of: its keys stay one group (every caller who passes holds one of them, so none is
   * required), the check is unresolved and a warning says why.
   */
  private groupEitherOr(body: ts.Node, calls: readonly ts.Node[], found: CheckValue[], options?: EitherOrOptions): void {
    const groups = eitherOrGroups(body, new Set(calls), options);
    if (!groups.length) return;
    const checkOf = new Map(calls.map((call, index) => [call, found[index]!] as const));
    const merged = new Set<CheckValue>();
    for (const group of groups) {
      const members = group.calls.map((call) => checkOf.get(call)!);
      if (!members.every((c) => !c.unresolved && c.keys.length > 0)) continue;
      const several = members.find((c) => !c.any && c.keys.length > 1);
      const inexact =
        group.inexact ??
        (several
          ? { node: several.node, why: `one side needs several keys at once (\`${calleeName(several.node.expression)}()\`)` }
          : undefined);
      // In a helper (read quietly, its unresolved checks left out), such a group keeps its checks required:
      // the stricter reading, rather than nothing.
      if (inexact && options?.returned) continue;
      const keys = [...new Set(members.flatMap((c) => c.keys))];
      for (const member of members) merged.add(member);
      found.push({ kind: "check", keys, any: true, node: group.calls[0]!, ...(inexact ? { unresolved: true } : {}) });
      if (inexact)
        this.diagnostics.warning(
          "APX304",
          `Permission checks tested as alternatives (${keys.map((k) => `\`${k}\``).join(", ")}): ${inexact.why}; the operations they guard list the keys as one \`any_of\` group (a caller let through holds one of them) and are marked \`unresolved\`.`,
          siteOf(inexact.node),
          "An any-of group says that any one key is enough: where a key is enough only for some requests (the caller's own items), the index cannot say which.",
        );
    }
    if (merged.size) found.splice(0, found.length, ...found.filter((c) => !merged.has(c)));
  }

  /**
   * A member of an enum the sources declare passed as an argument (`Perm.CreateSplit`): its value, read
   * without running anything (an enum's members are static); undefined for anything else.
   */
  private enumMemberArgument(node: ts.Expression, scope: Scope): Value | undefined {
    const inner = unwrapExpression(node);
    if (!ts.isPropertyAccessExpression(inner) || !ts.isIdentifier(inner.expression)) return undefined;
    const binding = scope.lookup(inner.expression.text);
    const declaration = binding?.node;
    if (!declaration || !(ts.isEnumDeclaration(declaration) || ts.isImportSpecifier(declaration) || ts.isImportClause(declaration)))
      return undefined;
    const value = this.diagnostics.quietly(() => this.evaluate(inner, scope));
    return isStaticScalar(value) ? value : undefined;
  }

  /** A scope for reading (not running) a function body: parameters are run-time values, consts are lazy. */
  private lexicalScope(decl: ts.FunctionLikeDeclaration, parent: Scope, isHandler: boolean, args?: readonly Value[], self?: Value): Scope {
    const scope = new Scope(parent.file, parent, decl);
    // A method read with the instance it belongs to (a controller with its injected services) sees it as `this`.
    if (self && !ts.isArrowFunction(decl)) scope.bind("this", Binding.of(self, decl));
    for (const [index, parameter] of decl.parameters.entries()) {
      // A helper's parameter the call gives a static value (`"write"`, `true`, `3`) is that value; so is a
      // handler's request where it is read for one route (routeBound).
      const passed = args?.[index];
      if (
        passed &&
        ts.isIdentifier(parameter.name) &&
        !parameter.dotDotDotToken &&
        (isStaticScalar(passed) || this.routeRequests.has(passed))
      ) {
        scope.bind(parameter.name.text, Binding.of(passed, parameter));
        continue;
      }
      for (const name of boundNames(parameter.name)) {
        const value: Value = isHandler
          ? { kind: "runtime", what: `the handler parameter ${name}` }
          : unknown(parameter, `is the parameter \`${name}\` of a callback, only known at run time`);
        scope.bind(name, Binding.of(value, parameter));
      }
    }
    const visit = (node: ts.Node): void => {
      if (node !== decl.body && isFunctionLike(node)) {
        if (ts.isFunctionDeclaration(node) && node.name && node.body)
          scope.bind(node.name.text, Binding.of({ kind: "function", decl: node, scope }, node));
        return;
      }
      if (ts.isVariableDeclaration(node)) for (const [name, binding] of this.declareVariable(node, scope)) scope.bind(name, binding);
      ts.forEachChild(node, visit);
    };
    if (decl.body) visit(decl.body);
    return scope;
  }
}

/**
 * Whether a wrapper's parameter is named for the keys it is given: the options rule (`requiredScopes`,
 * `permissions`, `scopes`, `permission`), except a bare `scope`, which as a parameter names a logging or
 * error-reporting context, a DI scope, a tenant as often as an OAuth scope (`withError(scope, handler)`
 * given the route's name); its plural or a qualifier (`requiredScope`) says keys.
 */
function isKeyParameter(name: string): boolean {
  return isPermissionOption(name) && name.toLowerCase() !== "scope";
}

// -----------------------------------------------------------------------------------------------
// Syntax helpers

export function calleeName(callee: ts.Expression): string | undefined {
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

export function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  // The node's own list, read in place: `ts.getModifiers` copies it (without decorators) on every call,
  // and this is asked twice for every top-level statement. A decorator never has a modifier's kind.
  const modifiers = ts.canHaveModifiers(node) ? (node as { modifiers?: readonly ts.Node[] }).modifiers : undefined;
  if (!modifiers) return false;
  for (const m of modifiers) if (m.kind === kind) return true;
  return false;
}

/**
 * Whether the value of a policy helper's call decides whether the request goes on, so that the helper's
 * checks are about this request's caller: the value is tested (an `if` or loop condition, `!`, `&&`, `||`,
 * the condition of `?:`), dropped (`await ensureAccess(user);` can only stop the request by throwing), or,
 * inside a helper, returned (its caller tests it) — directly or through a variable that is tested. A value
 * the handler keeps as data (`const verification = await verifyInstallation(repo); return
 * c.json(verification)`) is what it serves, and the checks such a function makes are about the objects it
 * looked at (a third-party installation's permissions), not about the caller.
 */
/**
 * An argument that is the caller's access object by its name (`res.locals.access`, `ability`, `req.acl`,
 * `ctx.state.permissions`): what a permission check asks.
 */
function isAccessObject(arg: ts.Expression): boolean {
  const inner = unwrapExpression(arg);
  const name = ts.isIdentifier(inner) ? inner.text : ts.isPropertyAccessExpression(inner) ? inner.name.text : undefined;
  return name !== undefined && /^(access|ability|abilities|acl|permissions|authz|authorization)$/i.test(name);
}

/**
 * Whether a call hands the handler's request on for the rest of its handling (`await handleGET(req, res);`,
 * `return handleGET(req, res)`, `(req, res) => exportReport(req, res)`): it is given the handler's first
 * parameter as is, its result is dropped or answered (not kept as a value the handler goes on with, `const auth =
 * await requireOwner(req)`), and it calls a function by a name that is no parameter (`handler(req, res)` in a
 * wrapper calls the route's own handler, read as such).
 */
function handsOnRequest(call: ts.CallExpression, handler: ts.FunctionLikeDeclaration): boolean {
  const first = handler.parameters[0]?.name;
  if (first === undefined || !ts.isIdentifier(first) || !call.arguments.some((a) => ts.isIdentifier(a) && a.text === first.text))
    return false;
  const { node, parent } = valueUse(call);
  const handsOn = ts.isExpressionStatement(parent) || ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === node);
  return handsOn && ts.isIdentifier(call.expression) && !namesParameter(call.expression);
}

/** The request's members that say which path it asks for (`request.url`, `event.rawPath`, `req.originalUrl`). */
const PATH_MEMBERS = new Set(["url", "path", "pathname", "rawPath", "resource", "routeKey", "originalUrl", "baseUrl"]);

/**
 * Whether a handler reads which path its request asks for (`new URL(request.url).pathname`, `event.path`): a
 * dispatcher over paths, whose calls that hand the request on answer other routes.
 */
function dispatchesOverPaths(handler: ts.FunctionLikeDeclaration): boolean {
  const first = handler.parameters[0]?.name;
  if (!handler.body || first === undefined) return false;
  const request = ts.isIdentifier(first) ? first.text : undefined;
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isIdentifier(node) && node.text === "pathname") found = true;
    else if (ts.isPropertyAccessExpression(node) && PATH_MEMBERS.has(node.name.text)) {
      let root: ts.Expression = node.expression;
      while (ts.isPropertyAccessExpression(root)) root = root.expression;
      if (ts.isIdentifier(root) && root.text === request) found = true;
    }
    // `const { path, pathname } = event`: a destructured request.
    else if (ts.isBindingElement(node) && PATH_MEMBERS.has((node.propertyName ?? node.name).getText())) found = true;
    if (!found && !(isFunctionLike(node) && node !== handler)) ts.forEachChild(node, visit);
  };
  visit(handler.body);
  return found;
}

/** Whether a name is a parameter of a function around it (a wrapper's `handler`). */
function namesParameter(name: ts.Identifier): boolean {
  for (let n: ts.Node | undefined = name.parent; n; n = n.parent)
    if (isFunctionLike(n) && (n as ts.FunctionLikeDeclaration).parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === name.text))
      return true;
  return false;
}

function decidesAccess(call: ts.CallExpression, inHelper: boolean): boolean {
  const { node, parent } = valueUse(call);
  if (isTested(node, parent) || ts.isExpressionStatement(parent)) return true;
  if (ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === node)) return inHelper;
  if (ts.isVariableDeclaration(parent) && parent.initializer === node && ts.isIdentifier(parent.name)) {
    const name = parent.name.text;
    const scope = enclosingFunctionOf(parent);
    let tested = false;
    const visit = (n: ts.Node): void => {
      if (tested) return;
      if (ts.isIdentifier(n) && n.text === name && n !== parent.name) {
        let use = valueUse(n);
        // A result object tested by a property: `const auth = await requireAccess(req); if (!auth.ok) return auth.response`.
        while (ts.isPropertyAccessExpression(use.parent) && use.parent.expression === use.node) use = valueUse(use.parent);
        tested = isTested(use.node, use.parent) || (inHelper && ts.isReturnStatement(use.parent));
      }
      ts.forEachChild(n, visit);
    };
    if (scope) visit(scope);
    return tested;
  }
  return false;
}

/** Whether an expression is made of literals, operators and the given names only (no call, no other name). */
function overNames(node: ts.Node, names: ReadonlySet<string>): boolean {
  if (ts.isIdentifier(node)) return names.has(node.text) || node.text === "undefined";
  if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isAwaitExpression(node) || ts.isPropertyAccessExpression(node))
    return false;
  if (ts.isElementAccessExpression(node) || ts.isTaggedTemplateExpression(node) || isFunctionLike(node)) return false;
  return ts.forEachChild(node, (child) => (overNames(child, names) ? undefined : true)) !== true;
}

/** The value of a string, number or boolean literal argument (`"write"`, `3`, `true`). */
function literalValue(node: ts.Expression): Value | undefined {
  const inner = unwrapExpression(node);
  if (ts.isStringLiteralLike(inner)) return { kind: "string", value: inner.text };
  if (ts.isNumericLiteral(inner)) return { kind: "number", value: Number(inner.text) };
  if (inner.kind === ts.SyntaxKind.TrueKeyword) return { kind: "boolean", value: true };
  if (inner.kind === ts.SyntaxKind.FalseKeyword) return { kind: "boolean", value: false };
  return undefined;
}

/** A string, number or boolean: a value a helper's parameter can be bound to. */
function isStaticScalar(value: Value): boolean {
  return value.kind === "string" || value.kind === "number" || value.kind === "boolean";
}

/**
 * Whether a call inside `fn` runs as far as known conditions say: no `?:`, `if`, `&&` or `||` on its way
 * up to the function's body skips it under a condition `decide` knows.
 */
function reachedAt(call: ts.Node, fn: ts.Node, decide: (condition: ts.Expression) => boolean | undefined): boolean {
  for (let child = call, parent = call.parent; parent && child !== fn; child = parent, parent = parent.parent) {
    if (ts.isConditionalExpression(parent) && child !== parent.condition) {
      const taken = decide(parent.condition);
      if (taken !== undefined && taken !== (child === parent.whenTrue)) return false;
    } else if (ts.isIfStatement(parent) && child !== parent.expression) {
      const taken = decide(parent.expression);
      if (taken !== undefined && taken !== (child === parent.thenStatement)) return false;
    } else if (ts.isBinaryExpression(parent) && child === parent.right) {
      const op = parent.operatorToken.kind;
      if (op === ts.SyntaxKind.AmpersandAmpersandToken && decide(parent.left) === false) return false;
      if (op === ts.SyntaxKind.BarBarToken && decide(parent.left) === true) return false;
    }
  }
  return true;
}

/** The expression whose value is `node`'s (through `await`, parentheses, assertions), and what holds it. */
function valueUse(node: ts.Expression): { node: ts.Node; parent: ts.Node } {
  let current: ts.Node = node;
  while (
    ts.isAwaitExpression(current.parent) ||
    ts.isParenthesizedExpression(current.parent) ||
    ts.isAsExpression(current.parent) ||
    ts.isNonNullExpression(current.parent)
  )
    current = current.parent;
  return { node: current, parent: current.parent };
}

/** Whether `parent` tests the value of its child `node`. */
function isTested(node: ts.Node, parent: ts.Node): boolean {
  if (ts.isIfStatement(parent) || ts.isWhileStatement(parent) || ts.isDoStatement(parent)) return parent.expression === node;
  if (ts.isConditionalExpression(parent)) return parent.condition === node;
  if (ts.isPrefixUnaryExpression(parent)) return parent.operator === ts.SyntaxKind.ExclamationToken;
  if (ts.isBinaryExpression(parent))
    return parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken || parent.operatorToken.kind === ts.SyntaxKind.BarBarToken;
  return false;
}

/** The function whose body holds `node`, or its source file at the top level. */
function enclosingFunctionOf(node: ts.Node): ts.Node | undefined {
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent)
    if (isFunctionLike(current) || ts.isSourceFile(current)) return current;
  return undefined;
}

/** The innermost function containing `node`, not going above `stop`. */
function enclosingFunction(node: ts.Node, stop: ts.Node): ts.Node {
  for (let current = node.parent; current; current = current.parent) {
    if (current === stop || isFunctionLike(current)) return current;
  }
  return stop;
}

function boundNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  const out: string[] = [];
  for (const element of name.elements) if (!ts.isOmittedExpression(element)) out.push(...boundNames(element.name));
  return out;
}

/** Initializers evaluated eagerly, in order: calls can create routers or register routes. */
function hasEffects(node: ts.Expression): boolean {
  let inner = node;
  while (
    ts.isParenthesizedExpression(inner) ||
    ts.isAsExpression(inner) ||
    ts.isSatisfiesExpression(inner) ||
    ts.isAwaitExpression(inner) ||
    ts.isVoidExpression(inner) ||
    ts.isNonNullExpression(inner)
  ) {
    inner = inner.expression;
  }
  return ts.isCallExpression(inner) || ts.isNewExpression(inner);
}

/** An array or object literal with a call among its elements or property values (at any depth of literals). */
function literalHasEffects(node: ts.Expression): boolean {
  const inner = unwrapExpression(node);
  const parts = ts.isArrayLiteralExpression(inner)
    ? inner.elements.map((e) => (ts.isSpreadElement(e) ? e.expression : e))
    : ts.isObjectLiteralExpression(inner)
      ? inner.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? [p.initializer] : ts.isSpreadAssignment(p) ? [p.expression] : []))
      : [];
  return parts.some((part) => hasEffects(part) || literalHasEffects(part));
}

/** The arithmetic operators evaluated on two static numbers (`+` also joins strings, apart). */
const NUMBER_OPERATORS = new Map<ts.SyntaxKind, (a: number, b: number) => number>([
  [ts.SyntaxKind.MinusToken, (a, b) => a - b],
  [ts.SyntaxKind.AsteriskToken, (a, b) => a * b],
  [ts.SyntaxKind.SlashToken, (a, b) => a / b],
  [ts.SyntaxKind.PercentToken, (a, b) => a % b],
]);

/** Values an array's `includes`/`indexOf` compares by value (objects, arrays and functions are never equal to one). */
const PLAIN_KINDS = new Set<Value["kind"]>(["string", "number", "boolean", "undefined", "null"]);
/** Values whose identity apidex does not know (a package's export, a run-time value, what it could not follow). */
const UNREAD_KINDS = new Set<Value["kind"]>(["unknown", "runtime", "external"]);
/** Array methods that search with a callback, run per item until the answer is known. */
const SEARCH_METHODS = new Set(["some", "every", "find", "findIndex"]);

/** String methods kept static over static arguments (`Interpreter.stringMethod`). */
const STRING_METHODS = new Set([
  "indexOf",
  "lastIndexOf",
  "startsWith",
  "endsWith",
  "includes",
  "slice",
  "substring",
  "charAt",
  "split",
  "padStart",
  "padEnd",
  "repeat",
  "concat",
]);

/**
 * How a statement ended: normally, or leaving its block (`return`/`throw`, `break`, `continue`), or
 * `stop` — it may have left under a condition apidex cannot read, so nothing after it is known.
 */
type Completion = "normal" | "return" | "break" | "continue" | "stop";

/** Whether two values are the same: equal primitives, the same framework object, arrays of the same values. */
function sameValue(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "string":
    case "number":
    case "boolean":
      return a.value === (b as typeof a).value;
    case "undefined":
    case "null":
      return true;
    case "array": {
      const other = b as typeof a;
      return a.items.length === other.items.length && a.items.every((item, i) => sameValue(item, other.items[i]!));
    }
    case "host": {
      // A framework object is made again each time it is read (`{ type: "router", router }`): the same router is the same value.
      const [x, y] = [a.host as { router?: unknown }, (b as typeof a).host as { router?: unknown }];
      return x === y || (x.router !== undefined && x.router === y.router);
    }
    case "function":
    case "class":
      return a.decl === (b as typeof a).decl;
    default:
      return false;
  }
}

/** An exit went past (Interpreter.goPast): what its returns would give. */
interface SkippedReturn {
  /** The value of its one `return`, when that calls nothing. */
  value: Value | undefined;
  /** The condition apidex could not read. */
  condition: ts.Node;
  /** Each `return`'s value, read on demand. */
  later?: (() => Value)[];
  /** It returns whichever way it goes: what follows it never runs. */
  final: boolean;
}

/** Whether a statement returns on every path through it (`return x`, or an `if`/`else` both of whose branches do). */
function alwaysReturns(node: ts.Statement): boolean {
  if (ts.isReturnStatement(node)) return true;
  if (ts.isBlock(node)) return node.statements.some(alwaysReturns);
  if (ts.isIfStatement(node))
    return node.elseStatement !== undefined && alwaysReturns(node.thenStatement) && alwaysReturns(node.elseStatement);
  return false;
}

/**
 * A syntactic fact of a node, computed once: the walks below read a statement's syntax each time its function
 * runs (a helper called from everywhere runs its `if`s thousands of times), and the answer never changes.
 */
function memoized<T>(fn: (node: ts.Node) => T): (node: ts.Node) => T {
  const known = new WeakMap<ts.Node, T>();
  return (node) => {
    if (known.has(node)) return known.get(node) as T;
    const value = fn(node);
    known.set(node, value);
    return value;
  };
}

type AdditionCall = ts.CallExpression & { expression: ts.PropertyAccessExpression & { expression: ts.Identifier } };

/** The calls in a condition's branches that may add to a named array or Map (`modules.push(x)`, `map.set(k, v)`), outside nested functions. */
const additionCalls = memoized((statement: ts.Node): AdditionCall[] => {
  const out: AdditionCall[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunctionLike(node)) return;
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ["push", "unshift", "splice", "set"].includes(node.expression.name.text) &&
      ts.isIdentifier(node.expression.expression)
    )
      out.push(node as AdditionCall);
    // Its arguments too (`routes.push(extra.push(x))`), as the walk this replaced read them when one did not add.
    ts.forEachChild(node, visit);
  };
  if (ts.isIfStatement(statement)) {
    visit(statement.thenStatement);
    if (statement.elseStatement) visit(statement.elseStatement);
  } else if (ts.isSwitchStatement(statement)) visit(statement.caseBlock);
  return out;
});

/** Whether a statement holds a `return` of a value (not a bare `return;`), outside nested functions. */
const returnsValue = memoized((node: ts.Node): boolean => {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found || isFunctionLike(n)) return;
    if (ts.isReturnStatement(n) && n.expression && !returnsRejection(n)) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
});

/** Whether a loop body can leave the whole function (`return`), not just the loop. A `throw` is the error path, not an exit. */
function exitsFunction(node: ts.Node): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found || isFunctionLike(n)) return;
    if (ts.isReturnStatement(n)) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/**
 * What decides an early exit apidex went past (an `if`, a `switch` or a loop it did not run): the condition,
 * the value switched on, or the items (or the test) of the loop.
 */
function exitCondition(exit: ts.Statement): ts.Node {
  if (ts.isIfStatement(exit) || ts.isSwitchStatement(exit) || ts.isForOfStatement(exit) || ts.isForInStatement(exit))
    return exit.expression;
  if (ts.isForStatement(exit)) return exit.condition ?? exit;
  return exit;
}

/**
 * The counters a classic for loop's update steps by a constant (`i++`, `--i`, `i += 2`, `i -= 1`,
 * comma-separated), each a counter the loop declares; undefined for any other update.
 */
function counterSteps(update: ts.Expression, counters: readonly string[]): { name: string; by: number }[] | undefined {
  const out: { name: string; by: number }[] = [];
  const visit = (node: ts.Expression): boolean => {
    node = unwrapExpression(node);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.CommaToken) return visit(node.left) && visit(node.right);
    if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && ts.isIdentifier(node.operand)) {
      if (!counters.includes(node.operand.text)) return false;
      if (node.operator === ts.SyntaxKind.PlusPlusToken) out.push({ name: node.operand.text, by: 1 });
      else if (node.operator === ts.SyntaxKind.MinusMinusToken) out.push({ name: node.operand.text, by: -1 });
      else return false;
      return true;
    }
    if (
      ts.isBinaryExpression(node) &&
      ts.isIdentifier(node.left) &&
      counters.includes(node.left.text) &&
      ts.isNumericLiteral(node.right) &&
      (node.operatorToken.kind === ts.SyntaxKind.PlusEqualsToken || node.operatorToken.kind === ts.SyntaxKind.MinusEqualsToken)
    ) {
      const by = Number(node.right.text);
      out.push({ name: node.left.text, by: node.operatorToken.kind === ts.SyntaxKind.PlusEqualsToken ? by : -by });
      return true;
    }
    return false;
  };
  return visit(update) ? out : undefined;
}

/** Whether code assigns (or steps) any of the names, outside functions it declares. */
function assignsAny(node: ts.Node, names: readonly string[]): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (
      ts.isBinaryExpression(n) &&
      n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      n.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
      ts.isIdentifier(n.left) &&
      names.includes(n.left.text)
    )
      found = true;
    else if (
      (ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) &&
      ts.isIdentifier(n.operand) &&
      names.includes(n.operand.text)
    )
      found = n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/**
 * Whether a statement may leave the block it is in (`return`, or a `break`/`continue` that is not an inner
 * loop's or switch's own). A `throw` is the error path, which a serving service does not take, as in a
 * `try` block: it does not make what follows unknown.
 */
const leavesEarly = memoized((node: ts.Node): boolean => {
  let found = false;
  const visit = (n: ts.Node, inLoop: boolean, inSwitch: boolean): void => {
    if (found || isFunctionLike(n)) return;
    if (ts.isReturnStatement(n)) found = !returnsRejection(n);
    else if (ts.isBreakStatement(n)) found = Boolean(n.label) || !(inLoop || inSwitch);
    else if (ts.isContinueStatement(n)) found = Boolean(n.label) || !inLoop;
    else {
      const loop = inLoop || ts.isIterationStatement(n, false);
      const switched = inSwitch || ts.isSwitchStatement(n);
      ts.forEachChild(n, (child) => visit(child, loop, switched));
    }
  };
  visit(node, false, false);
  return found;
});

/**
 * `return Promise.reject(new Error(...))` (bluebird's too, as `BBPromise` or `Bluebird`): the error path of a
 * function that returns a promise, as a `throw` is — no early exit that the code after it depends on.
 */
function returnsRejection(statement: ts.ReturnStatement): boolean {
  const call = statement.expression && unwrapExpression(statement.expression);
  if (!call || !ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return false;
  const receiver = unwrapExpression(call.expression.expression);
  return call.expression.name.text === "reject" && ts.isIdentifier(receiver) && /^(\w*Promise|Bluebird|bluebird)$/.test(receiver.text);
}

const NOT_PRIMITIVE = Symbol("not primitive");

/** A static primitive's JavaScript value, for comparisons. */
function primitive(value: Value): string | number | boolean | null | undefined | typeof NOT_PRIMITIVE {
  switch (value.kind) {
    case "string":
      return value.env ? NOT_PRIMITIVE : value.value;
    case "number":
    case "boolean":
      return value.value;
    case "null":
      return null;
    case "undefined":
      return undefined;
    case "unknown":
      return value.absent ? undefined : NOT_PRIMITIVE;
    default:
      return NOT_PRIMITIVE;
  }
}

/** JavaScript truthiness of a static value; undefined when the value is not static. */
export function truthiness(value: Value): boolean | undefined {
  switch (value.kind) {
    case "string":
      return value.env ? undefined : value.value !== "";
    case "number":
      return value.value !== 0 && !Number.isNaN(value.value);
    case "boolean":
      return value.value;
    case "undefined":
    case "null":
      return false;
    case "array":
    case "object":
    case "function":
    case "class":
    case "instance":
    // An app or router (\`if (!this.app) return;\` after \`this.app = new Koa()\`), a check's middleware, a module.
    case "host":
    case "check":
    case "namespace":
      return true;
    case "unknown":
      return value.absent ? false : undefined;
    default:
      return undefined;
  }
}

/** Why part of a permission statement is not read, completing "the statement ...". */
function unreadablePart(unreadable: NonNullable<Statement["unreadable"]>): string {
  return unreadable.item ? `${unreadable.reason} that ${explain(unreadable.item)}` : unreadable.reason;
}

/** Completes "`x` ..." with why a value is not a static string. */
export function explain(value: Value, wanted = "a string"): string {
  if (value.kind === "unknown") return value.reason;
  if (value.kind === "array") {
    const inner = value.items.find((item) => stringsOf(item) === undefined);
    return inner ? `contains an element that ${explain(inner, wanted)}` : "is an array";
  }
  if (value.kind === "runtime") return `is only known at run time (${value.what})`;
  if (value.kind === "undefined") return "is undefined";
  if (value.kind === "external") return `is \`${[value.module, ...value.path].join(".")}\` of a package, not ${wanted}`;
  return `is ${/^[aeiou]/.test(value.kind) ? "an" : "a"} ${value.kind} value, not ${wanted}`;
}

/** Source text of an expression for a message, on one line and short. */
export function excerpt(node: ts.Node): string {
  const text = node.getText().replace(/\s+/g, " ");
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function relativeName(file: ts.SourceFile, root: string): string {
  return file.fileName.startsWith(root) ? file.fileName.slice(root.length + 1) : file.fileName;
}

/**
 * Whether an object literal starts a variable that is a container: empty, or typed as a map (`Record<K, V>`
 * or a type with an index signature, also through `as`).
 */
function containerVariable(node: ts.ObjectLiteralExpression): boolean {
  let parent: ts.Node = node.parent;
  let asserted: ts.TypeNode | undefined;
  while (parent && (ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent) || ts.isParenthesizedExpression(parent))) {
    if (!ts.isParenthesizedExpression(parent)) asserted ??= parent.type;
    parent = parent.parent;
  }
  if (!parent || !ts.isVariableDeclaration(parent)) return false;
  if (!node.properties.length) return true;
  const type = parent.type ?? asserted;
  if (!type) return false;
  if (ts.isTypeReferenceNode(type)) return ts.isIdentifier(type.typeName) && type.typeName.text === "Record";
  return ts.isTypeLiteralNode(type) && type.members.some((m) => ts.isIndexSignatureDeclaration(m));
}

/**
 * An import a bundler answers, not a module of code: a stylesheet, an image, a query (`./app.css?url`,
 * `./theme.module.css`, `./logo.svg`). Its absence from the sources is no broken import.
 */
function isAssetImport(specifier: string): boolean {
  if (specifier.includes("?")) return true;
  const extension = /\.([a-z0-9]+)$/i.exec(specifier.slice(specifier.lastIndexOf("/") + 1))?.[1]?.toLowerCase();
  return extension !== undefined && !["js", "jsx", "ts", "tsx", "mjs", "cjs", "mts", "cts", "json", "node"].includes(extension);
}

/** The component files bundlers resolve an extensionless import to, beside TypeScript's own. */
const COMPONENT_ENDINGS = [".vue", ".svelte", ".astro"];

/** SvelteKit's module of the app's paths (`import { base } from "$app/paths"`), which its config sets. */
const SVELTEKIT_PATHS = "$app/paths";

/** Globals of a browser, which server code does not have. */
const BROWSER_GLOBALS = new Set(["window", "document", "navigator", "location", "localStorage", "sessionStorage"]);

/** Whether an expression can be computed without running anything: no calls but `Array.isArray`, no `await`, no `new`. */
function callsNothing(node: ts.Node): boolean {
  if (ts.isNewExpression(node) || ts.isAwaitExpression(node) || ts.isTaggedTemplateExpression(node)) return false;
  if (ts.isCallExpression(node) && node.expression.getText() !== "Array.isArray") return false;
  if (isFunctionLike(node)) return true;
  return ts.forEachChild(node, (child) => (callsNothing(child) ? undefined : true)) !== true;
}

/** How a re-export of a file that is not there is described (the file may be generated by a build step). */
const MISSING_BARREL = "names no file";

/** The names a function declares for its body: its parameters and the locals of its own body (not of nested functions). */
function declaredNames(fn: ts.FunctionLikeDeclaration): Set<string> {
  const names = new Set<string>(["arguments"]);
  const addBinding = (name: ts.BindingName): void => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) addBinding(element.name);
  };
  for (const parameter of fn.parameters) addBinding(parameter.name);
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node)) addBinding(node.name);
    else if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && node.name) names.add(node.name.text);
    if (isFunctionLike(node) || ts.isClassLike(node)) return;
    ts.forEachChild(node, visit);
  };
  if (fn.body) ts.forEachChild(fn.body, visit);
  return names;
}

/** Dependency-injection containers whose lookups by class give an instance of it. */
const DI_PACKAGES = /^(tsyringe|typedi|inversify|@inversifyjs\/container|diod|@needle-di\/core)$/;
const DI_LOOKUPS = new Set(["resolve", "get", "getOrThrow"]);

/** `process.env.NAME` or `process.env["NAME"]` (the global `process`, not a name the sources declare). */
function environmentVariable(expression: ts.Expression, scope: Scope): string | undefined {
  const node = unwrapExpression(expression);
  const name = ts.isPropertyAccessExpression(node)
    ? node.name.text
    : ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression)
      ? node.argumentExpression.text
      : undefined;
  if (name === undefined) return undefined;
  const env = unwrapExpression((node as ts.PropertyAccessExpression | ts.ElementAccessExpression).expression);
  return ts.isPropertyAccessExpression(env) &&
    env.name.text === "env" &&
    ts.isIdentifier(env.expression) &&
    env.expression.text === "process" &&
    !scope.lookup("process")
    ? name
    : undefined;
}

/** A string method's result over an environment variable's default: strings keep the mark, the rest is unknown. */
function withEnvironment(value: Value, env: string, node: ts.Node): Value {
  if (value.kind === "string") return { ...value, env };
  if (value.kind === "array") return { kind: "array", items: value.items.map((item) => withEnvironment(item, env, node)) };
  if (value.kind === "unknown") return value;
  return unknown(node, `depends on \`process.env.${env}\`, only known at run time (the config's \`env\` can set it)`);
}

/**
 * The name of a lodash or underscore function a call names: `_.each`, `lodash.default.each`, or the default
 * export of `lodash/each`; undefined for anything else.
 */
/** lodash's type tests by the kind of a static value: undefined where the kind does not decide (a host value, a runtime one). */
const TYPE_TESTS: Record<string, (kind: string) => boolean | undefined> = {
  isArray: (k) => (DECIDED.has(k) ? k === "array" : undefined),
  isFunction: (k) => (DECIDED.has(k) ? k === "function" || k === "class" : undefined),
  isString: (k) => (DECIDED.has(k) ? k === "string" : undefined),
  isNumber: (k) => (DECIDED.has(k) ? k === "number" : undefined),
  isBoolean: (k) => (DECIDED.has(k) ? k === "boolean" : undefined),
  isUndefined: (k) => (DECIDED.has(k) ? k === "undefined" : undefined),
  isNull: (k) => (DECIDED.has(k) ? k === "null" : undefined),
  isNil: (k) => (DECIDED.has(k) ? k === "null" || k === "undefined" : undefined),
  isPlainObject: (k) => (DECIDED.has(k) ? k === "object" : undefined),
};
/** The kinds of static values whose type JavaScript's typeof and lodash's tests decide. */
const DECIDED = new Set(["array", "map", "function", "class", "string", "number", "boolean", "undefined", "null", "object"]);

function helperName(callee: ExternalValue): string | undefined {
  const own = /^(lodash|lodash-es|underscore)\/(\w+)$/.exec(callee.module);
  if (own) return callee.path.length === 0 || (callee.path.length === 1 && callee.path[0] === "default") ? own[2] : undefined;
  if (!/^(lodash|lodash-es|underscore)$/.test(callee.module)) return undefined;
  return callee.path.length === 1 || (callee.path.length === 2 && callee.path[0] === "default") ? callee.path.at(-1) : undefined;
}

/**
 * Text written for people, not a key: words with spaces, three or more, or a sentence's end ("Managing
 * workspaces requires an API key.").
 */
function isProse(text: string): boolean {
  const trimmed = text.trim();
  return /\s/.test(trimmed) && (trimmed.split(/\s+/).length >= 3 || /[.!?]$/.test(trimmed));
}

/** Parameter names of what a check says to the caller when it refuses. */
/** Parameter names of a check that takes a resource and an action apart (`hasPermission(user, resource, action)`). */
const RESOURCE_PARAMETER = /^(resource|subject|entity)(Name|Type|Key)?$/i;
const ACTION_PARAMETER = /^(action|operation)(Name|Type|Key)?$/i;
const MESSAGE_PARAMETER = /^(message|msg|reason|error|err|errorMessage|description|detail|details|hint|text)$/i;

/** A property's name written as an identifier or a string (`base`, `"base"`); undefined when computed. */
function settingName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/**
 * Whether an expression is, or is part of the expression that is, the value of a property of an object
 * literal: `{ BASE: process.env.BASE || "/api" }`, and also `{ origins: (process.env.CORS ?? "a,b").split(",") }`,
 * `{ port: parseInt(process.env.PORT ?? "3000") }`, `{ base: "/" + (process.env.BASE ?? "api") }`. Reading one
 * setting of a configuration object evaluates all of them, so what the default makes is said where the code
 * reads that setting, and only when it is still a string the variable marks (one a path can be built from).
 * Not through another call's arguments: a function handed the default (`makeRouter(process.env.BASE || "/api")`)
 * may build paths from it, so that default is said where it is evaluated.
 */
function isObjectSetting(node: ts.Node): boolean {
  let at: ts.Node = node;
  while (
    ts.isParenthesizedExpression(at.parent) ||
    ts.isBinaryExpression(at.parent) ||
    ts.isConditionalExpression(at.parent) ||
    ts.isAsExpression(at.parent) ||
    ts.isNonNullExpression(at.parent) ||
    ts.isTemplateSpan(at.parent) ||
    ts.isTemplateExpression(at.parent) ||
    (ts.isPropertyAccessExpression(at.parent) && at.parent.expression === at) ||
    (ts.isCallExpression(at.parent) && (at.parent.expression === at || isNumberConversion(at.parent)))
  )
    at = at.parent;
  return ts.isPropertyAssignment(at.parent) && at.parent.initializer === at && ts.isObjectLiteralExpression(at.parent.parent);
}

/** `parseInt(x)`, `parseFloat(x)`, `Number(x)`, `Boolean(x)`: a number or boolean, never a path. */
function isNumberConversion(call: ts.CallExpression): boolean {
  const callee = unwrapExpression(call.expression);
  return ts.isIdentifier(callee) && /^(parseInt|parseFloat|Number|Boolean)$/.test(callee.text);
}

/** Source order of two nodes: by file name, then position. */
function siteOrder(a: ts.Node, b: ts.Node): number {
  const fa = a.getSourceFile().fileName;
  const fb = b.getSourceFile().fileName;
  return fa === fb ? a.getStart() - b.getStart() : fa < fb ? -1 : 1;
}

/** Array methods `arrayMethodCall` runs borrowed (`[].slice.call(args)`): those that take only their own arguments. */
const BORROWED_ARRAY_METHODS = new Set(["slice", "concat", "join", "includes", "indexOf", "push", "unshift"]);

/** Whether a condition chooses between two string literals (`prod ? "j" : "t"`): its choices are read without effects. */
function literalChoice(condition: ts.Node): boolean {
  const conditional = condition.parent;
  return (
    ts.isConditionalExpression(conditional) &&
    conditional.condition === condition &&
    ts.isStringLiteralLike(unwrapExpression(conditional.whenTrue)) &&
    ts.isStringLiteralLike(unwrapExpression(conditional.whenFalse))
  );
}

/**
 * Of two names a condition chooses between that differ only in a module's extension, compiled against source
 * (`js`/`ts`, `mjs`/`mts`, `cjs`/`cts`: `routes/*.js` in the build, `routes/*.ts` in development), the source's:
 * the build's files are these sources compiled, the same modules with the same routes. Undefined for any other pair.
 */
export function sourceSide(a: string, b: string): string | undefined {
  if (a === b || a.length !== b.length) return undefined;
  let source: string | undefined;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    const pair = `${a[i]}${b[i]}`;
    if (pair !== "jt" && pair !== "tj") return undefined;
    // An extension: `js` after a dot, the start, or the `m`/`c` of `mjs`/`cjs`, with no letter after it.
    const before = i === 0 ? "" : a[i - 1]!;
    const extension =
      a[i + 1] === "s" &&
      !/[A-Za-z0-9]/.test(a[i + 2] ?? "") &&
      (before === "" || before === "." || ((before === "m" || before === "c") && (i === 1 || a[i - 2] === ".")));
    if (!extension) return undefined;
    const side = a[i] === "t" ? a : b;
    if (source !== undefined && source !== side) return undefined;
    source = side;
  }
  return source;
}

/**
 * Values that are objects at run time (never null, undefined or a primitive): those of the sources and the framework's.
 * Not functions: `if (callback !== undefined) callback()` decided would run every optional callback of browser code a
 * project carries (puter's GUI took twice as long and reached the call budget), for no route.
 */
const OBJECT_KINDS = new Set<Value["kind"]>(["object", "array", "class", "instance", "host"]);

/** Whether an equality operator is the loose one (`==`, `!=`). */
function isLoose(op: ts.SyntaxKind): boolean {
  return op === ts.SyntaxKind.EqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken;
}

/** bluebird, whose helpers `bluebirdCall` runs (also as `Promise` of the modules that name it so). */
const BLUEBIRD = /^bluebird$/;

/** lodash's and underscore's object merges apidex runs (`assignHelper`). */
const OBJECT_MERGES = new Set(["assign", "extend", "assignIn", "merge", "defaults"]);

/** lodash's and underscore's iteration helpers apidex runs (`collectionHelper`). */
const COLLECTION_HELPERS = new Set(["each", "forEach", "forOwn", "forIn", "map"]);

/** The name an emptiness test is about: `!x`, `x == null`, `x === null`, `x === undefined` (either side). */
function emptinessTested(condition: ts.Expression): string | undefined {
  const inner = unwrapExpression(condition);
  if (ts.isPrefixUnaryExpression(inner) && inner.operator === ts.SyntaxKind.ExclamationToken) {
    const operand = unwrapExpression(inner.operand);
    return ts.isIdentifier(operand) ? operand.text : undefined;
  }
  if (!ts.isBinaryExpression(inner)) return undefined;
  const op = inner.operatorToken.kind;
  if (op !== ts.SyntaxKind.EqualsEqualsToken && op !== ts.SyntaxKind.EqualsEqualsEqualsToken) return undefined;
  const isEmpty = (e: ts.Expression) => e.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(e) && e.text === "undefined");
  const [left, right] = [unwrapExpression(inner.left), unwrapExpression(inner.right)];
  if (ts.isIdentifier(left) && isEmpty(right)) return left.text;
  if (ts.isIdentifier(right) && isEmpty(left)) return right.text;
  return undefined;
}

/** Whether an assignment is inside the \`then\` of an \`if\` that tests the name is empty, in the same function. */
function underEmptinessTest(node: ts.Node, name: string): boolean {
  for (let at: ts.Node = node; at.parent; at = at.parent) {
    if (isFunctionLike(at)) return false;
    const parent = at.parent;
    if (ts.isIfStatement(parent) && parent.thenStatement === at && !parent.elseStatement && emptinessTested(parent.expression) === name)
      return true;
  }
  return false;
}

/**
 * Whether assigning a name in `scope` sets module state from a function: the name is bound outside every
 * function, and the assignment is inside one (it runs whenever the function is called, not as the module loads).
 */
function setsModuleState(scope: Scope, name: string): boolean {
  const inFunction = (at: Scope): boolean => at.owner !== undefined && isFunctionLike(at.owner);
  let crossed = false;
  for (let at: Scope | undefined = scope; at; at = at.parent) {
    if (at.bindings.has(name)) {
      for (let up: Scope | undefined = at; up; up = up.parent) if (inFunction(up)) return false;
      return crossed;
    }
    if (inFunction(at)) crossed = true;
  }
  return false;
}

/** Whether a scope is inside a function's body (its statements run in order, once per call). */
function insideFunction(scope: Scope): boolean {
  for (let at: Scope | undefined = scope; at; at = at.parent) if (at.owner) return true;
  return false;
}

/** Validation-schema packages: an object their builders take describes data (`z.object({ permissions: ... })`). */
const SCHEMA_PACKAGES =
  /^(?:zod(?:\/.*)?|valibot|yup|joi|@hapi\/joi|@sinclair\/typebox|typebox|arktype|superstruct|io-ts|@effect\/schema|effect)$/;

/**
 * Whether every assignment to a `let`/`var` in its file is a statement of its own after the declaration, in the
 * same block (`var app = express(); app.get(...); app = http.createServer(app);`): straight-line code the
 * evaluator runs in order, so each read sees the value written before it. One in a function, a branch or a
 * loop may run at any time, and leaves the value to run time.
 */
function reassignedInOrder(declaration: ts.VariableDeclaration, name: string): boolean {
  // A function's `let` is declared again on every call: the file is walked once per declaration and name.
  let known = inOrderCache.get(declaration);
  if (!known) inOrderCache.set(declaration, (known = new Map()));
  const cached = known.get(name);
  if (cached !== undefined) return cached;
  const result = walkInOrder(declaration, name);
  known.set(name, result);
  return result;
}

const inOrderCache = new WeakMap<ts.VariableDeclaration, Map<string, boolean>>();

function walkInOrder(declaration: ts.VariableDeclaration, name: string): boolean {
  const statement = declaration.parent.parent;
  if (!ts.isVariableStatement(statement)) return false;
  const block = statement.parent;
  let inOrder = true;
  const visit = (node: ts.Node): void => {
    if (!inOrder) return;
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
      ts.isIdentifier(node.left) &&
      node.left.text === name
    ) {
      const own = node.parent;
      // In a module's top level, also in the branches of an `if` (the module runs once, in order); a function's
      // checks are read without running its statements in order, so there a branch's assignment leaves it unknown.
      const placed = ts.isSourceFile(block) && ts.isExpressionStatement(own) ? inBranchesOf(own, block) : own.parent === block;
      if (!ts.isExpressionStatement(own) || !placed || own.pos < statement.end) inOrder = false;
    } else if (
      (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
      (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken) &&
      ts.isIdentifier(node.operand) &&
      node.operand.text === name
    )
      inOrder = false;
    ts.forEachChild(node, visit);
  };
  visit(declaration.getSourceFile());
  return inOrder;
}

/**
 * Whether a statement is one of `block`'s, or in the branches of an `if` that is (`if (base === "/") base = "";`):
 * code the evaluator runs in order (a branch it cannot decide leaves the name unknown after it, unless every
 * branch gives it the string it held).
 */
function inBranchesOf(statement: ts.Statement, block: ts.Node): boolean {
  for (let node: ts.Node = statement; ; node = node.parent) {
    const parent = node.parent;
    if (parent === block) return true;
    if (!parent || !(ts.isBlock(parent) || ts.isIfStatement(parent))) return false;
    if (ts.isIfStatement(parent) && node === parent.expression) return false;
  }
}

/**
 * Whether a function's body calls a policy method of a member of its instance (`this.access.authorizeAction(...)`):
 * only then is the instance it runs with worth making.
 */
export function callsMemberPolicy(fn: ts.FunctionLikeDeclaration): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node) && isThisMember(node.expression) && POLICY_HELPER.test(node.expression.name.text)) found = true;
    else ts.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
  return found;
}

/** `this.service.method` (a method of a member of the instance). */
function isThisMember(node: ts.Expression): node is ts.PropertyAccessExpression {
  return (
    ts.isPropertyAccessExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.expression.kind === ts.SyntaxKind.ThisKeyword
  );
}

/** The first few held diagnostics of a summary, `NAME (file:line)`, and how many more. */
function summaryList(held: readonly Diagnostic[], name: (d: Diagnostic) => string | undefined, root: string): string {
  const shown = held.slice(0, 5).map((d) => {
    const where = d.site ? formatSite(d.site, root).replace(/:\d+$/, "") : "";
    const named = name(d);
    return named ? `\`${named}\` (${where})` : where;
  });
  return `${shown.join(", ")}${held.length > 5 ? ` and ${held.length - 5} more` : ""}`;
}

/** A template literal with text of its own (`\`${slug}:read\``, not a bare `\`${key}\``): a key written at its site. */
function isKeyTemplate(arg: ts.Expression): boolean {
  const inner = unwrapExpression(arg);
  return ts.isTemplateExpression(inner) && (inner.head.text !== "" || inner.templateSpans.some((span) => span.literal.text !== ""));
}

/** An import or re-export of types only: `import type`, `export type`, or every named element `type`. */
function importsOnlyTypes(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement))
    return (
      statement.isTypeOnly ||
      (!!statement.exportClause &&
        ts.isNamedExports(statement.exportClause) &&
        statement.exportClause.elements.length > 0 &&
        statement.exportClause.elements.every((e) => e.isTypeOnly))
    );
  const clause = statement.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return !clause.name && !!named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
}

/**
 * Whether the names an import binds are used, and in type positions only (a type annotation, `implements`, a
 * type's `typeof`), as TypeScript's emit sees it: such an import is dropped from the JavaScript. An import
 * that binds nothing (`import "./setup"`) runs its module.
 */
function usedAsTypesOnly(statement: ts.ImportDeclaration): boolean {
  const clause = statement.importClause;
  if (!clause) return false;
  const names = new Set<string>();
  if (clause.name) names.add(clause.name.text);
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
  if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) names.add(e.name.text);
  if (!names.size) return false;
  let valueUse = false;
  let typeUse = false;
  const visit = (node: ts.Node, inType: boolean): void => {
    if (valueUse || node === statement) return;
    const type = inType || (ts.isTypeNode(node) && !isClassExtends(node));
    if (ts.isIdentifier(node) && names.has(node.text) && !isDeclarationName(node)) {
      if (type) typeUse = true;
      else valueUse = true;
    } else ts.forEachChild(node, (child) => visit(child, type));
  };
  visit(statement.getSourceFile(), false);
  // An import nothing uses is still said: it most often means a moved file.
  return typeUse && !valueUse;
}

/** `extends X` of a class: an expression (the base class at run time), though the syntax tree has it as a type node. */
function isClassExtends(node: ts.Node): boolean {
  return (
    ts.isExpressionWithTypeArguments(node) &&
    ts.isHeritageClause(node.parent) &&
    node.parent.token === ts.SyntaxKind.ExtendsKeyword &&
    ts.isClassLike(node.parent.parent)
  );
}

/** A name being declared or a property name, not a reference (`{ LayoutLoad: 1 }`'s key, `x.LayoutLoad`). */
function isDeclarationName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
    ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent)) && parent.name === node) ||
    (ts.isVariableDeclaration(parent) && parent.name === node) ||
    ((ts.isFunctionDeclaration(parent) ||
      ts.isClassDeclaration(parent) ||
      ts.isInterfaceDeclaration(parent) ||
      ts.isTypeAliasDeclaration(parent)) &&
      parent.name === node)
  );
}

/** An array a branch may `push`/`unshift`/`splice` into, or a Map it may `set` (what a branch adds is said, APX213). */
function isArrayOrMap(value: Value, method: string): boolean {
  return value.kind === "array" && (method === "set") === (value.map === true);
}

/**
 * Whether a function reads the route Express matched from its first parameter: `req.route` (its `path`) or
 * `req.baseUrl` — the way a route-keyed permission table is looked up.
 */
function readsMatchedRoute(decl: ts.FunctionLikeDeclaration): boolean {
  const first = decl.parameters[0]?.name;
  if (!first || !ts.isIdentifier(first) || !decl.body) return false;
  // Most handlers read neither: their text says so without a walk.
  const text = decl.getSourceFile().text.slice(decl.body.pos, decl.body.end);
  if (!text.includes(".route") && !text.includes(".baseUrl")) return false;
  const name = first.text;
  let reads = false;
  const visit = (node: ts.Node): void => {
    if (reads) return;
    if (
      ts.isPropertyAccessExpression(node) &&
      (node.name.text === "route" || node.name.text === "baseUrl") &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === name
    )
      reads = true;
    else ts.forEachChild(node, visit);
  };
  visit(decl.body);
  return reads;
}

/** `import x = require("...")`, TypeScript's CommonJS import (not `import type`, not a namespace alias). */
function isImportRequire(statement: ts.Statement): statement is ts.ImportEqualsDeclaration {
  return ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference);
}

/**
 * Whether a function is the handler of a command-line program's command (`.action(fn)` of commander, cac or
 * sade; yargs' `.command(name, desc, builder, fn)`): it runs when the service is started with that command
 * (Interpreter.startedCommand), not as an app factory nothing calls.
 */
export function isCommandHandler(fn: ts.Node): boolean {
  const call = fn.parent;
  if (!call || !ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression) || call.arguments.at(-1) !== fn) return false;
  const library = commandLinePackage(fn.getSourceFile());
  const method = call.expression.name.text;
  return library === "yargs" ? method === "command" : library !== undefined && method === "action";
}

const commandLineFiles = new WeakMap<ts.SourceFile, string | null>();

/** The command-line parser a module imports or requires, whose commands take handlers (commander, cac, sade, yargs). */
function commandLinePackage(file: ts.SourceFile): string | undefined {
  let found = commandLineFiles.get(file);
  if (found === undefined) {
    found = /(?:\bfrom\s*|\brequire\(\s*)["'](commander|cac|sade|yargs)(?:\/[\w/.-]*)?["']/.exec(file.text)?.[1] ?? null;
    commandLineFiles.set(file, found);
  }
  return found ?? undefined;
}

/** The command named by a string literal's first word (`"serve [port]"` is `serve`). */
function firstWord(node: ts.Expression): string[] | undefined {
  const inner = unwrapExpression(node);
  const name = ts.isStringLiteralLike(inner) ? inner.text.trim().split(/\s+/)[0] : undefined;
  return name ? [name] : undefined;
}

/**
 * The command names on the way to an `.action(...)`, outermost first: `new Command("storage").command("migrate")`
 * is `["storage", "migrate"]`; a receiver named by a const of the module (`const program = new Command("start")`)
 * is read through it.
 */
function commandNames(receiver: ts.Expression, file: ts.SourceFile): string[] {
  const names: string[] = [];
  let at = receiver;
  for (let steps = 0; steps < 64; steps++) {
    const inner = unwrapExpression(at);
    if (ts.isCallExpression(inner) && ts.isPropertyAccessExpression(inner.expression)) {
      const named = inner.expression.name.text === "command" && inner.arguments[0] ? firstWord(inner.arguments[0]) : undefined;
      if (named) names.unshift(...named);
      at = inner.expression.expression;
      continue;
    }
    if (ts.isNewExpression(inner) && /Command$/.test(inner.expression.getText()) && inner.arguments?.[0]) {
      names.unshift(...(firstWord(inner.arguments[0]) ?? []));
      break;
    }
    if (ts.isIdentifier(inner)) {
      const declaration = constInitializer(inner.text, file);
      if (!declaration) break;
      at = declaration;
      continue;
    }
    break;
  }
  return names;
}

/** The initializer of a module-level `const name = ...` of the file. */
function constInitializer(name: string, file: ts.SourceFile): ts.Expression | undefined {
  for (const statement of file.statements)
    if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const)
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return d.initializer;
  return undefined;
}

/** A call whose result nothing uses (`pkg.initialize({ app })`, `await pkg.setup({ app })`): it is made for what it does. */
function calledForEffect(node: ts.Node): boolean {
  let inner: ts.Node = node;
  while (ts.isAwaitExpression(inner.parent) || ts.isParenthesizedExpression(inner.parent)) inner = inner.parent;
  return ts.isExpressionStatement(inner.parent);
}

const NO_SENTINELS: ReadonlySet<string> = new Set();

/** A condition apidex cannot read whose branches run: an `if`, a `switch`, or a choice `flag ? a : b`. */
type Undecided = ts.IfStatement | ts.SwitchStatement | ts.ConditionalExpression;

function conditionOf(undecided: Undecided): ts.Expression {
  return ts.isConditionalExpression(undecided) ? undecided.condition : undecided.expression;
}

/** APX217's hint: what would let apidex decide the condition. */
export function undecidedHint(condition: ts.Node): string {
  return /process\.env|import\.meta\.env/.test(condition.getText())
    ? "Set the variables it reads in the config's `env` (the environment the artifacts describe): the branch that deployment takes is then read, and its operations are exact."
    : "Decide the condition on static data (a const table, the config's `env`) to index exactly what runs.";
}

/** APX217's message, said once per condition (also where a choice's routers are mounted: the same words, said once). */
export function undecidedMessage(condition: ts.Node): string {
  return `This condition (\`${excerpt(condition)}\`) cannot be read statically: the routes its branches register are indexed, their operations marked \`unresolved: ["registration"]\` (served only when that branch is taken).`;
}
