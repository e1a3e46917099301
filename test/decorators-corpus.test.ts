/**
 * What the decorator-controller corpus services (bench/realworld/services.ts: openflow) showed of the interpreter
 * that runs a service's start-up code: a static field's initializer runs once, and a start-up whose helpers call
 * helpers at every step ends (a call budget, APX220) instead of running without end.
 */
import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, routeLines } from "./helpers/in-memory.js";

const EXPRESS_PACKAGE = JSON.stringify({ name: "svc", dependencies: { express: "4.21.2" } });

describe("interpreter: static field initializers", () => {
  it("evaluates a static field's initializer once, as JavaScript does when the class is defined", async () => {
    // Each read of \`Registry.paths\` is the one array its initializer made: what a read pushes, the next one sees.
    const result = await generateFrom({
      "package.json": EXPRESS_PACKAGE,
      "src/app.ts": `
        import express from "express";
        class Registry {
          static paths: string[] = [];
        }
        Registry.paths.push("/users");
        Registry.paths.push("/teams");
        const app = express();
        for (const path of Registry.paths) app.get(path, (req, res) => res.send(path));
        app.listen(3000);
      `,
    });
    expect(routeLines(result)).toEqual(["GET /teams []", "GET /users []"]);
  });
});

describe("interpreter: call budget", () => {
  it("stops following calls past its budget (APX220) and still reads the registrations after them", async () => {
    // h20 runs 2^20 function bodies: more than the budget, each a call the interpreter runs afresh.
    const helpers = ["function h0(): void {}"];
    for (let i = 1; i <= 20; i++) helpers.push(`function h${i}(): void { h${i - 1}(); h${i - 1}(); }`);
    const result = await generateFrom({
      "package.json": EXPRESS_PACKAGE,
      "src/app.ts": `
        import express from "express";
        ${helpers.join("\n")}
        const app = express();
        app.get("/before", (req, res) => res.send("before"));
        h20();
        app.get("/after", (req, res) => res.send("after"));
        app.listen(3000);
      `,
    });
    expect(routeLines(result)).toEqual(["GET /after []", "GET /before []"]);
    // Said once, at the call of a helper where the budget ran out.
    const said = diagnosticLines(result).filter((line) => line.startsWith("APX220"));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^APX220 src\/app\.ts:\d+$/);
  }, 60_000);
});

describe("interpreter: recursion", () => {
  it("follows a function inside itself 6 deep: a walker over a nested route tree reads every level it is given", async () => {
    // Five levels of nesting: the walker is under way 6 times at the deepest (the top call and one per level).
    const result = await generateFrom({
      "package.json": EXPRESS_PACKAGE,
      "src/app.ts": `
        import express, { Router } from "express";
        type Node = { path: string; children?: Node[] };
        const tree: Node = { path: "/a", children: [{ path: "/b", children: [{ path: "/c", children: [{ path: "/d", children: [{ path: "/e", children: [{ path: "/f" }] }] }] }] }] };
        function walk(router: Router, node: Node, prefix: string): void {
          router.get(prefix + node.path, (req, res) => res.end());
          for (const child of node.children ?? []) walk(router, child, prefix + node.path);
        }
        const app = express();
        walk(app, tree, "");
        app.listen(3000);
      `,
    });
    expect(routeLines(result)).toEqual([
      "GET /a []",
      "GET /a/b []",
      "GET /a/b/c []",
      "GET /a/b/c/d []",
      "GET /a/b/c/d/e []",
      "GET /a/b/c/d/e/f []",
    ]);
  });

  it("does not follow a function that calls itself without end in both branches of an undecided condition past 6 deep: no budget spent, the routes after it read", async () => {
    // Four calls of itself per level: followed 40 deep (the nesting limit) it would be 4^40 bodies, far past the
    // call budget (APX220), which then leaves what follows it unread.
    const result = await generateFrom({
      "package.json": EXPRESS_PACKAGE,
      "src/agent.ts": `
        export class Agent {
          limit = Number(process.env.LIMIT);
          run(messages: string[], depth = 0): string[] {
            if (depth >= this.limit) return messages;
            if (messages.length > Number(process.env.MAX)) return this.run([...messages, "a"], depth + 1).concat(this.run(messages, depth + 1));
            return this.run([...messages, "b"], depth + 1).concat(this.run(messages, depth + 1));
          }
        }
      `,
      "src/app.ts": `
        import express from "express";
        import { Agent } from "./agent";
        const app = express();
        app.get("/before", (req, res) => res.end());
        new Agent().run([]);
        app.get("/after", (req, res) => res.end());
        app.listen(3000);
      `,
    });
    expect(routeLines(result)).toEqual(["GET /after []", "GET /before []"]);
    expect(diagnosticLines(result).filter((line) => line.startsWith("APX220"))).toEqual([]);
  }, 60_000);
});
