/**
 * The routes a fetch handler (`fetch(request, env, ctx)` of a Worker, `Bun.serve({ fetch })`, `Deno.serve(handler)`)
 * dispatches to by hand: each branch of an `if`/`switch` over the request's path (path-tests.ts) is one route,
 * its methods those the same condition tests (`&& request.method === "GET"`), those an enclosing test of the
 * method allows, or those the branch's own method tests answer; a dispatch table looked up by the path
 * (`routes[url.pathname]`, `` handlers[`${request.method} ${url.pathname}`] ``) gives one route per entry.
 * Read from the syntax, without running the handler: what decides the path in a way apidex cannot read is
 * listed (`unread`) for the caller to say.
 */
import { unwrapExpression } from "../../resolve/syntax.js";
import type { ts as Ts } from "ts-morph";
import { ts } from "../../typescript.js";
import { exits, type MethodTests } from "../method-tests.js";
import { type PathMatch, PathTests } from "./path-tests.js";

/** One branch of the dispatch: the paths it answers, and the statements that answer them. */
export interface DispatchRoute {
  paths: PathMatch[];
  /** Upper-case methods the conditions on the way allow; undefined when none tests the method. */
  methods?: string[];
  /** The branch: its checks, and its own method tests when `methods` is undefined. */
  body: ts.Node;
  /** Where the route is decided (the condition, the `case`). */
  site: ts.Node;
  /** The branch starts here inside `body` (after a guard that refuses every other path). */
  start?: number;
}

/** A table the handler looks up by the path (or by method and path). */
export interface DispatchTable {
  table: ts.Expression;
  /** The key joins the method and the path (`` `${request.method} ${url.pathname}` ``): entries are `"GET /users"`. */
  keyedByMethod: boolean;
  site: ts.Node;
  methods?: string[];
}

export interface Dispatch {
  routes: DispatchRoute[];
  tables: DispatchTable[];
  /** Conditions or lookups over the path apidex cannot read. */
  unread: ts.Node[];
  /** Whether the body tests the path at all. */
  testsPath: boolean;
  /** How the body's path is read (to tell which arguments of a call hand the path on). */
  paths?: PathTests;
}

/** Reads a handler body's dispatch on the path; `methods` reads its method tests (method-tests.ts). */
export function readDispatch(
  fn: ts.FunctionLikeDeclaration,
  methods: MethodTests | undefined,
  value: (node: ts.Expression) => string | undefined,
  /** Parameters that hold the path (a helper the handler hands `pathname` to). */
  pathParams: readonly string[] = [],
): Dispatch {
  const body = fn.body;
  const out: Dispatch = { routes: [], tables: [], unread: [], testsPath: false };
  if (!body) return out;
  const paths = new PathTests(body, value, pathParams);
  out.paths = paths;
  const reader = new Reader(paths, methods, out);
  if (ts.isBlock(body)) reader.block(body.statements, undefined);
  else reader.expression(body, undefined);
  out.testsPath = out.routes.length > 0 || out.tables.length > 0 || out.unread.length > 0 || paths.mentionsPath(body);
  return out;
}

/** Methods allowed on the way: undefined is every one. */
type Allowed = Set<string> | undefined;

function narrow(allowed: Allowed, methods: Set<string>, negated: boolean): Allowed {
  if (!negated) return allowed ? new Set([...allowed].filter((m) => methods.has(m))) : new Set(methods);
  // Negated: every method but these; kept as "every" unless something narrowed it before.
  return allowed ? new Set([...allowed].filter((m) => !methods.has(m))) : undefined;
}

class Reader {
  constructor(
    private readonly paths: PathTests,
    private readonly methods: MethodTests | undefined,
    private readonly out: Dispatch,
  ) {}

  /** A condition: its path test and its method test (`a && b`), or null where it reads the path unreadably. */
  private condition(
    node: ts.Expression,
  ): { path?: { paths: PathMatch[]; negated: boolean }; method?: { methods: Set<string>; negated: boolean } } | null {
    const inner = unwrapExpression(node);
    if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
      const left = this.condition(inner.left);
      const right = this.condition(inner.right);
      if (left === null || right === null) return null;
      // Two path tests (`startsWith("/api/") && pathname === "/api/users"`): the exact one decides.
      const path = !left.path ? right.path : !right.path ? left.path : right.path.paths.some((p) => p.prefix) ? left.path : right.path;
      const method =
        left.method && right.method && !left.method.negated && !right.method.negated
          ? { methods: new Set([...left.method.methods].filter((m) => right.method!.methods.has(m))), negated: false }
          : (left.method ?? right.method);
      // A negated path test joined with more (`pathname !== "/a" && ...`) is no branch of one path.
      if (path?.negated) return {};
      return { ...(path ? { path } : {}), ...(method ? { method } : {}) };
    }
    const path = this.paths.testOf(inner);
    if (path === null) return null;
    if (path) return { path };
    const method = this.methods?.testOf(inner);
    return method ? { method } : {};
  }

  block(statements: readonly ts.Statement[], allowed: Allowed): void {
    for (const [index, statement] of statements.entries()) {
      // `if (pathname !== "/webhook") return new Response("Not found", { status: 404 })`: what follows answers that path.
      if (ts.isIfStatement(statement) && !statement.elseStatement && exits(statement.thenStatement)) {
        const c = this.condition(statement.expression);
        if (c?.path?.negated && !c.method) {
          const rest = statements.slice(index + 1);
          if (rest.length) this.route(c.path.paths, allowed, rest[0]!.parent, statement.expression, rest, statement.end);
          return;
        }
        // `if (request.method !== "POST") return 405`: what follows runs for POST only.
        if (c?.method && !c.path) {
          this.statement(statement, allowed);
          if (c.method.negated) allowed = narrow(allowed, c.method.methods, false);
          else allowed = narrow(allowed, c.method.methods, true) ?? allowed;
          continue;
        }
      }
      this.statement(statement, allowed);
    }
  }

  statement(node: ts.Statement, allowed: Allowed): void {
    if (ts.isBlock(node)) return this.block(node.statements, allowed);
    if (ts.isIfStatement(node)) {
      const c = this.condition(node.expression);
      if (c === null) {
        this.out.unread.push(node.expression);
        this.statement(node.thenStatement, allowed);
      } else if (c.path && !c.path.negated) {
        const methods = c.method ? narrow(allowed, c.method.methods, c.method.negated) : allowed;
        this.route(c.path.paths, methods, node.thenStatement, node.expression);
      } else if (c.method && !c.path) {
        this.statement(node.thenStatement, narrow(allowed, c.method.methods, c.method.negated));
        if (node.elseStatement) this.statement(node.elseStatement, narrow(allowed, c.method.methods, !c.method.negated));
        return;
      } else this.statement(node.thenStatement, allowed);
      if (node.elseStatement) this.statement(node.elseStatement, allowed);
      return;
    }
    if (ts.isSwitchStatement(node)) return this.switchStatement(node, allowed);
    if (ts.isTryStatement(node)) {
      this.block(node.tryBlock.statements, allowed);
      if (node.catchClause) this.block(node.catchClause.block.statements, allowed);
      if (node.finallyBlock) this.block(node.finallyBlock.statements, allowed);
      return;
    }
    if (ts.isLabeledStatement(node)) return this.statement(node.statement, allowed);
    if (ts.isIterationStatement(node, false)) {
      // A loop over a route list (`for (const r of routes) if (r.pattern.test(pathname))`) is dispatch at run time.
      if (this.paths.mentionsPath(node)) this.out.unread.push(node);
      return;
    }
    this.expression(node, allowed);
  }

  private switchStatement(node: ts.SwitchStatement, allowed: Allowed): void {
    const subject = unwrapExpression(node.expression);
    const clauses = node.caseBlock.clauses;
    const byPath = this.paths.isPathname(subject);
    const byMethod = !byPath && this.methods?.isMethod(subject) === true;
    const byTrue = subject.kind === ts.SyntaxKind.TrueKeyword;
    let pending: Ts.CaseOrDefaultClause[] = [];
    for (const clause of clauses) {
      pending.push(clause);
      if (!clause.statements.length) continue;
      const group = pending;
      pending = [];
      const block = clause.statements;
      const labels = group.flatMap((c) => (ts.isCaseClause(c) ? [c.expression] : []));
      const hasDefault = group.some((c) => ts.isDefaultClause(c));
      if (byPath) {
        if (hasDefault) {
          this.block(block, allowed);
          continue;
        }
        const paths = labels.map((l) => this.paths.stringOf(l));
        if (paths.some((p) => p === undefined)) {
          this.out.unread.push(labels[paths.indexOf(undefined)]!);
          continue;
        }
        this.route(
          (paths as string[]).map((raw) => ({ raw })),
          allowed,
          clause,
          group[0]!,
          block,
        );
      } else if (byMethod) {
        if (hasDefault) {
          const taken = new Set(
            clauses.flatMap((c) => (ts.isCaseClause(c) ? [this.methods!.methodName(c.expression)].filter((m) => m !== undefined) : [])),
          );
          this.block(block, narrow(allowed, taken as Set<string>, true));
        } else {
          const names = new Set(labels.map((l) => this.methods!.methodName(l)).filter((m): m is string => m !== undefined));
          this.block(block, narrow(allowed, names, false));
        }
      } else if (byTrue && !hasDefault) {
        // `switch (true) { case pathname === "/a": ... }`
        for (const label of labels) {
          const c = this.condition(label);
          if (c === null) this.out.unread.push(label);
          else if (c.path && !c.path.negated)
            this.route(c.path.paths, c.method ? narrow(allowed, c.method.methods, c.method.negated) : allowed, clause, label, block);
        }
      } else this.block(block, allowed);
    }
  }

  /** A branch that answers `paths`: a route, unless it tests the path again inside (those tests are the routes). */
  private route(
    paths: PathMatch[],
    allowed: Allowed,
    body: ts.Node,
    site: ts.Node,
    statements?: readonly ts.Statement[],
    start?: number,
  ): void {
    const before = this.out.routes.length + this.out.tables.length;
    if (statements) this.block(statements, allowed);
    else if (ts.isStatement(body)) this.statement(body, allowed);
    if (this.out.routes.length + this.out.tables.length > before) return;
    this.out.routes.push({
      paths,
      ...(allowed ? { methods: [...allowed].sort() } : {}),
      body,
      site,
      ...(start !== undefined ? { start } : {}),
    });
  }

  /** An expression statement, a return, a declaration: dispatch tables looked up by the path. */
  expression(node: ts.Node, allowed: Allowed): void {
    const visit = (n: ts.Node): void => {
      if (ts.isFunctionLike(n)) {
        // A callback the handler runs its dispatch in (`return guarded(() => { if (url.pathname === ...) })`,
        // `withCors(request, async () => ...)`): read as the handler's own body.
        if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) && ts.isCallExpression(n.parent) && n.parent.arguments.includes(n)) {
          if (ts.isBlock(n.body)) this.block(n.body.statements, allowed);
          else visit(n.body);
        }
        return;
      }
      if (ts.isElementAccessExpression(n) || ts.isElementAccessChain(n)) {
        const key = unwrapExpression(n.argumentExpression);
        if (this.paths.isPathname(key)) {
          this.out.tables.push({
            table: n.expression,
            keyedByMethod: false,
            site: n,
            ...(allowed ? { methods: [...allowed].sort() } : {}),
          });
          return;
        }
        if (ts.isTemplateExpression(key) && key.templateSpans.length === 2) {
          const [first, second] = key.templateSpans;
          if (
            this.methods?.isMethod(first!.expression) &&
            this.paths.isPathname(second!.expression) &&
            key.head.text === "" &&
            first!.literal.text === " " &&
            second!.literal.text === ""
          ) {
            this.out.tables.push({ table: n.expression, keyedByMethod: true, site: n });
            return;
          }
        }
        if (this.paths.mentionsPath(key)) this.out.unread.push(n);
      }
      if (ts.isConditionalExpression(n)) {
        const c = this.condition(n.condition);
        if (c?.path && !c.path.negated) {
          this.route(c.path.paths, c.method ? narrow(allowed, c.method.methods, c.method.negated) : allowed, n.whenTrue, n.condition);
          visit(n.whenFalse);
          return;
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
  }
}
