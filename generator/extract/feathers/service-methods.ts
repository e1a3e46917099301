import { ts } from "../../typescript.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { FunctionValue, Value } from "../../resolve/values.js";

/** Feathers' standard service methods (`defaultServiceMethods` of @feathersjs/feathers), in its order. */
export const STANDARD_METHODS = ["find", "get", "create", "update", "patch", "remove"] as const;

/**
 * Packages whose services implement every standard method (Feathers' database adapters): a class that
 * extends one of their classes, or a service one of their factories makes, answers all six.
 */
const ADAPTER_PACKAGES =
  /^(@feathersjs\/(knex|mongodb|memory|adapter-commons)|feathers-(sequelize|mongoose|knex|memory|nedb|objection|mongodb|prisma|redis|elasticsearch|localstorage|couchdb|kysely|drizzle|rethinkdb|cassandra|typeorm|mikro-orm|bookshelf|waterline|levelup|mongodb-fuzzy-search)|@feathersjs-offline\/[\w-]+)$/;

/** Whether a package is one of Feathers' database adapters. */
export function isAdapterPackage(module: string): boolean {
  return ADAPTER_PACKAGES.test(module);
}

/**
 * A service method: a function of the sources, one a database adapter's class implements, or one of a
 * package's own service (Feathers' `AuthenticationService`).
 */
export type ServiceMethod = { kind: "own"; fn: FunctionValue } | { kind: "adapter"; module: string } | { kind: "package"; module: string };

/**
 * Services packages make whose methods are fixed: the authentication service (`POST /authentication` signs in,
 * `DELETE /authentication` and `DELETE /authentication/:accessToken` sign out), by package and class.
 */
const PACKAGE_SERVICES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  "@feathersjs/authentication": { AuthenticationService: ["create", "remove"] },
  "feathers-authentication-management": { AuthenticationManagementService: ["create"] },
};

/** The methods of a package's service class, when apidex knows them. */
export function packageServiceShape(module: string, name: string | undefined): ServiceShape | undefined {
  const methods = name ? PACKAGE_SERVICES[module]?.[name] : undefined;
  return methods ? { methods: new Map(methods.map((m) => [m, { kind: "package", module }])) } : undefined;
}

/** What apidex reads of a service object: its methods by name, and why it could not read them all. */
export interface ServiceShape {
  methods: Map<string, ServiceMethod>;
  /**
   * The database adapter the service's class extends, when it does: its own methods most often hand the call on
   * to the adapter's (`return super.patch(id, data, params)`), which refuses a null id unless `multi` allows it.
   */
  adapter?: string;
  /** Set when part of the service cannot be read (a base class of an unknown package, a value known at run time). */
  unreadable?: string;
}

/**
 * The methods of the value given to `app.use(path, service)`: an object literal's functions, a class
 * instance's methods (its own and those its classes in the sources declare; a database adapter's class at the
 * root of the chain brings the six standard ones), or a service an adapter's factory makes (`memory()`).
 * Undefined when the value is no service at all (a function: Express middleware, a router).
 */
export function serviceShape(
  value: Value,
  interpreter: Interpreter,
  external?: { module: string; name: string | undefined },
): ServiceShape | undefined {
  if (value.kind === "object") {
    const methods = new Map<string, ServiceMethod>();
    for (const [name, v] of value.props) if (v.kind === "function") methods.set(name, { kind: "own", fn: v });
    return { methods, ...(value.open ? { unreadable: "an object apidex cannot list in full" } : {}) };
  }
  if (value.kind === "instance") return instanceShape(value, interpreter);
  if (external && isAdapterPackage(external.module)) return adapterShape(external.module);
  if (external) return packageServiceShape(external.module, external.name);
  return undefined;
}

/** A service a database adapter makes: the six standard methods. */
export function adapterShape(module: string): ServiceShape {
  return { methods: new Map(STANDARD_METHODS.map((m) => [m, { kind: "adapter", module }])), adapter: module };
}

function instanceShape(value: Extract<Value, { kind: "instance" }>, interpreter: Interpreter): ServiceShape {
  const methods = new Map<string, ServiceMethod>();
  let unreadable: string | undefined;
  let adapter: string | undefined;
  const seen = new Set<ts.Node>();
  let decl: ts.ClassLikeDeclaration | undefined = value.decl;
  let scope = value.scope;
  while (decl && !seen.has(decl)) {
    seen.add(decl);
    for (const member of decl.members) {
      const name = member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? member.name.text : undefined;
      if (!name || methods.has(name) || isStatic(member)) continue;
      if (ts.isMethodDeclaration(member) && member.body) {
        methods.set(name, { kind: "own", fn: { kind: "function", decl: member, scope, thisValue: value } });
        continue;
      }
      // `find = async (params) => ...`: an arrow function field.
      if (
        ts.isPropertyDeclaration(member) &&
        member.initializer &&
        (ts.isArrowFunction(member.initializer) || ts.isFunctionExpression(member.initializer))
      )
        methods.set(name, { kind: "own", fn: { kind: "function", decl: member.initializer, scope, thisValue: value } });
    }
    const base = decl.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
    if (!base) break;
    const baseValue = interpreter.evaluate(base, scope);
    if (baseValue.kind === "class") {
      decl = baseValue.decl;
      scope = baseValue.scope;
      continue;
    }
    if (baseValue.kind === "external" && isAdapterPackage(baseValue.module)) {
      for (const m of STANDARD_METHODS) if (!methods.has(m)) methods.set(m, { kind: "adapter", module: baseValue.module });
      adapter = baseValue.module;
      break;
    }
    const fixed =
      baseValue.kind === "external" ? packageServiceShape(baseValue.module, baseValue.path[baseValue.path.length - 1]) : undefined;
    if (fixed) {
      for (const [m, method] of fixed.methods) if (!methods.has(m)) methods.set(m, method);
      break;
    }
    unreadable = `extends \`${base.getText()}\`, which apidex does not read (not a class of the sources nor a Feathers database adapter)`;
    break;
  }
  // Fields set in the constructor to functions (`this.find = ...`).
  for (const [name, v] of value.props ?? []) if (v.kind === "function" && !methods.has(name)) methods.set(name, { kind: "own", fn: v });
  return { methods, ...(unreadable ? { unreadable } : {}), ...(adapter ? { adapter } : {}) };
}

/** A static member, or a `#private` one: no method of the service object. */
function isStatic(member: ts.ClassLikeDeclaration["members"][number]): boolean {
  const modifiers = ts.canHaveModifiers(member) ? ts.getModifiers(member) : undefined;
  return Boolean(modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) || member.name?.kind === ts.SyntaxKind.PrivateIdentifier;
}
