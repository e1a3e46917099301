// The config's defaults and constants, apart from its schema: the schema loads zod, which a run
// without a config file never needs.

/** HTTP methods an operation can have, in the order OpenAPI lists them. */
export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** The defaults the permission recognizers use (SPEC section 2). */
export const DEFAULT_PERMISSION_CALLS = ["requirePermission", "requirePermissions", "assertPermission"] as const;

/** Permission calls whose keys are alternatives: any one of them lets the request through. */
export const DEFAULT_ANY_PERMISSION_CALLS = ["requireAnyPermission", "requireAnyPermissions", "assertAnyPermission"] as const;

export const DEFAULT_INCLUDE = ["**/*.{ts,mts,cts,tsx,js,mjs,cjs}"];

/** The default exclude of test files by their suffix: unit, end-to-end (NestJS writes `app.e2e-spec.ts`) and integration tests. */
export const TEST_FILE_EXCLUDE = "**/*.{test,spec,e2e-spec,e2e,integ,integration,int-spec}.*";

export const DEFAULT_EXCLUDE = [
  "**/node_modules/**",
  "**/dist/**",
  "**/build/**",
  "**/coverage/**",
  "**/*.d.ts",
  TEST_FILE_EXCLUDE,
  "**/__tests__/**",
  "**/test/**",
  "**/tests/**",
  // Demos beside the service (`examples/auth-server.js`, `samples/sampleWithApp.ts`): not what it serves.
  "**/examples/**",
  "**/samples/**",
  // Storybook stories (a UI component's showcase): their request mocks (`fetchMock.get("/api/user", ...)`) are no routes.
  "**/*.stories.*",
];
