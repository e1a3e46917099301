import express from "express";
import { fileURLToPath } from "node:url";
// A real service imports these from "apidex/handler"; the example uses the source in this repository.
import { createApiDocsHandler, loadApiDocsAssets } from "../../../generator/publish/index.js";
import { authenticate, type KeyStore, sessionOnly } from "./auth/index.js";
import { ADMIN_PATH, API_PREFIX } from "./config.js";
import { createDatabase } from "./data/database.js";
import { DEMO_KEYS } from "./data/seed.js";
import { errorHandler, notFoundHandler } from "./http/errors.js";
import { adminRoutes, agentRoutes, apiKeyRoutes, authRoutes, connectedAppRoutes, oauthRoutes } from "./routes/closed/index.js";
import { createV1Router } from "./routes/v1.js";

export interface AppOptions {
  /** API keys and their permissions; the demo keys by default. */
  keys?: KeyStore;
  /** The generated api-docs folder (dist/api-docs); read once, at start-up. */
  apiDocsDir?: string;
}

const API_DOCS_DIR = fileURLToPath(new URL("../../../dist/api-docs", import.meta.url));

/** Builds the field-service app. Nothing listens until the caller says so. */
export function createApp(options: AppOptions = {}) {
  const app = express();
  app.disable("x-powered-by");
  app.locals.db = createDatabase();
  app.use(express.json());

  // The public API reference and the artifacts, served from memory before any authentication.
  const apiDocs = createApiDocsHandler(loadApiDocsAssets(options.apiDocsDir ?? API_DOCS_DIR));
  app.use(`${API_PREFIX}/public/api-docs`, apiDocs.node);

  // Closed routes: dashboard sessions only. They come before key authentication and refuse any key.
  app.use(`${API_PREFIX}/auth`, sessionOnly, authRoutes);
  app.use("/oauth", oauthRoutes);
  app.use(ADMIN_PATH, sessionOnly, adminRoutes);
  app.use(`${API_PREFIX}/api-keys`, sessionOnly, apiKeyRoutes);
  app.use(`${API_PREFIX}/agents`, sessionOnly, agentRoutes);
  app.use(`${API_PREFIX}/connected-apps`, sessionOnly, connectedAppRoutes);

  app.use(authenticate(options.keys ?? DEMO_KEYS));
  app.use(API_PREFIX, createV1Router());

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
