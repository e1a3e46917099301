import { findProperty } from "../../resolve/syntax.js";
import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { FunctionValue, Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { localConstInitializer, unwrap } from "../router-host.js";

type ObjectValue = Extract<Value, { kind: "object" }>;

/**
 * One Moleculer service schema of the sources (`module.exports = { name, settings, actions, methods }`, an
 * `export default` object, or the schema a `class extends Service` gives `this.parseServiceSchema(...)`), its
 * project mixins merged in as Moleculer merges them (the service's own members win).
 */
export interface ServiceSchema {
  name: string;
  /** `v2.users` for a versioned service (`version: 2`), as Moleculer names its actions. */
  fullName: string;
  settings: ObjectValue;
  actions: Map<string, ActionSchema>;
  methods: Map<string, FunctionValue>;
  /** The package mixins it uses (`moleculer-web`'s ApiGateway, `moleculer-db`'s DbService), by module. */
  packageMixins: string[];
  /** Where the schema is written: the node its sites are found below. */
  node: ts.Node;
  file: ts.SourceFile;
}

/** An action: its handler, when the sources have it, and its `rest` and `visibility` as written. */
export interface ActionSchema {
  /** `list` of `users.list`. */
  rawName: string;
  handler?: FunctionValue;
  rest?: Value;
  visibility?: Value;
  /** The action's own `authorization` flag's like metadata is not read: only its handler's checks. */
  node: ts.Node;
}

/** The schemas every module of the sources exports (its default export or `module.exports`). */
export function readServices(sources: SourceSet, interpreter: Interpreter, diagnostics: DiagnosticBag): ServiceSchema[] {
  const out: ServiceSchema[] = [];
  for (const file of sources.files) {
    const exported = interpreter.exportValue(file.fileName, "default");
    if (!exported) continue;
    const root = interpreter.literalOf.get(exported) ?? exportedNode(file) ?? file;
    if (exported.kind === "object") {
      const schema = schemaOf(exported, interpreter, root, file);
      if (schema) out.push(schema);
      continue;
    }
    if (exported.kind === "class") {
      const schema = classSchema(exported, interpreter, file, diagnostics);
      if (schema) out.push(schema);
    }
  }
  return out;
}

/** The expression a module exports (`module.exports = X`, `export default X`), its const followed. */
function exportedNode(file: ts.SourceFile): ts.Node | undefined {
  for (const statement of file.statements) {
    let expr: ts.Expression | undefined;
    if (ts.isExportAssignment(statement)) expr = statement.expression;
    else if (
      ts.isExpressionStatement(statement) &&
      ts.isBinaryExpression(statement.expression) &&
      statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      statement.expression.left.getText() === "module.exports"
    )
      expr = statement.expression.right;
    if (!expr) continue;
    const inner = unwrap(expr);
    if (ts.isIdentifier(inner)) return localConstInitializer(inner) ?? inner;
    return inner;
  }
  return undefined;
}

/** A service schema object: it has a string `name` (what `broker.createService` requires). */
function schemaOf(value: ObjectValue, interpreter: Interpreter, node: ts.Node, file: ts.SourceFile): ServiceSchema | undefined {
  const name = value.props.get("name");
  if (name?.kind !== "string") return undefined;
  const settings: ObjectValue = { kind: "object", props: new Map() };
  const actions = new Map<string, ActionSchema>();
  const methods = new Map<string, FunctionValue>();
  const packageMixins: string[] = [];
  // Mixins first, the schema's own members over them (Moleculer's mergeSchemas: the service wins).
  const mixins = value.props.get("mixins");
  const mixinList = mixins?.kind === "array" ? mixins.items : mixins ? [mixins] : [];
  for (const mixin of mixinList) {
    if (mixin.kind === "external") packageMixins.push(mixin.module);
    else if (mixin.kind === "object") {
      const inner = schemaOf(
        { ...mixin, props: new Map([...mixin.props, ["name", { kind: "string", value: name.value }]]) },
        interpreter,
        node,
        file,
      );
      if (!inner) continue;
      for (const [k, v] of inner.settings.props) settings.props.set(k, v);
      for (const [k, v] of inner.actions) actions.set(k, v);
      for (const [k, v] of inner.methods) methods.set(k, v);
      packageMixins.push(...inner.packageMixins);
    }
  }
  const own = value.props.get("settings");
  if (own?.kind === "object") for (const [k, v] of own.props) settings.props.set(k, v);
  const ownActions = value.props.get("actions");
  if (ownActions?.kind === "object")
    for (const [rawName, action] of ownActions.props) {
      const at = findProperty(node, rawName) ?? node;
      if (action.kind === "function") actions.set(rawName, { rawName, handler: action, node: at });
      else if (action.kind === "object") {
        const handler = action.props.get("handler");
        actions.set(rawName, {
          rawName,
          ...(handler?.kind === "function" ? { handler } : {}),
          ...(action.props.has("rest") ? { rest: action.props.get("rest")! } : {}),
          ...(action.props.has("visibility") ? { visibility: action.props.get("visibility")! } : {}),
          node: at,
        });
      } else if (action.kind === "boolean" && !action.value) actions.delete(rawName); // `list: false` disables a mixin's action
    }
  const ownMethods = value.props.get("methods");
  if (ownMethods?.kind === "object") for (const [k, v] of ownMethods.props) if (v.kind === "function") methods.set(k, v);
  const version = value.props.get("version");
  const prefix =
    version?.kind === "number" ? `v${version.value}.` : version?.kind === "string" && !noVersionPrefix(settings) ? `${version.value}.` : "";
  return {
    name: name.value,
    fullName: version?.kind === "number" && noVersionPrefix(settings) ? name.value : prefix + name.value,
    settings,
    actions,
    methods,
    packageMixins,
    node,
    file,
  };
}

function noVersionPrefix(settings: ObjectValue): boolean {
  const flag = settings.props.get("$noVersionPrefix");
  return flag?.kind === "boolean" && flag.value;
}

/**
 * `class UsersService extends Service { constructor(broker) { super(broker); this.parseServiceSchema({...}) } }`:
 * the schema given in the constructor, read before it runs (its `this.method` references are not followed).
 */
function classSchema(
  cls: Extract<Value, { kind: "class" }>,
  interpreter: Interpreter,
  file: ts.SourceFile,
  diagnostics: DiagnosticBag,
): ServiceSchema | undefined {
  const ctor = cls.decl.members.find(ts.isConstructorDeclaration);
  if (!ctor?.body) return undefined;
  let call: ts.CallExpression | undefined;
  const visit = (n: ts.Node): void => {
    if (
      !call &&
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      n.expression.expression.kind === ts.SyntaxKind.ThisKeyword &&
      n.expression.name.text === "parseServiceSchema"
    )
      call = n;
    ts.forEachChild(n, visit);
  };
  visit(ctor.body);
  const arg = call?.arguments[0];
  if (!arg) return undefined;
  const fn: FunctionValue = { kind: "function", decl: ctor, scope: cls.scope };
  const value = interpreter.valueInside(fn, arg);
  if (value.kind !== "object") {
    diagnostics.warning(
      "APX250",
      "Cannot read the Moleculer service schema this class gives `parseServiceSchema`: its actions and settings are not read.",
      siteOf(arg, file),
      "Write the schema as an object literal in the call.",
    );
    return undefined;
  }
  return schemaOf(value, interpreter, unwrap(arg), file);
}
