import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

/** The Serverless Framework's config (generator/extract/serverless): routes declared as function events. */
const AUTH = `export function requirePermission(key: string) { return { before: async () => {} }; }
export function assertPermission(event: unknown, key: string): void {}
`;

const cases: InMemoryCase[] = [
  {
    name: "http and httpApi events, long and short forms, with the handler body's checks",
    files: {
      "serverless.yml": `service: users
provider:
  name: aws
  runtime: nodejs20.x
functions:
  listUsers:
    handler: src/handlers/users.list
    events:
      - http:
          path: users
          method: get
      - http: POST /users
  getUser:
    handler: src/handlers/users.get
    events:
      - httpApi:
          path: /users/{id}
          method: GET
      - httpApi: 'DELETE /users/{id}'
`,
      "src/auth.ts": AUTH,
      "src/handlers/users.ts": `import { assertPermission } from "../auth";
export const list = async (event: unknown) => { assertPermission(event, "users.read"); return { statusCode: 200 }; };
export async function get(event: unknown) { assertPermission(event, "users.read"); return { statusCode: 200 }; }
`,
    },
    routes: ["DELETE /users/{id} [users.read]", "GET /users [users.read]", "GET /users/{id} [users.read]", "POST /users [users.read]"],
  },
];

describe("Serverless Framework (in memory)", () => {
  for (const c of cases)
    it(c.name, async () => {
      const result = await generateFrom(c.files, c.config);
      expect(routeLines(result)).toEqual(c.routes);
      expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
    });
});
