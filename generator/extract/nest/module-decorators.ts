import { ts } from "../../typescript.js";
import { type CallContext, excerpt, type HostAdapter, type Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import { type ExternalValue, type HostValue, UNDEFINED, type UnknownValue, unknown, type Value } from "../../resolve/values.js";
import { isNestModuleDecorator } from "./decorators.js";

/**
 * Modules declared through a decorator of the project's own that applies Nest's `Module` (a plugin
 * system's `@CorePlugin({ imports, entities })` that calls `Module(pick(meta, ...))(target)`, or a factory
 * returning `applyDecorators(Module(meta), Global())`). Nest reads a module's metadata from the class
 * whatever put it there, so apidex runs the class's decorators as JavaScript would, with Nest's
 * `Module(metadata)` and `applyDecorators(...)` modelled by the host below, and takes the metadata each
 * `Module(...)` applied to the class was given.
 */

/** `Module(metadata)` as the project's code made it, or `applyDecorators(...)` that holds one. */
type NestDecorator = { nest: "module"; metadata: Value } | { nest: "applied"; decorators: Value[] };

/** The metadata a `Module(...)` applied to a class was given. */
export interface AppliedModule {
  metadata: Value;
  /** The class's decorator that applied it: where what cannot be read in it is said. */
  site: ts.Expression;
}

/** What a class's decorators make of it as a module. */
export interface ModuleDecorations {
  /** The `Module(...)` metadata its decorators apply, in the order Nest applies them (the last decorator first). */
  applied: AppliedModule[];
  /**
   * Its decorators that are not Nest's own and apply no `Module(...)` apidex can see: a package's decorator, or
   * one of the project's whose body it cannot follow. Imported as a module, such a class may be one.
   */
  unread: ts.Decorator[];
}

/**
 * The evaluator's host for NestJS: Nest's `Module(...)` and `applyDecorators(...)` called by the project's
 * code, and the module-metadata keys of `@nestjs/common/constants`. Everything else of Nest's packages is
 * left to the evaluator's defaults (a run-time value).
 */
export class NestHost implements HostAdapter {
  private interpreter: Interpreter | undefined;
  /** The classes a `Module(...)` is applied to while a class's decorators run, with its metadata. */
  private recording: { target: ts.ClassLikeDeclaration; metadata: Value }[] | undefined;
  private readonly decorations = new WeakMap<ts.ClassDeclaration, ModuleDecorations>();

  /** The evaluator this host serves (it runs the functions a decorator is made of). */
  attach(interpreter: Interpreter): void {
    this.interpreter = interpreter;
    hosts.set(interpreter, this);
  }

  callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    const interpreter = this.interpreter;
    const name = nestCommonExport(callee);
    if (!interpreter || !name) return undefined;
    if (name === "Module") {
      const arg = call.args[0];
      // `Module()` without metadata is a module that lists nothing.
      const metadata: Value = arg ? interpreter.evaluate(arg, call.scope) : { kind: "object", props: new Map() };
      return hostValue({ nest: "module", metadata });
    }
    if (name === "applyDecorators") {
      const decorators = argumentValues(call, interpreter);
      // Only one that applies a module is Nest's decorator here; any other (`SetMetadata`, `UseGuards`) stays
      // the run-time value it always was, for the readers of permission decorators.
      if (!decorators.some(appliesModule)) return { kind: "runtime", what: "the result of @nestjs/common.applyDecorators()" };
      return hostValue({ nest: "applied", decorators });
    }
    return undefined;
  }

  callMethod(_receiver: HostValue, method: string): Value {
    return { kind: "runtime", what: `the result of a Nest decorator's ${method}()` };
  }

  /** `Module(metadata)(target)`: the decorator applied to a class. */
  callValue(callee: HostValue, call: CallContext): Value | undefined {
    const interpreter = this.interpreter;
    const decorator = nestDecorator(callee);
    if (!interpreter || !decorator) return undefined;
    this.apply(decorator, argumentValues(call, interpreter), call.node);
    return UNDEFINED;
  }

  typeOf(): "function" {
    return "function";
  }

  externalValue(value: ExternalValue): Value | undefined {
    // `MODULE_METADATA` (@nestjs/common/constants): the keys of `@Module` metadata, as Nest defines them; a
    // plugin decorator picks them from its options (`pick(meta, Object.values(MODULE_METADATA))`).
    if (value.module === "@nestjs/common/constants" && value.path.length === 1 && value.path[0] === "MODULE_METADATA")
      return {
        kind: "object",
        props: new Map(Object.entries(MODULE_METADATA).map(([key, name]) => [key, { kind: "string", value: name }])),
      };
    return undefined;
  }

  /**
   * The `Module(...)` metadata a class's decorators apply to it, and its decorators apidex cannot tell are no
   * module's (see ModuleDecorations). `@Module(...)` itself is read from its syntax elsewhere, and Nest's other
   * decorators (`@Global()`) add no metadata read here.
   */
  moduleDecorations(cls: ts.ClassDeclaration): ModuleDecorations {
    const known = this.decorations.get(cls);
    if (known) return known;
    const found: ModuleDecorations = { applied: [], unread: [] };
    this.decorations.set(cls, found);
    const interpreter = this.interpreter;
    if (!interpreter) return found;
    const scope = interpreter.module(cls.getSourceFile()).scope;
    // TypeScript applies a class's decorators from the last to the first.
    for (const decorator of [...(ts.getDecorators(cls) ?? [])].reverse()) {
      if (isNestModuleDecorator(decorator)) continue;
      const expression = decorator.expression;
      const callee = interpreter.evaluate(ts.isCallExpression(expression) ? expression.expression : expression, scope);
      if (callee.kind === "external" && callee.module.startsWith("@nestjs/")) continue;
      const applied = callee.kind === "function" ? this.run(decorator, cls, scope, interpreter) : [];
      if (applied.length) found.applied.push(...applied.map((metadata) => ({ metadata, site: expression })));
      else found.unread.push(decorator);
    }
    return found;
  }

  /** Runs one decorator of the project on its class: the metadata of each `Module(...)` it applies to it. */
  private run(decorator: ts.Decorator, cls: ts.ClassDeclaration, scope: Scope, interpreter: Interpreter): Value[] {
    const outer = this.recording;
    const recording: { target: ts.ClassLikeDeclaration; metadata: Value }[] = [];
    this.recording = recording;
    let state: ReturnType<Interpreter["readingRunTimeState"]>["state"];
    try {
      ({ state } = interpreter.readingRunTimeState(() => {
        // `@CorePlugin(meta)`: the factory's result is the decorator; a bare `@CorePlugin` is one itself.
        const made = interpreter.evaluate(decorator.expression, scope);
        const target: Value = { kind: "class", decl: cls, scope };
        if (made.kind === "function") interpreter.callFunction(made, [target], decorator);
        else {
          const returned = made.kind === "host" ? nestDecorator(made) : undefined;
          if (returned) this.apply(returned, [target], decorator);
        }
      }));
    } finally {
      this.recording = outer;
    }
    // A decorator runs as its class's file loads: module state a function sets is what it holds then, not known here.
    return recording.filter((r) => r.target === cls).map((r) => (state ? runTimeState(state) : r.metadata));
  }

  /** A Nest decorator applied to what it decorates (its first argument). */
  private apply(decorator: NestDecorator, args: Value[], node: ts.Node): void {
    const target = args[0];
    if (decorator.nest === "module") {
      if (target?.kind === "class") this.recording?.push({ target: target.decl, metadata: decorator.metadata });
      return;
    }
    // `applyDecorators(...)` applies each in turn to the same target, as Nest's does.
    for (const each of decorator.decorators) {
      const nested = each.kind === "host" ? nestDecorator(each) : undefined;
      if (nested) this.apply(nested, args, node);
      else if (each.kind === "function") this.interpreter?.callFunction(each, args, node);
    }
  }
}

/** `@nestjs/common/constants`'s `MODULE_METADATA`. */
const MODULE_METADATA = { IMPORTS: "imports", PROVIDERS: "providers", CONTROLLERS: "controllers", EXPORTS: "exports" } as const;

/** The host of each evaluator the NestJS adapter reads with. */
const hosts = new WeakMap<Interpreter, NestHost>();

/** A class's module decorations (NestHost.moduleDecorations); none under an evaluator without the NestJS host. */
export function moduleDecorationsOf(cls: ts.ClassDeclaration, interpreter: Interpreter): ModuleDecorations {
  return hosts.get(interpreter)?.moduleDecorations(cls) ?? { applied: [], unread: [] };
}

function hostValue(decorator: NestDecorator): HostValue {
  return { kind: "host", host: decorator };
}

function nestDecorator(value: HostValue): NestDecorator | undefined {
  const host = value.host as Partial<NestDecorator>;
  return host.nest === "module" || host.nest === "applied" ? (host as NestDecorator) : undefined;
}

/** Whether a value is `Module(...)`, or `applyDecorators(...)` holding one. */
function appliesModule(value: Value): boolean {
  const decorator = value.kind === "host" ? nestDecorator(value) : undefined;
  return decorator?.nest === "module" || (decorator?.nest === "applied" && decorator.decorators.some(appliesModule));
}

/** The name of an export of `@nestjs/common` a callee names (`Module`, `common.Module`), or undefined. */
function nestCommonExport(callee: ExternalValue): string | undefined {
  if (callee.module !== "@nestjs/common") return undefined;
  const path = callee.path[0] === "default" ? callee.path.slice(1) : callee.path;
  return path.length === 1 ? path[0] : undefined;
}

/** A call's arguments as values, spreads of static arrays flattened. */
function argumentValues(call: CallContext, interpreter: Interpreter): Value[] {
  return call.args.flatMap((arg) => {
    const value = interpreter.evaluate(ts.isSpreadElement(arg) ? arg.expression : arg, call.scope);
    return ts.isSpreadElement(arg) && value.kind === "array" ? value.items : [value];
  });
}

/**
 * Why a value read from module state that a function sets when it runs (`setConfig(...)` filling what
 * `getConfig()` returns) is not read: Nest evaluates a module's metadata when the module's file loads, and
 * whether that is before or after the call is the module loader's order at run time (a static import loads
 * it before the bootstrap runs; an `await import()` after it may load it later), which apidex does not follow.
 */
export function runTimeState(state: { read: ts.Node; assigned: ts.Node }): UnknownValue {
  return unknown(
    state.read,
    `reads \`${excerpt(state.read)}\`, module state that a function sets when it runs (\`${excerpt(state.assigned)}\`): what it holds when Nest reads the module's metadata depends on when the module's file loads, which apidex does not follow`,
  );
}
