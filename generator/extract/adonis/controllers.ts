import path from "node:path";
import { ts } from "../../typescript.js";
import { type DiagnosticBag, type SourceSite, siteOf } from "../../diagnostics/diagnostic.js";
import { type CallContext, excerpt, explain, type Interpreter } from "../../resolve/interpreter.js";
import type { CheckValue, FunctionValue, Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { unwrap } from "../router-host.js";

type ClassValue = Extract<Value, { kind: "class" }>;

/** A route's handler as written: an expression, or a resource's controller and action. */
export type ControllerRef =
  | { kind: "expression"; node: ts.Expression }
  | { kind: "action"; controller: ts.Expression; action: string }
  | { kind: "none" };

/** What answers a route: a function of the sources, nothing apidex needs (no handler), or what cannot be read. */
export type HandlerReading =
  | { kind: "function"; node: ts.Expression; value: FunctionValue }
  | { kind: "none" }
  /** The controller has no such method: every request fails (AdonisJS throws `Missing method`), so no operation. */
  | { kind: "missing" }
  /** Checks in it would be missed: the route's keys are a lower bound. */
  | { kind: "unknown"; check: CheckValue };

/** AdonisJS 5's defaults (`.adonisrc.json`): controllers under `App/Controllers/Http`, `App` being `app/`. */
const V5_NAMESPACE = "App/Controllers/Http";

/**
 * Finds the function that answers an AdonisJS route: a closure; `[Controller, "method"]` of a class or of a lazy
 * import (`const UsersController = () => import("#controllers/users_controller")`, its default export);
 * `"#controllers/users_controller.index"` (AdonisJS 6 imports the module, `handle` without a method); AdonisJS
 * 5's `"UsersController.index"`, below the controllers' namespace (`.adonisrc.json`'s `namespaces.httpControllers`,
 * or a group's `.namespace(...)`). Methods are found on the class and the classes of the sources it extends.
 */
export class ControllerReader {
  private v5: { namespace: string; aliases: Record<string, string> } | undefined;
  /** The router macro called before the route being read (handlerOf), if any. */
  private afterMacro: ts.Node | undefined;

  constructor(
    private readonly sources: SourceSet,
    private readonly interpreter: Interpreter,
    private readonly diagnostics: DiagnosticBag,
  ) {}

  /**
   * `afterMacro`: a router macro apidex did not run was called before the route (`router.useActionHandlers()`,
   * which may replace how a route's handler is found): a method the controller lacks is then not proof that
   * every request fails.
   */
  handlerOf(handler: ControllerRef, call: CallContext, namespace: string | undefined, afterMacro?: ts.Node): HandlerReading {
    if (handler.kind === "none") return { kind: "none" };
    this.afterMacro = afterMacro;
    if (handler.kind === "action") {
      const controller = this.interpreter.evaluate(handler.controller, call.scope);
      if (controller.kind === "string")
        return this.fromString(`${controller.value}.${handler.action}`, handler.controller, call, namespace);
      return this.method(controller, handler.action, handler.controller, call);
    }
    const node = handler.node;
    const value = this.interpreter.evaluate(node, call.scope);
    if (value.kind === "function") return { kind: "function", node, value };
    if (value.kind === "string") return this.fromString(value.value, node, call, namespace);
    if (value.kind === "array" && value.items.length >= 1 && value.items.length <= 2) {
      const method = value.items[1];
      if (method === undefined) return this.method(value.items[0]!, "handle", node, call);
      if (method.kind === "string") return this.method(value.items[0]!, method.value, node, call);
    }
    return this.unknown(
      node,
      `\`${excerpt(node)}\` ${explain(value, "a function, a controller and method, or a controller string")}`,
      call,
    );
  }

  /** `"#controllers/users_controller.index"` (AdonisJS 6) or `"UsersController.index"` (AdonisJS 5). */
  private fromString(reference: string, node: ts.Expression, call: CallContext, namespace: string | undefined): HandlerReading {
    const dot = reference.lastIndexOf(".");
    const module = dot > 0 ? reference.slice(0, dot) : reference;
    const method = dot > 0 ? reference.slice(dot + 1) : "handle";
    const specifier = module.startsWith("#") || module.startsWith(".") || module.startsWith("@") ? module : this.v5Path(module, namespace);
    const from =
      specifier.startsWith("./") && !module.startsWith(".") ? path.join(this.sources.root, "index.ts") : call.scope.file.fileName;
    const target = this.sources.resolveImport(specifier, from);
    if (target.kind !== "source")
      return this.unknown(node, `\`${excerpt(node)}\` names the controller \`${module}\`, which apidex cannot find in the sources`, call);
    const exported = this.interpreter.exportOf(this.interpreter.module(target.file), "default", node);
    return this.method(exported, method, node, call);
  }

  /** AdonisJS 5: the controller's file, below the namespace unless the reference starts with an alias (`App/`). */
  private v5Path(reference: string, namespace: string | undefined): string {
    this.v5 ??= this.readRc();
    const aliases = this.v5.aliases;
    const aliased = (name: string) => Object.keys(aliases).find((a) => name === a || name.startsWith(`${a}/`));
    const full = aliased(reference) ? reference : `${namespace ?? this.v5.namespace}/${reference}`;
    const alias = aliased(full);
    return `./${alias ? aliases[alias] + full.slice(alias.length) : full}`;
  }

  /** `.adonisrc.json`'s `namespaces.httpControllers` and `aliases`, or AdonisJS 5's defaults. */
  private readRc(): { namespace: string; aliases: Record<string, string> } {
    const defaults = { namespace: V5_NAMESPACE, aliases: { App: "app" } as Record<string, string> };
    const text = this.sources.getFile(path.join(this.sources.root, ".adonisrc.json"))?.text;
    if (!text) return defaults;
    try {
      const rc = JSON.parse(text) as { namespaces?: { httpControllers?: string }; aliases?: Record<string, string> };
      const aliases = Object.fromEntries(Object.entries(rc.aliases ?? defaults.aliases).map(([k, v]) => [k, v.replace(/\/$/, "")]));
      return { namespace: rc.namespaces?.httpControllers ?? V5_NAMESPACE, aliases };
    } catch {
      return defaults;
    }
  }

  /** The method of a controller: a class, or a lazy import of a module whose default export is one. */
  private method(controller: Value, name: string, node: ts.Expression, call: CallContext): HandlerReading {
    const cls = this.classOf(controller, node);
    if (!cls)
      return this.unknown(node, `\`${excerpt(node)}\` names a controller that ${explain(controller, "a class of the sources")}`, call);
    const found = this.findMethod(cls, name, node, new Set());
    if (found === "missing" && this.afterMacro)
      return this.unknown(
        node,
        `the controller \`${className(cls)}\` has no method \`${name}\`, and \`${excerpt(this.afterMacro)}\`, a router macro apidex does not run, was called before it, which may change how routes find their handlers`,
        call,
        { message: "the macro's call", site: siteOf(this.afterMacro) },
      );
    if (found === "missing") {
      this.diagnostics.warning(
        "APX246",
        `The controller \`${className(cls)}\` has no method \`${name}\`: AdonisJS registers the route, but every request to it fails (\`Missing method\`), so it is no operation and is left out.`,
        siteOf(call.node),
        `Add the method to the controller, or leave the action out (\`.only([...])\`, \`.except([...])\`).`,
      );
      return { kind: "missing" };
    }
    if (found === "unknown")
      return this.unknown(
        node,
        `\`${excerpt(node)}\` names the method \`${name}\` of \`${className(cls)}\`, which extends a class apidex cannot read`,
        call,
      );
    return { kind: "function", node, value: found };
  }

  private classOf(value: Value, node: ts.Node): ClassValue | undefined {
    if (value.kind === "class") return value;
    if (value.kind === "namespace")
      return this.classOf(this.interpreter.exportOf(this.interpreter.module(value.file), "default", node), node);
    // `() => import("#controllers/users_controller")`: the module's default export.
    if (value.kind === "function" && value.decl.parameters.length === 0) {
      const body = value.decl.body && !ts.isBlock(value.decl.body) ? unwrap(value.decl.body) : undefined;
      if (body && ts.isCallExpression(body) && body.expression.kind === ts.SyntaxKind.ImportKeyword)
        return this.classOf(this.interpreter.callFunction(value, [], node), node);
    }
    return undefined;
  }

  /** A method (or an arrow function property) of the class or of a class of the sources it extends. */
  private findMethod(cls: ClassValue, name: string, node: ts.Node, seen: Set<ts.Node>): FunctionValue | "missing" | "unknown" {
    if (seen.has(cls.decl)) return "missing";
    seen.add(cls.decl);
    for (const member of cls.decl.members) {
      if (!member.name || memberName(member.name) !== name) continue;
      if (ts.isMethodDeclaration(member) && member.body) return { kind: "function", decl: member, scope: cls.scope };
      if (ts.isPropertyDeclaration(member) && member.initializer) {
        const init = unwrap(member.initializer);
        if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return { kind: "function", decl: init, scope: cls.scope };
        return "unknown";
      }
    }
    const heritage = cls.decl.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
    if (!heritage) return "missing";
    const base = this.interpreter.evaluate(heritage.expression, cls.scope);
    return base.kind === "class" ? this.findMethod(base, name, node, seen) : "unknown";
  }

  private unknown(node: ts.Expression, why: string, call: CallContext, related?: { message: string; site: SourceSite }): HandlerReading {
    this.diagnostics.add({
      severity: "warning",
      code: "APX301",
      message: `Cannot read this route's handler statically: ${why}; a permission check in it would be missed, so the route is marked \`unresolved\`.`,
      site: siteOf(node),
      hint: "Give the route a controller class of the sources (`[UsersController, 'index']`, or a lazy `() => import(...)` of one), or an inline function.",
      ...(related ? { related: [related] } : {}),
    });
    return { kind: "unknown", check: { kind: "check", keys: [], node: call.node as ts.CallExpression, unresolved: true } };
  }
}

function memberName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name) ? name.text : undefined;
}

function className(cls: ClassValue): string {
  return cls.decl.name?.text ?? "default";
}
