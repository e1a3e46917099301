import { readFileSync } from "node:fs";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { callsOf, callsWithin } from "../generator/scan/calls.js";
import { isFunctionLike } from "../generator/resolve/interpreter.js";
import { parse, sourceSetFromMemory } from "../generator/scan/source-set.js";
import { ts } from "../generator/typescript.js";
import { diagnosticLines, generateFrom, routeLines } from "./helpers/in-memory.js";

/**
 * Handler bodies are searched for permission checks through the file's one list of calls (a slice found
 * by binary search) instead of a second walk. The slice must be exactly what walking the body finds.
 */
function walkedCalls(body: ts.Node): ts.Node[] {
  const out: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) out.push(node);
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isTypeNode(node)) return;
    ts.forEachChild(node, visit);
  };
  visit(body);
  return out;
}

function bodiesOf(file: ts.SourceFile): ts.Node[] {
  const out: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunctionLike(node) && node.body) out.push(node.body);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

const CASES: Record<string, string> = {
  "expression-body.ts": `export const h = (req) => assertPermission(req, "a")(other());`,
  "nested.ts": `router.get("/x", (req, res) => { const f = () => check(req, "b"); new Thing(f(), g(h())); }); after();`,
  "chained.ts": `app.route("/a").get(function (req) { a().b().c(); }).post(async (q) => { await x(q); });`,
  "class.ts": `class C { m() { return this.n(1); } static s = () => z(); } type T = { f(): void }; y();`,
  "empty.ts": `export function none() {} call();`,
  "page.tsx": `export function Page() { return <div onClick={() => track("x")}>{items.map((i) => <Item key={i} {...props(i)} />)}text</div>; }`,
  // Calls inside type-only syntax (a computed member name) are not listed by either walk.
  "typed.ts": `interface I { [key(1)]: string } type T = { [other()]: number }; const x: { [k()]: 1 } = make();`,
};

/** Every node of a tree with its parent, in walk order (JSDoc aside, which the scan does not parse). */
function parentsOf(file: ts.SourceFile): [ts.SyntaxKind, number, number, ts.SyntaxKind | undefined, number | undefined][] {
  const out: [ts.SyntaxKind, number, number, ts.SyntaxKind | undefined, number | undefined][] = [];
  const visit = (node: ts.Node): void => {
    out.push([node.kind, node.pos, node.end, node.parent?.kind, node.parent?.pos]);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

const REPOSITORY_SOURCES = () =>
  fg.sync(["examples/field-service/src/**/*.ts", "generator/**/*.ts", "test/fixtures/**/*.ts"], {
    cwd: new URL("..", import.meta.url).pathname,
  });

describe("the scan's own parent walk", () => {
  it("links every node to the parent the parser's setParentNodes pass gives, and lists the same calls", () => {
    const files = REPOSITORY_SOURCES();
    expect(files.length).toBeGreaterThan(50);
    const texts = [
      ...files.map((name) => [name, readFileSync(new URL(`../${name}`, import.meta.url), "utf8")] as const),
      ...Object.entries(CASES),
    ];
    for (const [name, text] of texts) {
      const scanned = parse(`/repo/${name}`, text, false);
      const reference = ts.createSourceFile(
        `/repo/${name}`,
        text,
        { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
        true,
      );
      expect(parentsOf(scanned), name).toEqual(parentsOf(reference));
      // The calls listed during the walk are the ones a separate walk finds.
      expect(
        callsOf(scanned).map((c) => [c.pos, c.end]),
        name,
      ).toEqual(callsOf(reference).map((c) => [c.pos, c.end]));
    }
  });
});

describe("callsWithin", () => {
  it.each(Object.keys(CASES))("lists exactly the calls a walk of each body finds: %s", (name) => {
    const set = sourceSetFromMemory({ [name]: CASES[name]! });
    const file = set.files[0]!;
    const bodies = bodiesOf(file);
    if (name === "typed.ts") expect(callsOf(file).map((c) => c.getText())).toEqual(["make()"]);
    else expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(callsWithin(body).map((c) => c.getText())).toEqual(walkedCalls(body).map((c) => c.getText()));
  });

  it("agrees with a walk on every function body of the example service and the generator's own sources", () => {
    const files = REPOSITORY_SOURCES();
    let compared = 0;
    for (const name of files) {
      const file = ts.createSourceFile(name, readFileSync(new URL(`../${name}`, import.meta.url), "utf8"), ts.ScriptTarget.Latest, true);
      for (const body of bodiesOf(file)) {
        expect(callsWithin(body)).toEqual(walkedCalls(body));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it("finds a handler's body checks whatever else the file calls around it", async () => {
    const result = await generateFrom({
      "auth.ts": `export function assertPermission(req: unknown, ...keys: string[]): void {}`,
      "app.ts": [
        `import express from "express"; import { assertPermission } from "./auth";`,
        `const app = express(); setup();`,
        `app.get("/a", (req, res) => { log(); assertPermission(req, "a.read"); res.json(load(() => assertPermission(req, "a.inner"))); });`,
        `app.get("/b", (req, res) => assertPermission(req, "b.read"));`,
        `app.get("/c", (req, res) => { res.end(); }); assertPermission({}, "outside");`,
      ].join("\n"),
    });
    expect(routeLines(result)).toEqual(["GET /a [a.inner,a.read]", "GET /b [b.read]", "GET /c []"]);
    expect(diagnosticLines(result).filter((l) => l.includes("APX3"))).toEqual([]);
  });
});
