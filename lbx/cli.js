#!/usr/bin/env node
var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// lib/diagnostics/diagnostic.js
import path from "node:path";
function siteOf(node, sourceFile = node.getSourceFile()) {
  const { line: line2, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
  return { file: sourceFile.fileName, line: line2 + 1, column: character + 1 };
}
function formatSite(site, base) {
  const rel = path.relative(base, site.file).split(path.sep).join("/");
  return `${rel || site.file}:${site.line}:${site.column}`;
}
function compareSites(a, b) {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column;
}
function formatDiagnostic(d, base) {
  const where = d.site ? `${formatSite(d.site, base)} ` : "";
  const lines = [`${where}${d.severity} ${d.code} ${d.message}`];
  for (const r of d.related ?? [])
    lines.push(`  ${formatSite(r.site, base)} ${r.message}`);
  if (d.hint)
    lines.push(`  hint: ${d.hint}`);
  return lines.join("\n");
}
var DiagnosticBag, UsageError;
var init_diagnostic = __esm({
  "lib/diagnostics/diagnostic.js"() {
    "use strict";
    DiagnosticBag = class {
      items = [];
      seen = /* @__PURE__ */ new Set();
      /** Told of every diagnostic reported, repeats included (extract/incremental files them by module). */
      listener;
      add(diagnostic) {
        this.listener?.(diagnostic);
        const key = `${diagnostic.code}|${diagnostic.site ? formatSite(diagnostic.site, "/") : ""}|${diagnostic.message}`;
        if (this.seen.has(key))
          return;
        this.seen.add(key);
        this.items.push(diagnostic);
      }
      error(code, message, site, hint) {
        this.add({ severity: "error", code, message, ...site ? { site } : {}, ...hint ? { hint } : {} });
      }
      warning(code, message, site, hint) {
        this.add({ severity: "warning", code, message, ...site ? { site } : {}, ...hint ? { hint } : {} });
      }
      get errors() {
        return this.items.filter((d) => d.severity === "error");
      }
      get warnings() {
        return this.items.filter((d) => d.severity === "warning");
      }
      sorted() {
        return [...this.items].sort((a, b) => {
          if (a.site && b.site)
            return compareSites(a.site, b.site) || a.code.localeCompare(b.code);
          if (a.site)
            return 1;
          if (b.site)
            return -1;
          return a.code.localeCompare(b.code) || a.message.localeCompare(b.message);
        });
      }
    };
    UsageError = class extends Error {
      hint;
      constructor(message, hint) {
        super(message);
        this.hint = hint;
        this.name = "UsageError";
      }
    };
  }
});

// lib/config/defaults.js
var HTTP_METHODS, DEFAULT_PERMISSION_CALLS, DEFAULT_INCLUDE, DEFAULT_EXCLUDE;
var init_defaults = __esm({
  "lib/config/defaults.js"() {
    "use strict";
    HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
    DEFAULT_PERMISSION_CALLS = ["requirePermission", "requirePermissions", "assertPermission"];
    DEFAULT_INCLUDE = ["**/*.{ts,mts,cts,tsx,js,mjs,cjs}"];
    DEFAULT_EXCLUDE = [
      "**/node_modules/**",
      "**/dist/**",
      "**/lib/**",
      "**/build/**",
      "**/coverage/**",
      "**/*.d.ts",
      "**/*.{test,spec}.*",
      "**/__tests__/**",
      "**/test/**",
      "**/tests/**"
    ];
  }
});

// lib/config/schema.js
var schema_exports = {};
__export(schema_exports, {
  DEFAULT_EXCLUDE: () => DEFAULT_EXCLUDE,
  DEFAULT_INCLUDE: () => DEFAULT_INCLUDE,
  DEFAULT_PERMISSION_CALLS: () => DEFAULT_PERMISSION_CALLS,
  HTTP_METHODS: () => HTTP_METHODS,
  configSchema: () => configSchema,
  validateConfig: () => validateConfig
});
import { z } from "zod";
function validateConfig(raw, source) {
  const parsed = configSchema.safeParse(raw);
  if (parsed.success)
    return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const field = issue.path.length ? issue.path.join(".") : "(top level)";
    return `  ${field}: ${issue.message}`;
  });
  throw new UsageError(`Invalid config in ${source}:
${problems.join("\n")}`, "Fix the fields named above; the README lists every field.");
}
var pathPattern, configSchema;
var init_schema = __esm({
  "lib/config/schema.js"() {
    "use strict";
    init_diagnostic();
    init_defaults();
    pathPattern = z.string().min(1).refine((s) => s.startsWith("/"), { message: "a closed path pattern starts with '/', e.g. '/v1/auth/**'" });
    configSchema = z.object({
      /** Project folder holding the service's sources; relative to the config file. */
      root: z.string().optional(),
      /** Globs of source files, relative to `root`. */
      include: z.array(z.string().min(1)).optional(),
      /** Globs excluded on top of the defaults (node_modules, tests, declaration files, build output). */
      exclude: z.array(z.string().min(1)).optional(),
      /** tsconfig used for module resolution (path aliases); relative to `root`. Default `tsconfig.json` if present. */
      tsconfig: z.string().optional(),
      /** Framework adapters to run. `auto` detects them from imports. */
      framework: z.enum(["auto", "express", "hono", "koa", "fastify", "next", "nest"]).optional(),
      nest: z.object({
        /** Permission decorators: name, argument index (all when absent), property path in an options object. */
        decorators: z.array(z.object({ name: z.string().min(1), argument: z.number().int().min(0).optional(), property: z.string().min(1).optional() }).strict()).min(1).optional(),
        /** The global prefix, when the bootstrap cannot be read (it wins over `setGlobalPrefix`). */
        globalPrefix: z.string().optional(),
        /** URI versioning, when the bootstrap cannot be read (it wins over `enableVersioning`). */
        uriVersioning: z.object({ defaultVersion: z.union([z.string(), z.array(z.string())]).optional(), prefix: z.string().optional() }).strict().optional()
      }).strict().optional(),
      /** Output folder, relative to the config file. */
      out: z.string().optional(),
      service: z.object({ name: z.string().min(1), version: z.string().min(1) }).strict().optional(),
      /** Path globs of closed routes (never indexed, never callable), e.g. `/v1/auth/**`. */
      closed: z.array(pathPattern).optional(),
      permissions: z.object({
        /** Function names whose string arguments are permission keys. Replaces the defaults. */
        calls: z.array(z.string().min(1)).min(1).optional(),
        /** Added to the default (or configured) names. */
        extraCalls: z.array(z.string().min(1)).optional()
      }).strict().optional(),
      lint: z.object({
        /** Severity per rule: "error", "warning" or "off". */
        rules: z.partialRecord(z.enum(["no-permission", "documented-scope", "documented-summary", "documented-examples", "summary-length", "looks-closed", "documented-closed", "duplicate-id"]), z.enum(["error", "warning", "off"])).optional(),
        /** Path globs of operations that intentionally check no permission (also the `@public` tag). */
        public: z.array(pathPattern).optional()
      }).strict().optional(),
      /** Explicit operation ids by `METHOD /path`, for routes whose JSDoc you cannot edit. */
      operationIds: z.record(z.string().regex(/^[A-Z]+ \//, "keys look like 'GET /v1/things/{id}'"), z.string()).optional(),
      openapi: z.object({
        info: z.object({
          title: z.string().min(1),
          version: z.string().min(1).optional(),
          description: z.string().optional(),
          contact: z.record(z.string(), z.string()).optional(),
          license: z.object({ name: z.string(), url: z.string().optional(), identifier: z.string().optional() }).optional()
        }).passthrough().optional(),
        servers: z.array(z.object({ url: z.string().min(1), description: z.string().optional() }).strict()).optional(),
        /** Security schemes, as in OpenAPI `components.securitySchemes`. */
        securitySchemes: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
        /** Document-wide security requirement. Defaults to every scheme, with the operation's scope. */
        security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
        /** Tag descriptions, by tag name. */
        tags: z.record(z.string(), z.string()).optional()
      }).strict().optional()
    }).strict();
  }
});

// lib/cache/run-cache.js
var run_cache_exports = {};
__export(run_cache_exports, {
  MAX_ENTRIES: () => MAX_ENTRIES,
  RunCache: () => RunCache,
  pruneOldest: () => pruneOldest
});
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path2 from "node:path";
function sortedRecord(map) {
  return Object.fromEntries([...map].sort(([a], [b]) => a < b ? -1 : 1));
}
function sourcesDigest(sources) {
  return createHash("sha256").update(JSON.stringify(sources)).digest("base64url");
}
function pruneOldest(folder, keep, extension = ".json") {
  const entries = [];
  for (const name of readdirSync(folder)) {
    if (!name.endsWith(extension))
      continue;
    try {
      entries.push({ file: path2.join(folder, name), mtime: statSync(path2.join(folder, name)).mtimeMs });
    } catch {
    }
  }
  entries.sort((a, b) => b.mtime - a.mtime);
  for (const { file } of entries.slice(keep))
    rmSync(file, { force: true });
}
var MAX_ENTRIES, CACHE_FORMAT, RunCache;
var init_run_cache = __esm({
  "lib/cache/run-cache.js"() {
    "use strict";
    MAX_ENTRIES = 32;
    CACHE_FORMAT = 6;
    RunCache = class _RunCache {
      file;
      key;
      data;
      fingerprints = /* @__PURE__ */ new Map();
      constructor(file, key) {
        this.file = file;
        this.key = key;
        try {
          const parsed = JSON.parse(readFileSync(file, "utf8"));
          if (parsed.format === CACHE_FORMAT && parsed.key === key)
            this.data = parsed;
        } catch {
          this.data = void 0;
        }
      }
      /**
       * The files that changed, appeared or vanished since the cached run, when that run can be the base of
       * an incremental one: every input it read outside the globs unchanged (or deleted).
       */
      changedSince(globbed) {
        const previous = this.data;
        if (!previous)
          return void 0;
        const changed = /* @__PURE__ */ new Set();
        let fileSetChanged = false;
        for (const [name, hash] of globbed) {
          const before = previous.sources[name];
          if (before !== hash)
            changed.add(name);
          if (before === void 0 || before === "missing" && hash !== "missing")
            fileSetChanged = true;
        }
        for (const [name, hash] of Object.entries(previous.sources)) {
          if (globbed.has(name))
            continue;
          const now = this.fingerprint(name);
          if (now === hash)
            continue;
          if (now !== "missing")
            return void 0;
          changed.add(name);
          fileSetChanged = true;
        }
        return { changed, fileSetChanged };
      }
      /**
       * The content hash the cached run recorded for `file`, when its stat signature is the one recorded
       * with it: the file need not be read to know it is unchanged.
       */
      hashBySignature(file, signature) {
        const previous = this.data;
        return previous?.stats?.[file] === signature ? previous.sources[file] : void 0;
      }
      routeCapableSet;
      /**
       * Whether the scan found `file` able to register routes in the cached run, when its content (`hash`)
       * is the same now — the answer depends on nothing else — and undefined when that run cannot tell.
       */
      wasRouteCapable(file, hash) {
        const previous = this.data;
        if (!previous?.routeCapable || previous.sources[file] !== hash)
          return void 0;
        this.routeCapableSet ??= new Set(previous.routeCapable);
        return this.routeCapableSet.has(file);
      }
      /** The globbed files the cached run's scan found able to register routes, if it recorded them. */
      previousRouteCapable() {
        return this.data?.routeCapable;
      }
      /** The module summaries the cached run left, if they belong to it (same key, same sources). */
      summaries() {
        if (!this.data)
          return void 0;
        try {
          const parsed = JSON.parse(readFileSync(this.summariesFile, "utf8"));
          if (parsed.format === CACHE_FORMAT && parsed.key === this.key && parsed.sources === sourcesDigest(this.data.sources))
            return parsed.summaries;
        } catch {
        }
        return void 0;
      }
      get summariesFile() {
        return this.file.replace(/\.json$/, ".summaries");
      }
      /** The folder the cache lives in (other caches of the run keep their files beside it). */
      get folder() {
        return path2.dirname(this.file);
      }
      static forProject(root, cwd, key) {
        const base = existsSync(path2.join(root, "node_modules")) ? root : cwd;
        const name = createHash("sha256").update(root).digest("hex").slice(0, 16);
        return new _RunCache(path2.join(base, "node_modules", ".cache", "apidex", `${name}.json`), key);
      }
      /** The fingerprint of a file's bytes (project files) — also used for the source texts the scan read. */
      static contentHash(text) {
        return createHash("sha1").update(text).digest("base64url");
      }
      /**
       * Cached artifacts, when the globbed files are exactly the same set with the same contents, and every
       * other file the last run read (imports outside the globs) is unchanged too.
       */
      artifactsFor(globbed) {
        const previous = this.data;
        if (!previous?.artifacts)
          return void 0;
        for (const [name, hash] of globbed)
          if (previous.sources[name] !== hash)
            return void 0;
        for (const [name, hash] of Object.entries(previous.sources)) {
          if (!globbed.has(name) && this.fingerprint(name) !== hash)
            return void 0;
        }
        return this.loadArtifacts();
      }
      loaded;
      /** The artifacts' bytes, read from their file once; undefined when it is missing or of another run. */
      loadArtifacts() {
        const stored = this.data?.artifacts;
        if (!stored)
          return void 0;
        if (this.loaded)
          return this.loaded;
        try {
          const bytes = readFileSync(this.artifactsFile);
          const id = Buffer.from(stored.id, "latin1");
          const total = stored.files.reduce((sum, f) => sum + f.size, id.length);
          if (bytes.length !== total || !bytes.subarray(0, id.length).equals(id))
            return void 0;
          let offset = id.length;
          const files = stored.files.map((f) => {
            const content = bytes.subarray(offset, offset + f.size);
            offset += f.size;
            return { name: f.name, content };
          });
          this.loaded = { files, counts: stored.counts, diagnostics: stored.diagnostics };
          return this.loaded;
        } catch {
          return void 0;
        }
      }
      get artifactsFile() {
        return this.file.replace(/\.json$/, ".artifacts");
      }
      /**
       * The last run's artifacts whatever changed since: only for reusing what a file's bytes alone decide
       * (compressed variants of identical content), never to answer a run.
       */
      previousArtifacts() {
        return this.loadArtifacts();
      }
      /**
       * The last run's artifacts when every globbed file that changed since is one the analysis never read
       * and still is not one the scan would parse (`parsedByScan` on its new text): a service module, a
       * test, a model no documented shape uses. The set of globbed files must be the same (a new file
       * could satisfy an import that failed) and every other input unchanged. Returns undefined otherwise.
       */
      artifactsUnaffected(globbed, parsedByScan) {
        const previous = this.data;
        if (!previous?.artifacts || !previous.analysed)
          return void 0;
        const analysed = new Set(previous.analysed);
        const changed = [];
        for (const [name, hash] of globbed) {
          const before = previous.sources[name];
          if (before === void 0)
            return void 0;
          if (before === hash)
            continue;
          if (analysed.has(name) || parsedByScan(name))
            return void 0;
          changed.push(name);
        }
        for (const [name, hash] of Object.entries(previous.sources)) {
          if (!globbed.has(name) && this.fingerprint(name) !== hash)
            return void 0;
        }
        const artifacts = this.loadArtifacts();
        return artifacts ? { artifacts, changed } : void 0;
      }
      /** The last run's type-phase record, whatever changed since (carried over by an unaffected run). */
      previousTypes() {
        return this.data?.types;
      }
      /** The files the last run's analysis read (see `artifactsUnaffected`). */
      analysedFiles() {
        return this.data?.analysed;
      }
      typesFor(documentedKey) {
        const types = this.data?.types;
        if (!types || types.documentedKey !== documentedKey)
          return void 0;
        for (const [file, fingerprint] of Object.entries(types.files))
          if (this.fingerprint(file) !== fingerprint)
            return void 0;
        return types;
      }
      /** Project files by content; library files (node_modules, lib.d.ts) by size and modification time. */
      fingerprint(file) {
        const cached = this.fingerprints.get(file);
        if (cached)
          return cached;
        let value = "missing";
        try {
          if (/[\\/]node_modules[\\/]/.test(file)) {
            const stat = statSync(file);
            value = `${stat.size}:${stat.mtimeMs}`;
          } else {
            value = _RunCache.contentHash(readFileSync(file));
          }
        } catch {
          value = "missing";
        }
        this.fingerprints.set(file, value);
        return value;
      }
      /** Forgets the fingerprints this process memoized for files that changed since (watch mode). */
      forget(files) {
        for (const file of files)
          this.fingerprints.delete(file);
      }
      /**
       * After a run the entry answered: records the signatures of files that have settled since the entry
       * was written (a checkout's files are all new at first), so later runs need not read them. Rewrites the
       * entry only, and only when it learns something; its artifacts and summaries stay valid (same sources).
       */
      recordStats(stats) {
        const data = this.data;
        if (!data)
          return;
        const known = data.stats ?? {};
        let learnt = false;
        for (const [name, signature] of stats)
          if (known[name] !== signature && data.sources[name] !== void 0)
            learnt = true;
        if (!learnt)
          return;
        data.stats = Object.fromEntries([...stats].filter(([name]) => data.sources[name] !== void 0).sort(([a], [b]) => a < b ? -1 : 1));
        const tmp = `${this.file}.${process.pid}.tmp`;
        try {
          writeFileSync(tmp, JSON.stringify(data));
          renameSync(tmp, this.file);
        } catch {
          rmSync(tmp, { force: true });
        }
      }
      /** The sources digest of the summaries file this process wrote ahead of its entry (`writeSummaries`). */
      summariesAhead;
      /**
       * Writes the module summaries of the run that will `save` with these `sources`, ahead of the entry (a
       * warm run does it while the index is being compressed). They carry the digest of those sources, so
       * until that entry is written they belong to no entry and are never replayed.
       */
      writeSummaries(sources, summaries) {
        const digest = sourcesDigest(sortedRecord(sources));
        const tmp = `${this.summariesFile}.${process.pid}.tmp`;
        try {
          mkdirSync(path2.dirname(this.file), { recursive: true });
          const file = { format: CACHE_FORMAT, key: this.key, sources: digest, summaries };
          writeFileSync(tmp, JSON.stringify(file));
          renameSync(tmp, this.summariesFile);
          this.summariesAhead = digest;
        } catch {
          rmSync(tmp, { force: true });
        }
      }
      /** Writes the cache atomically; a failure to write only costs the next run its speed. */
      save(sources, artifacts, types, analysed, summaries, scan) {
        const stored = artifacts ? { id: randomBytes(16).toString("hex"), files: artifacts.files.map((f) => ({ name: f.name, size: f.content.length })), counts: artifacts.counts, diagnostics: artifacts.diagnostics } : void 0;
        const data = {
          format: CACHE_FORMAT,
          key: this.key,
          sources: sortedRecord(sources),
          ...analysed ? { analysed: [...analysed].sort() } : {},
          ...stored ? { artifacts: stored } : {},
          ...types ? { types } : {},
          ...scan ? { stats: Object.fromEntries([...scan.stats].filter(([name]) => sources.has(name)).sort(([a], [b]) => a < b ? -1 : 1)), routeCapable: [...scan.routeCapable].sort() } : {}
        };
        const created = !this.data;
        this.data = data;
        this.routeCapableSet = void 0;
        this.loaded = artifacts;
        const tmp = `${this.file}.${process.pid}.tmp`;
        try {
          mkdirSync(path2.dirname(this.file), { recursive: true });
          const digest = sourcesDigest(data.sources);
          const ahead = this.summariesAhead === digest;
          this.summariesAhead = void 0;
          if (!ahead)
            rmSync(this.summariesFile, { force: true });
          if (stored && artifacts) {
            writeFileSync(tmp, Buffer.concat([Buffer.from(stored.id, "latin1"), ...artifacts.files.map((f) => f.content)]));
            renameSync(tmp, this.artifactsFile);
          }
          writeFileSync(tmp, JSON.stringify(data));
          renameSync(tmp, this.file);
          if (summaries && !ahead) {
            const file = { format: CACHE_FORMAT, key: this.key, sources: digest, summaries };
            writeFileSync(tmp, JSON.stringify(file));
            renameSync(tmp, this.summariesFile);
          }
          if (created) {
            pruneOldest(path2.dirname(this.file), MAX_ENTRIES);
            pruneOldest(path2.dirname(this.file), MAX_ENTRIES, ".summaries");
            pruneOldest(path2.dirname(this.file), MAX_ENTRIES, ".artifacts");
          }
        } catch {
          rmSync(tmp, { force: true });
        }
      }
    };
  }
});

// lib/cache/compiler-code-cache.js
import { isAscii } from "node:buffer";
import { createHash as createHash2 } from "node:crypto";
import { mkdirSync as mkdirSync2, readFileSync as readFileSync3, renameSync as renameSync2, rmSync as rmSync2, statSync as statSync2, writeFileSync as writeFileSync2 } from "node:fs";
import Module, { createRequire } from "node:module";
import path4 from "node:path";
import { Script } from "node:vm";
function compilerFile() {
  const fromTsMorph = createRequire(createRequire(import.meta.url).resolve("ts-morph"));
  return fromTsMorph.resolve("@ts-morph/common/dist/typescript.js");
}
function preloadCompiler(folder) {
  if (typeof Module.enableCompileCache === "function")
    return NOT_PRELOADED;
  const require3 = createRequire(import.meta.url);
  let filename;
  let key;
  try {
    filename = compilerFile();
    if (require3.cache[filename])
      return NOT_PRELOADED;
    const stat = statSync2(filename);
    key = createHash2("sha256").update(JSON.stringify([filename, stat.size, stat.mtimeMs, stat.ino, process.versions.node, process.versions.v8, process.arch, process.platform])).digest("hex").slice(0, 16);
  } catch {
    return NOT_PRELOADED;
  }
  const cacheFile = path4.join(folder, `compiler-${key}.v8`);
  let cachedData;
  try {
    cachedData = readFileSync3(cacheFile);
  } catch {
    cachedData = void 0;
  }
  const bytes = readFileSync3(filename);
  const source = bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
  const script = new Script(Module.wrap(source), { filename, ...cachedData ? { cachedData } : {} });
  const loaded = new Module(filename);
  loaded.filename = filename;
  loaded.paths = Module._nodeModulePaths(path4.dirname(filename));
  require3.cache[filename] = loaded;
  try {
    const wrapper = script.runInThisContext();
    wrapper.call(loaded.exports, loaded.exports, createRequire(filename), loaded, filename, path4.dirname(filename));
    loaded.loaded = true;
  } catch (error2) {
    delete require3.cache[filename];
    throw error2;
  }
  const fromCache = cachedData !== void 0 && !script.cachedDataRejected;
  let saved = false;
  return {
    source: fromCache ? "code-cache" : "compiled",
    save() {
      if (fromCache || saved)
        return;
      saved = true;
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      try {
        mkdirSync2(folder, { recursive: true });
        writeFileSync2(tmp, script.createCachedData());
        renameSync2(tmp, cacheFile);
        pruneOldest(folder, MAX_CACHES, ".v8");
      } catch {
        rmSync2(tmp, { force: true });
      }
    }
  };
}
var MAX_CACHES, NOT_PRELOADED;
var init_compiler_code_cache = __esm({
  "lib/cache/compiler-code-cache.js"() {
    "use strict";
    init_run_cache();
    MAX_CACHES = 2;
    NOT_PRELOADED = { source: "not-preloaded", save: () => {
    } };
  }
});

// lib/cache/source-stats.js
function statSignature(stat) {
  return `${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.ino}`;
}
function settledAt(stat, now) {
  return stat.mtimeNs < now - SETTLE_NS && stat.ctimeNs < now - SETTLE_NS;
}
function wallClockNs() {
  return BigInt(Date.now()) * 1000000n;
}
var SETTLE_NS;
var init_source_stats = __esm({
  "lib/cache/source-stats.js"() {
    "use strict";
    SETTLE_NS = 2000000000n;
  }
});

// lib/scan/list-sources.js
import path5 from "node:path";
import { globSync } from "tinyglobby";
async function listSources(options) {
  const names = globSync(options.include, { cwd: options.root, ignore: options.exclude, absolute: true, onlyFiles: true, followSymbolicLinks: false, expandDirectories: false });
  return names.map((n) => path5.normalize(n)).sort();
}
var init_list_sources = __esm({
  "lib/scan/list-sources.js"() {
    "use strict";
  }
});

// lib/scan/route-hints.js
function mayRegisterRoutes(text, relativePath) {
  return NEXT_ROUTE_FILE.test(relativePath) || ROUTE_HINTS.test(text);
}
var NEXT_ROUTE_FILE, ROUTE_HINTS;
var init_route_hints = __esm({
  "lib/scan/route-hints.js"() {
    "use strict";
    NEXT_ROUTE_FILE = /(^|[\\/])app[\\/](.*[\\/])?route\.(ts|tsx|js|mjs|mts)$/;
    ROUTE_HINTS = /["'](express|router|express-promise-router|fastify|hono(\/[^"']*)?|koa|@koa\/router|koa-router|@nestjs\/[^"']+)["']|\.(get|post|put|patch|delete|del|all|options|head|use|route|register|on|basePath|addHook|setGlobalPrefix|enableVersioning)\s*\(/;
  }
});

// lib/extract/incremental/plan.js
function planReplay(previous, changed, fileSetChanged = false) {
  if (previous.keyTypeFiles.some((file) => changed.has(file)))
    return void 0;
  const importers = /* @__PURE__ */ new Map();
  for (const [file, targets] of Object.entries(previous.imports)) {
    for (const target of targets) {
      let list = importers.get(target);
      if (!list)
        importers.set(target, list = []);
      list.push(file);
    }
  }
  const dirty = new Set(changed);
  const queue = [...changed];
  while (queue.length) {
    for (const importer of importers.get(queue.pop()) ?? []) {
      if (!dirty.has(importer)) {
        dirty.add(importer);
        queue.push(importer);
      }
    }
  }
  const replay = {};
  for (const [file, summary] of Object.entries(previous.modules))
    if (!dirty.has(file))
      replay[file] = summary;
  if (!Object.keys(replay).length)
    return void 0;
  return { replay, previousImports: previous.imports, adapter: previous.adapter, ...fileSetChanged ? { checkResolutions: true } : {} };
}
var init_plan = __esm({
  "lib/extract/incremental/plan.js"() {
    "use strict";
  }
});

// lib/version.js
import { readFileSync as readFileSync4 } from "node:fs";
function readBuildId() {
  try {
    return readFileSync4(new URL("../lib/build-id.txt", import.meta.url), "utf8").trim();
  } catch {
    return VERSION;
  }
}
var VERSION, BUILD_ID;
var init_version = __esm({
  "lib/version.js"() {
    "use strict";
    VERSION = JSON.parse(readFileSync4(new URL("../package.json", import.meta.url), "utf8")).version;
    BUILD_ID = readBuildId();
  }
});

// lib/write/atomic-write.js
import { randomBytes as randomBytes2 } from "node:crypto";
import { closeSync, fsyncSync, mkdirSync as mkdirSync3, openSync, readFileSync as readFileSync5, renameSync as renameSync3, rmSync as rmSync3, writeSync } from "node:fs";
import path6 from "node:path";
function writeArtifactsAtomically(outDir, files, ops = DEFAULT_OPS) {
  const staged = [];
  const unchanged = [];
  try {
    for (const file of files) {
      const target = path6.join(outDir, ...file.name.split("/"));
      const bytes = typeof file.content === "string" ? Buffer.from(file.content, "utf8") : file.content;
      if (sameBytes(target, bytes)) {
        unchanged.push(file.name);
        continue;
      }
      mkdirSync3(path6.dirname(target), { recursive: true });
      const tmp = `${target}.apidex-tmp-${process.pid}-${randomBytes2(4).toString("hex")}`;
      staged.push({ tmp, target, name: file.name });
      const fd = openSync(tmp, "w", 420);
      try {
        ops.writeSync(fd, bytes);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
  } catch (error2) {
    for (const { tmp } of staged)
      rmSync3(tmp, { force: true });
    throw error2;
  }
  for (const { tmp, target } of staged)
    renameSync3(tmp, target);
  return { written: staged.map((s) => s.name), unchanged };
}
function sameBytes(file, bytes) {
  try {
    return readFileSync5(file).equals(bytes);
  } catch {
    return false;
  }
}
var DEFAULT_OPS;
var init_atomic_write = __esm({
  "lib/write/atomic-write.js"() {
    "use strict";
    DEFAULT_OPS = { writeSync: (fd, bytes) => writeSync(fd, bytes) };
  }
});

// lib/write/canonical-json.js
function canonicalJson(value) {
  return `${JSON.stringify(value, null, 2)}
`;
}
function byCodePoint(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function sortedRecord2(record) {
  const out = {};
  for (const key of Object.keys(record).sort(byCodePoint))
    out[key] = record[key];
  return out;
}
var init_canonical_json = __esm({
  "lib/write/canonical-json.js"() {
    "use strict";
  }
});

// lib/emit/index-artifact.js
function compareOperations(a, b) {
  return byCodePoint(a.path, b.path) || byCodePoint(a.method, b.method);
}
function emitIndex(operations, service) {
  const entries = operations.filter((op) => !op.closed).sort(compareOperations).map((op) => ({
    operation_id: op.operationId,
    method: op.method,
    path: op.path,
    permissions: [...op.permissions].sort(byCodePoint),
    summary: op.summary,
    path_params: op.pathParams,
    effect: op.effect,
    documented: op.documented
  }));
  return { format: INDEX_FORMAT, service: { name: service.name, version: service.version }, count: entries.length, operations: entries };
}
var INDEX_FORMAT;
var init_index_artifact = __esm({
  "lib/emit/index-artifact.js"() {
    "use strict";
    init_canonical_json();
    INDEX_FORMAT = "apidex.operations/1";
  }
});

// lib/emit/openapi/parameters.js
function parameters(op) {
  const path18 = op.pathParams.map((name) => ({
    name,
    in: "path",
    required: true,
    description: `The ${name.replace(/_/g, " ")}.`,
    schema: op.shapes?.pathParams[name] ?? { type: "string" }
  }));
  const query = (op.shapes?.query ?? []).map((q) => {
    const { description, ...schema } = q.schema;
    return { name: q.name, in: "query", required: q.required, ...description ? { description } : {}, schema };
  });
  return [...path18, ...query];
}
var init_parameters = __esm({
  "lib/emit/openapi/parameters.js"() {
    "use strict";
  }
});

// lib/emit/openapi/request-body.js
function requestBody(op) {
  const schema = op.shapes?.body;
  if (!schema)
    return void 0;
  const examples = op.examples.filter((e) => e.kind === "request");
  return {
    required: true,
    content: {
      "application/json": {
        schema,
        ...examples.length ? { examples: Object.fromEntries(examples.map((e, i) => [`example${i + 1}`, { value: e.value }])) } : {}
      }
    }
  };
}
var init_request_body = __esm({
  "lib/emit/openapi/request-body.js"() {
    "use strict";
  }
});

// lib/emit/openapi/responses.js
function responses(op) {
  const shapes = op.shapes?.responses ?? [{ status: op.effect === "remove" ? "204" : "200" }];
  const statuses = new Map(shapes.map((r) => [r.status, r]));
  for (const e of op.examples)
    if (e.kind === "response" && !statuses.has(e.status))
      statuses.set(e.status, { status: e.status });
  const out = {};
  for (const status of [...statuses.keys()].sort(byCodePoint)) {
    const shape = statuses.get(status);
    const examples = op.examples.filter((e) => e.kind === "response" && e.status === status);
    const media = shape.mediaType ?? "application/json";
    const content = shape.schema || shape.mediaType || examples.length ? {
      [media]: {
        ...shape.schema ? { schema: shape.schema } : shape.mediaType ? { schema: { type: "string", .../pdf|octet/.test(media) ? { format: "binary" } : {} } } : {},
        ...examples.length ? { examples: Object.fromEntries(examples.map((e, i) => [`example${i + 1}`, { value: e.value }])) } : {}
      }
    } : void 0;
    out[status] = { description: describeStatus(status), ...content ? { content } : {} };
  }
  out["401"] = {
    description: "The request has no valid API key.",
    content: { "application/json": { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` } } }
  };
  const [first] = op.permissions;
  out["403"] = {
    description: op.permissions.length ? `The key lacks a permission this operation checks (${op.permissions.join(", ")}); the body names the missing key.` : "The key may not call this operation.",
    content: {
      "application/json": {
        schema: { $ref: `#/components/schemas/${REFUSAL_SCHEMA_NAME}` },
        ...first ? {
          example: {
            error: "missing_permission",
            permission: first,
            message: `This key lacks the permission ${first}. Add it to the key to call this operation.`
          }
        } : {}
      }
    }
  };
  return out;
}
function describeStatus(status) {
  const known = {
    "200": "Success.",
    "201": "Created.",
    "202": "Accepted.",
    "204": "Done; no content.",
    "400": "The request is not valid.",
    "404": "Not found.",
    "409": "Conflict with the current state.",
    "422": "The request cannot be processed."
  };
  return known[status] ?? `Status ${status}.`;
}
function refusalSchemas() {
  return {
    [ERROR_SCHEMA_NAME]: {
      type: "object",
      required: ["error", "message"],
      properties: {
        error: { type: "string", description: "A machine-readable error code." },
        message: { type: "string", description: "What went wrong, for people." }
      }
    },
    [REFUSAL_SCHEMA_NAME]: {
      type: "object",
      description: "Returned with 403 when the key lacks a permission the operation checks.",
      required: ["error", "permission", "message"],
      properties: {
        error: { type: "string", const: "missing_permission" },
        permission: { type: "string", description: "The exact permission key to add to the API key." },
        message: { type: "string" }
      }
    }
  };
}
var REFUSAL_SCHEMA_NAME, ERROR_SCHEMA_NAME;
var init_responses = __esm({
  "lib/emit/openapi/responses.js"() {
    "use strict";
    init_canonical_json();
    REFUSAL_SCHEMA_NAME = "PermissionRefusal";
    ERROR_SCHEMA_NAME = "Error";
  }
});

// lib/emit/openapi/operation.js
function operationObject(op) {
  const parameters2 = parameters(op);
  const body = requestBody(op);
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...op.description ? { description: op.description } : {},
    ...op.tags.length ? { tags: op.tags } : {},
    ...op.deprecated ? { deprecated: true } : {},
    ...parameters2.length ? { parameters: parameters2 } : {},
    ...body ? { requestBody: body } : {},
    responses: responses(op),
    ...op.scope ? { "x-service-scope": op.scope } : {},
    "x-service-permissions": op.permissions,
    "x-service-destructive": op.destructive
  };
}
var init_operation = __esm({
  "lib/emit/openapi/operation.js"() {
    "use strict";
    init_parameters();
    init_request_body();
    init_responses();
  }
});

// lib/emit/openapi/document.js
function emitOpenApi(operations, config, schemas = {}) {
  const documented = operations.filter((op) => op.documented && !op.closed).sort(compareOperations);
  const { openapi } = config;
  const securitySchemes = openapi.securitySchemes ?? DEFAULT_SECURITY_SCHEMES;
  const security = openapi.security ?? Object.keys(securitySchemes).sort(byCodePoint).map((name) => ({ [name]: [] }));
  const paths = {};
  for (const op of documented) {
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  }
  const methodOrder = (m) => HTTP_METHODS.indexOf(m);
  for (const [path18, item] of Object.entries(paths)) {
    paths[path18] = Object.fromEntries(Object.entries(item).sort(([a], [b]) => methodOrder(a) - methodOrder(b)));
  }
  const tagNames = [...new Set(documented.flatMap((op) => op.tags))].sort(byCodePoint);
  const tags = tagNames.map((name) => ({ name, ...openapi.tags?.[name] ? { description: openapi.tags[name] } : {} }));
  return {
    openapi: "3.1.0",
    info: {
      title: openapi.info?.title ?? config.service.name,
      version: openapi.info?.version ?? config.service.version,
      ...Object.fromEntries(Object.entries(openapi.info ?? {}).filter(([key]) => key !== "title" && key !== "version"))
    },
    ...openapi.servers?.length ? { servers: openapi.servers } : {},
    security,
    ...tags.length ? { tags } : {},
    paths: sortedRecord2(paths),
    components: {
      schemas: sortedRecord2({ ...schemas, ...refusalSchemas() }),
      securitySchemes: sortedRecord2(securitySchemes)
    }
  };
}
var DEFAULT_SECURITY_SCHEMES;
var init_document = __esm({
  "lib/emit/openapi/document.js"() {
    "use strict";
    init_defaults();
    init_canonical_json();
    init_index_artifact();
    init_operation();
    init_responses();
    DEFAULT_SECURITY_SCHEMES = {
      ApiKey: {
        type: "http",
        scheme: "bearer",
        description: "An API key, sent as `Authorization: Bearer <key>`. Each operation lists the permission keys it checks in x-service-permissions."
      }
    };
  }
});

// lib/typescript.js
import { readFileSync as readFileSync6 } from "node:fs";
import { createRequire as createRequire2 } from "node:module";
import path7 from "node:path";
function libFileText(fileName) {
  const name = libName(fileName);
  if (!name)
    return void 0;
  const text = extractedLibs().texts.get(name);
  if (text !== void 0)
    return text;
  allLibTexts ??= new Map(require2("@ts-morph/common").getLibFiles().map((f) => [f.fileName, f.text]));
  return allLibTexts.get(name);
}
function libFileGlobals(fileName) {
  const name = libName(fileName);
  if (!name)
    return void 0;
  const known = extractedLibs().globals.get(name);
  if (known)
    return known;
  const text = libFileText(fileName);
  return text === void 0 ? void 0 : topLevelNames(text);
}
function topLevelNames(text) {
  const file = ts.createSourceFile("lib.d.ts", text, ts.ScriptTarget.Latest, false);
  const names = /* @__PURE__ */ new Set();
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name))
          names.add(d.name.text);
    } else if ((ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isFunctionDeclaration(statement) || ts.isEnumDeclaration(statement) || ts.isModuleDeclaration(statement)) && statement.name && ts.isIdentifier(statement.name)) {
      names.add(statement.name.text);
    }
  }
  return [...names].sort();
}
function libName(fileName) {
  const name = path7.basename(fileName);
  return path7.dirname(fileName) === LIB_FOLDER && /^lib\.[\w.]+\.d\.ts$|^lib\.d\.ts$/.test(name) ? name : void 0;
}
function extractedLibs() {
  if (extracted)
    return extracted;
  try {
    const data = JSON.parse(readFileSync6(new URL("../lib/typescript-libs.json", import.meta.url), "utf8"));
    extracted = { texts: new Map(Object.entries(data.texts)), globals: new Map(Object.entries(data.globals)) };
  } catch {
    extracted = { texts: /* @__PURE__ */ new Map(), globals: /* @__PURE__ */ new Map() };
  }
  return extracted;
}
var require2, ts, LIB_FOLDER, extracted, allLibTexts;
var init_typescript = __esm({
  "lib/typescript.js"() {
    "use strict";
    require2 = createRequire2(createRequire2(import.meta.url).resolve("ts-morph"));
    ts = require2("@ts-morph/common/dist/typescript.js");
    LIB_FOLDER = path7.dirname(ts.getDefaultLibFilePath({}));
  }
});

// lib/scan/calls.js
function holdsNoCalls(kind) {
  return kind === ts.SyntaxKind.InterfaceDeclaration || kind === ts.SyntaxKind.TypeAliasDeclaration || kind === ts.SyntaxKind.ImportDeclaration || kind >= ts.SyntaxKind.FirstTypeNode && kind <= ts.SyntaxKind.LastTypeNode;
}
function callsOf(file) {
  let calls = callsByFile.get(file);
  if (calls)
    return calls;
  const found = [];
  const visit = (node) => {
    const kind = node.kind;
    if (kind === ts.SyntaxKind.CallExpression || kind === ts.SyntaxKind.NewExpression)
      found.push(node);
    else if (kind <= ts.SyntaxKind.LastToken || holdsNoCalls(kind))
      return;
    ts.forEachChild(node, visit);
  };
  visit(file);
  callsByFile.set(file, calls = found);
  return calls;
}
function linkParentsAndCalls(file) {
  const found = [];
  let parent = file;
  let listing = true;
  const visit = (node) => {
    node.parent = parent;
    const kind = node.kind;
    if (kind <= ts.SyntaxKind.LastToken)
      return;
    const wasListing = listing;
    if (kind === ts.SyntaxKind.CallExpression || kind === ts.SyntaxKind.NewExpression) {
      if (listing)
        found.push(node);
    } else if (listing && holdsNoCalls(kind)) {
      listing = false;
    }
    const outer = parent;
    parent = node;
    ts.forEachChild(node, visit);
    parent = outer;
    listing = wasListing;
  };
  ts.forEachChild(file, visit);
  callsByFile.set(file, found);
}
function callsWithin(node, keep) {
  const calls = callsOf(node.getSourceFile());
  const { pos, end } = node;
  let low = 0;
  let high = calls.length;
  while (low < high) {
    const mid = low + high >>> 1;
    if (calls[mid].pos < pos)
      low = mid + 1;
    else
      high = mid;
  }
  const out = [];
  for (let i = low; i < calls.length && calls[i].pos < end; i++) {
    if (calls[i].end <= end && (!keep || keep(calls[i])))
      out.push(calls[i]);
  }
  return out;
}
var callsByFile;
var init_calls = __esm({
  "lib/scan/calls.js"() {
    "use strict";
    init_typescript();
    callsByFile = /* @__PURE__ */ new WeakMap();
  }
});

// lib/scan/source-set.js
import { readFileSync as readFileSync7 } from "node:fs";
import path8 from "node:path";
import picomatch from "picomatch";
function resolutionKey(specifier, fromFile) {
  return isRelative(specifier) ? path8.posix.join(path8.posix.dirname(fileKey(fromFile)), specifier) : `${path8.dirname(fromFile)}\0${specifier}`;
}
function isRelative(specifier) {
  return specifier === "." || specifier === ".." || specifier.startsWith("./") || specifier.startsWith("../");
}
function fileKey(fileName) {
  if (path8.sep === "/" && fileName.charCodeAt(0) === 47)
    return fileName;
  return (path8.isAbsolute(fileName) ? fileName : path8.resolve(fileName)).split(path8.sep).join("/");
}
function mayDocument(text) {
  return text.includes("@documented");
}
function hasJsDoc(file) {
  return file.jsDocParsingMode !== ts.JSDocParsingMode.ParseNone;
}
function parse(fileName, text, withJsDoc) {
  if (withJsDoc)
    return ts.createSourceFile(fileName, text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseAll }, true);
  const file = ts.createSourceFile(fileName, text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, false);
  linkParentsAndCalls(file);
  return file;
}
function readFromDisk(fileName) {
  try {
    return readFileSync7(fileName, "utf8");
  } catch {
    return void 0;
  }
}
function readCompilerOptions(tsconfig) {
  const text = ts.sys.readFile(tsconfig);
  if (text === void 0)
    throw new UsageError(`Cannot read the tsconfig ${tsconfig}.`, "Fix the path (the `tsconfig` field of the config), or remove it to use none.");
  const source = ts.parseJsonText(tsconfig, text);
  const syntax = source.parseDiagnostics?.[0];
  if (syntax) {
    const { line: line2, character } = source.getLineAndCharacterOfPosition(syntax.start ?? 0);
    throw new UsageError(`${tsconfig}:${line2 + 1}:${character + 1}: ${ts.flattenDiagnosticMessageText(syntax.messageText, " ")}`, "Fix the tsconfig's JSON; apidex reads its compiler options (paths, module resolution).");
  }
  const host = { useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames, readDirectory: () => [], fileExists: ts.sys.fileExists, readFile: ts.sys.readFile };
  const parsed = ts.parseJsonSourceFileConfigFileContent(source, host, path8.dirname(tsconfig), void 0, tsconfig);
  const extended = source.extendedSourceFiles ?? [];
  return { options: parsed.options, files: [tsconfig, ...extended].map((f) => path8.resolve(f)) };
}
function createProgramOver(sources, rootNames, options, skipModule) {
  const host = sources.host;
  const libs = /* @__PURE__ */ new Map();
  const moduleCache = ts.createModuleResolutionCache(sources.root, (f) => f, options);
  const compilerHost = {
    getSourceFile(fileName, languageVersionOrOptions) {
      const libText = libFileText(fileName);
      if (libText !== void 0) {
        let lib = libs.get(fileName) ?? LIB_CACHE.get(fileName);
        if (!lib)
          LIB_CACHE.set(fileName, lib = ts.createSourceFile(fileName, libText, languageVersionOrOptions, true));
        libs.set(fileName, lib);
        return lib;
      }
      return sources.typeProgramFile(fileName, languageVersionOrOptions);
    },
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    getDefaultLibLocation: () => LIB_FOLDER,
    writeFile: () => {
    },
    getCurrentDirectory: () => sources.root,
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => host.useCaseSensitiveFileNames !== false,
    getNewLine: () => "\n",
    fileExists: (f) => libFileText(f) !== void 0 || host.fileExists(f),
    readFile: (f) => libFileText(f) ?? host.readFile(f),
    ...host.directoryExists ? { directoryExists: (d) => d === LIB_FOLDER || host.directoryExists(d) } : {},
    ...host.getDirectories ? { getDirectories: (d) => host.getDirectories(d) } : {},
    ...host.realpath ? { realpath: (f) => host.realpath(f) } : {},
    resolveModuleNameLiterals(literals, containingFile, redirectedReference, compilerOptions, containingSourceFile) {
      return literals.map((literal) => {
        if (skipModule?.(literal.text, containingSourceFile))
          return { resolvedModule: void 0 };
        const mode = ts.getModeForUsageLocation(containingSourceFile, literal, compilerOptions);
        return ts.resolveModuleName(literal.text, containingFile, compilerOptions, compilerHost, moduleCache, redirectedReference, mode);
      });
    }
  };
  return ts.createProgram({ rootNames, options, host: compilerHost });
}
async function scanProject(options, known, replayed = /* @__PURE__ */ new Set()) {
  const tsconfig = options.tsconfig ? readCompilerOptions(options.tsconfig) : void 0;
  const compilerOptions = tsconfig?.options ?? defaultCompilerOptions();
  const names = known?.listed ?? await listSources(options);
  const files = [];
  const replayedScanned = [];
  const routeCapable = [];
  for (const name of names) {
    let text = known?.texts.get(name);
    const capable = (text === void 0 ? known?.routeCapable?.(name) : void 0) ?? mayRegisterRoutes(text ??= readFileSync7(name, "utf8"), path8.relative(options.root, name));
    if (!capable)
      continue;
    routeCapable.push(name);
    if (replayed.has(fileKey(name)))
      replayedScanned.push(fileKey(name));
    else
      files.push(parse(fileKey(name), text ??= readFileSync7(name, "utf8"), mayDocument(text)));
  }
  const set = new SourceSet(options.root, compilerOptions, DISK_HOST, files, options.tsconfig, false, names);
  for (const name of replayed)
    set.replayed.add(fileKey(name));
  set.replayedScanned = replayedScanned;
  set.routeCapable = routeCapable;
  if (tsconfig)
    set.recordInputs(tsconfig.files);
  return set;
}
function defaultCompilerOptions() {
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowJs: true,
    resolveJsonModule: true
  };
}
function syntaxErrorsOf(files) {
  const out = [];
  for (const file of files) {
    const parseDiagnostics = file.parseDiagnostics ?? [];
    for (const d of parseDiagnostics) {
      const { line: line2, character } = file.getLineAndCharacterOfPosition(d.start);
      out.push({
        severity: "error",
        code: "APX100",
        message: `Syntax error: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
        site: { file: file.fileName, line: line2 + 1, column: character + 1 },
        hint: "Fix the syntax error; routes in the rest of this file are still analysed where the parser recovered."
      });
    }
  }
  return out;
}
var SourceSet, PACKAGE_JSON, MISSING_CANDIDATES, DISK_HOST, LIB_CACHE;
var init_source_set = __esm({
  "lib/scan/source-set.js"() {
    "use strict";
    init_typescript();
    init_diagnostic();
    init_calls();
    init_route_hints();
    init_list_sources();
    SourceSet = class {
      root;
      compilerOptions;
      files;
      tsconfig;
      inMemory;
      parsed = /* @__PURE__ */ new Map();
      /** Files only type programs read (models, library types), kept apart from the analysed sources. */
      typeOnly = /* @__PURE__ */ new Map();
      resolved = /* @__PURE__ */ new Map();
      /** Whether imports resolve, for imports nothing evaluated (`importResolves`). */
      resolves = /* @__PURE__ */ new Map();
      listed = /* @__PURE__ */ new Set();
      extraInputs = /* @__PURE__ */ new Set();
      packageJsons = /* @__PURE__ */ new Set();
      compiledProgram;
      /** Files this run replays from summaries instead of parsing (extract/incremental); imports resolve to them as `replayed`. */
      replayed = /* @__PURE__ */ new Set();
      /** The replayed files the scan would have parsed (globbed, able to register routes), sorted: they run in path order among `files`. */
      replayedScanned = [];
      /** The listed files the scan found able to register routes (parsed or replayed), for the run cache. */
      routeCapable = [];
      /** Whether every parsed file carries JSDoc nodes (the type checker reads descriptions from them). */
      withJsDoc;
      /** Where files are read; package.json files read through it (module resolution) are recorded as inputs. */
      host;
      constructor(root, compilerOptions, host, files, tsconfig, inMemory = false, listed = []) {
        this.root = root;
        this.compilerOptions = compilerOptions;
        this.files = files;
        this.tsconfig = tsconfig;
        this.inMemory = inMemory;
        this.host = {
          ...host,
          readFile: (fileName) => {
            const text = host.readFile(fileName);
            if (text !== void 0 && PACKAGE_JSON.test(fileName))
              this.packageJsons.add(fileName);
            return text;
          }
        };
        for (const name of listed)
          this.listed.add(fileKey(name));
        this.withJsDoc = inMemory;
        for (const file of files)
          this.parsed.set(file.fileName, file);
      }
      /** Resolves an import the way the project's tsconfig does (path aliases, `.js` to `.ts`). */
      resolveImport(specifier, fromFile) {
        const cacheKey2 = resolutionKey(specifier, fromFile);
        const cached = this.resolved.get(cacheKey2);
        if (cached)
          return cached;
        const target = this.resolveUncached(specifier, fromFile);
        this.resolved.set(cacheKey2, target);
        return target;
      }
      /**
       * Whether an import resolves to a file, without parsing it: for the broken-import check, which runs
       * over every import of every analysed file. A module nothing evaluates is never parsed, so a change to
       * it (a service a handler calls, say) cannot change what the analysis read.
       */
      importResolves(specifier, fromFile) {
        const key = resolutionKey(specifier, fromFile);
        const cached = this.resolved.get(key);
        if (cached)
          return cached.kind !== "missing";
        let resolves = this.resolves.get(key);
        if (resolves === void 0) {
          resolves = Boolean(this.listedTarget(specifier, fromFile) ?? ts.resolveModuleName(specifier, fromFile, this.compilerOptions, this.host).resolvedModule);
          if (!resolves && (specifier.startsWith(".") || specifier.startsWith("/")))
            this.recordMissing(specifier, fromFile);
          this.resolves.set(key, resolves);
        }
        return resolves;
      }
      /**
       * The project file an import names, without parsing it; undefined for packages, library declarations
       * and imports that resolve to nothing (extract/incremental's import graph).
       */
      importedFile(specifier, fromFile) {
        const cached = this.resolved.get(resolutionKey(specifier, fromFile));
        if (cached)
          return cached.kind === "source" ? cached.file.fileName : cached.kind === "replayed" ? cached.fileName : void 0;
        const listed = this.listedTarget(specifier, fromFile);
        if (listed)
          return listed;
        const module2 = ts.resolveModuleName(specifier, fromFile, this.compilerOptions, this.host).resolvedModule;
        if (!module2 || module2.isExternalLibraryImport || /[\\/]node_modules[\\/]/.test(module2.resolvedFileName))
          return void 0;
        return fileKey(module2.resolvedFileName);
      }
      recordMissing(specifier, fromFile) {
        const base = path8.resolve(path8.dirname(fromFile), specifier).replace(/\.(m|c)?jsx?$/, "");
        for (const ending of MISSING_CANDIDATES)
          this.extraInputs.add(base + ending);
      }
      resolveUncached(specifier, fromFile) {
        const listed = this.listedTarget(specifier, fromFile);
        if (listed && this.replayed.has(listed))
          return { kind: "replayed", fileName: listed };
        const listedFile = listed ? this.getFile(listed) : void 0;
        if (listedFile)
          return { kind: "source", file: listedFile };
        const result = ts.resolveModuleName(specifier, fromFile, this.compilerOptions, this.host);
        const module2 = result.resolvedModule;
        const isRelative2 = specifier.startsWith(".") || specifier.startsWith("/");
        if (!module2 && isRelative2) {
          this.recordMissing(specifier, fromFile);
          return { kind: "missing", specifier };
        }
        if (!module2)
          return { kind: "external", module: specifier };
        if (module2.isExternalLibraryImport || module2.resolvedFileName.endsWith(".d.ts") || /[\\/]node_modules[\\/]/.test(module2.resolvedFileName)) {
          return { kind: "external", module: specifier };
        }
        if (this.replayed.has(fileKey(module2.resolvedFileName)))
          return { kind: "replayed", fileName: fileKey(module2.resolvedFileName) };
        const file = this.getFile(module2.resolvedFileName);
        return file ? { kind: "source", file } : { kind: "missing", specifier };
      }
      /**
       * A relative `./x.js` whose `./x.ts` the globs listed resolves to it in every module resolution mode
       * (the compiler tries that file first), so the disk need not be probed. Anything else (no extension,
       * path aliases, a `.tsx` without a `.ts`) is left to the compiler.
       */
      listedTarget(specifier, fromFile) {
        if (!this.listed.size || !(specifier.startsWith("./") || specifier.startsWith("../")))
          return void 0;
        const match = /\.(js|mjs|cjs|jsx)$/.exec(specifier);
        if (!match)
          return void 0;
        const source = { js: ".ts", mjs: ".mts", cjs: ".cts", jsx: ".tsx" }[match[1]];
        const candidate = path8.posix.join(path8.posix.dirname(fileKey(fromFile)), specifier.slice(0, -match[0].length) + source);
        return this.listed.has(candidate) && !candidate.includes("/node_modules/") ? candidate : void 0;
      }
      /** The program over every in-memory file; only in-memory sources use it (see resolve/types/type-context). */
      get program() {
        this.compiledProgram ??= createProgramOver(this, [...this.parsed.keys()].sort(), this.compilerOptions);
        return this.compiledProgram;
      }
      /**
       * Brings the set up to date after files changed on disk (watch mode): changed files are re-parsed,
       * deleted ones dropped, new ones added when they can register routes. Only these files are parsed.
       */
      refresh(changed, options) {
        this.resolved.clear();
        this.resolves.clear();
        this.compiledProgram = void 0;
        for (const name of changed)
          this.typeOnly.delete(fileKey(name));
        const inScope = picomatch(options.include, { dot: true, ignore: options.exclude });
        for (const changedName of changed) {
          const name = fileKey(changedName);
          const existing = this.parsed.get(name);
          if (!existing && !inScope(path8.relative(options.root, name).split(path8.sep).join("/")))
            continue;
          const text = this.host.readFile(name);
          if (text === void 0)
            this.listed.delete(name);
          else if (inScope(path8.relative(options.root, name).split(path8.sep).join("/")))
            this.listed.add(name);
          if (text === void 0)
            this.parsed.delete(name);
          else if (existing || mayRegisterRoutes(text, path8.relative(options.root, name)))
            this.parsed.set(name, parse(name, text, this.withJsDoc || mayDocument(text)));
        }
        this.files = [...this.parsed.values()].filter((f) => !/[\\/]node_modules[\\/]/.test(f.fileName) && mayRegisterRoutes(f.text, path8.relative(options.root, f.fileName))).sort((a, b) => a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0);
      }
      /**
       * Drops the syntax trees of files `keep` declines, so memory can be reclaimed: for a run that is done
       * with extraction. A dropped file that is needed again is parsed again.
       */
      release(keep) {
        for (const name of [...this.parsed.keys()])
          if (!keep(name))
            this.parsed.delete(name);
        this.files = this.files.filter((f) => keep(f.fileName));
        this.resolved.clear();
        this.resolves.clear();
      }
      /** Every file the analysis parsed: the globbed ones and those imports pulled in. */
      parsedFiles() {
        return [...this.parsed.values()];
      }
      /** Records files the analysis read besides its parsed sources (declaration files behind a key's type). */
      recordInputs(files) {
        for (const file of files)
          this.extraInputs.add(file);
      }
      /** Every file whose content can change what the analysis finds: for the run cache. */
      inputFiles() {
        return [.../* @__PURE__ */ new Set([...this.parsed.keys(), ...this.replayed, ...this.extraInputs, ...this.packageJsons])];
      }
      /** The package.json files module resolution has read so far (the type phase's record needs them too). */
      packageJsonsRead() {
        return [...this.packageJsons].sort();
      }
      /** Syntax errors of every parsed file; the files are still analysed where the parser recovered. */
      syntaxDiagnostics() {
        return syntaxErrorsOf(this.parsedFiles().filter((f) => !/[\\/]node_modules[\\/]/.test(f.fileName)));
      }
      /**
       * A file for a type program: a parsed source, or else a file parsed (once) for type programs only.
       * The module format is the program's to decide, from package.json.
       */
      typeProgramFile(fileName, options) {
        const name = fileKey(fileName);
        const scanned = this.parsed.get(name);
        const own = scanned && hasJsDoc(scanned) ? scanned : void 0;
        if (own) {
          if (typeof options === "object" && options.impliedNodeFormat !== void 0) {
            own.impliedNodeFormat = options.impliedNodeFormat;
          }
          return own;
        }
        let file = this.typeOnly.get(name);
        if (!file) {
          const text = this.host.readFile(name);
          if (text === void 0)
            return void 0;
          file = ts.createSourceFile(name, text, options, true);
          this.typeOnly.set(name, file);
        }
        return file;
      }
      /** A parsed source file by absolute path, without parsing anything. */
      parsedFile(fileName) {
        return this.parsed.get(fileKey(fileName));
      }
      /** A source file by absolute path; files outside the globs are parsed on first use (an import needs them). */
      getFile(fileName) {
        const name = fileKey(fileName);
        const existing = this.parsed.get(name);
        if (existing)
          return existing;
        const text = this.host.readFile(name);
        if (text === void 0)
          return void 0;
        const file = parse(name, text, this.withJsDoc || mayDocument(text));
        this.parsed.set(name, file);
        return file;
      }
    };
    PACKAGE_JSON = /(^|[\\/])package\.json$/;
    MISSING_CANDIDATES = [".ts", ".tsx", ".mts", ".cts", ".d.ts", ".js", ".mjs", ".cjs", "/index.ts", "/index.tsx", "/index.js"];
    DISK_HOST = {
      readFile: readFromDisk,
      fileExists: (f) => ts.sys.fileExists(f),
      directoryExists: (d) => ts.sys.directoryExists(d),
      getDirectories: (d) => ts.sys.getDirectories(d),
      realpath: (f) => ts.sys.realpath?.(f) ?? f,
      getCurrentDirectory: () => ts.sys.getCurrentDirectory(),
      useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames
    };
    LIB_CACHE = /* @__PURE__ */ new Map();
  }
});

// lib/resolve/types/permission-imports.js
function permissionOnlyImports(file, permissionCalls) {
  const namesBySpecifier = /* @__PURE__ */ new Map();
  const keep = /* @__PURE__ */ new Set();
  const importRanges = [];
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier))
      keep.add(statement.moduleSpecifier.text);
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue;
    const specifier = statement.moduleSpecifier.text;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) {
      keep.add(specifier);
      continue;
    }
    const names = namesBySpecifier.get(specifier) ?? [];
    if (clause.name)
      names.push(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings))
      names.push(bindings.name.text);
    else if (bindings) {
      for (const element of bindings.elements) {
        if (element.isTypeOnly)
          keep.add(specifier);
        names.push(element.name.text);
      }
    }
    namesBySpecifier.set(specifier, names);
    importRanges.push([statement.pos, statement.end]);
  }
  for (const specifier of keep)
    namesBySpecifier.delete(specifier);
  if (!namesBySpecifier.size || !permissionCalls.size)
    return NONE;
  const wanted = new Set([...namesBySpecifier.values()].flat());
  const inChecks = /* @__PURE__ */ new Map();
  const count = (node) => {
    if (ts.isIdentifier(node) && wanted.has(node.text))
      inChecks.set(node.text, (inChecks.get(node.text) ?? 0) + 1);
    ts.forEachChild(node, count);
  };
  let countedUntil = -1;
  for (const call of callsOf(file)) {
    if (!ts.isCallExpression(call) || call.pos < countedUntil)
      continue;
    const callee = call.expression;
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : void 0;
    if (name === void 0 || !permissionCalls.has(name))
      continue;
    count(call);
    countedUntil = call.end;
  }
  const text = file.text;
  const outsideImports = (index) => !importRanges.some(([start, end]) => index >= start && index < end);
  const mentions = (name) => {
    let n = 0;
    for (const match of text.matchAll(new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g")))
      if (outsideImports(match.index))
        n++;
    return n;
  };
  const out = /* @__PURE__ */ new Set();
  for (const [specifier, names] of namesBySpecifier) {
    if (names.every((name) => (inChecks.get(name) ?? 0) > 0 && mentions(name) === inChecks.get(name)))
      out.add(specifier);
  }
  return out;
}
var NONE;
var init_permission_imports = __esm({
  "lib/resolve/types/permission-imports.js"() {
    "use strict";
    init_calls();
    init_typescript();
    NONE = /* @__PURE__ */ new Set();
  }
});

// lib/resolve/types/type-context.js
import path9 from "node:path";
function createTypeContext(sources, rootFiles, options = {}) {
  if (sources.inMemory) {
    const program2 = sources.program;
    return { root: sources.root, checker: program2.getTypeChecker(), map: (node) => node, file: (f) => sources.getFile(f), isProjectFile: (f) => isProjectFile(program2, f), programFiles: () => filesOf(program2), libs: program2.getCompilerOptions().lib ?? [] };
  }
  const roots = [...new Set(rootFiles)].sort();
  const permissionCalls = new Set(options.skipPermissionImports ?? []);
  const permissionOnly = /* @__PURE__ */ new Map();
  const skip = (specifier, containingFile) => {
    if (FRAMEWORK_PACKAGES.has(packageOf(specifier)))
      return true;
    if (!permissionCalls.size || containingFile.isDeclarationFile)
      return false;
    let modules = permissionOnly.get(containingFile);
    if (!modules)
      permissionOnly.set(containingFile, modules = permissionOnlyImports(containingFile, permissionCalls));
    return modules.has(specifier);
  };
  const compilerOptions = { ...sources.compilerOptions, types: [], noEmit: true };
  const full = shapeLibs(sources.compilerOptions.lib);
  let libs = [LEAN_LIB];
  let program = createProgramOver(sources, roots, { ...compilerOptions, lib: libs }, skip);
  if (full.some((lib) => lib !== LEAN_LIB) && namesLaterLibGlobals(program, full))
    program = createProgramOver(sources, roots, { ...compilerOptions, lib: libs = full }, skip);
  const checker = program.getTypeChecker();
  return {
    root: sources.root,
    libs,
    checker,
    file: (f) => program.getSourceFile(f),
    isProjectFile: (f) => isProjectFile(program, f),
    programFiles: () => filesOf(program),
    map(node) {
      const source = node.getSourceFile();
      const target = program.getSourceFile(source.fileName);
      if (!target)
        throw new Error(`${source.fileName} is not in the type program`);
      return target === source ? node : findSame(target, node) ?? node;
    }
  };
}
function shapeLibs(libs) {
  const kept = (libs ?? []).filter((l) => !/dom|webworker|scripthost/i.test(l));
  return kept.length ? kept : ["lib.es2023.d.ts"];
}
function namesLaterLibGlobals(program, libs) {
  const later = laterLibGlobals(libs);
  for (const file of program.getSourceFiles()) {
    if (program.isSourceFileDefaultLibrary(file))
      continue;
    const identifiers = file.identifiers;
    for (const name of identifiers.keys())
      if (later.has(name))
        return true;
  }
  return false;
}
function laterLibGlobals(libs) {
  const key = libs.join(",");
  let names = laterGlobalsCache.get(key);
  if (names)
    return names;
  const es5 = new Set(libClosure([LEAN_LIB]).flatMap((lib) => libFileGlobals(lib) ?? []));
  names = new Set(libClosure(libs).flatMap((lib) => libFileGlobals(lib) ?? []).filter((n) => !es5.has(n)));
  laterGlobalsCache.set(key, names);
  return names;
}
function libClosure(libs) {
  const seen = /* @__PURE__ */ new Set();
  const visit = (name) => {
    const file = path9.join(LIB_FOLDER, name);
    if (seen.has(file))
      return;
    seen.add(file);
    for (const m of (libFileText(file) ?? "").matchAll(/<reference lib="([^"]+)"/g))
      visit(`lib.${m[1].toLowerCase()}.d.ts`);
  };
  for (const lib of libs)
    visit(lib.toLowerCase());
  return [...seen];
}
function packageOf(specifier) {
  const parts2 = specifier.split("/");
  return specifier.startsWith("@") ? parts2.slice(0, 2).join("/") : parts2[0];
}
function filesOf(program) {
  return program.getSourceFiles().filter((f) => !program.isSourceFileDefaultLibrary(f)).map((f) => f.fileName).sort();
}
function isProjectFile(program, file) {
  return !program.isSourceFileDefaultLibrary(file) && !program.isSourceFileFromExternalLibrary(file) && !/[\\/]node_modules[\\/]/.test(file.fileName);
}
function findSame(root, wanted) {
  if (root.pos === wanted.pos && root.end === wanted.end && root.kind === wanted.kind)
    return root;
  let found;
  ts.forEachChild(root, (child) => {
    if (found || child.pos > wanted.pos || child.end < wanted.end)
      return;
    found = findSame(child, wanted);
  });
  return found;
}
var LEAN_LIB, laterGlobalsCache, FRAMEWORK_PACKAGES;
var init_type_context = __esm({
  "lib/resolve/types/type-context.js"() {
    "use strict";
    init_source_set();
    init_typescript();
    init_permission_imports();
    LEAN_LIB = "lib.es5.d.ts";
    laterGlobalsCache = /* @__PURE__ */ new Map();
    FRAMEWORK_PACKAGES = /* @__PURE__ */ new Set(["express", "express-serve-static-core", "router", "express-promise-router", "fastify", "koa", "@koa/router", "hono", "next", "@nestjs/common", "@nestjs/core"]);
  }
});

// lib/resolve/scope.js
var Binding, Scope;
var init_scope = __esm({
  "lib/resolve/scope.js"() {
    "use strict";
    Binding = class _Binding {
      compute;
      node;
      owner;
      value;
      computing = false;
      constructor(compute, node, owner) {
        this.compute = compute;
        this.node = node;
        this.owner = owner;
      }
      /** Whether the value is known already (computed, or given). */
      get computed() {
        return this.value !== void 0;
      }
      static of(value, node) {
        const b = new _Binding(() => value, node);
        b.value = value;
        return b;
      }
      get(onCycle) {
        if (this.value)
          return this.value;
        if (this.computing)
          return onCycle();
        this.computing = true;
        try {
          this.value = this.compute();
        } finally {
          this.computing = false;
        }
        return this.value;
      }
    };
    Scope = class {
      file;
      parent;
      owner;
      bindings = /* @__PURE__ */ new Map();
      constructor(file, parent, owner) {
        this.file = file;
        this.parent = parent;
        this.owner = owner;
      }
      lookup(name) {
        for (let scope = this; scope; scope = scope.parent) {
          const binding = scope.bindings.get(name);
          if (binding)
            return binding;
        }
        return void 0;
      }
      bind(name, binding) {
        this.bindings.set(name, binding);
      }
    };
  }
});

// lib/resolve/values.js
function unknown(node, reason) {
  return { kind: "unknown", reason, node };
}
function str(value) {
  return { kind: "string", value };
}
function stringsOf(value) {
  if (value.kind === "string")
    return [value.value];
  if (value.kind === "array") {
    const out = [];
    for (const item of value.items) {
      const inner = stringsOf(item);
      if (!inner)
        return void 0;
      out.push(...inner);
    }
    return out;
  }
  return void 0;
}
var UNDEFINED;
var init_values = __esm({
  "lib/resolve/values.js"() {
    "use strict";
    UNDEFINED = { kind: "undefined" };
  }
});

// lib/resolve/interpreter.js
function calleeName(callee) {
  if (ts.isIdentifier(callee))
    return callee.text;
  if (ts.isPropertyAccessExpression(callee))
    return callee.name.text;
  return void 0;
}
function hasModifier(node, kind) {
  const modifiers = ts.canHaveModifiers(node) ? node.modifiers : void 0;
  if (!modifiers)
    return false;
  for (const m of modifiers)
    if (m.kind === kind)
      return true;
  return false;
}
function isFunctionLike(node) {
  return ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node);
}
function enclosingFunction(node, stop) {
  for (let current = node.parent; current; current = current.parent) {
    if (current === stop || isFunctionLike(current))
      return current;
  }
  return stop;
}
function boundNames(name) {
  if (ts.isIdentifier(name))
    return [name.text];
  const out = [];
  for (const element of name.elements)
    if (!ts.isOmittedExpression(element))
      out.push(...boundNames(element.name));
  return out;
}
function hasEffects(node) {
  let inner = node;
  while (ts.isParenthesizedExpression(inner) || ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner) || ts.isAwaitExpression(inner) || ts.isNonNullExpression(inner)) {
    inner = inner.expression;
  }
  return ts.isCallExpression(inner) || ts.isNewExpression(inner);
}
function containsReturn(node) {
  let found = false;
  const visit = (n) => {
    if (found || isFunctionLike(n))
      return;
    if (ts.isReturnStatement(n))
      found = true;
    else
      ts.forEachChild(n, visit);
  };
  ts.forEachChild(node, visit);
  return found;
}
function explain(value) {
  if (value.kind === "unknown")
    return value.reason;
  if (value.kind === "array") {
    const inner = value.items.find((item) => stringsOf(item) === void 0);
    return inner ? `contains an element that ${explain(inner)}` : "is an array";
  }
  if (value.kind === "runtime")
    return `is only known at run time (${value.what})`;
  if (value.kind === "undefined")
    return "is undefined";
  return `is a ${value.kind} value, not a string`;
}
function excerpt(node) {
  const text = node.getText().replace(/\s+/g, " ");
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
function relativeName(file, root) {
  return file.fileName.startsWith(root) ? file.fileName.slice(root.length + 1) : file.fileName;
}
var ReplayMiss, MAX_CALL_DEPTH, NO_CHECKS, ModuleInstance, Interpreter;
var init_interpreter = __esm({
  "lib/resolve/interpreter.js"() {
    "use strict";
    init_typescript();
    init_diagnostic();
    init_calls();
    init_type_context();
    init_scope();
    init_values();
    ReplayMiss = class extends Error {
      constructor(reason) {
        super(`incremental replay does not cover this run: ${reason}`);
        this.name = "ReplayMiss";
      }
    };
    MAX_CALL_DEPTH = 40;
    NO_CHECKS = Object.freeze([]);
    ModuleInstance = class {
      file;
      scope;
      exports = /* @__PURE__ */ new Map();
      starExports = [];
      state = "new";
      constructor(file, scope) {
        this.file = file;
        this.scope = scope;
      }
    };
    Interpreter = class {
      sources;
      diagnostics;
      host;
      modules = /* @__PURE__ */ new Map();
      bodyCheckCache = /* @__PURE__ */ new WeakMap();
      assignedNames = /* @__PURE__ */ new Map();
      permissionCalls;
      /** Permission arguments the syntax could not resolve, for the type checker (`finishChecks`). */
      unresolvedKeys = [];
      checksFinished = false;
      /** The files the type checker read for keys the syntax could not give (none when it was not needed). */
      keyTypeFiles = [];
      /** Declarations of every function the evaluator invoked. */
      invoked = /* @__PURE__ */ new Set();
      depth = 0;
      tracker;
      replay;
      replayedExports = /* @__PURE__ */ new Map();
      constructor(sources, diagnostics, options, host) {
        this.sources = sources;
        this.diagnostics = diagnostics;
        this.host = host;
        this.permissionCalls = new Set(options.permissionCalls);
        this.tracker = options.tracker;
        this.replay = options.replay;
      }
      isPermissionCall(node) {
        const name = calleeName(node.expression);
        return name !== void 0 && this.permissionCalls.has(name);
      }
      /** Evaluates every scanned module's top level, in path order (replayed modules at their place in it). */
      executeAll() {
        const replayed = this.replay?.files ?? [];
        let next = 0;
        for (const file of this.sources.files) {
          while (next < replayed.length && replayed[next] < file.fileName)
            this.moduleNamed(replayed[next++]);
          this.module(file);
        }
        while (next < replayed.length)
          this.moduleNamed(replayed[next++]);
        this.reportBrokenImports();
      }
      /**
       * A module by file name: replayed from its summary, or parsed and evaluated. Returns the exports of a
       * replayed module, undefined otherwise.
       */
      moduleNamed(fileName) {
        if (this.replay?.has(fileName))
          return this.replayedModule(fileName);
        const file = this.sources.getFile(fileName);
        if (file)
          this.module(file);
        return void 0;
      }
      replayedModule(fileName) {
        this.tracker?.touched(fileName);
        let exports = this.replayedExports.get(fileName);
        if (!exports) {
          exports = this.replay.run(fileName);
          this.replayedExports.set(fileName, exports);
        }
        return exports;
      }
      replayedExport(fileName, name) {
        const value = this.replayedModule(fileName).get(name);
        if (!value)
          throw new ReplayMiss(`${fileName} is read for \`${name}\`, which its summary does not export`);
        return value;
      }
      /**
       * A relative import that resolves to nothing is reported even when nothing apidex reads uses it: it
       * usually means a moved file, and a route behind it would be missed.
       */
      reportBrokenImports() {
        for (const file of this.sources.files) {
          this.onPost?.enter(file.fileName);
          for (const statement of file.statements) {
            if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement))
              continue;
            const specifier = statement.moduleSpecifier;
            if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith("."))
              continue;
            if (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly)
              continue;
            if (!this.sources.importResolves(specifier.text, file.fileName)) {
              this.diagnostics.warning("APX110", `Cannot resolve the import '${specifier.text}' from this file.`, siteOf(specifier), "Fix the path (or the tsconfig's paths); routes and keys behind it cannot be read.");
            }
          }
          this.onPost?.leave();
        }
      }
      /** Told which file the checks after evaluation are about (the recorder files their diagnostics under it). */
      onPost;
      module(file) {
        this.tracker?.touched(file.fileName);
        let instance = this.modules.get(file.fileName);
        if (instance)
          return instance;
        instance = new ModuleInstance(file, new Scope(file, void 0, void 0));
        this.modules.set(file.fileName, instance);
        this.execute(instance);
        return instance;
      }
      /** An export of a module, following `export * from` re-exports. */
      exportOf(instance, name, node, seen = /* @__PURE__ */ new Set()) {
        const entry = instance.exports.get(name);
        if (entry) {
          const value = entry();
          this.tracker?.exportRead(instance.file.fileName, name, value);
          return value;
        }
        if (name !== "default" && !seen.has(instance)) {
          seen.add(instance);
          for (const specifier of instance.starExports) {
            const target = this.sources.resolveImport(specifier, instance.file.fileName);
            if (target.kind === "replayed") {
              this.replayedModule(target.fileName);
              const inner2 = this.replay.exportsOf(target.fileName);
              if (inner2.star)
                throw new ReplayMiss(`${instance.file.fileName} re-exports everything of ${target.fileName}, which re-exports other modules`);
              if (!inner2.names.has(name))
                continue;
              const value = this.replayedExport(target.fileName, name);
              this.tracker?.exportRead(instance.file.fileName, name, value);
              return value;
            }
            if (target.kind !== "source")
              continue;
            const inner = this.module(target.file);
            if (inner.exports.has(name) || inner.starExports.length) {
              const value = this.exportOf(inner, name, node, seen);
              if (value.kind !== "unknown" || inner.exports.has(name)) {
                this.tracker?.exportRead(instance.file.fileName, name, value);
                return value;
              }
            }
          }
        }
        return unknown(node, `refers to \`${name}\`, which ${relativeName(instance.file, this.sources.root)} does not export`);
      }
      // ---------------------------------------------------------------------------------------------
      // Modules
      execute(instance) {
        instance.state = "executing";
        const { scope, file } = instance;
        this.tracker?.enterModule(file.fileName);
        for (const statement of file.statements)
          this.declare(statement, scope, instance);
        for (const statement of file.statements)
          this.run(statement, scope, instance);
        this.tracker?.leaveModule(file.fileName, { names: [...instance.exports.keys()], star: instance.starExports.length > 0 });
        instance.state = "done";
      }
      /** Hoisting pass: binds every top-level name before any statement runs, as JavaScript does. */
      declare(statement, scope, instance) {
        const exported = hasModifier(statement, ts.SyntaxKind.ExportKeyword);
        const isDefault = hasModifier(statement, ts.SyntaxKind.DefaultKeyword);
        const exportAs = (name, get) => {
          if (instance && exported)
            instance.exports.set(isDefault ? "default" : name, get);
        };
        if (ts.isImportDeclaration(statement) && instance) {
          this.declareImport(statement, scope);
        } else if (ts.isFunctionDeclaration(statement)) {
          if (!statement.body)
            return;
          const value = { kind: "function", decl: statement, scope };
          const name = statement.name?.text;
          if (name)
            scope.bind(name, Binding.of(value, statement));
          exportAs(name ?? "default", () => value);
        } else if (ts.isClassDeclaration(statement)) {
          const value = { kind: "class", decl: statement, scope };
          const name = statement.name?.text;
          if (name)
            scope.bind(name, Binding.of(value, statement));
          exportAs(name ?? "default", () => value);
        } else if (ts.isEnumDeclaration(statement)) {
          const binding = new Binding(() => this.enumValue(statement, scope), statement, instance?.file.fileName);
          scope.bind(statement.name.text, binding);
          exportAs(statement.name.text, () => this.read(binding, statement));
        } else if (ts.isVariableStatement(statement)) {
          for (const declaration of statement.declarationList.declarations) {
            for (const [name, binding] of this.declareVariable(declaration, scope)) {
              if (instance)
                binding.owner = instance.file.fileName;
              scope.bind(name, binding);
              exportAs(name, () => this.read(binding, declaration));
            }
          }
        } else if (ts.isExportDeclaration(statement) && instance && !statement.isTypeOnly) {
          this.declareExport(statement, scope, instance);
        } else if (ts.isExportAssignment(statement) && instance && !statement.isExportEquals) {
          const binding = new Binding(() => this.evaluate(statement.expression, scope), statement, instance.file.fileName);
          instance.exports.set("default", () => this.read(binding, statement));
          scope.bind("\0default", binding);
        }
      }
      /** Execution pass: statements with effects, in source order. */
      run(statement, scope, instance) {
        if (ts.isVariableStatement(statement)) {
          for (const declaration of statement.declarationList.declarations) {
            if (declaration.initializer && hasEffects(declaration.initializer)) {
              for (const name of boundNames(declaration.name)) {
                const binding = scope.bindings.get(name);
                if (binding)
                  this.read(binding, declaration);
              }
            }
          }
        } else if (ts.isExpressionStatement(statement)) {
          this.evaluate(statement.expression, scope);
        } else if (ts.isExportAssignment(statement) && instance) {
          const binding = scope.bindings.get("\0default");
          if (binding)
            this.read(binding, statement);
        }
      }
      declareImport(statement, scope) {
        const clause = statement.importClause;
        if (!clause || clause.isTypeOnly || !ts.isStringLiteral(statement.moduleSpecifier))
          return;
        const specifier = statement.moduleSpecifier.text;
        const fromFile = scope.file.fileName;
        const importValue = (name, node) => {
          const target = this.sources.resolveImport(specifier, fromFile);
          if (target.kind === "missing") {
            return unknown(node, `is imported from '${specifier}', which cannot be resolved from this file`);
          }
          if (target.kind === "external")
            return { kind: "external", module: specifier, path: name === void 0 ? [] : [name] };
          if (target.kind === "replayed") {
            if (name === void 0)
              throw new ReplayMiss(`${fromFile} imports all of ${target.fileName} as a namespace`);
            return this.replayedExport(target.fileName, name);
          }
          if (name === void 0)
            return { kind: "namespace", file: target.file };
          return this.exportOf(this.module(target.file), name, node);
        };
        if (clause.name) {
          const node = clause.name;
          scope.bind(node.text, new Binding(() => importValue("default", node), node));
        }
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) {
          scope.bind(bindings.name.text, new Binding(() => importValue(void 0, bindings), bindings));
        } else if (bindings) {
          for (const element of bindings.elements) {
            if (element.isTypeOnly)
              continue;
            const imported = (element.propertyName ?? element.name).text;
            scope.bind(element.name.text, new Binding(() => importValue(imported, element), element));
          }
        }
      }
      declareExport(statement, scope, instance) {
        const specifier = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : void 0;
        const clause = statement.exportClause;
        if (!clause) {
          if (specifier)
            instance.starExports.push(specifier);
          return;
        }
        const target = () => specifier ? this.sources.resolveImport(specifier, scope.file.fileName) : void 0;
        if (ts.isNamespaceExport(clause)) {
          instance.exports.set(clause.name.text, () => {
            const t = target();
            if (t?.kind === "replayed")
              throw new ReplayMiss(`${scope.file.fileName} re-exports all of ${t.fileName} as a namespace`);
            if (t?.kind === "source")
              return { kind: "namespace", file: t.file };
            if (t?.kind === "external")
              return { kind: "external", module: specifier ?? "", path: [] };
            return unknown(clause, `re-exports '${specifier}', which cannot be resolved`);
          });
          return;
        }
        for (const element of clause.elements) {
          if (element.isTypeOnly)
            continue;
          const local = (element.propertyName ?? element.name).text;
          const exported = element.name.text;
          instance.exports.set(exported, () => {
            if (!specifier)
              return this.lookup(local, scope, element);
            const t = target();
            if (t?.kind === "replayed")
              return this.replayedExport(t.fileName, local);
            if (t?.kind === "source")
              return this.exportOf(this.module(t.file), local, element);
            if (t?.kind === "external")
              return { kind: "external", module: specifier, path: [local] };
            return unknown(element, `re-exports from '${specifier}', which cannot be resolved`);
          });
        }
      }
      /** Binds the names a variable declaration introduces; `let`/`var` only when never reassigned. */
      declareVariable(declaration, scope) {
        const list = declaration.parent;
        const isConst = ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0;
        const init = declaration.initializer;
        const whole = new Binding(() => {
          if (!init)
            return UNDEFINED;
          if (!isConst) {
            const names = boundNames(declaration.name);
            if (names.some((n) => this.isReassigned(scope.file, n))) {
              return unknown(declaration, `is declared with let/var and reassigned, so its value is only known at run time`);
            }
          }
          return this.evaluate(init, scope);
        }, declaration);
        return this.destructure(declaration.name, whole, scope);
      }
      destructure(name, source, scope) {
        if (ts.isIdentifier(name))
          return [[name.text, source]];
        const out = [];
        if (ts.isObjectBindingPattern(name)) {
          for (const element of name.elements) {
            const key = element.propertyName ?? element.name;
            const keyName = ts.isIdentifier(key) || ts.isStringLiteral(key) ? key.text : void 0;
            const part = new Binding(() => {
              const whole = this.read(source, element);
              if (element.dotDotDotToken || keyName === void 0)
                return unknown(element, "is a computed or rest binding");
              const value = whole.kind === "object" && !whole.props.has(keyName) ? UNDEFINED : this.property(whole, keyName, element);
              if (value.kind === "undefined" && element.initializer)
                return this.evaluate(element.initializer, scope);
              return value;
            }, element);
            out.push(...this.destructure(element.name, part, scope));
          }
        } else {
          name.elements.forEach((element, index) => {
            if (ts.isOmittedExpression(element))
              return;
            const part = new Binding(() => {
              const whole = this.read(source, element);
              if (element.dotDotDotToken) {
                return whole.kind === "array" ? { kind: "array", items: whole.items.slice(index) } : unknown(element, "is a rest binding of a value that is not static");
              }
              if (whole.kind === "array")
                return whole.items[index] ?? UNDEFINED;
              return whole.kind === "runtime" || whole.kind === "unknown" ? whole : unknown(element, "destructures a value that is not an array");
            }, element);
            out.push(...this.destructure(element.name, part, scope));
          });
        }
        return out;
      }
      isReassigned(file, name) {
        let names = this.assignedNames.get(file);
        if (!names) {
          const found = /* @__PURE__ */ new Set();
          const visit = (node) => {
            if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment && ts.isIdentifier(node.left)) {
              found.add(node.left.text);
            } else if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && ts.isIdentifier(node.operand)) {
              found.add(node.operand.text);
            }
            ts.forEachChild(node, visit);
          };
          visit(file);
          names = found;
          this.assignedNames.set(file, names);
        }
        return names.has(name);
      }
      enumValue(declaration, scope) {
        const props = /* @__PURE__ */ new Map();
        const members = new Scope(scope.file, scope, declaration);
        let next = 0;
        for (const member of declaration.members) {
          const name = ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : void 0;
          if (name === void 0)
            continue;
          let value;
          if (member.initializer) {
            value = this.evaluate(member.initializer, members);
            if (value.kind === "number")
              next = value.value + 1;
          } else {
            value = { kind: "number", value: next++ };
          }
          props.set(name, value);
          members.bind(name, Binding.of(value, member));
        }
        return { kind: "object", props };
      }
      read(binding, node) {
        const onCycle = () => unknown(node, "refers to itself through a circular import or definition");
        if (this.tracker && binding.owner !== void 0 && !binding.computed) {
          this.tracker.enterBinding(binding.owner);
          try {
            return binding.get(onCycle);
          } finally {
            this.tracker.leaveBinding();
          }
        }
        return binding.get(onCycle);
      }
      lookup(name, scope, node) {
        const binding = scope.lookup(name);
        if (binding)
          return this.read(binding, node);
        if (name === "undefined")
          return UNDEFINED;
        if (name === "process")
          return unknown(node, "reads the process environment, only known at run time");
        return unknown(node, `uses \`${name}\`, which is not declared in the analysed sources`);
      }
      // ---------------------------------------------------------------------------------------------
      // Expressions
      evaluate(node, scope) {
        switch (node.kind) {
          case ts.SyntaxKind.StringLiteral:
          case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
            return str(node.text);
          case ts.SyntaxKind.NumericLiteral:
            return { kind: "number", value: Number(node.text) };
          case ts.SyntaxKind.TrueKeyword:
            return { kind: "boolean", value: true };
          case ts.SyntaxKind.FalseKeyword:
            return { kind: "boolean", value: false };
          case ts.SyntaxKind.NullKeyword:
            return { kind: "null" };
          case ts.SyntaxKind.Identifier:
            return this.lookup(node.text, scope, node);
          case ts.SyntaxKind.TemplateExpression:
            return this.template(node, scope);
          case ts.SyntaxKind.ParenthesizedExpression:
          case ts.SyntaxKind.AsExpression:
          case ts.SyntaxKind.SatisfiesExpression:
          case ts.SyntaxKind.NonNullExpression:
          case ts.SyntaxKind.TypeAssertionExpression:
          case ts.SyntaxKind.AwaitExpression:
            return this.evaluate(node.expression, scope);
          case ts.SyntaxKind.PropertyAccessExpression: {
            const access = node;
            return this.property(this.evaluate(access.expression, scope), access.name.text, access);
          }
          case ts.SyntaxKind.ElementAccessExpression: {
            const access = node;
            const key = this.evaluate(access.argumentExpression, scope);
            if (key.kind !== "string" && key.kind !== "number")
              return unknown(access, "uses a computed property key that is not static");
            return this.property(this.evaluate(access.expression, scope), String(key.value), access);
          }
          case ts.SyntaxKind.ArrayLiteralExpression:
            return this.array(node, scope);
          case ts.SyntaxKind.ObjectLiteralExpression:
            return this.object(node, scope);
          case ts.SyntaxKind.ArrowFunction:
          case ts.SyntaxKind.FunctionExpression:
            return { kind: "function", decl: node, scope };
          case ts.SyntaxKind.ClassExpression:
            return { kind: "class", decl: node, scope };
          case ts.SyntaxKind.CallExpression:
          case ts.SyntaxKind.NewExpression:
            return this.call(node, scope);
          case ts.SyntaxKind.BinaryExpression:
            return this.binary(node, scope);
          case ts.SyntaxKind.ConditionalExpression:
            return unknown(node, "depends on a condition evaluated at run time");
          case ts.SyntaxKind.RegularExpressionLiteral:
            return unknown(node, "is a regular expression");
          default:
            return unknown(node, `is a ${ts.SyntaxKind[node.kind]}, which apidex does not evaluate statically`);
        }
      }
      template(node, scope) {
        let out = node.head.text;
        for (const span of node.templateSpans) {
          const part = this.evaluate(span.expression, scope);
          if (part.kind === "string" || part.kind === "number" || part.kind === "boolean")
            out += String(part.value);
          else if (part.kind === "unknown")
            return part;
          else
            return unknown(span.expression, part.kind === "runtime" ? `is only known at run time (${part.what})` : `is not a static string (${part.kind})`);
          out += span.literal.text;
        }
        return str(out);
      }
      binary(node, scope) {
        if (node.operatorToken.kind !== ts.SyntaxKind.PlusToken) {
          return unknown(node, `uses the operator ${ts.tokenToString(node.operatorToken.kind) ?? "?"}, which apidex does not evaluate statically`);
        }
        const left = this.evaluate(node.left, scope);
        const right = this.evaluate(node.right, scope);
        const scalar2 = (v) => v.kind === "string" || v.kind === "number";
        if (scalar2(left) && scalar2(right)) {
          const l = left.value;
          const r = right.value;
          if (left.kind === "number" && right.kind === "number")
            return { kind: "number", value: l + r };
          return str(String(l) + String(r));
        }
        if (left.kind === "unknown")
          return left;
        if (right.kind === "unknown")
          return right;
        return unknown(node, "concatenates values that are not static strings");
      }
      array(node, scope) {
        const items = [];
        for (const element of node.elements) {
          if (ts.isSpreadElement(element)) {
            const spread = this.evaluate(element.expression, scope);
            if (spread.kind === "array")
              items.push(...spread.items);
            else
              items.push(spread.kind === "unknown" ? spread : unknown(element, "spreads a value that is not a static array"));
          } else if (!ts.isOmittedExpression(element)) {
            items.push(this.evaluate(element, scope));
          }
        }
        return { kind: "array", items };
      }
      object(node, scope) {
        const props = /* @__PURE__ */ new Map();
        for (const property of node.properties) {
          if (ts.isSpreadAssignment(property)) {
            const spread = this.evaluate(property.expression, scope);
            if (spread.kind === "object")
              for (const [k, v] of spread.props)
                props.set(k, v);
            continue;
          }
          const key = this.propertyKey(property.name, scope);
          if (key === void 0)
            continue;
          if (ts.isPropertyAssignment(property))
            props.set(key, this.lazyProperty(property.initializer, scope));
          else if (ts.isShorthandPropertyAssignment(property))
            props.set(key, this.lookup(property.name.text, scope, property));
          else if (ts.isMethodDeclaration(property))
            props.set(key, { kind: "function", decl: property, scope });
        }
        return { kind: "object", props };
      }
      /** Object members are evaluated when read: data objects can be large and most members never matter. */
      lazyProperty(initializer, scope) {
        if (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer))
          return { kind: "function", decl: initializer, scope };
        return this.evaluate(initializer, scope);
      }
      propertyKey(name, scope) {
        if (!name)
          return void 0;
        if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name))
          return name.text;
        if (ts.isComputedPropertyName(name)) {
          const key = this.evaluate(name.expression, scope);
          return key.kind === "string" || key.kind === "number" ? String(key.value) : void 0;
        }
        return void 0;
      }
      property(object, name, node) {
        switch (object.kind) {
          case "object": {
            const value = object.props.get(name);
            return value ?? unknown(node, `reads \`${name}\`, which the object does not have`);
          }
          case "namespace":
            return this.exportOf(this.module(object.file), name, node);
          case "external":
            return { kind: "external", module: object.module, path: [...object.path, name] };
          case "array":
            if (name === "length")
              return { kind: "number", value: object.items.length };
            if (/^\d+$/.test(name))
              return object.items[Number(name)] ?? UNDEFINED;
            return unknown(node, `reads array member \`${name}\``);
          case "string":
            return name === "length" ? { kind: "number", value: object.value.length } : unknown(node, `reads string member \`${name}\``);
          case "class":
          case "instance":
            return this.classMember(object, name, node);
          case "runtime":
            return { kind: "runtime", what: `${object.what}.${name}` };
          case "unknown":
            return object;
          case "undefined":
          case "null":
            return unknown(node, `reads \`${name}\` of ${object.kind}`);
          default:
            return unknown(node, `reads \`${name}\` of a ${object.kind} value`);
        }
      }
      classMember(owner, name, node) {
        const wantStatic = owner.kind === "class";
        for (const member of owner.decl.members) {
          if (!member.name || !ts.isIdentifier(member.name) || member.name.text !== name)
            continue;
          if (hasModifier(member, ts.SyntaxKind.StaticKeyword) !== wantStatic)
            continue;
          if (ts.isMethodDeclaration(member))
            return { kind: "function", decl: member, scope: owner.scope };
          if (ts.isPropertyDeclaration(member) && member.initializer)
            return this.lazyProperty(member.initializer, owner.scope);
        }
        return unknown(node, `reads \`${name}\`, which the class ${owner.decl.name?.text ?? ""} does not define`);
      }
      // ---------------------------------------------------------------------------------------------
      // Calls
      call(node, scope) {
        const args = node.arguments ?? [];
        if (ts.isCallExpression(node) && this.isPermissionCall(node))
          return this.check(node, scope);
        const global = this.globalCall(node, scope);
        if (global)
          return global;
        const callee = node.expression;
        if (ts.isPropertyAccessExpression(callee)) {
          const receiver = this.evaluate(callee.expression, scope);
          const method = callee.name.text;
          if (receiver.kind === "host")
            return this.host.callMethod(receiver, method, { node, args, scope });
          const builtin = this.builtinMethod(receiver, method, node, scope);
          if (builtin)
            return builtin;
          return this.invoke(this.property(receiver, method, callee), node, scope);
        }
        return this.invoke(this.evaluate(callee, scope), node, scope);
      }
      invoke(callee, node, scope) {
        const args = node.arguments ?? [];
        switch (callee.kind) {
          case "external": {
            const hosted = this.host.callExternal(callee, { node, args, scope });
            if (hosted)
              return hosted;
            return { kind: "runtime", what: `the result of ${[callee.module, ...callee.path].join(".")}()` };
          }
          case "function":
            return this.callFunction(callee, args.map((a) => this.argument(a, scope)), node);
          case "class":
            return ts.isNewExpression(node) ? { kind: "instance", decl: callee.decl, scope: callee.scope } : unknown(node, "calls a class without new");
          case "unknown":
            return callee;
          case "runtime":
            return { kind: "runtime", what: `the result of ${callee.what}()` };
          default:
            return unknown(node, `calls a ${callee.kind} value`);
        }
      }
      argument(node, scope) {
        if (ts.isSpreadElement(node))
          return this.evaluate(node.expression, scope);
        return this.evaluate(node, scope);
      }
      /** The few standard-library calls that keep a value static. */
      builtinMethod(receiver, method, node, scope) {
        const args = node.arguments ?? [];
        if (receiver.kind === "function" && (method === "bind" || method === "call")) {
          return method === "bind" ? receiver : this.callFunction(receiver, args.slice(1).map((a) => this.evaluate(a, scope)), node);
        }
        if (receiver.kind === "string") {
          if (method === "toLowerCase")
            return str(receiver.value.toLowerCase());
          if (method === "toUpperCase")
            return str(receiver.value.toUpperCase());
          if (method === "trim")
            return str(receiver.value.trim());
          if (method === "concat") {
            const parts2 = args.map((a) => this.evaluate(a, scope));
            const strings = parts2.map((p) => p.kind === "string" || p.kind === "number" ? String(p.value) : void 0);
            return strings.every((s) => s !== void 0) ? str(receiver.value + strings.join("")) : unknown(node, "concatenates values that are not static strings");
          }
        }
        if (receiver.kind === "array" && method === "concat") {
          const items = [...receiver.items];
          for (const a of args) {
            const v = this.evaluate(a, scope);
            if (v.kind === "array")
              items.push(...v.items);
            else
              items.push(v);
          }
          return { kind: "array", items };
        }
        return void 0;
      }
      /** `Object.freeze(x)`, `Object.values(x)`, `Object.keys(x)` and `String(x)`, unless the names are shadowed. */
      globalCall(node, scope) {
        const callee = node.expression;
        const arg = node.arguments?.[0];
        if (!arg)
          return void 0;
        if (ts.isIdentifier(callee) && callee.text === "String" && !scope.lookup("String")) {
          const v = this.evaluate(arg, scope);
          return v.kind === "string" || v.kind === "number" || v.kind === "boolean" ? str(String(v.value)) : void 0;
        }
        if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression) || callee.expression.text !== "Object" || scope.lookup("Object"))
          return void 0;
        const method = callee.name.text;
        if (method === "freeze")
          return this.evaluate(arg, scope);
        if (method === "values" || method === "keys") {
          const v = this.evaluate(arg, scope);
          if (v.kind !== "object")
            return v.kind === "unknown" ? v : unknown(arg, "is not a static object");
          return { kind: "array", items: method === "values" ? [...v.props.values()] : [...v.props.keys()].map(str) };
        }
        return void 0;
      }
      /** Runs a function's body with its parameters bound to the arguments' values. */
      callFunction(fn, args, node) {
        if (this.depth >= MAX_CALL_DEPTH)
          return unknown(node, "is reached through calls nested too deeply to follow");
        const decl = fn.decl;
        const body = decl.body;
        if (!body)
          return unknown(node, "calls a function without a body");
        this.invoked.add(decl);
        this.tracker?.invoked(decl);
        const scope = new Scope(fn.scope.file, fn.scope, decl);
        decl.parameters.forEach((parameter, index) => {
          let value;
          if (parameter.dotDotDotToken)
            value = { kind: "array", items: args.slice(index) };
          else
            value = args[index] ?? UNDEFINED;
          if (value.kind === "undefined" && parameter.initializer)
            value = this.evaluate(parameter.initializer, scope);
          for (const [name, binding] of this.destructure(parameter.name, Binding.of(value, parameter), scope))
            scope.bind(name, binding);
        });
        this.depth++;
        try {
          if (!ts.isBlock(body))
            return this.evaluate(body, scope);
          return this.runBlock(body, scope);
        } finally {
          this.depth--;
        }
      }
      runBlock(body, scope) {
        for (const statement of body.statements)
          this.declare(statement, scope, void 0);
        for (const statement of body.statements) {
          if (ts.isReturnStatement(statement))
            return statement.expression ? this.evaluate(statement.expression, scope) : UNDEFINED;
          this.run(statement, scope, void 0);
        }
        return containsReturn(body) ? unknown(body, "returns from inside a condition, loop or try block") : UNDEFINED;
      }
      // ---------------------------------------------------------------------------------------------
      // Permission checks
      /** Evaluates a recognized permission call: every static string argument is a key; others are errors. */
      check(node, scope) {
        const keys = [];
        const unresolved = [];
        for (const arg of node.arguments) {
          const value = this.argument(arg, scope);
          if (value.kind === "runtime" || value.kind === "object" || value.kind === "function")
            continue;
          const strings = stringsOf(value);
          if (strings) {
            keys.push(...strings);
            continue;
          }
          unresolved.push({ arg, reason: explain(value) });
        }
        const result = { kind: "check", keys, node };
        for (const { arg, reason } of unresolved) {
          this.deferKey({
            arg,
            found: (key) => {
              if (!keys.includes(key))
                keys.push(key);
            },
            unresolved: (type) => this.reportUnresolvedKey(node, arg, type === void 0 ? reason : `${reason}, and its type, \`${type}\`, is not one string literal`)
          });
        }
        return result;
      }
      /**
       * Hands a permission argument the syntax could not resolve to the type checker (`finishChecks`), or
       * reports it at once when that already ran. `property` reads a member of the argument's type
       * (an options-object decorator's `permission`).
       */
      deferKey(key) {
        if (this.checksFinished)
          key.unresolved(void 0);
        else
          this.unresolvedKeys.push(key);
        this.tracker?.deferred();
      }
      /**
       * Keys the syntax could not give get one more chance from the type checker, in one program over the
       * files they are in: an argument whose type is a single string literal (a const declared only in a
       * `.d.ts`, a function typed to return one) is that key. Anything else is an error, never a guess.
       * Adapters call this once, before they flatten routes; a check evaluated later reports at once.
       */
      finishChecks() {
        this.checksFinished = true;
        const pending = this.unresolvedKeys.splice(0);
        if (!pending.length)
          return;
        const types = createTypeContext(this.sources, [...new Set(pending.map((p) => p.arg.getSourceFile().fileName))].sort());
        this.keyTypeFiles = types.programFiles();
        this.sources.recordInputs(this.keyTypeFiles);
        for (const p of pending) {
          const node = types.map(p.arg);
          let type = types.checker.getTypeAtLocation(node);
          for (const name of p.property ?? []) {
            const member = type?.getProperty(name);
            type = member ? types.checker.getTypeOfSymbolAtLocation(member, node) : void 0;
          }
          if (type?.isStringLiteral())
            p.found(type.value);
          else
            p.unresolved(type ? types.checker.typeToString(type) : "unknown");
        }
      }
      reportUnresolvedKey(call, arg, reason) {
        this.diagnostics.error("APX301", `Cannot resolve the permission key passed to ${calleeName(call.expression)}(): \`${excerpt(arg)}\` ${reason}.`, siteOf(arg), "Pass a string literal, a const, an `as const` object member, a string enum member, or an array of these (imports and re-exports are followed); or give it a string literal type.");
      }
      /**
       * The permission checks a handler calls in its body (`assertPermission(req, "x")`). The handler is not
       * run: its own parameters are the request objects, any other unresolved argument is an error.
       */
      bodyChecks(fn) {
        const cached = this.bodyCheckCache.get(fn);
        if (cached)
          return cached;
        const body = fn.decl.body;
        const calls = body ? callsWithin(body, (call) => ts.isCallExpression(call) && this.isPermissionCall(call)) : [];
        const found = calls.length ? [] : NO_CHECKS;
        if (calls.length) {
          const scopes = /* @__PURE__ */ new Map();
          const scopeFor = (node) => {
            const owner = enclosingFunction(node, fn.decl);
            const existing = scopes.get(owner);
            if (existing)
              return existing;
            const parent = owner === fn.decl ? fn.scope : scopeFor(owner.parent);
            const scope = this.lexicalScope(owner, parent, owner === fn.decl);
            scopes.set(owner, scope);
            return scope;
          };
          for (const node of calls)
            found.push(this.check(node, scopeFor(node)));
        }
        this.bodyCheckCache.set(fn, found);
        return found;
      }
      /** A scope for reading (not running) a function body: parameters are run-time values, consts are lazy. */
      lexicalScope(decl, parent, isHandler) {
        const scope = new Scope(parent.file, parent, decl);
        for (const parameter of decl.parameters) {
          for (const name of boundNames(parameter.name)) {
            const value = isHandler ? { kind: "runtime", what: `the handler parameter ${name}` } : unknown(parameter, `is the parameter \`${name}\` of a callback, only known at run time`);
            scope.bind(name, Binding.of(value, parameter));
          }
        }
        const visit = (node) => {
          if (node !== decl.body && isFunctionLike(node)) {
            if (ts.isFunctionDeclaration(node) && node.name && node.body)
              scope.bind(node.name.text, Binding.of({ kind: "function", decl: node, scope }, node));
            return;
          }
          if (ts.isVariableDeclaration(node))
            for (const [name, binding] of this.declareVariable(node, scope))
              scope.bind(name, binding);
          ts.forEachChild(node, visit);
        };
        if (decl.body)
          visit(decl.body);
        return scope;
      }
    };
  }
});

// lib/extract/shared.js
function importedPackages(file) {
  let out = importsByFile.get(file);
  if (out)
    return out;
  out = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier))
      out.push(statement.moduleSpecifier.text);
  }
  importsByFile.set(file, out);
  return out;
}
function runAppFactories(sources, interpreter, createsApp, onFactory) {
  for (const file of sources.files) {
    const factories = /* @__PURE__ */ new Set();
    for (const call of callsOf(file)) {
      if (!createsApp(call, file))
        continue;
      const fn = topLevelFunction(call);
      if (fn)
        factories.add(fn);
    }
    if (factories.size)
      onFactory?.(file.fileName);
    for (const fn of factories) {
      if (interpreter.invoked.has(fn))
        continue;
      const name = functionName(fn);
      const scope = interpreter.module(file).scope;
      const value = name ? interpreter.lookup(name, scope, fn) : { kind: "function", decl: fn, scope };
      if (value.kind !== "function")
        continue;
      const args = value.decl.parameters.map((p) => unknown(p, `is a parameter of the app factory ${name ?? ""}, which apidex runs without arguments`));
      interpreter.callFunction(value, args, fn);
    }
  }
}
function localNamesOf(file, pkg) {
  let byPackage = localNamesByFile.get(file);
  if (!byPackage)
    localNamesByFile.set(file, byPackage = /* @__PURE__ */ new Map());
  let names = byPackage.get(pkg);
  if (!names)
    byPackage.set(pkg, names = readLocalNames(file, pkg));
  return names;
}
function readLocalNames(file, pkg) {
  const names = /* @__PURE__ */ new Set();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.moduleSpecifier.text !== pkg)
      continue;
    const clause = statement.importClause;
    if (clause?.name)
      names.add(clause.name.text);
    if (clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings))
      names.add(clause.namedBindings.name.text);
  }
  return names;
}
function topLevelFunction(node) {
  let fn;
  for (let current = node.parent; current; current = current.parent) {
    if (isFunctionLike(current))
      fn = current;
    if (ts.isSourceFile(current.parent))
      return fn;
  }
  return void 0;
}
function functionName(fn) {
  if (ts.isFunctionDeclaration(fn))
    return fn.name?.text ?? "default";
  const parent = fn.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  return void 0;
}
function reportUnmounted(routers, diagnostics) {
  for (const router of routers) {
    if (router.kind !== "router" || router.mounted)
      continue;
    const routes = router.stack.filter((l) => l.type === "route").length;
    if (!routes)
      continue;
    diagnostics.warning("APX211", `This router registers ${routes} route(s) but is never mounted on an app in the analysed sources; they are not indexed.`, router.site, "Mount it with app.use(prefix, router), or exclude the file if it is not part of the service.");
  }
}
function reportUnreached(sources, visited, interpreter, diagnostics, methods) {
  for (const file of sources.files) {
    interpreter.onPost?.enter(file.fileName);
    for (const node of callsOf(file)) {
      if (!ts.isCallExpression(node) || visited.has(node) || !looksLikeRegistration(node, methods))
        continue;
      const found = whyUnreached(node, interpreter);
      const why = found && !surelyRouter(node) ? { ...found, severity: "warning" } : found;
      if (why) {
        const site = siteOf(node.expression.name);
        if (why.severity === "error")
          diagnostics.error("APX210", `This route registration was not analysed: it ${why.reason}.`, site, why.hint);
        else
          diagnostics.warning("APX210", `This route registration was not analysed: it ${why.reason}.`, site, why.hint);
      }
    }
    interpreter.onPost?.leave();
  }
}
function looksLikeRegistration(call, methods) {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee))
    return false;
  const method = callee.name.text;
  const first = call.arguments[0];
  if (!first)
    return false;
  const routerish = /(^|\.)(app|router|api|routes?|server|\w*Router)$/i.test(callee.expression.getText());
  if (method === "route")
    return isPathLiteral(first) || routerish;
  if (method === "on")
    return call.arguments.length >= 3 && isPathLiteral(call.arguments[1]);
  if (method === "use")
    return isPathLiteral(first) || call.arguments.some((a) => /router|\.routes\(\)|permission/i.test(a.getText()));
  if (methods.has(method))
    return call.arguments.length >= 2 && (isPathLiteral(first) || routerish);
  return false;
}
function isPathLiteral(node) {
  return Boolean(node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) && node.getText().slice(1).startsWith("/"));
}
function surelyRouter(call) {
  const callee = call.expression;
  return /(^|\.)(app|router|\w*Router|routes)$/.test(callee.expression.getText());
}
function whyUnreached(call, interpreter) {
  for (let node = call; node.parent; node = node.parent) {
    const parent = node.parent;
    if (isControlFlow(parent, node)) {
      return { severity: "error", reason: "runs inside a loop, a condition or a try block, which apidex does not execute", hint: "Register routes unconditionally at the top level of a module or a router factory; list each route explicitly." };
    }
    if (isFunctionLike(parent)) {
      if (interpreter.invoked.has(parent)) {
        return { severity: "error", reason: "is called on a value apidex could not resolve to an app or router", hint: "Create the router or app in a const, a factory's return value or an import, the way the framework documents it." };
      }
      const isCallback = parent.parent && (ts.isCallExpression(parent.parent) || ts.isNewExpression(parent.parent));
      if (isCallback)
        return { severity: "error", reason: "runs inside a callback that apidex does not run", hint: "Register routes at the top level of a module or in a function the sources call directly." };
      return { severity: "warning", reason: "is inside a function that nothing in the analysed sources calls", hint: "Call the function (for example registerRoutes(app)) from the analysed sources, or include the file that calls it." };
    }
    if (ts.isSourceFile(parent)) {
      return { severity: "warning", reason: "is called on a value apidex does not recognize as an app or router", hint: "If this is a route, create its router the way the framework documents it; otherwise ignore this warning." };
    }
  }
  return void 0;
}
function isControlFlow(parent, child) {
  switch (parent.kind) {
    case ts.SyntaxKind.IfStatement:
    case ts.SyntaxKind.ForStatement:
    case ts.SyntaxKind.ForOfStatement:
    case ts.SyntaxKind.ForInStatement:
    case ts.SyntaxKind.WhileStatement:
    case ts.SyntaxKind.DoStatement:
    case ts.SyntaxKind.SwitchStatement:
    case ts.SyntaxKind.TryStatement:
    case ts.SyntaxKind.CatchClause:
    case ts.SyntaxKind.ConditionalExpression:
      return true;
    case ts.SyntaxKind.BinaryExpression: {
      const op = parent.operatorToken.kind;
      return (op === ts.SyntaxKind.AmpersandAmpersandToken || op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) && parent.right === child;
    }
    default:
      return false;
  }
}
function dedupe(routes) {
  const seen = /* @__PURE__ */ new Map();
  for (const route of routes) {
    const key = `${route.method} ${route.path} ${route.site.file}:${route.site.line}:${route.site.column}`;
    const existing = seen.get(key);
    if (!existing)
      seen.set(key, route);
    else
      existing.permissions = [.../* @__PURE__ */ new Set([...existing.permissions, ...route.permissions])].sort();
  }
  return [...seen.values()];
}
var importsByFile, localNamesByFile;
var init_shared = __esm({
  "lib/extract/shared.js"() {
    "use strict";
    init_typescript();
    init_diagnostic();
    init_calls();
    init_interpreter();
    init_values();
    importsByFile = /* @__PURE__ */ new WeakMap();
    localNamesByFile = /* @__PURE__ */ new WeakMap();
  }
});

// lib/resolve/doc-comment.js
function leadingDoc(node, position = node.pos) {
  const file = node.getSourceFile();
  const text = file.text;
  const ranges = ts.getLeadingCommentRanges(text, position);
  if (!ranges)
    return void 0;
  for (let i = ranges.length - 1; i >= 0; i--) {
    const range = ranges[i];
    const raw = text.slice(range.pos, range.end);
    if (range.kind === ts.SyntaxKind.MultiLineCommentTrivia && raw.startsWith("/**") && raw !== "/**/") {
      const { line: line2, character } = file.getLineAndCharacterOfPosition(range.pos);
      return parseDocComment(raw, { file: file.fileName, line: line2 + 1, column: character + 1 });
    }
  }
  return void 0;
}
function parseDocComment(raw, site) {
  if (!raw.includes("\n") && !raw.includes("@")) {
    const line2 = raw.replace(/^\/\*\*/, "").replace(/\*\/$/, "").replace(/^\s*\*?\s?/, "").trim();
    return line2 ? { summary: oneLine(line2), tags: [], site } : { tags: [], site };
  }
  const body = raw.replace(/^\/\*\*/, "").replace(/\*\/$/, "");
  const lines = body.split(/\r?\n/).map((line2, index) => {
    const stripped = index === 0 ? line2.replace(/^\s*\*?\s?/, "") : line2.replace(/^\s*\*(?!\/) ?/, "").replace(/^\s+$/, "");
    return stripped.replace(/\s+$/, "");
  });
  const prose = [];
  const tags = [];
  let current;
  const flush = () => {
    if (current) {
      tags.push({
        name: current.name,
        text: trimBlankLines(current.lines).join("\n").trim(),
        site: { file: site.file, line: current.line, column: current.column }
      });
    }
  };
  lines.forEach((line2, index) => {
    const tag = /^\s*@([A-Za-z][\w-]*)\s?(.*)$/.exec(line2);
    if (tag) {
      flush();
      current = { name: tag[1], lines: [tag[2] ?? ""], line: site.line + index, column: 1 + Math.max(0, line2.indexOf("@")) };
    } else if (current) {
      current.lines.push(line2);
    } else {
      prose.push(line2);
    }
  });
  flush();
  const paragraphs = trimBlankLines(prose).join("\n").split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  const summaryTag = tags.find((t) => t.name === "summary");
  const summary = summaryTag ? oneLine(summaryTag.text) : paragraphs[0] ? oneLine(paragraphs[0]) : void 0;
  const rest = summaryTag ? paragraphs : paragraphs.slice(1);
  const description = rest.length ? rest.join("\n\n") : void 0;
  return { ...summary ? { summary } : {}, ...description ? { description } : {}, tags, site };
}
function oneLine(text) {
  return text.replace(/\s+/g, " ").trim();
}
function trimBlankLines(lines) {
  let start = 0;
  let end = lines.length;
  while (start < end && !lines[start].trim())
    start++;
  while (end > start && !lines[end - 1].trim())
    end--;
  return lines.slice(start, end);
}
var init_doc_comment = __esm({
  "lib/resolve/doc-comment.js"() {
    "use strict";
    init_typescript();
  }
});

// lib/extract/router-host.js
function flattenValues(value) {
  return value.kind === "array" ? value.items.flatMap(flattenValues) : [value];
}
function unwrap(node) {
  let inner = node;
  while (ts.isParenthesizedExpression(inner) || ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner) || ts.isNonNullExpression(inner))
    inner = inner.expression;
  return inner;
}
function handlerDoc(handlers) {
  const last = handlers[handlers.length - 1];
  return last ? declarationDoc(last.decl) : void 0;
}
function declarationDoc(decl) {
  let node = decl;
  if (ts.isArrowFunction(decl) || ts.isFunctionExpression(decl)) {
    const parent = decl.parent;
    if (ts.isVariableDeclaration(parent))
      node = ts.isVariableDeclarationList(parent.parent) && ts.isVariableStatement(parent.parent.parent) ? parent.parent.parent : parent;
    else if (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
      node = parent;
    else
      return void 0;
  }
  return leadingDoc(node);
}
function statementDoc(call) {
  let node = call;
  while (node.parent && (ts.isAwaitExpression(node.parent) || ts.isParenthesizedExpression(node.parent)))
    node = node.parent;
  if (!node.parent || !ts.isExpressionStatement(node.parent))
    return void 0;
  return leadingDoc(node.parent);
}
function chainDoc(link, routeCall) {
  const callee = link.expression;
  if (ts.isPropertyAccessExpression(callee)) {
    const doc = leadingDoc(callee, callee.expression.end);
    if (doc)
      return doc;
  }
  let top = routeCall;
  let links = 0;
  while (top.parent && ts.isPropertyAccessExpression(top.parent) && top.parent.parent && ts.isCallExpression(top.parent.parent)) {
    top = top.parent.parent;
    links++;
  }
  return links === 1 && top.parent && ts.isExpressionStatement(top.parent) ? leadingDoc(top.parent) : void 0;
}
var RouterHost;
var init_router_host = __esm({
  "lib/extract/router-host.js"() {
    "use strict";
    init_typescript();
    init_diagnostic();
    init_doc_comment();
    init_interpreter();
    init_values();
    RouterHost = class {
      diagnostics;
      routers = [];
      /** Registration calls the evaluator reached, for the sweep that reports the ones it did not. */
      visited = /* @__PURE__ */ new Set();
      interpreter;
      /** Records what each module's evaluation does, for the next run's replay (extract/incremental). */
      recorder;
      nextId = 0;
      constructor(diagnostics) {
        this.diagnostics = diagnostics;
      }
      create(kind, node) {
        const router = this.newRouter(kind, siteOf(node));
        return { value: this.host({ type: "router", router }), router };
      }
      newRouter(kind, site, prefix) {
        const router = { id: this.nextId++, kind, site, stack: [], mounted: false, ...prefix !== void 0 ? { prefix } : {} };
        this.routers.push(router);
        this.recorder?.created(router);
        return router;
      }
      /** A router an earlier run's summary describes, created again (its layers are filled by the replay). */
      restoreRouter(saved) {
        return this.newRouter(saved.kind, saved.site, saved.prefix);
      }
      /** The value the evaluator holds for a router. */
      valueOf(router) {
        return this.host({ type: "router", router });
      }
      /** A registration call the evaluator reached. */
      visit(node) {
        this.visited.add(node);
        this.recorder?.visited(node);
      }
      host(object) {
        return { kind: "host", host: object };
      }
      routerOf(value) {
        return value.kind === "host" && value.host.type === "router" ? value.host.router : void 0;
      }
      /** A path argument: a string or an array of strings; anything else is reported and yields nothing. */
      paths(arg, call, what) {
        if (!arg)
          return void 0;
        const value = this.interpreter.evaluate(arg, call.scope);
        const strings = stringsOf(value);
        if (strings)
          return strings;
        const regexp = ts.isRegularExpressionLiteral(arg) || value.kind === "unknown" && ts.isRegularExpressionLiteral(value.node);
        this.diagnostics.error(regexp ? "APX203" : "APX201", regexp ? `This ${what} is a regular expression, which an OpenAPI path cannot express.` : `Cannot resolve this ${what} statically: \`${excerpt(arg)}\` ${explain(value)}.`, siteOf(arg), regexp ? "Use a string path with named parameters (`/files/:name`)." : "Use a string literal, a const, or a template literal of consts; a path computed at run time cannot be indexed.");
        return void 0;
      }
      /** Adds a route layer for one registration call (`router.get(path, ...handlers)` and its kin). */
      addRoute(router, method, paths, handlerArgs, call, registrationDoc, extraChecks = []) {
        const parts2 = { checks: [...extraChecks], handlers: [] };
        for (const arg of handlerArgs)
          this.collect(arg, this.interpreter.evaluate(arg, call.scope), call, parts2);
        const node = call.node;
        const site = ts.isPropertyAccessExpression(node.expression) ? siteOf(node.expression.name) : siteOf(node);
        const doc = handlerDoc(parts2.handlers) ?? registrationDoc;
        const upper = method.toUpperCase();
        const terminal = upper !== "ALL" || parts2.handlers.some((h) => h.decl.parameters.length < 3);
        const handler = parts2.handlers[parts2.handlers.length - 1]?.decl;
        const layer = { type: "route", method: upper, paths, checks: parts2.checks, terminal, site, registration: node, ...doc ? { doc } : {}, ...handler ? { handler } : {} };
        router.stack.push(layer);
        if (upper === "ALL")
          router.stack.push({ type: "middleware", paths, end: true, checks: parts2.checks, site: layer.site });
      }
      /** Finds checks and handler functions in one route argument, looking inside arrays and wrapper calls. */
      collect(node, value, call, parts2) {
        if (value.kind === "check") {
          parts2.checks.push(value);
          return;
        }
        if (value.kind === "array") {
          const literal = unwrap(node);
          value.items.forEach((item, index) => {
            const element = ts.isArrayLiteralExpression(literal) ? literal.elements[index] : void 0;
            this.collect(element && !ts.isSpreadElement(element) ? element : node, item, call, parts2);
          });
          return;
        }
        if (value.kind === "function") {
          parts2.handlers.push(value);
          parts2.checks.push(...this.interpreter.bodyChecks(value));
        }
        const inner = unwrap(node);
        if (ts.isCallExpression(inner) && !this.interpreter.isPermissionCall(inner)) {
          for (const arg of inner.arguments) {
            if (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg) || ts.isIdentifier(arg) || ts.isPropertyAccessExpression(arg) || ts.isCallExpression(arg)) {
              const argValue = this.interpreter.evaluate(arg, call.scope);
              if (argValue.kind === "function" || argValue.kind === "check" || ts.isCallExpression(arg))
                this.collect(arg, argValue, call, parts2);
            }
          }
        }
      }
      /** Checks in middleware arguments (`use(check)`, hooks): recognized calls and function bodies. */
      middlewareChecks(value) {
        const out = [];
        for (const v of flattenValues(value)) {
          if (v.kind === "check")
            out.push(v);
          else if (v.kind === "function")
            out.push(...this.interpreter.bodyChecks(v));
        }
        return out;
      }
    };
  }
});

// lib/extract/express/express-host.js
function isPathLike(node, value) {
  const inner = unwrap(node);
  if (ts.isTemplateExpression(inner) || ts.isBinaryExpression(inner) || ts.isStringLiteral(inner) || ts.isRegularExpressionLiteral(inner))
    return true;
  return value.kind === "unknown" && (ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner)) && /path|prefix|base|url|route/i.test(inner.getText());
}
var EXPRESS_METHODS, APP_MODULES, ROUTER_MODULES, ExpressHost;
var init_express_host = __esm({
  "lib/extract/express/express-host.js"() {
    "use strict";
    init_typescript();
    init_diagnostic();
    init_values();
    init_router_host();
    EXPRESS_METHODS = /* @__PURE__ */ new Set([
      "get",
      "post",
      "put",
      "patch",
      "delete",
      "options",
      "head",
      "trace",
      "all",
      "copy",
      "lock",
      "mkcol",
      "move",
      "purge",
      "propfind",
      "proppatch",
      "unlock",
      "report",
      "mkactivity",
      "checkout",
      "merge",
      "m-search",
      "notify",
      "subscribe",
      "unsubscribe",
      "search",
      "connect"
    ]);
    APP_MODULES = /* @__PURE__ */ new Set(["express"]);
    ROUTER_MODULES = /* @__PURE__ */ new Set(["router", "express-promise-router"]);
    ExpressHost = class extends RouterHost {
      callExternal(callee, call) {
        const [first, second] = callee.path;
        const isDefault = callee.path.length === 0 || callee.path.length === 1 && first === "default";
        if (APP_MODULES.has(callee.module)) {
          if (isDefault)
            return this.create("app", call.node).value;
          if (first === "Router" && callee.path.length === 1 || first === "default" && second === "Router")
            return this.create("router", call.node).value;
        }
        if (ROUTER_MODULES.has(callee.module) && (isDefault || first === "Router"))
          return this.create("router", call.node).value;
        return void 0;
      }
      callMethod(receiver, method, call) {
        const object = receiver.host;
        this.recorder?.hostCall(object.router);
        if (!ts.isCallExpression(call.node))
          return receiver;
        const node = call.node;
        if (object.type === "chain") {
          if (EXPRESS_METHODS.has(method)) {
            this.visit(node);
            this.addRoute(object.router, method, object.paths, call.args, call, chainDoc(node, object.call));
          }
          return receiver;
        }
        const router = object.router;
        if (method === "route") {
          this.visit(node);
          const paths = this.paths(call.args[0], call, "route path");
          return paths ? this.host({ type: "chain", router, paths, call: node }) : receiver;
        }
        if (method === "use") {
          this.visit(node);
          this.use(router, call);
          return receiver;
        }
        if (EXPRESS_METHODS.has(method)) {
          if (method === "get" && call.args.length < 2)
            return { kind: "runtime", what: "an Express setting" };
          this.visit(node);
          const paths = this.paths(call.args[0], call, "route path");
          if (paths)
            this.addRoute(router, method, paths, call.args.slice(1), call, statementDoc(node));
          return receiver;
        }
        return receiver;
      }
      use(router, call) {
        const args = [...call.args];
        let paths = ["/"];
        const first = args[0];
        if (first) {
          const value = this.interpreter.evaluate(first, call.scope);
          const strings = stringsOf(value);
          if (strings) {
            paths = strings;
            args.shift();
          } else if (isPathLike(first, value)) {
            this.paths(first, call, "mount prefix");
            for (const arg of args.slice(1))
              this.markMounted(this.interpreter.evaluate(arg, call.scope));
            return;
          }
        }
        const site = siteOf(call.node);
        for (const arg of args) {
          for (const value of flattenValues(this.interpreter.evaluate(arg, call.scope))) {
            const sub = this.routerOf(value);
            if (sub) {
              sub.mounted = true;
              router.stack.push({ type: "mount", paths, router: sub, site });
              continue;
            }
            const checks = this.middlewareChecks(value);
            if (checks.length)
              router.stack.push({ type: "middleware", paths, end: false, checks, site });
          }
        }
      }
      markMounted(value) {
        for (const v of flattenValues(value)) {
          const sub = this.routerOf(v);
          if (sub)
            sub.mounted = true;
        }
      }
    };
  }
});

// lib/extract/express/path-syntax.js
function joinPaths(prefix, path18) {
  if (!prefix || prefix === "/")
    return path18.startsWith("/") ? path18 : `/${path18}`;
  if (!path18 || path18 === "/")
    return prefix;
  if (prefix.charCodeAt(prefix.length - 1) !== 47 && path18.charCodeAt(0) === 47 && path18.charCodeAt(1) !== 47)
    return prefix + path18;
  return `${prefix.replace(/\/+$/, "")}/${path18.replace(/^\/+/, "")}`;
}
function cleanPath(path18) {
  if (path18.charCodeAt(0) === 47 && !path18.includes("//") && (path18.length === 1 || path18.charCodeAt(path18.length - 1) !== 47))
    return path18;
  const collapsed = `/${path18}`.replace(/\/{2,}/g, "/");
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, "") : collapsed;
}
function expressToOpenApi(raw) {
  return simplePath(raw) ?? parsePath(raw);
}
function parsePath(raw) {
  let variants;
  try {
    variants = parse2(raw, 0, raw.length);
  } catch (error2) {
    return { ok: false, problem: error2.message, hint: "Write the path with named parameters (`:id`) and literal segments." };
  }
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  for (const pieces of variants) {
    const path18 = cleanPath(pieces.map((p) => p.text).join(""));
    if (seen.has(path18))
      continue;
    seen.add(path18);
    const params = pieces.filter((p) => p.param).map((p) => p.param);
    const duplicate = params.find((p, i) => params.indexOf(p) !== i);
    if (duplicate)
      return { ok: false, problem: `the parameter \`${duplicate}\` appears twice`, hint: "Give every path parameter a distinct name." };
    out.push({ path: path18, params, wildcard: pieces.some((p) => p.wildcard) });
  }
  return { ok: true, variants: out };
}
function simplePath(raw) {
  if (!SIMPLE.test(raw))
    return void 0;
  const params = [];
  const hasColon = raw.includes(":");
  const path18 = hasColon ? raw.replace(PARAM, (_, name) => {
    params.push(name);
    return `{${name}}`;
  }) : raw;
  if (hasColon && path18.includes(":"))
    return void 0;
  if (params.length > 1 && new Set(params).size !== params.length)
    return void 0;
  return { ok: true, variants: [{ path: cleanPath(path18), params, wildcard: false }] };
}
function parse2(raw, start, end) {
  let variants = [[]];
  const append = (piece) => variants.forEach((v) => v.push(piece));
  let i = start;
  while (i < end) {
    const c = raw[i];
    if (c === "\\") {
      append({ text: raw[i + 1] ?? "" });
      i += 2;
    } else if (c === ":" || c === "*") {
      let name;
      let next = i + 1;
      if (raw[next] === '"') {
        const close = raw.indexOf('"', next + 1);
        if (close < 0 || close >= end)
          throw new Error(`an unterminated quoted parameter name at position ${i}`);
        name = raw.slice(next + 1, close);
        next = close + 1;
      } else {
        const match = NAME.exec(raw.slice(next, end));
        if (!match) {
          if (c === "*")
            throw new Error("an unnamed wildcard `*`, which Express 5 rejects and OpenAPI cannot express");
          throw new Error(`a parameter without a name at position ${i}`);
        }
        name = match[0];
        next += name.length;
      }
      if (raw[next] === "(")
        next = skipGroup(raw, next, end);
      const piece = { text: `{${name}}`, param: name, ...c === "*" ? { wildcard: true } : {} };
      if (raw[next] === "?") {
        const withPiece = variants.map((v) => [...v, piece]);
        const without = variants.map((v) => withoutSeparator(v));
        variants = [...withPiece, ...without];
        next++;
      } else {
        append(piece);
      }
      i = next;
    } else if (c === "{") {
      const close = matching(raw, i, end, "{", "}");
      const inner = parse2(raw, i + 1, close);
      const next = [];
      for (const v of variants) {
        next.push([...v]);
        for (const option of inner)
          next.push([...v, ...option]);
      }
      variants = next;
      i = close + 1;
    } else if (c === "(" || c === "}" || c === ")" || c === "?" || c === "+" || c === "[" || c === "]") {
      throw new Error(`the character \`${c}\` at position ${i}, a pattern OpenAPI paths cannot express`);
    } else {
      let next = i + 1;
      while (next < end && !SPECIAL.has(raw[next]))
        next++;
      append({ text: raw.slice(i, next) });
      i = next;
    }
  }
  return variants;
}
function withoutSeparator(variant) {
  const last = variant[variant.length - 1];
  if (!last || last.param !== void 0 || !/[/.]$/.test(last.text))
    return [...variant];
  const text = last.text.slice(0, -1);
  return text ? [...variant.slice(0, -1), { text }] : variant.slice(0, -1);
}
function skipGroup(raw, open, end) {
  return matching(raw, open, end, "(", ")") + 1;
}
function matching(raw, open, end, o, c) {
  let depth = 0;
  for (let i = open; i < end; i++) {
    if (raw[i] === "\\")
      i++;
    else if (raw[i] === o)
      depth++;
    else if (raw[i] === c && --depth === 0)
      return i;
  }
  throw new Error(`an unbalanced \`${o}\` at position ${open}`);
}
var NAME, SIMPLE, PARAM, SPECIAL;
var init_path_syntax = __esm({
  "lib/extract/express/path-syntax.js"() {
    "use strict";
    NAME = /^[A-Za-z_$][\w$]*/;
    SIMPLE = /^[^\\*{}()?+[\]"]*$/;
    PARAM = /:([A-Za-z_$][\w$]*)/g;
    SPECIAL = /* @__PURE__ */ new Set(["\\", ":", "*", "{", "}", "(", ")", "?", "+", "[", "]"]);
  }
});

// lib/extract/flatten.js
function flattenApp(app, diagnostics, framework, parsePath2) {
  const routes = [];
  const active = new MiddlewareTrie();
  const visit = (router, mountPath, chain) => {
    const prefix = router.prefix ? joinPaths(mountPath, router.prefix) : mountPath;
    for (const layer of router.stack) {
      for (const raw of layer.paths)
        visitLayer(layer, joinPaths(prefix, raw), chain);
    }
  };
  const visitLayer = (layer, full, chain) => {
    if (layer.type === "mount") {
      if (chain.includes(layer.router)) {
        diagnostics.error("APX212", `This mount makes a cycle: the router is already an ancestor on the path ${full}.`, layer.site, "Mount each router under one parent.");
        return;
      }
      visit(layer.router, full, [...chain, layer.router]);
      return;
    }
    const parsed = parsePath2(full);
    if (!parsed.ok) {
      diagnostics.error("APX204", `The path \`${full}\` has ${parsed.problem}.`, layer.site, parsed.hint);
      return;
    }
    if (layer.type === "middleware") {
      const keys = layer.checks.flatMap((c) => c.keys);
      if (keys.length)
        for (const variant of parsed.variants)
          active.add(segmentsOf(variant.path), layer.end, keys);
      return;
    }
    if (!layer.terminal)
      return;
    const own = layer.checks.flatMap((c) => c.keys);
    for (const variant of parsed.variants) {
      if (variant.wildcard) {
        diagnostics.warning("APX205", `The path \`${full}\` has a wildcard; it is indexed as \`${variant.path}\`, one segment.`, layer.site, "OpenAPI path parameters match one segment; callers must encode slashes.");
      }
      const segments = segmentsOf(variant.path);
      const inherited = active.keysFor(segments);
      const permissions = uniqueSorted(inherited, own);
      const push = (method) => {
        const fact = { framework, method, path: variant.path, pathParams: variant.params, permissions, site: layer.site };
        if (layer.doc)
          fact.doc = layer.doc;
        if (layer.handler)
          fact.handler = layer.handler;
        if (layer.registration)
          fact.registration = layer.registration;
        if (layer.handlerAt)
          fact.handlerAt = layer.handlerAt;
        if (layer.registrationAt)
          fact.registrationAt = layer.registrationAt;
        routes.push(fact);
      };
      if (layer.method === "ALL")
        ALL_METHODS.forEach(push);
      else
        push(layer.method);
    }
  };
  visit(app, "/", [app]);
  return routes;
}
function uniqueSorted(a, b) {
  const all = a.length ? b.length ? a.concat(b) : a.slice() : b.slice();
  if (all.length < 2)
    return all;
  if (all.length === 2) {
    const [x, y] = all;
    if (x === y)
      all.length = 1;
    else if (x > y)
      [all[0], all[1]] = [y, x];
    return all;
  }
  all.sort();
  let kept = 1;
  for (let i = 1; i < all.length; i++)
    if (all[i] !== all[kept - 1])
      all[kept++] = all[i];
  all.length = kept;
  return all;
}
function segmentsOf(path18) {
  return path18.split("/").filter(Boolean);
}
function isParam(segment) {
  return /^\{[^}]+\}$/.test(segment);
}
var MiddlewareTrie, ALL_METHODS;
var init_flatten = __esm({
  "lib/extract/flatten.js"() {
    "use strict";
    init_path_syntax();
    MiddlewareTrie = class _MiddlewareTrie {
      literals = /* @__PURE__ */ new Map();
      param;
      /** Middleware whose path ends here: `end` ones run for this exact path only. */
      here = [];
      add(segments, end, keys) {
        let node = this;
        for (const segment of segments) {
          if (isParam(segment))
            node = node.param ??= new _MiddlewareTrie();
          else {
            let next = node.literals.get(segment);
            if (!next)
              node.literals.set(segment, next = new _MiddlewareTrie());
            node = next;
          }
        }
        node.here.push({ end, keys });
      }
      /**
       * The keys of every middleware that surely runs for a route path. A parameter in the middleware path
       * matches any segment; a literal matches only the same literal (a route parameter could take that
       * value, but then only for that value, so it is not a requirement of the operation).
       */
      keysFor(route, depth = 0, out = []) {
        for (const m of this.here)
          if (!m.end || depth === route.length)
            out.push(...m.keys);
        if (depth < route.length) {
          this.literals.get(route[depth])?.keysFor(route, depth + 1, out);
          this.param?.keysFor(route, depth + 1, out);
        }
        return out;
      }
    };
    ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
  }
});

// lib/extract/incremental/module-summary.js
function plainData(value) {
  switch (value.kind) {
    case "string":
    case "number":
    case "boolean":
      return value.value;
    case "null":
      return null;
    case "undefined":
      return { u: 1 };
    case "array": {
      const items = [];
      for (const item of value.items) {
        const data = plainData(item);
        if (data === void 0)
          return void 0;
        items.push(data);
      }
      return { a: items };
    }
    case "object": {
      const props = [];
      for (const [key, item] of value.props) {
        const data = plainData(item);
        if (data === void 0)
          return void 0;
        props.push([key, data]);
      }
      return { o: props };
    }
    default:
      return void 0;
  }
}
function valueOfData(data) {
  if (typeof data === "string")
    return { kind: "string", value: data };
  if (typeof data === "number")
    return { kind: "number", value: data };
  if (typeof data === "boolean")
    return { kind: "boolean", value: data };
  if (data === null)
    return { kind: "null" };
  if ("u" in data)
    return { kind: "undefined" };
  if ("a" in data)
    return { kind: "array", items: data.a.map(valueOfData) };
  return { kind: "object", props: new Map(data.o.map(([key, item]) => [key, valueOfData(item)])) };
}
function nodeRef(node) {
  return { file: node.getSourceFile().fileName, pos: node.pos, end: node.end, kind: node.kind };
}
function findNode(file, ref) {
  let found;
  const visit = (node) => {
    if (found || node.pos > ref.pos || node.end < ref.end)
      return void 0;
    if (node.pos === ref.pos && node.end === ref.end && node.kind === ref.kind) {
      found = node;
      return true;
    }
    return ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  return found;
}
var init_module_summary = __esm({
  "lib/extract/incremental/module-summary.js"() {
    "use strict";
    init_typescript();
  }
});

// lib/extract/incremental/recorder.js
var ModuleRecorder;
var init_recorder = __esm({
  "lib/extract/incremental/recorder.js"() {
    "use strict";
    init_module_summary();
    ModuleRecorder = class {
      routerOf;
      records = /* @__PURE__ */ new Map();
      stack = [];
      creators = /* @__PURE__ */ new Map();
      postFile;
      constructor(routerOf) {
        this.routerOf = routerOf;
      }
      record(file) {
        let record = this.records.get(file);
        if (!record) {
          record = { executing: false, executed: false, routers: [], touches: /* @__PURE__ */ new Set(), exports: /* @__PURE__ */ new Map(), diagnostics: [], post: [], visited: [], invoked: [] };
          this.records.set(file, record);
        }
        return record;
      }
      spoil(file, reason) {
        if (file === void 0)
          return;
        const record = this.record(file);
        record.spoiled ??= reason;
      }
      spoilResponsible(reason) {
        for (let i = this.stack.length - 1; i >= 0; i--) {
          this.spoil(this.stack[i].file, reason);
          if (!this.stack[i].binding)
            break;
        }
      }
      // ---------------------------------------------------------------------------------------------
      // What the evaluator reports
      enterModule(file) {
        const record = this.record(file);
        record.executing = true;
        this.stack.push({ file, binding: false, lazyOutside: false });
      }
      leaveModule(file, exported) {
        const record = this.record(file);
        record.executing = false;
        record.executed = true;
        record.exported = exported;
        this.stack.pop();
      }
      enterBinding(file) {
        this.stack.push({ file, binding: true, lazyOutside: !this.record(file).executing });
      }
      leaveBinding() {
        this.stack.pop();
      }
      touched(file) {
        for (const record of this.responsible(file))
          record.touches.add(file);
      }
      /**
       * The modules a replay must redo something for: the innermost module running, and the modules whose
       * reads of other modules' values (lazy bindings) led here. A module running inside another (an import
       * read runs it) does its own part: its summary, or its evaluation, redoes it.
       */
      responsible(except) {
        const out = [];
        for (let i = this.stack.length - 1; i >= 0; i--) {
          const frame = this.stack[i];
          if (frame.file !== except)
            out.push(this.record(frame.file));
          if (!frame.binding)
            break;
        }
        return out;
      }
      exportRead(file, name, value) {
        const top = this.stack[this.stack.length - 1];
        if (top?.file === file)
          return;
        const router = this.routerOf(value);
        const creator = router ? this.creators.get(router) : void 0;
        if (router && creator?.file === file) {
          this.record(file).exports.set(name, { router: creator.index });
          return;
        }
        const data = router ? void 0 : plainData(value);
        if (data !== void 0)
          this.record(file).exports.set(name, { data });
        else
          this.spoil(file, `other modules read its export \`${name}\`, which is neither one of its own routers nor plain data`);
      }
      deferred() {
        this.spoilResponsible("a permission key needed the type checker");
      }
      invoked(node) {
        this.reached(node, "invoked");
      }
      // ---------------------------------------------------------------------------------------------
      // What the adapter reports
      created(router) {
        const top = this.stack[this.stack.length - 1];
        if (!top)
          return;
        if (top.lazyOutside) {
          this.spoil(top.file, "a router is created when another module reads one of its values");
          this.spoilResponsible("it reads a value whose evaluation creates a router");
          return;
        }
        const record = this.record(top.file);
        this.creators.set(router, { file: top.file, index: record.routers.length });
        record.routers.push(router);
        if (router.kind === "app")
          this.spoil(top.file, "it creates an app");
      }
      /** A route, middleware or mount call on `router`. */
      hostCall(router) {
        const top = this.stack[this.stack.length - 1];
        const creator = this.creators.get(router);
        if (top && !top.lazyOutside && creator?.file === top.file)
          return;
        this.spoil(creator?.file, "another module registers on its routers");
        this.spoil(top?.file, "it registers on a router of another module");
        if (top?.lazyOutside)
          this.spoilResponsible("it reads a value whose evaluation registers routes");
      }
      visited(node) {
        this.reached(node, "visited");
      }
      reached(node, list) {
        const ref = nodeRef(node);
        const top = this.stack[this.stack.length - 1];
        if (!top || top.lazyOutside || top.file !== ref.file)
          this.spoil(ref.file, "other modules' evaluation reaches its functions or registrations");
        for (const record of this.responsible(ref.file))
          record[list].push(ref);
      }
      diagnostic(diagnostic) {
        if (this.postFile !== void 0)
          this.record(this.postFile).post.push(diagnostic);
        for (const record of this.responsible())
          record.diagnostics.push(diagnostic);
      }
      /** Diagnostics reported until `leavePost` are about `file` alone (its unreached sweep, its imports). */
      enterPost(file) {
        this.postFile = file;
      }
      leavePost() {
        this.postFile = void 0;
      }
      /** The `index`-th router created while `file` was evaluated (in this run, replays included). */
      routerAt(ref) {
        return this.records.get(ref.file)?.routers[ref.index];
      }
      /**
       * Everything reported until `leaveFile` is `file`'s doing: an adapter that reads a module's exports
       * itself after running it (Next.js reads each route file's method handlers) wraps that work in these.
       */
      enterFile(file) {
        this.stack.push({ file, binding: false, lazyOutside: false });
      }
      /** Ends `enterFile`; `rootLayers` are the layers the file added to the adapter's root. */
      leaveFile(file, rootLayers) {
        this.stack.pop();
        this.record(file).rootLayers = rootLayers;
      }
      /** A module was replayed from `summary` (its routers were created inside enterModule/leaveModule). */
      replayed(file, summary) {
        this.record(file).replayed = summary;
      }
      // ---------------------------------------------------------------------------------------------
      // The result
      /** Modules that ran but cannot be summarized, with the first reason found (for `--timings`). */
      unreplayable() {
        const out = [];
        for (const [file, record] of this.records)
          if (record.executed && record.spoiled)
            out.push({ file, reason: record.spoiled });
        return out.sort((a, b) => a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
      }
      /** Summaries of every module that qualifies; `resolutions` gives a (parsed) file's import resolutions. */
      summaries(resolutions) {
        const out = {};
        for (const [file, record] of [...this.records].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) {
          if (!record.executed || record.spoiled)
            continue;
          if (record.replayed) {
            out[file] = record.replayed;
            continue;
          }
          const routers = this.saveRouters(file, record);
          if (!routers)
            continue;
          const rootLayers = record.rootLayers?.map((layer) => this.saveLayer(layer));
          if (rootLayers?.some((layer) => !layer))
            continue;
          out[file] = {
            touches: [...record.touches],
            routers,
            exports: Object.fromEntries(record.exports),
            resolutions: resolutions(file),
            exportNames: [...record.exported?.names ?? []].sort(),
            starExports: record.exported?.star ?? false,
            diagnostics: [...record.diagnostics, ...record.post],
            reached: { visited: record.visited, invoked: record.invoked },
            ...rootLayers ? { rootLayers } : {}
          };
        }
        return out;
      }
      saveRouters(file, record) {
        const routers = [];
        for (const router of record.routers) {
          const layers = [];
          for (const layer of router.stack) {
            const saved = this.saveLayer(layer);
            if (!saved) {
              this.spoil(file, "it mounts a router nothing attributes");
              return void 0;
            }
            layers.push(saved);
          }
          routers.push({ kind: router.kind, site: router.site, ...router.prefix !== void 0 ? { prefix: router.prefix } : {}, layers });
        }
        return routers;
      }
      saveLayer(layer) {
        switch (layer.type) {
          case "route": {
            const documented = layer.doc?.tags.some((t) => t.name === "documented");
            const handler = documented ? layer.handler ? nodeRef(layer.handler) : layer.handlerAt : void 0;
            const registration = documented ? layer.registration ? nodeRef(layer.registration) : layer.registrationAt : void 0;
            return {
              type: "route",
              method: layer.method,
              paths: layer.paths,
              checks: layer.checks.map((c) => c.keys),
              terminal: layer.terminal,
              site: layer.site,
              ...layer.doc ? { doc: layer.doc } : {},
              ...handler ? { handlerAt: handler } : {},
              ...registration ? { registrationAt: registration } : {}
            };
          }
          case "middleware":
            return { type: "middleware", paths: layer.paths, end: layer.end, checks: layer.checks.map((c) => c.keys), site: layer.site };
          case "mount": {
            const ref = this.creators.get(layer.router);
            return ref ? { type: "mount", paths: layer.paths, router: ref, site: layer.site } : void 0;
          }
        }
      }
    };
  }
});

// lib/extract/incremental/replay.js
var SummaryReplay;
var init_replay = __esm({
  "lib/extract/incremental/replay.js"() {
    "use strict";
    init_interpreter();
    init_module_summary();
    SummaryReplay = class {
      host;
      recorder;
      diagnostics;
      files;
      summaries;
      reached = [];
      interpreter;
      constructor(summaries, files, host, recorder, diagnostics) {
        this.host = host;
        this.recorder = recorder;
        this.diagnostics = diagnostics;
        this.summaries = new Map(Object.entries(summaries));
        this.files = files;
      }
      has(fileName) {
        return this.summaries.has(fileName);
      }
      run(fileName) {
        const summary = this.summaries.get(fileName);
        this.recorder.enterModule(fileName);
        try {
          for (const file of summary.touches)
            this.interpreter.moduleNamed(file);
          const routers = summary.routers.map((saved) => this.host.restoreRouter(saved));
          summary.routers.forEach((saved, index) => {
            routers[index].stack = saved.layers.map((layer) => this.layer(layer));
          });
          for (const diagnostic of summary.diagnostics)
            this.diagnostics.add(diagnostic);
          this.reached.push(summary.reached);
          this.recorder.replayed(fileName, summary);
          return new Map(Object.entries(summary.exports).map(([name, saved]) => [name, "router" in saved ? this.host.valueOf(routers[saved.router]) : valueOfData(saved.data)]));
        } finally {
          this.recorder.leaveModule(fileName, { names: summary.exportNames, star: summary.starExports });
        }
      }
      exportsOf(fileName) {
        const summary = this.summaries.get(fileName);
        return { names: new Set(summary.exportNames), star: summary.starExports };
      }
      /** The layers a replayed module added to the adapter's root (Next.js route handlers). */
      rootLayers(fileName) {
        return (this.summaries.get(fileName).rootLayers ?? []).map((layer) => this.layer(layer));
      }
      layer(saved) {
        switch (saved.type) {
          case "route":
            return {
              type: "route",
              method: saved.method,
              paths: saved.paths,
              checks: saved.checks.map((keys) => ({ keys })),
              terminal: saved.terminal,
              site: saved.site,
              ...saved.doc ? { doc: saved.doc } : {},
              ...saved.handlerAt ? { handlerAt: saved.handlerAt } : {},
              ...saved.registrationAt ? { registrationAt: saved.registrationAt } : {}
            };
          case "middleware":
            return { type: "middleware", paths: saved.paths, end: saved.end, checks: saved.checks.map((keys) => ({ keys })), site: saved.site };
          case "mount": {
            const router = this.recorder.routerAt(saved.router);
            if (!router)
              throw new ReplayMiss(`a summary mounts router ${saved.router.index} of ${saved.router.file}, which this run did not create`);
            router.mounted = true;
            return { type: "mount", paths: saved.paths, router, site: saved.site };
          }
        }
      }
      /**
       * Registrations and functions in files evaluated again that replayed modules reached: marked as reached
       * before those files' unreached sweep and app-factory search, as their evaluation would have.
       */
      restoreReached(sources) {
        for (const { visited, invoked } of this.reached) {
          for (const ref of visited)
            this.host.visited.add(this.node(sources, ref));
          for (const ref of invoked)
            this.interpreter.invoked.add(this.node(sources, ref));
        }
      }
      node(sources, ref) {
        const file = sources.replayed.has(ref.file) ? void 0 : sources.getFile(ref.file);
        const node = file ? findNode(file, ref) : void 0;
        if (!node)
          throw new ReplayMiss(`a summary refers to a node at ${ref.file}:${ref.pos} that this run does not have`);
        return node;
      }
    };
  }
});

// lib/extract/incremental/session.js
function importResolutions(sources, file) {
  return specifiersOf(file).map((specifier) => [specifier, sources.importedFile(specifier, file.fileName) ?? null]);
}
function specifiersOf(file) {
  const out = [];
  for (const statement of file.statements) {
    let specifier;
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))
      specifier = statement.moduleSpecifier;
    else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference))
      specifier = statement.moduleReference.expression;
    if (specifier && ts.isStringLiteral(specifier))
      out.push(specifier.text);
  }
  return out;
}
function importedFiles(sources, file) {
  const out = /* @__PURE__ */ new Set();
  for (const specifier of specifiersOf(file)) {
    const target = sources.importedFile(specifier, file.fileName);
    if (target)
      out.add(target);
  }
  return [...out].sort();
}
var IncrementalSession;
var init_session = __esm({
  "lib/extract/incremental/session.js"() {
    "use strict";
    init_interpreter();
    init_typescript();
    init_recorder();
    init_replay();
    IncrementalSession = class {
      sources;
      diagnostics;
      options;
      recorder;
      replay;
      constructor(host, sources, diagnostics, options) {
        this.sources = sources;
        this.diagnostics = diagnostics;
        this.options = options;
        this.recorder = new ModuleRecorder((value) => host.routerOf(value));
        host.recorder = this.recorder;
        diagnostics.listener = (d) => this.recorder.diagnostic(d);
        this.replay = Object.keys(options.replay).length ? new SummaryReplay(options.replay, sources.replayedScanned, host, this.recorder, diagnostics) : void 0;
        if (options.checkResolutions) {
          for (const [file, summary] of Object.entries(options.replay)) {
            for (const [specifier, target] of summary.resolutions) {
              const now = sources.importedFile(specifier, file) ?? null;
              if (now !== target)
                throw new ReplayMiss(`the import '${specifier}' of ${file} resolves to ${now ?? "nothing"} now, not ${target ?? "nothing"}`);
            }
          }
        }
      }
      interpreterOptions() {
        return { tracker: this.recorder, ...this.replay ? { replay: this.replay } : {} };
      }
      attach(interpreter) {
        if (this.replay)
          this.replay.interpreter = interpreter;
        interpreter.onPost = { enter: (file) => this.recorder.enterPost(file), leave: () => this.recorder.leavePost() };
      }
      /** The replay, for adapters that walk the replayed files themselves (Next.js). */
      get replayed() {
        return this.replay;
      }
      /** After every module ran: what replayed modules reached in other files counts as reached. */
      restoreReached() {
        this.replay?.restoreReached(this.sources);
      }
      /** Stops recording and leaves the summaries for the next run in the options. */
      finish(interpreter, adapter) {
        this.diagnostics.listener = void 0;
        interpreter.onPost = void 0;
        const imports = {};
        for (const file of Object.keys(this.options.replay))
          imports[file] = this.options.previousImports[file] ?? [];
        for (const file of this.sources.parsedFiles()) {
          if (!/[\\/]node_modules[\\/]/.test(file.fileName))
            imports[file.fileName] = importedFiles(this.sources, file);
        }
        const modules = this.recorder.summaries((file) => {
          const parsed = this.sources.parsedFile(file);
          return parsed ? importResolutions(this.sources, parsed) : [];
        });
        this.options.result = { adapter, imports, keyTypeFiles: interpreter.keyTypeFiles, modules };
        this.options.unreplayable = this.recorder.unreplayable();
      }
    };
  }
});

// lib/extract/express/index.js
var EXPRESS_PACKAGES, expressAdapter;
var init_express = __esm({
  "lib/extract/express/index.js"() {
    "use strict";
    init_typescript();
    init_interpreter();
    init_shared();
    init_express_host();
    init_flatten();
    init_path_syntax();
    init_session();
    EXPRESS_PACKAGES = ["express", "router", "express-promise-router"];
    expressAdapter = {
      name: "express",
      detect(sources) {
        return sources.files.some((file) => importedPackages(file).some((p) => EXPRESS_PACKAGES.includes(p)));
      },
      extract(sources, options, diagnostics) {
        const host = new ExpressHost(diagnostics);
        const session = options.incremental ? new IncrementalSession(host, sources, diagnostics, options.incremental) : void 0;
        const interpreter = new Interpreter(sources, diagnostics, { permissionCalls: options.permissionCalls, ...session?.interpreterOptions() }, host);
        host.interpreter = interpreter;
        session?.attach(interpreter);
        interpreter.executeAll();
        session?.restoreReached();
        runAppFactories(sources, interpreter, (call, file) => ts.isIdentifier(call.expression) && localNamesOf(file, "express").has(call.expression.text), (file) => session?.recorder.spoil(file, "it has an app factory"));
        interpreter.finishChecks();
        const routes = [];
        for (const app of host.routers.filter((r) => r.kind === "app"))
          routes.push(...flattenApp(app, diagnostics, "express", expressToOpenApi));
        reportUnmounted(host.routers, diagnostics);
        reportUnreached(sources, host.visited, interpreter, diagnostics, EXPRESS_METHODS);
        session?.finish(interpreter, "express");
        return dedupe(routes);
      }
    };
  }
});

// lib/extract/fastify/fastify-host.js
function pluginFunction(value) {
  for (const v of flattenValues(value))
    if (v.kind === "function")
      return v;
  return void 0;
}
function handlerProperty(arg) {
  let inner = arg;
  while (ts.isParenthesizedExpression(inner) || ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner))
    inner = inner.expression;
  if (!ts.isObjectLiteralExpression(inner))
    return void 0;
  for (const p of inner.properties) {
    if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === "handler")
      return p.initializer;
    if (ts.isShorthandPropertyAssignment(p) && p.name.text === "handler")
      return p.name;
    if (ts.isMethodDeclaration(p) && ts.isIdentifier(p.name) && p.name.text === "handler")
      return void 0;
  }
  return void 0;
}
function configProperty(call, key) {
  for (const arg of call.arguments) {
    if (!ts.isObjectLiteralExpression(arg))
      continue;
    const config = propertyOf(arg, "config");
    if (config && ts.isObjectLiteralExpression(config))
      return propertyOf(config, key);
  }
  return void 0;
}
function propertyOf(literal, name) {
  for (const p of literal.properties)
    if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name)
      return p.initializer;
  return void 0;
}
var FASTIFY_METHODS, GATE_HOOKS, FastifyHost;
var init_fastify_host = __esm({
  "lib/extract/fastify/fastify-host.js"() {
    "use strict";
    init_typescript();
    init_diagnostic();
    init_values();
    init_router_host();
    FASTIFY_METHODS = /* @__PURE__ */ new Set(["get", "post", "put", "patch", "delete", "head", "options", "all"]);
    GATE_HOOKS = /* @__PURE__ */ new Set(["onRequest", "preParsing", "preValidation", "preHandler"]);
    FastifyHost = class extends RouterHost {
      callExternal(callee, call) {
        if (callee.module !== "fastify")
          return void 0;
        const name = callee.path[callee.path.length - 1];
        if (callee.path.length === 0 || name === "default" || name === "fastify" || name === "Fastify")
          return this.create("app", call.node).value;
        return void 0;
      }
      callMethod(receiver, method, call) {
        const object = receiver.host;
        if (object.type !== "router" || !ts.isCallExpression(call.node))
          return receiver;
        const node = call.node;
        const context = object.router;
        if (FASTIFY_METHODS.has(method)) {
          this.visited.add(node);
          const paths = this.paths(call.args[0], call, "route path");
          const rest = call.args.slice(1);
          const options = rest.length > 1 && rest[0] ? this.interpreter.evaluate(rest[0], call.scope) : void 0;
          const handlerArgs = rest.length > 1 ? rest.slice(1) : rest;
          if (paths)
            this.addRoute(context, method, paths, handlerArgs, call, statementDoc(node), options?.kind === "object" ? this.optionChecks(options, node) : []);
          return receiver;
        }
        if (method === "route") {
          this.visited.add(node);
          const options = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : void 0;
          if (options?.kind !== "object") {
            this.paths(call.args[0], call, "route options");
            return receiver;
          }
          const methods = stringsOf(options.props.get("method") ?? { kind: "undefined" });
          const url = options.props.get("url") ?? options.props.get("path");
          const paths = url ? stringsOf(url) : void 0;
          if (!methods || !paths) {
            this.diagnostics.error("APX201", "Cannot resolve the method or url of this route() statically.", siteOf(node), "Give `method` and `url` as string literals or consts.");
            return receiver;
          }
          const handlerNode = handlerProperty(call.args[0]);
          for (const m of methods)
            this.addRoute(context, m.toLowerCase(), paths, handlerNode ? [handlerNode] : [], call, statementDoc(node), this.optionChecks(options, node));
          return receiver;
        }
        if (method === "register") {
          this.visited.add(node);
          const plugin = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : void 0;
          const options = call.args[1] ? this.interpreter.evaluate(call.args[1], call.scope) : void 0;
          let prefix = "/";
          if (options?.kind === "object" && options.props.has("prefix")) {
            const strings = stringsOf(options.props.get("prefix"));
            if (strings?.length === 1)
              prefix = strings[0];
            else {
              this.paths(call.args[1], call, "plugin prefix");
              return receiver;
            }
          }
          const fn = plugin ? pluginFunction(plugin) : void 0;
          if (!fn)
            return receiver;
          const child = this.create("router", node);
          child.router.mounted = true;
          context.stack.push({ type: "mount", paths: [prefix], router: child.router, site: siteOf(node) });
          this.interpreter.callFunction(fn, [child.value, options ?? { kind: "object", props: /* @__PURE__ */ new Map() }], node);
          return receiver;
        }
        if (method === "addHook") {
          this.visited.add(node);
          const hook = call.args[0] ? stringsOf(this.interpreter.evaluate(call.args[0], call.scope)) : void 0;
          if (hook?.length === 1 && GATE_HOOKS.has(hook[0]) && call.args[1]) {
            const checks = this.middlewareChecks(this.interpreter.evaluate(call.args[1], call.scope));
            if (checks.length)
              context.stack.unshift({ type: "middleware", paths: ["/"], end: false, checks, site: siteOf(node) });
          }
          return receiver;
        }
        return receiver;
      }
      /** Checks in route options: gate hooks (one or an array) and `config.permission(s)`. */
      optionChecks(options, node) {
        const checks = [];
        for (const hook of GATE_HOOKS) {
          const value = options.props.get(hook);
          if (value)
            checks.push(...this.middlewareChecks(value));
        }
        const config = options.props.get("config");
        if (config?.kind === "object") {
          for (const key of ["permission", "permissions"]) {
            const value = config.props.get(key);
            if (!value)
              continue;
            const keys = stringsOf(value);
            if (keys) {
              checks.push({ kind: "check", keys, node });
              continue;
            }
            const report2 = (type) => this.diagnostics.error("APX301", `Cannot resolve config.${key} of this route statically${type === void 0 ? "" : `; its type, \`${type}\`, is not one string literal`}.`, siteOf(node), "Use string literals, consts, `as const` members or string enum members.");
            const written = configProperty(node, key);
            if (!written) {
              report2();
              continue;
            }
            const found = [];
            checks.push({ kind: "check", keys: found, node });
            this.interpreter.deferKey({ arg: written, found: (k) => void (found.includes(k) || found.push(k)), unresolved: report2 });
          }
        }
        return checks;
      }
    };
  }
});

// lib/extract/fastify/index.js
var fastifyAdapter;
var init_fastify = __esm({
  "lib/extract/fastify/index.js"() {
    "use strict";
    init_typescript();
    init_interpreter();
    init_path_syntax();
    init_flatten();
    init_shared();
    init_fastify_host();
    fastifyAdapter = {
      name: "fastify",
      detect: (sources) => sources.files.some((file) => importedPackages(file).includes("fastify")),
      extract(sources, options, diagnostics) {
        const host = new FastifyHost(diagnostics);
        const interpreter = new Interpreter(sources, diagnostics, { permissionCalls: options.permissionCalls }, host);
        host.interpreter = interpreter;
        interpreter.executeAll();
        runAppFactories(sources, interpreter, (call, file) => ts.isIdentifier(call.expression) && (localNamesOf(file, "fastify").has(call.expression.text) || call.expression.text === "Fastify" || call.expression.text === "fastify"));
        interpreter.finishChecks();
        const routes = [];
        for (const app of host.routers.filter((r) => r.kind === "app"))
          routes.push(...flattenApp(app, diagnostics, "fastify", expressToOpenApi));
        reportUnreached(sources, host.visited, interpreter, diagnostics, FASTIFY_METHODS);
        return dedupe(routes);
      }
    };
  }
});

// lib/extract/hono/hono-host.js
var HONO_METHODS, HonoHost;
var init_hono_host = __esm({
  "lib/extract/hono/hono-host.js"() {
    "use strict";
    init_typescript();
    init_diagnostic();
    init_values();
    init_router_host();
    HONO_METHODS = /* @__PURE__ */ new Set(["get", "post", "put", "delete", "patch", "options", "head", "all"]);
    HonoHost = class extends RouterHost {
      callExternal(callee, call) {
        if (!/^hono(\/|$)/.test(callee.module))
          return void 0;
        const name = callee.path[callee.path.length - 1];
        if (name === "Hono" && ts.isNewExpression(call.node))
          return this.create("router", call.node).value;
        return void 0;
      }
      callMethod(receiver, method, call) {
        const object = receiver.host;
        if (object.type !== "router" || !ts.isCallExpression(call.node))
          return receiver;
        const node = call.node;
        const app = object.router;
        this.recorder?.hostCall(app);
        if (HONO_METHODS.has(method)) {
          this.visit(node);
          const paths = this.paths(call.args[0], call, "route path");
          if (paths)
            this.addRoute(app, method, paths, call.args.slice(1), call, statementDoc(node));
          return receiver;
        }
        if (method === "on") {
          this.visit(node);
          const methods = stringsOf(this.interpreter.evaluate(call.args[0], call.scope));
          const paths = this.paths(call.args[1], call, "route path");
          if (!methods) {
            this.paths(call.args[0], call, "method list");
            return receiver;
          }
          if (paths)
            for (const m of methods)
              this.addRoute(app, m, paths, call.args.slice(2), call, statementDoc(node));
          return receiver;
        }
        if (method === "use") {
          this.visit(node);
          const first = call.args[0];
          const strings = first ? stringsOf(this.interpreter.evaluate(first, call.scope)) : void 0;
          const raw = strings ?? ["*"];
          const rest = strings ? call.args.slice(1) : call.args;
          const checks = rest.flatMap((arg) => this.middlewareChecks(this.interpreter.evaluate(arg, call.scope)));
          if (checks.length) {
            for (const path18 of raw) {
              const prefix = path18.replace(/\/?\*$/, "") || "/";
              app.stack.push({ type: "middleware", paths: [prefix], end: !path18.endsWith("*"), checks, site: siteOf(node) });
            }
          }
          return receiver;
        }
        if (method === "route") {
          this.visit(node);
          const paths = this.paths(call.args[0], call, "mount prefix");
          const sub = call.args[1] ? this.routerOf(this.interpreter.evaluate(call.args[1], call.scope)) : void 0;
          if (sub) {
            sub.mounted = true;
            const snapshot = { ...sub, stack: [...sub.stack] };
            if (paths)
              app.stack.push({ type: "mount", paths, router: snapshot, site: siteOf(node) });
          }
          return receiver;
        }
        if (method === "basePath") {
          this.visit(node);
          const paths = this.paths(call.args[0], call, "base path");
          const child = this.create("router", node);
          child.router.mounted = true;
          if (paths)
            app.stack.push({ type: "mount", paths, router: child.router, site: siteOf(node) });
          return child.value;
        }
        return receiver;
      }
    };
  }
});

// lib/extract/hono/path-syntax.js
function honoToOpenApi(raw) {
  const variants = [];
  const segments = cleanPath(raw).split("/").slice(1);
  const out = [];
  const params = [];
  let optional;
  for (const [i, segment] of segments.entries()) {
    if (segment.includes("*"))
      return { ok: false, problem: "a `*` wildcard, which OpenAPI cannot express", hint: "Name the parameter (`/files/:name`)." };
    const match = /^:([A-Za-z_$][\w$]*)(\{.*\})?(\?)?$/.exec(segment);
    if (match) {
      if (params.includes(match[1]))
        return { ok: false, problem: `the parameter \`${match[1]}\` twice`, hint: "Give every path parameter a distinct name." };
      params.push(match[1]);
      out.push(`{${match[1]}}`);
      if (match[3]) {
        if (i !== segments.length - 1)
          return { ok: false, problem: "an optional parameter before the end", hint: "Only the last segment can be optional." };
        optional = match[1];
      }
    } else if (segment.includes(":") || segment.includes("{")) {
      return { ok: false, problem: `the segment \`${segment}\`, a pattern OpenAPI paths cannot express`, hint: "Use whole-segment parameters (`/:id`)." };
    } else {
      out.push(segment);
    }
  }
  variants.push({ path: cleanPath(`/${out.join("/")}`), params, wildcard: false });
  if (optional)
    variants.push({ path: cleanPath(`/${out.slice(0, -1).join("/")}`), params: params.filter((p) => p !== optional), wildcard: false });
  return { ok: true, variants };
}
var init_path_syntax2 = __esm({
  "lib/extract/hono/path-syntax.js"() {
    "use strict";
    init_path_syntax();
  }
});

// lib/extract/hono/index.js
var honoAdapter;
var init_hono = __esm({
  "lib/extract/hono/index.js"() {
    "use strict";
    init_interpreter();
    init_flatten();
    init_shared();
    init_hono_host();
    init_path_syntax2();
    init_session();
    honoAdapter = {
      name: "hono",
      detect: (sources) => sources.files.some((file) => importedPackages(file).some((p) => p === "hono" || p.startsWith("hono/"))),
      extract(sources, options, diagnostics) {
        const host = new HonoHost(diagnostics);
        const session = options.incremental ? new IncrementalSession(host, sources, diagnostics, options.incremental) : void 0;
        const interpreter = new Interpreter(sources, diagnostics, { permissionCalls: options.permissionCalls, ...session?.interpreterOptions() }, host);
        host.interpreter = interpreter;
        session?.attach(interpreter);
        interpreter.executeAll();
        session?.restoreReached();
        interpreter.finishChecks();
        const routes = [];
        for (const app of host.routers.filter((r) => !r.mounted))
          routes.push(...flattenApp(app, diagnostics, "hono", honoToOpenApi));
        reportUnreached(sources, host.visited, interpreter, diagnostics, HONO_METHODS);
        session?.finish(interpreter, "hono");
        return dedupe(routes);
      }
    };
  }
});

// lib/extract/koa/koa-host.js
var KOA_METHODS, KoaHost;
var init_koa_host = __esm({
  "lib/extract/koa/koa-host.js"() {
    "use strict";
    init_typescript();
    init_diagnostic();
    init_values();
    init_router_host();
    KOA_METHODS = /* @__PURE__ */ new Set(["get", "post", "put", "patch", "delete", "del", "head", "options", "all"]);
    KoaHost = class extends RouterHost {
      callExternal(callee, call) {
        const name = callee.path[callee.path.length - 1];
        const isDefault = callee.path.length === 0 || name === "default";
        if (callee.module === "koa" && isDefault && ts.isNewExpression(call.node))
          return this.create("app", call.node).value;
        if ((callee.module === "@koa/router" || callee.module === "koa-router") && (isDefault || name === "Router")) {
          const { value, router } = this.create("router", call.node);
          const options = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : void 0;
          if (options?.kind === "object") {
            const prefix = options.props.get("prefix");
            if (prefix) {
              const strings = stringsOf(prefix);
              if (strings?.length === 1)
                router.prefix = strings[0];
              else
                this.paths(call.args[0], call, "router prefix");
            }
          }
          return value;
        }
        return void 0;
      }
      callMethod(receiver, method, call) {
        const object = receiver.host;
        if (object.type !== "router" || !ts.isCallExpression(call.node))
          return receiver;
        const node = call.node;
        const router = object.router;
        if (method === "routes" || method === "middleware")
          return receiver;
        if (method === "allowedMethods")
          return { kind: "runtime", what: "allowedMethods()" };
        this.recorder?.hostCall(router);
        if (method === "prefix") {
          this.visit(node);
          const paths = this.paths(call.args[0], call, "router prefix");
          if (paths?.length === 1)
            router.prefix = paths[0];
          return receiver;
        }
        if (KOA_METHODS.has(method)) {
          this.visit(node);
          const second = call.args[1] ? stringsOf(this.interpreter.evaluate(call.args[1], call.scope)) : void 0;
          const named = second !== void 0 && call.args[0] !== void 0 && stringsOf(this.interpreter.evaluate(call.args[0], call.scope)) !== void 0;
          const pathArg = named ? call.args[1] : call.args[0];
          const paths = this.paths(pathArg, call, "route path");
          if (paths)
            this.addRoute(router, method === "del" ? "delete" : method, paths, call.args.slice(named ? 2 : 1), call, statementDoc(node));
          return receiver;
        }
        if (method === "use") {
          this.visit(node);
          const first = call.args[0];
          const strings = first ? stringsOf(this.interpreter.evaluate(first, call.scope)) : void 0;
          const paths = strings ?? ["/"];
          for (const arg of strings ? call.args.slice(1) : call.args) {
            for (const value of flattenValues(this.interpreter.evaluate(arg, call.scope))) {
              const sub = this.routerOf(value);
              if (sub) {
                sub.mounted = true;
                router.stack.push({ type: "mount", paths, router: sub, site: siteOf(node) });
                continue;
              }
              const checks = this.middlewareChecks(value);
              if (checks.length)
                router.stack.push({ type: "middleware", paths, end: false, checks, site: siteOf(node) });
            }
          }
          return receiver;
        }
        return receiver;
      }
    };
  }
});

// lib/extract/koa/index.js
var koaAdapter;
var init_koa = __esm({
  "lib/extract/koa/index.js"() {
    "use strict";
    init_typescript();
    init_interpreter();
    init_path_syntax();
    init_flatten();
    init_shared();
    init_koa_host();
    init_session();
    koaAdapter = {
      name: "koa",
      detect: (sources) => sources.files.some((file) => importedPackages(file).some((p) => p === "koa" || p === "@koa/router" || p === "koa-router")),
      extract(sources, options, diagnostics) {
        const host = new KoaHost(diagnostics);
        const session = options.incremental ? new IncrementalSession(host, sources, diagnostics, options.incremental) : void 0;
        const interpreter = new Interpreter(sources, diagnostics, { permissionCalls: options.permissionCalls, ...session?.interpreterOptions() }, host);
        host.interpreter = interpreter;
        session?.attach(interpreter);
        interpreter.executeAll();
        session?.restoreReached();
        runAppFactories(sources, interpreter, (call, file) => ts.isNewExpression(call) && ts.isIdentifier(call.expression) && localNamesOf(file, "koa").has(call.expression.text), (file) => session?.recorder.spoil(file, "it has an app factory"));
        interpreter.finishChecks();
        const routes = [];
        for (const app of host.routers.filter((r) => r.kind === "app"))
          routes.push(...flattenApp(app, diagnostics, "koa", expressToOpenApi));
        reportUnmounted(host.routers, diagnostics);
        reportUnreached(sources, host.visited, interpreter, diagnostics, KOA_METHODS);
        session?.finish(interpreter, "koa");
        return dedupe(routes);
      }
    };
  }
});

// lib/extract/nest/index.js
function nestAdapterWith(decorators = DEFAULT_PERMISSION_DECORATORS, configured = {}) {
  return {
    name: "nest",
    detect: (sources) => sources.files.some((file) => importedPackages(file).includes("@nestjs/common")),
    extract(sources, options, diagnostics) {
      const interpreter = new Interpreter(sources, diagnostics, { permissionCalls: options.permissionCalls }, noHost);
      interpreter.executeAll();
      const bootstrap = readBootstrap(sources, interpreter, diagnostics);
      if (configured.globalPrefix !== void 0)
        bootstrap.globalPrefix = configured.globalPrefix;
      if (configured.uriVersioning) {
        bootstrap.uriVersioning = true;
        if (configured.uriVersioning.prefix !== void 0)
          bootstrap.versionPrefix = configured.uriVersioning.prefix;
        if (configured.uriVersioning.defaultVersion !== void 0)
          bootstrap.defaultVersion = [configured.uriVersioning.defaultVersion].flat();
      }
      const controllers = registeredControllers(sources, interpreter);
      const decoratorKeys = /* @__PURE__ */ new Map();
      const bodyChecks = /* @__PURE__ */ new Map();
      for (const cls of controllers) {
        if (!decoratorCall(cls, "Controller"))
          continue;
        const scope = interpreter.module(cls.getSourceFile()).scope;
        decoratorKeys.set(cls, permissionKeys(cls, decorators, scope, interpreter, diagnostics));
        for (const member of cls.members) {
          if (!ts.isMethodDeclaration(member) || !member.body || !Object.keys(VERB_DECORATORS).some((name) => decoratorCall(member, name)))
            continue;
          decoratorKeys.set(member, permissionKeys(member, decorators, scope, interpreter, diagnostics));
          bodyChecks.set(member, interpreter.bodyChecks({ kind: "function", decl: member, scope }));
        }
      }
      interpreter.finishChecks();
      const routes = [];
      for (const cls of controllers) {
        const scope = interpreter.module(cls.getSourceFile()).scope;
        const controller = decoratorCall(cls, "Controller");
        if (!controller)
          continue;
        const { prefixes, version: classVersion } = controllerOptions(controller, scope, interpreter, diagnostics);
        const classKeys = decoratorKeys.get(cls) ?? [];
        for (const member of cls.members) {
          if (!ts.isMethodDeclaration(member) || !member.body)
            continue;
          for (const [decoratorName, method] of Object.entries(VERB_DECORATORS)) {
            const verb = decoratorCall(member, decoratorName);
            if (!verb)
              continue;
            const paths = verb.arguments[0] ? pathStrings(verb.arguments[0], scope, interpreter, diagnostics, "route path") : [""];
            if (!paths)
              continue;
            const versionCall = decoratorCall(member, "Version");
            const versions = versionCall?.arguments[0] ? stringsOf(interpreter.evaluate(versionCall.arguments[0], scope)) : classVersion;
            const keys = /* @__PURE__ */ new Set([...classKeys, ...decoratorKeys.get(member) ?? []]);
            for (const check of bodyChecks.get(member) ?? [])
              for (const k of check.keys)
                keys.add(k);
            const doc = leadingDoc(member);
            for (const version of versions ?? bootstrap.defaultVersion ?? [void 0]) {
              for (const prefix of prefixes) {
                for (const path18 of paths) {
                  const versionSegment = bootstrap.uriVersioning && version ? `${bootstrap.versionPrefix}${version}` : "";
                  const full = joinPaths(joinPaths(joinPaths(joinPaths("/", bootstrap.globalPrefix), versionSegment), prefix), path18);
                  const parsed = expressToOpenApi(full);
                  if (!parsed.ok) {
                    diagnostics.error("APX204", `The path \`${full}\` has ${parsed.problem}.`, siteOf(verb), parsed.hint);
                    continue;
                  }
                  for (const variant of parsed.variants) {
                    for (const m of method === "ALL" ? ALL_METHODS2 : [method]) {
                      routes.push({
                        framework: "nest",
                        method: m,
                        path: variant.path,
                        pathParams: variant.params,
                        permissions: [...keys].sort(),
                        ...doc ? { doc } : {},
                        site: siteOf(verb),
                        handler: member
                      });
                    }
                  }
                }
              }
            }
          }
        }
      }
      return routes;
    }
  };
}
function readBootstrap(sources, interpreter, diagnostics) {
  const found = { globalPrefix: "", uriVersioning: false, versionPrefix: "v" };
  for (const file of sources.files) {
    if (!file.text.includes("setGlobalPrefix") && !file.text.includes("enableVersioning"))
      continue;
    const scope = interpreter.module(file).scope;
    const visit = (node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const name = node.expression.name.text;
        if (name === "setGlobalPrefix" && node.arguments[0]) {
          const prefix = pathStrings(node.arguments[0], scope, interpreter, diagnostics, "global prefix");
          if (prefix?.length === 1)
            found.globalPrefix = prefix[0];
        }
        if (name === "enableVersioning") {
          const options = node.arguments[0] ? interpreter.evaluate(node.arguments[0], scope) : void 0;
          const type = options?.kind === "object" ? options.props.get("type") : void 0;
          const isUri = node.arguments[0] && (/VersioningType\.URI/.test(node.arguments[0].getText()) || type?.kind === "number" && type.value === 0);
          if (isUri) {
            found.uriVersioning = true;
            const defaultVersion = options?.kind === "object" ? options.props.get("defaultVersion") : void 0;
            const prefix = options?.kind === "object" ? options.props.get("prefix") : void 0;
            if (defaultVersion)
              found.defaultVersion = stringsOf(defaultVersion);
            if (prefix?.kind === "string")
              found.versionPrefix = prefix.value;
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}
function registeredControllers(sources, interpreter) {
  const all = [];
  const listed = /* @__PURE__ */ new Set();
  let modules = 0;
  for (const file of sources.files) {
    for (const statement of file.statements) {
      if (!ts.isClassDeclaration(statement))
        continue;
      if (decoratorCall(statement, "Controller"))
        all.push(statement);
      const module2 = decoratorCall(statement, "Module");
      const options = module2?.arguments[0] ? interpreter.evaluate(module2.arguments[0], interpreter.module(file).scope) : void 0;
      if (options?.kind !== "object")
        continue;
      modules++;
      const controllers = options.props.get("controllers");
      for (const v of controllers?.kind === "array" ? controllers.items : []) {
        if (v.kind === "class" && ts.isClassDeclaration(v.decl))
          listed.add(v.decl);
      }
    }
  }
  return modules && listed.size ? all.filter((c) => listed.has(c)) : all;
}
function controllerOptions(call, scope, interpreter, diagnostics) {
  const arg = call.arguments[0];
  if (!arg)
    return { prefixes: [""] };
  const value = interpreter.evaluate(arg, scope);
  if (value.kind === "object") {
    const path18 = value.props.get("path");
    const version = value.props.get("version");
    return { prefixes: path18 ? stringsOf(path18) ?? report(arg, path18, diagnostics) : [""], ...version ? { version: stringsOf(version) ?? [] } : {} };
  }
  return { prefixes: stringsOf(value) ?? report(arg, value, diagnostics) };
}
function pathStrings(node, scope, interpreter, diagnostics, what) {
  const value = interpreter.evaluate(node, scope);
  const strings = stringsOf(value);
  if (strings)
    return strings;
  diagnostics.error("APX201", `Cannot resolve this ${what} statically: \`${excerpt(node)}\` ${explain(value)}.`, siteOf(node), "Use a string literal, a const, or a template literal of consts.");
  return void 0;
}
function report(node, value, diagnostics) {
  diagnostics.error("APX201", `Cannot resolve this controller path statically: \`${excerpt(node)}\` ${explain(value)}.`, siteOf(node), "Use a string literal, a const, or an array of them.");
  return [];
}
function decoratorCall(node, name) {
  for (const decorator of (ts.canHaveDecorators(node) ? ts.getDecorators(node) : void 0) ?? []) {
    const expression = decorator.expression;
    if (ts.isCallExpression(expression)) {
      const callee = expression.expression;
      const calleeName2 = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : void 0;
      if (calleeName2 === name)
        return expression;
    }
  }
  return void 0;
}
function permissionKeys(node, decorators, scope, interpreter, diagnostics) {
  const keys = [];
  for (const spec of decorators) {
    const call = decoratorCall(node, spec.name);
    if (!call)
      continue;
    const args = spec.argument === void 0 ? [...call.arguments] : call.arguments[spec.argument] ? [call.arguments[spec.argument]] : [];
    for (const arg of args) {
      let value = interpreter.evaluate(arg, scope);
      for (const part of spec.property ? spec.property.split(".") : [])
        value = value.kind === "object" ? value.props.get(part) ?? { kind: "undefined" } : { kind: "undefined" };
      const strings = stringsOf(value);
      if (strings)
        keys.push(...strings);
      else if (!(value.kind === "object" && !spec.property)) {
        const reason = explain(value);
        interpreter.deferKey({
          arg,
          ...spec.property ? { property: spec.property.split(".") } : {},
          found: (key) => {
            if (!keys.includes(key))
              keys.push(key);
          },
          unresolved: (type) => diagnostics.error("APX301", `Cannot resolve the permission key of @${spec.name}: \`${excerpt(arg)}\` ${reason}${type === void 0 ? "" : `, and its type, \`${type}\`, is not one string literal`}.`, siteOf(arg), "Pass a string literal, a const, an `as const` member or a string enum member (or configure the decorator's argument and property).")
        });
      }
    }
  }
  return keys;
}
var DEFAULT_PERMISSION_DECORATORS, VERB_DECORATORS, ALL_METHODS2, noHost, nestAdapter;
var init_nest = __esm({
  "lib/extract/nest/index.js"() {
    "use strict";
    init_typescript();
    init_diagnostic();
    init_doc_comment();
    init_interpreter();
    init_values();
    init_path_syntax();
    init_shared();
    DEFAULT_PERMISSION_DECORATORS = [
      { name: "RequirePermission" },
      { name: "RequirePermissions" },
      { name: "Permissions" },
      { name: "Permission" }
    ];
    VERB_DECORATORS = { Get: "GET", Post: "POST", Put: "PUT", Patch: "PATCH", Delete: "DELETE", Options: "OPTIONS", Head: "HEAD", All: "ALL", Search: "SEARCH" };
    ALL_METHODS2 = ["GET", "POST", "PUT", "PATCH", "DELETE"];
    noHost = { callExternal: () => void 0, callMethod: (receiver) => receiver };
    nestAdapter = nestAdapterWith();
  }
});

// lib/extract/next/app-router.js
import path10 from "node:path";
function appRouterPaths(file) {
  const match = ROUTE_FILE.exec(file.split(path10.sep).join("/"));
  if (!match)
    return void 0;
  const segments = (match[2] ?? "").split("/").filter(Boolean);
  if (segments.some((s) => s.startsWith("_")))
    return void 0;
  const base = [];
  let optional;
  let wildcard = false;
  for (const segment of segments) {
    if (/^\(.*\)$/.test(segment) || segment.startsWith("@"))
      continue;
    const optionalCatchAll = /^\[\[\.\.\.(\w+)\]\]$/.exec(segment);
    const catchAll = /^\[\.\.\.(\w+)\]$/.exec(segment);
    const param = /^\[(\w+)\]$/.exec(segment);
    if (optionalCatchAll) {
      optional = optionalCatchAll[1];
      wildcard = true;
    } else if (catchAll) {
      base.push(`{${catchAll[1]}}`);
      wildcard = true;
    } else if (param)
      base.push(`{${param[1]}}`);
    else
      base.push(segment);
  }
  const root = `/${base.join("/")}`;
  const paths = optional ? [root, `${root === "/" ? "" : root}/{${optional}}`] : [root];
  return { paths, wildcard };
}
function exportedMethods(statement) {
  const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  if (ts.isFunctionDeclaration(statement) && exported && statement.name && METHODS.includes(statement.name.text))
    return [[statement.name.text, statement]];
  if (ts.isVariableStatement(statement) && exported) {
    return statement.declarationList.declarations.filter((d) => ts.isIdentifier(d.name) && METHODS.includes(d.name.text) && d.initializer).map((d) => [d.name.text, d.initializer]);
  }
  if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
    return statement.exportClause.elements.filter((e) => METHODS.includes(e.name.text)).map((e) => [e.name.text, e]);
  }
  return [];
}
var METHODS, ROUTE_FILE, NextHost, openApiParser, nextAdapter;
var init_app_router = __esm({
  "lib/extract/next/app-router.js"() {
    "use strict";
    init_typescript();
    init_diagnostic();
    init_doc_comment();
    init_interpreter();
    init_flatten();
    init_router_host();
    init_shared();
    init_session();
    METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
    ROUTE_FILE = /(^|[\\/])app[\\/](.*[\\/])?route\.(ts|tsx|js|mjs|mts)$/;
    NextHost = class extends RouterHost {
      callExternal(_callee, _call) {
        return void 0;
      }
      callMethod(receiver) {
        return receiver;
      }
      /** One exported method handler: its checks (in the body or a wrapper's arguments) and its doc. */
      addExport(root, method, paths, node, value, scope) {
        const parts2 = { checks: [], handlers: [] };
        const expression = ts.isFunctionDeclaration(node) ? void 0 : node;
        if (expression)
          this.collect(expression, value, { node: expression, args: [], scope }, parts2);
        else if (value.kind === "function") {
          parts2.handlers.push(value);
          parts2.checks.push(...this.interpreter.bodyChecks(value));
        }
        const handler = parts2.handlers[parts2.handlers.length - 1]?.decl;
        const docNode = ts.isFunctionDeclaration(node) ? node : ts.isExportSpecifier(node) ? node.parent.parent : node.parent && ts.isVariableDeclaration(node.parent) ? node.parent.parent.parent : node;
        const doc = leadingDoc(docNode);
        root.stack.push({ type: "route", method, paths, checks: parts2.checks, terminal: true, site: siteOf(node), ...doc ? { doc } : {}, ...handler ? { handler } : {} });
      }
    };
    openApiParser = (raw) => ({ ok: true, variants: [{ path: raw, params: [...raw.matchAll(/\{(\w+)\}/g)].map((m) => m[1]), wildcard: false }] });
    nextAdapter = {
      name: "next",
      detect: (sources) => sources.files.some((f) => appRouterPaths(f.fileName.slice(sources.root.length)) !== void 0),
      extract(sources, options, diagnostics) {
        const host = new NextHost(diagnostics);
        const session = options.incremental ? new IncrementalSession(host, sources, diagnostics, options.incremental) : void 0;
        const interpreter = new Interpreter(sources, diagnostics, { permissionCalls: options.permissionCalls, ...session?.interpreterOptions() }, host);
        host.interpreter = interpreter;
        session?.attach(interpreter);
        const root = { id: 0, kind: "app", site: { file: sources.root, line: 1, column: 1 }, stack: [], mounted: true };
        const readRouteFile = (file) => {
          const route = appRouterPaths(path10.relative(sources.root, file.fileName));
          if (!route)
            return;
          const before = root.stack.length;
          session?.recorder.enterFile(file.fileName);
          const instance = interpreter.module(file);
          for (const statement of file.statements) {
            for (const [method, node] of exportedMethods(statement)) {
              const value = interpreter.exportOf(instance, method, node);
              if (route.wildcard)
                diagnostics.warning("APX205", `${path10.relative(sources.root, file.fileName)} is a catch-all route; it is indexed with one path segment.`, siteOf(node), "OpenAPI path parameters match one segment; callers must encode slashes.");
              host.addExport(root, method, route.paths, node, value, instance.scope);
            }
          }
          session?.recorder.leaveFile(file.fileName, root.stack.slice(before));
        };
        const replay = session?.replayed;
        const replayed = replay?.files ?? [];
        let next = 0;
        const replayNext = () => {
          const name = replayed[next++];
          interpreter.moduleNamed(name);
          root.stack.push(...replay.rootLayers(name));
        };
        for (const file of sources.files) {
          while (next < replayed.length && replayed[next] < file.fileName)
            replayNext();
          readRouteFile(file);
        }
        while (next < replayed.length)
          replayNext();
        interpreter.finishChecks();
        session?.finish(interpreter, "next");
        return dedupe(flattenApp(root, diagnostics, "next", openApiParser));
      }
    };
  }
});

// lib/extract/index.js
function extractRoutes(sources, framework, options, diagnostics) {
  const available = { ...ADAPTERS, ...options.nestDecorators || options.nestBootstrap ? { nest: nestAdapterWith(options.nestDecorators, options.nestBootstrap) } : {} };
  const adapters = framework === "auto" ? Object.values(available).filter((a) => a.detect(sources)) : [available[framework]];
  if (!adapters.length) {
    diagnostics.warning("APX001", `No supported framework found in ${sources.files.length} source file(s) (looked for imports of ${Object.keys(ADAPTERS).join(", ")}).`, void 0, "Check `root` and `include` in the config, or set `framework`.");
  }
  const { incremental, ...rest } = options;
  const adapter = adapters.length === 1 ? adapters[0].name : void 0;
  if (incremental && !(adapter && INCREMENTAL_ADAPTERS.has(adapter) && (!incremental.adapter || incremental.adapter === adapter))) {
    if (Object.keys(incremental.replay).length)
      throw new ReplayMiss(`the summaries are of a ${incremental.adapter ?? "?"} service; the project now uses ${adapters.map((a) => a.name).join(" and ") || "no framework"}`);
    return adapters.flatMap((adapter2) => adapter2.extract(sources, rest, diagnostics));
  }
  return adapters.flatMap((adapter2) => adapter2.extract(sources, options, diagnostics));
}
var INCREMENTAL_ADAPTERS, ADAPTERS;
var init_extract = __esm({
  "lib/extract/index.js"() {
    "use strict";
    init_diagnostic();
    init_express();
    init_fastify();
    init_hono();
    init_koa();
    init_nest();
    init_app_router();
    init_interpreter();
    INCREMENTAL_ADAPTERS = /* @__PURE__ */ new Set(["express", "hono", "koa", "next"]);
    ADAPTERS = { express: expressAdapter, hono: honoAdapter, koa: koaAdapter, fastify: fastifyAdapter, next: nextAdapter, nest: nestAdapter };
  }
});

// lib/model/closed.js
import picomatch2 from "picomatch";
function closedMatcher(patterns) {
  const matchers = patterns.map((pattern) => ({ pattern, test: picomatch2(pattern, { dot: true }) }));
  return (path18) => matchers.find((m) => m.test(path18))?.pattern;
}
var init_closed = __esm({
  "lib/model/closed.js"() {
    "use strict";
  }
});

// lib/model/effect.js
function deriveEffect(method) {
  switch (method.toUpperCase()) {
    case "GET":
    case "HEAD":
    case "OPTIONS":
    case "SEARCH":
    case "PROPFIND":
    case "REPORT":
      return "read";
    case "DELETE":
    case "PURGE":
      return "remove";
    default:
      return "write";
  }
}
var init_effect = __esm({
  "lib/model/effect.js"() {
    "use strict";
  }
});

// lib/model/operation.js
var EFFECTS;
var init_operation2 = __esm({
  "lib/model/operation.js"() {
    "use strict";
    EFFECTS = ["read", "write", "remove"];
  }
});

// lib/model/operation-id.js
import { createHash as createHash3 } from "node:crypto";
function deriveOperationId(method, path18) {
  const segments = path18.split("/");
  const versions = [];
  const parts2 = [];
  let index = 0;
  for (const text of segments) {
    if (!text)
      continue;
    const part = partOf(text);
    if (part.laterVersion !== void 0)
      versions.push(part.laterVersion);
    if (part.param || !(part.version || index === 0 && part.api))
      parts2.push(part);
    index++;
  }
  const last = parts2[parts2.length - 1];
  const m = method.toLowerCase();
  let verb;
  let nouns;
  let singularLast;
  const literals = (count) => {
    const out = [];
    for (let i = 0; i < count; i++) {
      const p = parts2[i];
      if (p.param)
        continue;
      const next = parts2[i + 1];
      out.push(next?.param ? itemNoun(p.words, next.text) : p.words);
    }
    return out;
  };
  if (!last) {
    verb = m;
    nouns = ["root"];
    singularLast = false;
  } else if (m === "post" && !last.param && !last.plural && parts2.length > 1) {
    verb = last.words;
    nouns = literals(parts2.length - 1);
    nouns.push(...versions);
    return finish(verb, nouns, method, path18);
  } else {
    const onItem = last.param || !last.plural;
    verb = Object.hasOwn(VERBS, m) ? VERBS[m](onItem) : m.replace(/[^a-z0-9]/g, "_");
    nouns = literals(parts2.length);
    singularLast = last.param || m === "post";
    if (singularLast && nouns.length && !last.param)
      nouns[nouns.length - 1] = singular(nouns[nouns.length - 1]);
    nouns.push(...versions);
  }
  return finish(verb, nouns, method, path18);
}
function partOf(text) {
  let part = parts.get(text);
  if (!part) {
    const version = /^v\d+(\.\d+)*$/i.test(text);
    part = {
      text,
      param: /^\{[^{}]+\}$/.test(text),
      version,
      laterVersion: version && !/^v[01]$/i.test(text) ? text.toLowerCase().replace(/\./g, "_") : void 0,
      api: text.toLowerCase() === "api",
      plural: isPlural(text),
      words: words(text)
    };
    parts.set(text, part);
  }
  return part;
}
function finish(verb, nouns, method, path18) {
  const joined = nouns.length ? `${verb}_${nouns.join("_")}` : verb;
  if (joined.length <= MAX_LENGTH && CLEAN_ID.test(joined))
    return joined;
  return cleanId(joined, method, path18);
}
function cleanId(joined, method, path18) {
  let id = joined.toLowerCase().replace(/[^a-z0-9_]+/g, "_").replace(/_+/g, "_").replace(/^_|_$/g, "");
  if (!/^[a-z]/.test(id))
    id = `op_${id}`;
  if (id.length > MAX_LENGTH) {
    const hash = createHash3("sha256").update(`${method.toUpperCase()} ${path18}`).digest("hex").slice(0, 8);
    id = `${id.slice(0, MAX_LENGTH - 9).replace(/_+$/, "")}_${hash}`;
  }
  return id;
}
function isPlural(word) {
  const w = word.toLowerCase();
  return w.endsWith("s") && !/(ss|us|is)$/.test(w);
}
function memo(fn) {
  const seen = /* @__PURE__ */ new Map();
  return (a) => {
    let out = seen.get(a);
    if (out === void 0)
      seen.set(a, out = fn(a));
    return out;
  };
}
function memo2(fn) {
  const seen = /* @__PURE__ */ new Map();
  return (a, b) => {
    const key = `${a}\0${b}`;
    let out = seen.get(key);
    if (out === void 0)
      seen.set(key, out = fn(a, b));
    return out;
  };
}
var OPERATION_ID_PATTERN, MAX_LENGTH, VERBS, parts, CLEAN_ID, itemNoun, words, singular;
var init_operation_id = __esm({
  "lib/model/operation-id.js"() {
    "use strict";
    OPERATION_ID_PATTERN = /^[a-z][a-z0-9_]{0,47}$/;
    MAX_LENGTH = 48;
    VERBS = {
      get: (onItem) => onItem ? "get" : "list",
      post: () => "create",
      put: () => "replace",
      patch: () => "update",
      delete: () => "delete"
    };
    parts = /* @__PURE__ */ new Map();
    CLEAN_ID = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
    itemNoun = memo2((collection, param) => {
      if (isPlural(collection))
        return singular(collection);
      const fromParam = words(param.replace(/^\{|\}$/g, "")).replace(/_?id$/, "");
      return fromParam && fromParam !== collection ? `${collection}_${fromParam}` : collection;
    });
    words = memo((segment) => {
      return segment.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/[^A-Za-z0-9]+/g, "_").toLowerCase();
    });
    singular = memo((noun) => {
      const parts2 = noun.split("_");
      const w = parts2.pop() ?? "";
      let s = w;
      if (/ies$/.test(w))
        s = `${w.slice(0, -3)}y`;
      else if (/(sses|ches|shes|xes|zzes)$/.test(w) || /uses$/.test(w) && !/ouses$/.test(w))
        s = w.slice(0, -2);
      else if (isPlural(w))
        s = w.slice(0, -1);
      return [...parts2, s].join("_");
    });
  }
});

// lib/model/summary.js
function summaryFromId(operationId) {
  const text = operationId.replace(/_[0-9a-f]{8}$/, "").replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
var init_summary = __esm({
  "lib/model/summary.js"() {
    "use strict";
  }
});

// lib/model/build-operations.js
function buildOperations(facts, config, diagnostics) {
  const isClosedPath = closedMatcher(config.closed);
  return facts.map((fact) => {
    const doc = fact.doc;
    const tags = doc?.tags ?? NO_TAGS;
    let first = NO_FIRST;
    let tagNames = NO_NAMES;
    if (tags.length) {
      const firsts = /* @__PURE__ */ new Map();
      const names = /* @__PURE__ */ new Set();
      for (const t of tags) {
        if (!firsts.has(t.name))
          firsts.set(t.name, t);
        if (t.name === "tag") {
          const name = t.text.trim();
          if (name)
            names.add(name);
        }
      }
      first = firsts;
      tagNames = names;
    }
    const configId = config.operationIds[`${fact.method} ${fact.path}`];
    const idTag = first.get("operationId");
    const tagId = idTag?.text.trim();
    const operationId = tagId || configId || deriveOperationId(fact.method, fact.path);
    const scope = first.get("scope")?.text.trim() || void 0;
    const op = {
      operationId,
      idSource: tagId ? "tag" : configId ? "config" : "derived",
      method: fact.method,
      path: fact.path,
      pathParams: fact.pathParams,
      permissions: fact.permissions,
      summary: doc?.summary ?? summaryFromId(operationId),
      effect: effectOf(fact, first.get("effect"), diagnostics),
      documented: first.has("documented"),
      closed: first.has("closed") || isClosedPath(fact.path) !== void 0,
      destructive: flag(first.get("destructive")),
      deprecated: first.has("deprecated"),
      tags: tagNames.size ? [...tagNames].sort() : [],
      examples: first.has("example") ? examplesOf(tags, diagnostics) : [],
      framework: fact.framework,
      site: fact.site
    };
    if (doc?.description)
      op.description = doc.description;
    if (scope)
      op.scope = scope;
    if (doc)
      op.doc = doc;
    if (fact.handler)
      op.handler = fact.handler;
    if (fact.registration)
      op.registration = fact.registration;
    if (fact.handlerAt)
      op.handlerAt = fact.handlerAt;
    if (fact.registrationAt)
      op.registrationAt = fact.registrationAt;
    if (tagId === "" && idTag) {
      diagnostics.error("APX402", "@operationId has no value.", idTag.site, "Write the id after the tag: @operationId send_invoice");
    }
    return op;
  });
}
function effectOf(fact, tag, diagnostics) {
  if (!tag)
    return deriveEffect(fact.method);
  const value = tag.text.trim();
  if (EFFECTS.includes(value))
    return value;
  diagnostics.error("APX404", `@effect ${value || "(empty)"} is not one of ${EFFECTS.join(", ")}.`, tag.site, "Write @effect read, @effect write or @effect remove.");
  return deriveEffect(fact.method);
}
function flag(tag) {
  return tag !== void 0 && tag.text.trim().toLowerCase() !== "false";
}
function examplesOf(tags, diagnostics) {
  const out = [];
  for (const tag of tags) {
    if (tag.name !== "example")
      continue;
    const match = /^(request|response)(?:\s+(\d{3}|default))?\s*([\s\S]*)$/.exec(tag.text);
    if (!match)
      continue;
    const kind = match[1];
    const status = match[2];
    const json = match[3].trim();
    if (kind === "response" && !status) {
      diagnostics.error("APX410", "@example response needs a status code.", tag.site, 'Write @example response 200 {"id": "..."}');
      continue;
    }
    try {
      out.push({ kind, ...status ? { status } : {}, value: JSON.parse(json), site: tag.site });
    } catch (error2) {
      diagnostics.error("APX411", `@example ${kind}${status ? ` ${status}` : ""} is not valid JSON: ${error2.message}.`, tag.site, "Write the example as JSON after the tag (it may span several lines).");
    }
  }
  return out;
}
var NO_TAGS, NO_FIRST, NO_NAMES;
var init_build_operations = __esm({
  "lib/model/build-operations.js"() {
    "use strict";
    init_closed();
    init_effect();
    init_operation2();
    init_operation_id();
    init_summary();
    NO_TAGS = [];
    NO_FIRST = /* @__PURE__ */ new Map();
    NO_NAMES = /* @__PURE__ */ new Set();
  }
});

// lib/publish/assets.js
var INDEX_PATH, DEFAULT_MOUNT, DEFAULT_CACHE_CONTROL;
var init_assets = __esm({
  "lib/publish/assets.js"() {
    "use strict";
    INDEX_PATH = "/";
    DEFAULT_MOUNT = "/v1/public/api-docs";
    DEFAULT_CACHE_CONTROL = "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400";
  }
});

// lib/publish/build-assets.js
var build_assets_exports = {};
__export(build_assets_exports, {
  Compressor: () => Compressor,
  buildApiDocsFiles: () => buildApiDocsFiles,
  compressionsOf: () => compressionsOf
});
import { createHash as createHash4 } from "node:crypto";
import { readFileSync as readFileSync8 } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip as gzipAsync } from "node:zlib";
async function buildApiDocsFiles(artifacts, options = {}) {
  const folder = options.folder ?? "api-docs";
  const compressor = options.compressor ?? new Compressor();
  const sources = [
    { path: "/openapi.json", file: "openapi.json", contentType: JSON_TYPE, body: Buffer.from(artifacts.openapi) },
    { path: "/openapi-public.json", file: "openapi-public.json", contentType: JSON_TYPE, body: Buffer.from(artifacts.openapi), contentDisposition: 'attachment; filename="openapi-public.json"' },
    { path: "/operations.json", file: "operations.json", contentType: JSON_TYPE, body: Buffer.from(artifacts.index) },
    { path: "/operations.schema.json", file: "operations.schema.json", contentType: "application/schema+json; charset=utf-8", body: Buffer.from(artifacts.schema) },
    ...templateSources()
  ];
  const compressed = await Promise.all(sources.map((source) => compressor.start(source.body)));
  const files = [];
  const manifest = { format: "apidex.api-docs/1", mount: DEFAULT_MOUNT, files: {} };
  sources.forEach((source, i) => {
    const [br, gz] = compressed[i];
    const encoded = [
      ["identity", source.body, source.file],
      ["br", br, `${source.file}.br`],
      ["gzip", gz, `${source.file}.gz`]
    ];
    const variants = {};
    for (const [encoding, bytes, file] of encoded) {
      variants[encoding] = { file, etag: etagOf(bytes, encoding), bytes: bytes.byteLength };
      files.push({ name: `${folder}/${file}`, content: bytes });
    }
    manifest.files[source.path] = {
      contentType: source.contentType,
      cacheControl: DEFAULT_CACHE_CONTROL,
      ...source.contentDisposition ? { contentDisposition: source.contentDisposition } : {},
      ...source.headers ? { headers: source.headers } : {},
      variants
    };
  });
  files.push({ name: `${folder}/_headers.json`, content: canonicalJson(manifest) });
  return files;
}
function compressionsOf(files, folder = "api-docs") {
  const byName = new Map(files.map((f) => [f.name, f.content]));
  const out = /* @__PURE__ */ new Map();
  for (const [name, content] of byName) {
    if (!name.startsWith(`${folder}/`) || name.endsWith(".br") || name.endsWith(".gz"))
      continue;
    const br = byName.get(`${name}.br`);
    const gz = byName.get(`${name}.gz`);
    if (br === void 0 || gz === void 0)
      continue;
    out.set(createHash4("sha256").update(content).digest("hex"), [Buffer.from(br), Buffer.from(gz)]);
  }
  return out;
}
function templateSources() {
  const template = (name) => readFileSync8(`${TEMPLATES}${name}`);
  templates ??= [
    { path: INDEX_PATH, file: "index.html", contentType: "text/html; charset=utf-8", body: template("index.html"), headers: { "Content-Security-Policy": PAGE_CSP, "Referrer-Policy": "no-referrer" } },
    { path: "/app.js", file: "app.js", contentType: "text/javascript; charset=utf-8", body: template("app.js") },
    { path: "/app.css", file: "app.css", contentType: "text/css; charset=utf-8", body: template("app.css") }
  ];
  return templates;
}
function etagOf(bytes, encoding) {
  const hash = createHash4("sha256").update(bytes).digest("base64url").slice(0, 27);
  return `"${hash}${encoding === "identity" ? "" : `-${encoding}`}"`;
}
function brotli(body) {
  return brotliAsync(body, {
    chunkSize: wholeOutput(body),
    params: { [constants.BROTLI_PARAM_QUALITY]: body.byteLength <= MAX_QUALITY_BYTES ? 11 : 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT }
  });
}
async function gzip(body) {
  const out = await gzipPromise(body, { level: body.byteLength <= MAX_GZIP_LEVEL_BYTES ? 9 : 8, chunkSize: wholeOutput(body) });
  out[4] = out[5] = out[6] = out[7] = 0;
  out[9] = 3;
  return out;
}
var TEMPLATES, JSON_TYPE, PAGE_CSP, Compressor, templates, compressedTemplates, MAX_QUALITY_BYTES, brotliAsync, gzipPromise, wholeOutput, MAX_GZIP_LEVEL_BYTES;
var init_build_assets = __esm({
  "lib/publish/build-assets.js"() {
    "use strict";
    init_canonical_json();
    init_assets();
    TEMPLATES = fileURLToPath(new URL("../../templates/reference/", import.meta.url));
    JSON_TYPE = "application/json; charset=utf-8";
    PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
    Compressor = class {
      known;
      started = /* @__PURE__ */ new Map();
      /**
       * `known`: compressed variants by the SHA-256 of their uncompressed bytes, from an earlier run with the
       * same apidex build and the same zlib and brotli (`compressionsOf`); those bodies are not compressed
       * again. The encoders are deterministic, so the bytes are the ones compressing would give.
       */
      constructor(known = /* @__PURE__ */ new Map()) {
        this.known = known;
      }
      /** Starts compressing `body` (if this content was not started yet) and returns the pending result. */
      start(body) {
        const key = createHash4("sha256").update(body).digest("hex");
        let pending = this.started.get(key);
        const known = pending ? void 0 : this.known.get(key);
        if (known) {
          pending = Promise.resolve(known);
          this.started.set(key, pending);
        } else if (!pending) {
          pending = Promise.all([brotli(body), gzip(body)]);
          pending.catch(() => {
          });
          this.started.set(key, pending);
        }
        return pending;
      }
      /** Starts the files whose bytes do not depend on the service: the reference page, once per process. */
      startTemplates() {
        for (const source of templateSources()) {
          const key = createHash4("sha256").update(source.body).digest("hex");
          let pending = compressedTemplates.get(key);
          if (!pending)
            compressedTemplates.set(key, pending = this.start(source.body));
          this.started.set(key, pending);
        }
      }
    };
    compressedTemplates = /* @__PURE__ */ new Map();
    MAX_QUALITY_BYTES = 64 * 1024;
    brotliAsync = promisify(brotliCompress);
    gzipPromise = promisify(gzipAsync);
    wholeOutput = (body) => Math.max(64 * 1024, body.byteLength + 1024);
    MAX_GZIP_LEVEL_BYTES = 256 * 1024;
  }
});

// lib/resolve/types/operation-shapes.js
function expressTypeSources(handler) {
  const [reqParam, resParam] = handler?.parameters ?? [];
  const generic = typeArguments(reqParam?.type, "Request") ?? typeArguments(variableAnnotation(handler), "RequestHandler");
  const [paramsNode, resBodyNode, reqBodyNode, queryNode] = generic ?? [];
  const responseNode = typeArguments(resParam?.type, "Response")?.[0] ?? resBodyNode;
  return { ...paramsNode ? { paramsNode } : {}, ...queryNode ? { queryNode } : {}, ...reqBodyNode ? { bodyNode: reqBodyNode } : {}, ...responseNode ? { responseNode } : {} };
}
function fastifyTypeSources(registration) {
  const literal = registration?.typeArguments?.[0];
  if (!literal || !ts.isTypeLiteralNode(literal))
    return {};
  const member = (name) => literal.members.find((m) => ts.isPropertySignature(m) && ts.isIdentifier(m.name) && m.name.text === name)?.type;
  const reply = member("Reply");
  const out = {};
  const params = member("Params");
  const query = member("Querystring");
  const body = member("Body");
  if (params)
    out.paramsNode = params;
  if (query)
    out.queryNode = query;
  if (body)
    out.bodyNode = body;
  if (reply && ts.isTypeLiteralNode(reply) && reply.members.every((m) => ts.isPropertySignature(m) && m.name && /^["']?\d{3}["']?$/.test(m.name.getText()))) {
    out.replies = new Map(reply.members.map((m) => [m.name.getText().replace(/["']/g, ""), m.type]));
  } else if (reply) {
    out.responseNode = reply;
  }
  return out;
}
function nestTypeSources(method, checker, httpMethod) {
  if (!method)
    return {};
  const out = { defaultStatus: httpMethod === "POST" ? "201" : "200" };
  const decorated = (parameter, name) => (ts.canHaveDecorators(parameter) ? ts.getDecorators(parameter) : void 0)?.map((d) => d.expression).find((e) => ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === name);
  for (const parameter of method.parameters) {
    if (!parameter.type)
      continue;
    const param = decorated(parameter, "Param");
    const key = param?.arguments[0] && ts.isStringLiteral(param.arguments[0]) ? param.arguments[0].text : void 0;
    if (key)
      (out.paramNodes ??= /* @__PURE__ */ new Map()).set(key, parameter.type);
    if (decorated(parameter, "Query") && !decorated(parameter, "Query").arguments.length)
      out.queryNode = parameter.type;
    if (decorated(parameter, "Body") && !decorated(parameter, "Body").arguments.length)
      out.bodyNode = parameter.type;
  }
  const code = (ts.canHaveDecorators(method) ? ts.getDecorators(method) : void 0)?.map((d) => d.expression).find((e) => ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "HttpCode");
  if (code?.arguments[0] && ts.isNumericLiteral(code.arguments[0]))
    out.defaultStatus = code.arguments[0].text;
  if (method.type)
    out.responseNode = method.type;
  else {
    const signature = checker.getSignatureFromDeclaration(method);
    if (signature)
      out.responseType = checker.getReturnTypeOfSignature(signature);
  }
  return out;
}
function readShapes(op, handler, typeSources, sources, builder, diagnostics) {
  const checker = sources.checker;
  const tags = op.doc?.tags ?? [];
  const [, resParam] = op.framework === "express" ? handler?.parameters ?? [] : [];
  const { paramsNode, queryNode, bodyNode: reqBodyNode } = typeSources;
  const responseNode = typeSources.responseNode;
  const typeOf = (node) => node ? checker.getTypeFromTypeNode(node) : void 0;
  const unwrapAsync = (type) => {
    const name = type?.getSymbol()?.name;
    if (type && (name === "Promise" || name === "Observable"))
      return checker.getTypeArguments(type)[0] ?? type;
    return type;
  };
  const pathParams = {};
  const paramsType = typeOf(paramsNode);
  for (const name of op.pathParams) {
    const prop = paramsType?.getProperty(name);
    const single = typeSources.paramNodes?.get(name);
    pathParams[name] = prop && paramsNode ? builder.schemaOf(checker.getTypeOfSymbolAtLocation(prop, paramsNode), paramsNode, `path parameter ${name}`) : single ? builder.schemaOf(checker.getTypeFromTypeNode(single), single, `path parameter ${name}`) : { type: "string" };
  }
  const query = [];
  const queryTag = tags.find((t) => t.name === "query");
  const queryType = queryTag ? resolveTagType(queryTag, op, sources, diagnostics)?.type : usable(typeOf(queryNode));
  if (queryType) {
    const where = queryNode ?? handler ?? sources.file(op.site.file);
    for (const prop of checker.getPropertiesOfType(queryType)) {
      const propType = checker.getTypeOfSymbolAtLocation(prop, where);
      const schema = builder.schemaOf(propType, prop.valueDeclaration ?? where, `query parameter ${prop.name}`);
      const description = ts.displayPartsToString(prop.getDocumentationComment(checker)).trim();
      const mayBeUndefined = propType.flags & ts.TypeFlags.Union && propType.types.some((t) => t.flags & ts.TypeFlags.Undefined);
      if (description)
        schema.description = description;
      query.push({ name: prop.name, required: !(prop.flags & ts.SymbolFlags.Optional) && !mayBeUndefined, schema });
    }
  }
  const bodyTag = tags.find((t) => t.name === "body");
  const tagSchema = (tagType, label) => {
    const schema = builder.schemaOf(tagType.type, handler ?? sources.file(op.site.file), label);
    return tagType.array ? { type: "array", items: schema } : schema;
  };
  const bodyTagType = bodyTag ? resolveTagType(bodyTag, op, sources, diagnostics) : void 0;
  const bodyType = bodyTag ? void 0 : usable(typeOf(reqBodyNode));
  const body = bodyTagType ? tagSchema(bodyTagType, `request body of ${op.operationId}`) : bodyType ? builder.schemaOf(bodyType, reqBodyNode, `request body of ${op.operationId}`) : void 0;
  const calls = handler && resParam && ts.isIdentifier(resParam.name) ? responseCalls(handler, resParam.name.text) : [];
  const declared = usable(unwrapAsync(typeOf(responseNode) ?? typeSources.responseType));
  const byStatus = /* @__PURE__ */ new Map();
  for (const tag of tags.filter((t) => t.name === "response")) {
    const match = /^(\d{3})(?:\s+([\s\S]+))?$/.exec(tag.text.trim());
    if (!match) {
      diagnostics.error("APX504", `@response ${tag.text} does not read as a status and a type.`, tag.site, "Write @response 200 Invoice, or @response 204 for an empty body.");
      continue;
    }
    const [, status, typeName] = match;
    const tagType = typeName ? resolveTagType({ ...tag, text: typeName }, op, sources, diagnostics) : void 0;
    byStatus.set(status, { status, ...tagType ? { schema: tagSchema(tagType, `response ${status} of ${op.operationId}`) } : {} });
  }
  for (const call of calls) {
    const status = String(call.status);
    if (byStatus.has(status))
      continue;
    if (call.kind === "end" || status === "204") {
      byStatus.set(status, { status });
    } else if (call.mediaType && !/json/.test(call.mediaType)) {
      byStatus.set(status, { status, mediaType: call.mediaType });
    } else {
      const argType = call.arg ? usable(checker.getTypeAtLocation(call.arg)) : void 0;
      const type = call.status < 300 ? declared ?? argType : argType;
      if (type)
        byStatus.set(status, { status, schema: builder.schemaOf(type, call.arg ?? responseNode, `response ${status} of ${op.operationId}`) });
      else if (call.status < 300)
        byStatus.set(status, { status, schema: missingResponse(op, call.arg ?? handler, diagnostics) });
    }
  }
  for (const [status, node] of typeSources.replies ?? []) {
    if (byStatus.has(status))
      continue;
    const type = usable(typeOf(node));
    byStatus.set(status, type ? { status, schema: builder.schemaOf(type, node, `response ${status} of ${op.operationId}`) } : { status });
  }
  if (![...byStatus.keys()].some((s) => s.startsWith("2"))) {
    const status = typeSources.defaultStatus ?? (op.effect === "remove" ? "204" : "200");
    const where = responseNode ?? handler ?? sources.file(op.site.file);
    const isVoid = typeSources.responseType && typeSources.responseType.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined);
    byStatus.set(status, declared && !isVoid ? { status, schema: builder.schemaOf(declared, where, `response ${status} of ${op.operationId}`) } : { status });
  }
  const responses2 = [...byStatus.values()].sort((a, b) => Number(a.status) - Number(b.status));
  return { pathParams, query, ...body ? { body } : {}, responses: responses2 };
}
function typeArguments(node, name) {
  if (!node || !ts.isTypeReferenceNode(node))
    return void 0;
  const typeName = ts.isIdentifier(node.typeName) ? node.typeName.text : node.typeName.right.text;
  return typeName === name ? node.typeArguments ?? [] : void 0;
}
function variableAnnotation(handler) {
  const parent = handler?.parent;
  return parent && ts.isVariableDeclaration(parent) ? parent.type : void 0;
}
function usable(type) {
  if (!type)
    return void 0;
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Never | ts.TypeFlags.Void | ts.TypeFlags.Undefined))
    return void 0;
  const symbol = type.aliasSymbol ?? type.getSymbol();
  if (symbol && ["ParsedQs", "ParamsDictionary"].includes(symbol.name))
    return void 0;
  return type;
}
function responseCalls(handler, res) {
  const out = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      if (method === "json" || method === "send" || method === "end" || method === "sendStatus") {
        const chain = chainOf(node.expression.expression, res);
        if (chain) {
          const status = method === "sendStatus" ? numberArg(node) : chain.status ?? 200;
          if (status !== void 0) {
            out.push({ status, kind: method === "sendStatus" ? "end" : method, ...node.arguments[0] ? { arg: node.arguments[0] } : {}, ...chain.mediaType ? { mediaType: chain.mediaType } : {} });
          }
          return;
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  if (handler.body)
    visit(handler.body);
  return out;
}
function chainOf(node, res) {
  const found = {};
  let current = node;
  while (ts.isCallExpression(current) && ts.isPropertyAccessExpression(current.expression)) {
    const name = current.expression.name.text;
    if (name === "status")
      found.status ??= numberArg(current);
    if ((name === "type" || name === "contentType") && current.arguments[0] && ts.isStringLiteral(current.arguments[0]))
      found.mediaType ??= current.arguments[0].text;
    current = current.expression.expression;
  }
  return ts.isIdentifier(current) && current.text === res ? found : void 0;
}
function numberArg(call) {
  const arg = call.arguments[0];
  return arg && ts.isNumericLiteral(arg) ? Number(arg.text) : void 0;
}
function resolveTagType(tag, op, sources, diagnostics) {
  const checker = sources.checker;
  const text = tag.text.trim();
  const match = /^([A-Za-z_$][\w$]*)(\[\])?$/.exec(text);
  const file = sources.file(tag.site.file);
  if (!match || !file) {
    diagnostics.error("APX503", `@${tag.name} ${text}: write a type name (or Name[]) declared or imported in this file.`, tag.site, "For a generic instantiation, declare an alias first: type InvoicePage = Page<Invoice>.");
    return void 0;
  }
  const symbol = checker.getSymbolsInScope(file, ts.SymbolFlags.Type | ts.SymbolFlags.Alias).find((s) => s.name === match[1]);
  if (!symbol) {
    diagnostics.error("APX503", `@${tag.name} ${text}: no type named ${match[1]} in ${op.operationId}'s doc comment file.`, tag.site, "Import the type into the file that holds the doc comment.");
    return void 0;
  }
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return { type: checker.getDeclaredTypeOfSymbol(target), array: Boolean(match[2]) };
}
function missingResponse(op, node, diagnostics) {
  const site = node ? siteOf(node) : op.site;
  diagnostics.error("APX502", `Cannot tell the response body type of the documented operation ${op.operationId}: the value sent is \`any\`.`, site, "Annotate the handler's `res: Response<T>` (or the ResBody of `Request<...>`), or add `@response 200 Type` to its doc comment.");
  return { "x-apidex-error": "unknown response type" };
}
var init_operation_shapes = __esm({
  "lib/resolve/types/operation-shapes.js"() {
    "use strict";
    init_typescript();
    init_diagnostic();
  }
});

// lib/resolve/types/schema-builder.js
import path11 from "node:path";
function siteOfNode(node) {
  return siteOf(node);
}
function isDate(type) {
  const symbol = type.getSymbol();
  return symbol?.name === "Date" && (symbol.declarations ?? []).some((d) => d.getSourceFile().hasNoDefaultLib || /lib\.[\w.]*\.d\.ts$/.test(d.getSourceFile().fileName));
}
function isReference(type) {
  return (type.flags & ts.TypeFlags.Object) !== 0 && (type.objectFlags & ts.ObjectFlags.Reference) !== 0;
}
function sanitize(name) {
  return name.replace(/[^A-Za-z0-9_.-]+/g, "_").replace(/_+/g, "_").replace(/^_|_$/g, "");
}
function fileSlug(file, root) {
  return sanitize(path11.relative(root, file).replace(/\.[cm]?[jt]sx?$/, "").split(path11.sep).join("."));
}
function jsDocSummary(node) {
  const docs = node.jsDoc;
  const last = docs?.[docs.length - 1];
  const text = last ? ts.getTextOfJSDocComment(last.comment)?.trim() : void 0;
  return text || void 0;
}
var MAX_DEPTH, REF_PREFIX, SchemaBuilder;
var init_schema_builder = __esm({
  "lib/resolve/types/schema-builder.js"() {
    "use strict";
    init_typescript();
    init_diagnostic();
    init_canonical_json();
    MAX_DEPTH = 24;
    REF_PREFIX = "#/components/schemas/";
    SchemaBuilder = class {
      types;
      diagnostics;
      components = /* @__PURE__ */ new Map();
      checker;
      constructor(types, diagnostics) {
        this.types = types;
        this.diagnostics = diagnostics;
        this.checker = types.checker;
      }
      /** The schema of `type`; `where` is the node problems are reported at, `label` names it in messages. */
      schemaOf(type, where, label) {
        return this.convert(type, { where, label, depth: 0 });
      }
      /** Assigns final component names (clashes qualified by file, deterministically) and returns the components. */
      finish() {
        const byBase = /* @__PURE__ */ new Map();
        for (const c of this.components.values())
          byBase.set(c.base, [...byBase.get(c.base) ?? [], c]);
        const out = {};
        for (const [base, group] of byBase) {
          const distinctFiles = new Set(group.map((c) => c.file));
          for (const c of group) {
            c.final = group.length === 1 ? base : distinctFiles.size === group.length ? `${fileSlug(c.file, this.types.root)}.${base}` : `${base}_${group.indexOf(c) + 1}`;
            for (const ref of c.refs)
              ref.$ref = `${REF_PREFIX}${c.final}`;
          }
        }
        for (const c of [...this.components.values()].sort((a, b) => byCodePoint(a.final, b.final))) {
          if (c.schema)
            out[c.final] = c.schema;
        }
        return out;
      }
      convert(type, ctx) {
        if (ctx.depth > MAX_DEPTH)
          return this.fail(ctx, "nests too deeply (an anonymous recursive type?)", "Give the recursive type a name (an interface or type alias).");
        const flags = type.flags;
        if (flags & ts.TypeFlags.Any)
          return this.fail(ctx, "is `any`", "Declare a type.");
        if (flags & ts.TypeFlags.Unknown)
          return this.fail(ctx, "is `unknown`", "Declare a type.");
        if (flags & ts.TypeFlags.Never)
          return this.fail(ctx, "is `never`", "Fix the type.");
        if (flags & (ts.TypeFlags.BigInt | ts.TypeFlags.BigIntLiteral))
          return this.fail(ctx, "is a bigint, which JSON cannot carry", "Use number or a string.");
        if (flags & (ts.TypeFlags.ESSymbol | ts.TypeFlags.UniqueESSymbol))
          return this.fail(ctx, "is a symbol, which JSON cannot carry", "Remove it from the type.");
        const named = this.namedRef(type, ctx);
        if (named)
          return named;
        return this.structure(type, ctx);
      }
      /** The schema itself, without considering the type's name. */
      structure(type, ctx) {
        const flags = type.flags;
        const checker = this.checker;
        const inner = { ...ctx, depth: ctx.depth + 1 };
        if (flags & ts.TypeFlags.StringLiteral)
          return { type: "string", const: type.value };
        if (flags & ts.TypeFlags.NumberLiteral)
          return { type: "number", const: type.value };
        if (flags & ts.TypeFlags.BooleanLiteral)
          return { type: "boolean", const: checker.typeToString(type) === "true" };
        if (flags & ts.TypeFlags.String || flags & ts.TypeFlags.TemplateLiteral)
          return { type: "string" };
        if (flags & ts.TypeFlags.Number)
          return { type: "number" };
        if (flags & ts.TypeFlags.Boolean)
          return { type: "boolean" };
        if (flags & ts.TypeFlags.Null)
          return { type: "null" };
        if (flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void))
          return this.fail(ctx, "is undefined, which JSON cannot carry", "Make the property optional instead.");
        if (flags & ts.TypeFlags.Union)
          return this.union(type, inner);
        if (isDate(type))
          return { type: "string", format: "date-time" };
        if (checker.isTupleType(type)) {
          const items = checker.getTypeArguments(type).map((t, i) => this.convert(t, { ...inner, label: `${ctx.label}[${i}]` }));
          const target = type.target;
          const fixed = target.hasRestElement ? {} : { maxItems: items.length };
          return { type: "array", prefixItems: items, minItems: target.minLength, ...fixed };
        }
        if (checker.isArrayType(type)) {
          const [element] = checker.getTypeArguments(type);
          return { type: "array", items: element ? this.convert(element, { ...inner, label: `${ctx.label}[]` }) : this.fail(ctx, "is an array of an unknown type", "Declare the element type.") };
        }
        if (type.getCallSignatures().length && !type.getProperties().length)
          return this.fail(ctx, "is a function, which JSON cannot carry", "Remove it from the type.");
        if (flags & ts.TypeFlags.Object || flags & ts.TypeFlags.Intersection)
          return this.object(type, inner, ctx.label);
        return this.fail(ctx, `has the type \`${checker.typeToString(type)}\`, which apidex cannot express as JSON Schema`, "Use plain data types.");
      }
      union(type, ctx) {
        const parts2 = type.types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
        const hasNull = parts2.some((t) => t.flags & ts.TypeFlags.Null);
        const rest = parts2.filter((t) => !(t.flags & ts.TypeFlags.Null));
        if (!rest.length)
          return { type: "null" };
        const booleans = rest.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
        const others = rest.filter((t) => !(t.flags & ts.TypeFlags.BooleanLiteral));
        const members = [];
        if (booleans.length === 2)
          members.push({ type: "boolean" });
        else
          for (const b of booleans)
            members.push(this.structure(b, ctx));
        const literals = others.filter((t) => t.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral));
        if (literals.length && literals.length === others.length && !booleans.length) {
          const values = literals.map((t) => t.value);
          const kinds = [...new Set(literals.map((t) => t.flags & ts.TypeFlags.StringLiteral ? "string" : "number"))];
          const typeKeyword = kinds.length === 1 ? kinds[0] : kinds;
          return hasNull ? { type: [...[typeKeyword].flat(), "null"], enum: [...values, null] } : { type: typeKeyword, enum: values };
        }
        for (const t of others)
          members.push(this.convert(t, ctx));
        if (hasNull) {
          const only = members.length === 1 ? members[0] : void 0;
          if (only && typeof only.type === "string" && !only.$ref && !("const" in only) && !("enum" in only))
            return { ...only, type: [only.type, "null"] };
          members.push({ type: "null" });
        }
        return members.length === 1 ? members[0] : { anyOf: members };
      }
      object(type, ctx, label) {
        const checker = this.checker;
        const properties = {};
        const required = [];
        for (const prop of checker.getPropertiesOfType(type)) {
          const declaration = prop.valueDeclaration ?? prop.declarations?.[0];
          const where = declaration && this.isProjectNode(declaration) ? declaration : ctx.where;
          const propType = checker.getTypeOfSymbolAtLocation(prop, where);
          if (declaration && (ts.isMethodDeclaration(declaration) || ts.isMethodSignature(declaration) || ts.isGetAccessor(declaration) || ts.isSetAccessor(declaration)))
            continue;
          const mayBeUndefined = propType.flags & ts.TypeFlags.Union && propType.types.some((t) => t.flags & ts.TypeFlags.Undefined);
          const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0 || Boolean(mayBeUndefined);
          const schema = this.convert(propType, { where, label: `${label}.${prop.name}`, depth: ctx.depth });
          properties[prop.name] = Object.assign(schema, this.documentation(prop));
          if (!optional)
            required.push(prop.name);
        }
        const out = { type: "object" };
        if (Object.keys(properties).length)
          out.properties = properties;
        if (required.length)
          out.required = required;
        const index = checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & (ts.TypeFlags.String | ts.TypeFlags.Number));
        if (index)
          out.additionalProperties = this.convert(index.type, { ...ctx, label: `${label}[key]` });
        return out;
      }
      /** description, examples and deprecated from a property's JSDoc. */
      documentation(prop) {
        const out = {};
        const description = ts.displayPartsToString(prop.getDocumentationComment(this.checker)).trim();
        if (description)
          out.description = description;
        const examples = [];
        for (const tag of prop.getJsDocTags(this.checker)) {
          const text = ts.displayPartsToString(tag.text).trim();
          if (tag.name === "deprecated")
            out.deprecated = true;
          if (tag.name === "example" && text) {
            try {
              examples.push(JSON.parse(text));
            } catch {
              examples.push(text);
            }
          }
        }
        if (examples.length)
          out.examples = examples;
        return out;
      }
      /** A `$ref` for named project types, registering the component on first sight. */
      namedRef(type, ctx) {
        const naming = this.nameOf(type);
        if (!naming)
          return void 0;
        const id = type.id;
        let component = this.components.get(id);
        const ref = { $ref: "" };
        if (!component) {
          component = { base: naming.name, file: naming.file, refs: [] };
          this.components.set(id, component);
          component.schema = this.structure(type, { where: naming.declaration, label: naming.name, depth: ctx.depth + 1 });
          const docs = naming.declaration ? jsDocSummary(naming.declaration) : void 0;
          if (docs && component.schema && !component.schema.description)
            component.schema = { description: docs, ...component.schema };
        }
        component.refs.push(ref);
        return ref;
      }
      /** The component name of a named type declared in the project, with its type arguments. */
      nameOf(type) {
        const checker = this.checker;
        const alias = type.aliasSymbol;
        const symbol = alias ?? type.getSymbol();
        if (!symbol)
          return void 0;
        const isAlias = alias !== void 0;
        if (!isAlias && !(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class | ts.SymbolFlags.Enum)))
          return void 0;
        const declaration = symbol.declarations?.[0];
        if (!declaration || !this.isProjectNode(declaration))
          return void 0;
        const args = isAlias ? type.aliasTypeArguments ?? [] : isReference(type) ? checker.getTypeArguments(type) : [];
        const argNames = args.map((a) => this.argumentName(a));
        return { name: sanitize([symbol.name, ...argNames].join("_")), file: declaration.getSourceFile().fileName, declaration };
      }
      argumentName(type) {
        const named = type.aliasSymbol ?? type.getSymbol();
        if (named && this.nameOf(type))
          return this.nameOf(type).name;
        if (this.checker.isArrayType(type))
          return `${this.argumentName(this.checker.getTypeArguments(type)[0])}List`;
        return sanitize(this.checker.typeToString(type));
      }
      isProjectNode(node) {
        return this.types.isProjectFile(node.getSourceFile());
      }
      fail(ctx, problem, hint) {
        this.diagnostics.error("APX501", `\`${ctx.label}\` ${problem}; it cannot be described in the OpenAPI document.`, siteOfNode(ctx.where), hint);
        return { "x-apidex-error": problem };
      }
    };
  }
});

// lib/resolve/types/index.js
function handlerAt(op) {
  return op.handler ? { file: op.handler.getSourceFile().fileName, pos: op.handler.pos } : op.handlerAt;
}
function locate(sources, ref) {
  const file = sources.getFile(ref.file);
  const node = file ? findNode(file, ref) : void 0;
  if (!node)
    throw new ReplayMiss(`a summary refers to a handler at ${ref.file}:${ref.pos} that this run does not have`);
  return node;
}
function resolveShapes(operations, sources, diagnostics, cache, permissionCalls = []) {
  const documented = operations.filter((op) => op.documented && !op.closed);
  if (!documented.length)
    return { schemas: {} };
  const documentedKey = documented.map((op) => `${op.method} ${op.path} ${handlerAt(op) ? `${handlerAt(op).file}:${handlerAt(op).pos}` : "-"} ${op.doc ? `${op.doc.site.file}:${op.doc.site.line}` : "-"} ${op.site.file}`).sort().join("\n");
  const reused = cache?.typesFor(documentedKey);
  if (reused) {
    for (const op of documented) {
      const shapes = reused.shapes[`${op.method} ${op.path}`];
      if (shapes)
        op.shapes = shapes;
    }
    for (const d of reused.diagnostics)
      diagnostics.add(d);
    return { schemas: reused.schemas, types: reused, reused: true };
  }
  const before = diagnostics.items.length;
  const roots = documented.flatMap((op) => [op.site.file, handlerAt(op)?.file, op.doc?.site.file].filter((f) => Boolean(f)));
  const types = createTypeContext(sources, roots, { skipPermissionImports: permissionCalls });
  const builder = new SchemaBuilder(types, diagnostics);
  for (const op of documented) {
    const handlerNode = op.handler ?? (op.handlerAt ? locate(sources, op.handlerAt) : void 0);
    const registrationNode = op.registration ?? (op.registrationAt ? locate(sources, op.registrationAt) : void 0);
    const handler = handlerNode ? types.map(handlerNode) : void 0;
    const registration = registrationNode ? types.map(registrationNode) : void 0;
    const typeSources = op.framework === "express" ? expressTypeSources(handler) : op.framework === "fastify" ? fastifyTypeSources(registration) : op.framework === "nest" ? nestTypeSources(handler, types.checker, op.method) : {};
    op.shapes = readShapes(op, handler, typeSources, types, builder, diagnostics);
  }
  const schemas = builder.finish();
  const record = cache ? {
    documentedKey,
    // package.json files decide where the program's imports resolved, so they are read files too.
    files: Object.fromEntries([...types.programFiles(), ...sources.packageJsonsRead()].map((f) => [f, cache.fingerprint(f)])),
    shapes: Object.fromEntries(documented.filter((op) => op.shapes).map((op) => [`${op.method} ${op.path}`, op.shapes])),
    schemas,
    diagnostics: diagnostics.items.slice(before)
  } : void 0;
  return { schemas, ...record ? { types: record } : {} };
}
var init_types = __esm({
  "lib/resolve/types/index.js"() {
    "use strict";
    init_operation_shapes();
    init_schema_builder();
    init_type_context();
    init_module_summary();
    init_interpreter();
  }
});

// lib/validate/validate-operations.js
function validateOperations(operations, diagnostics) {
  const byRoute = /* @__PURE__ */ new Map();
  for (const op of operations) {
    const key = `${op.method} ${op.path}`;
    const other = byRoute.get(key);
    if (other) {
      diagnostics.add({
        severity: "error",
        code: "APX403",
        message: `${key} is registered twice; the framework only ever runs the first registration.`,
        site: op.site,
        related: [{ message: "first registered here", site: other.site }],
        hint: "Remove one of the registrations or give them different paths."
      });
    } else {
      byRoute.set(key, op);
    }
  }
  const open = operations.filter((op) => !op.closed);
  const byId = /* @__PURE__ */ new Map();
  for (const op of open) {
    if (!OPERATION_ID_PATTERN.test(op.operationId)) {
      diagnostics.error("APX402", `The operation id \`${op.operationId}\` of ${op.method} ${op.path} does not match ${OPERATION_ID_PATTERN.source}.`, op.site, "Use lower-case letters, digits and underscores, starting with a letter, at most 48 characters.");
    }
    const other = byId.get(op.operationId);
    if (other && `${other.method} ${other.path}` !== `${op.method} ${op.path}`) {
      diagnostics.add({
        severity: "error",
        code: "APX401",
        message: `The operation id \`${op.operationId}\` is used by ${other.method} ${other.path} and ${op.method} ${op.path}.`,
        site: op.site,
        related: [{ message: `${other.method} ${other.path} (${other.idSource} id)`, site: other.site }],
        hint: "Give one of them an explicit id with @operationId, or in the config's operationIds."
      });
    } else if (!other) {
      byId.set(op.operationId, op);
    }
  }
  for (const op of operations) {
    if (op.documented && op.closed) {
      diagnostics.warning("APX406", `${op.method} ${op.path} is @documented but closed; it is left out of every artifact.`, op.site, "Remove @documented, or reopen the route if it should be callable with a key.");
    }
    if (op.closed)
      continue;
    if (op.documented && op.summary.length > MAX_SUMMARY_LENGTH) {
      diagnostics.error("APX405", `The summary of ${op.operationId} has ${op.summary.length} characters; custom GPT actions accept at most ${MAX_SUMMARY_LENGTH}.`, op.site, "Shorten the first paragraph of the doc comment and move the rest to the description.");
    }
    if (op.documented && !HTTP_METHODS.includes(op.method.toLowerCase())) {
      diagnostics.error("APX407", `${op.method} ${op.path} is @documented, but OpenAPI has no ${op.method} operations.`, op.site, "Remove @documented; the operation stays in the index.");
    }
  }
}
var MAX_SUMMARY_LENGTH;
var init_validate_operations = __esm({
  "lib/validate/validate-operations.js"() {
    "use strict";
    init_defaults();
    init_operation_id();
    MAX_SUMMARY_LENGTH = 300;
  }
});

// lib/validate/validate-examples.js
var validate_examples_exports = {};
__export(validate_examples_exports, {
  ExampleChecker: () => ExampleChecker,
  validateExamples: () => validateExamples
});
import { dereference, validate } from "@cfworker/json-schema";
function validateExamples(operations, components, diagnostics) {
  const checker = new ExampleChecker(components);
  for (const op of operations) {
    if (!op.documented || op.closed || !op.shapes)
      continue;
    for (const example of op.examples) {
      const what = example.kind === "request" ? "request" : `response ${example.status}`;
      const schema = example.kind === "request" ? op.shapes.body : op.shapes.responses.find((r) => r.status === example.status)?.schema;
      if (!schema) {
        diagnostics.error("APX512", `The ${what} example of ${op.operationId} has no schema to check it against: the operation declares no ${example.kind === "request" ? "request body type" : `JSON response with status ${example.status}`}.`, example.site, example.kind === "request" ? "Type the body (Request<P, Res, Body>) or add @body Type." : "Fix the status, or add @response <status> Type.");
        continue;
      }
      if (JSON.stringify(schema).includes("x-apidex-error"))
        continue;
      for (const message of checker.check(schema, example.value)) {
        diagnostics.error("APX511", `The ${what} example of ${op.operationId} does not match its schema ${message}.`, example.site, "Fix the example or the type it is checked against.");
      }
    }
  }
}
function describe(errors) {
  const rejectedAt = new Set(errors.filter((e) => PROPERTY_REJECTIONS.has(e.keyword)).map((e) => e.instanceLocation));
  const lines = [];
  for (const e of errors) {
    if (WRAPPERS.has(e.keyword))
      continue;
    const parent = e.instanceLocation.slice(0, e.instanceLocation.lastIndexOf("/"));
    if (e.keyword === "false" && rejectedAt.has(parent))
      continue;
    const message = e.keyword === "false" ? "no value is allowed here" : e.error.replace(/\.$/, "");
    lines.push(`at ${pointerOf(e.instanceLocation)}: ${message}`);
  }
  return [...new Set(lines)];
}
function pointerOf(location) {
  return location.slice(1) || "(the whole example)";
}
function reroute(value) {
  return JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`));
}
var BASE, COMPONENTS_ID, WRAPPERS, PROPERTY_REJECTIONS, ExampleChecker;
var init_validate_examples = __esm({
  "lib/validate/validate-examples.js"() {
    "use strict";
    BASE = "https://apidex.invalid/";
    COMPONENTS_ID = `${BASE}components`;
    WRAPPERS = /* @__PURE__ */ new Set(["$ref", "properties", "items", "prefixItems", "allOf", "patternProperties", "dependentSchemas", "additionalItems", "unevaluatedItems"]);
    PROPERTY_REJECTIONS = /* @__PURE__ */ new Set(["additionalProperties", "unevaluatedProperties"]);
    ExampleChecker = class {
      lookup;
      prepared = /* @__PURE__ */ new Map();
      constructor(components) {
        this.lookup = dereference({ $id: COMPONENTS_ID, $defs: reroute(components) });
      }
      /** What is wrong with `value` (`at /pointer: problem`), or nothing when it matches. */
      check(schema, value) {
        const result = validate(value, this.prepare(schema), "2020-12", this.lookup, false);
        return result.valid ? [] : describe(result.errors);
      }
      prepare(schema) {
        const text = JSON.stringify(schema);
        let root = this.prepared.get(text);
        if (!root) {
          root = { ...reroute(schema), $id: `${BASE}schema/${this.prepared.size}` };
          dereference(root, this.lookup);
          this.prepared.set(text, root);
        }
        return root;
      }
    };
  }
});

// lib/generate.js
var generate_exports = {};
__export(generate_exports, {
  ReplayMiss: () => ReplayMiss,
  WatchSession: () => WatchSession,
  WriteError: () => WriteError,
  generate: () => generate,
  generateToDisk: () => generateToDisk
});
import { readFileSync as readFileSync9 } from "node:fs";
import { fileURLToPath as fileURLToPath2 } from "node:url";
async function generate(config, sources, options = {}) {
  const diagnostics = new DiagnosticBag();
  const progress = options.onProgress ?? (() => {
  });
  const compressor = new Compressor(options.compressed);
  compressor.startTemplates();
  const schemaText = readFileSync9(SCHEMA_FILE, "utf8");
  compressor.start(Buffer.from(schemaText));
  progress("parsing the sources");
  const set = sources ?? await scanProject(config, options.known, new Set(Object.keys(options.incremental?.replay ?? {})));
  progress(set.replayedScanned.length ? `extracting routes from ${set.files.length} files (${set.replayedScanned.length} more replayed unchanged)` : `extracting routes from ${set.files.length} files`);
  const operations = analyse(set, config, diagnostics, options.incremental);
  options.afterExtraction?.();
  for (const d of set.syntaxDiagnostics())
    diagnostics.add(d);
  const inputs = set.inputFiles();
  if (!sources)
    releaseUndocumented(set, operations);
  const index = emitIndex(operations, config.service);
  const indexText = canonicalJson(index);
  if (!diagnostics.errors.length)
    compressor.start(Buffer.from(indexText));
  progress(`reading the types of ${operations.filter((op) => op.documented && !op.closed).length} documented operations`);
  const { schemas, types, reused } = resolveShapes(operations, set, diagnostics, options.cache, config.permissionCalls);
  validateOperations(operations, diagnostics);
  if (reused && types?.exampleDiagnostics) {
    for (const d of types.exampleDiagnostics)
      diagnostics.add(d);
  } else if (operations.some((op) => op.documented && op.examples.length)) {
    const { validateExamples: validateExamples2 } = await Promise.resolve().then(() => (init_validate_examples(), validate_examples_exports));
    const exampleBag = new DiagnosticBag();
    validateExamples2(operations, schemas, exampleBag);
    for (const d of exampleBag.items)
      diagnostics.add(d);
    if (types)
      types.exampleDiagnostics = exampleBag.items;
  }
  progress("writing the artifacts");
  const openapi = emitOpenApi(operations, config, schemas);
  const errors = diagnostics.errors.length;
  const openapiText = canonicalJson(openapi);
  const allInputs = [.../* @__PURE__ */ new Set([...inputs, ...Object.keys(types?.files ?? {}), ...set.packageJsonsRead()])];
  if (!errors)
    options.whileCompressing?.({ inputs: allInputs, ...options.incremental?.result ? { summaries: options.incremental.result } : {} });
  const files = errors ? [] : [
    { name: "operations.json", content: indexText },
    { name: "openapi-public.json", content: openapiText },
    { name: "operations.schema.json", content: schemaText },
    // The CDN layout and what the api-docs handler serves: the same bytes, precompressed.
    ...await buildApiDocsFiles({ index: indexText, openapi: openapiText, schema: schemaText }, { compressor })
  ];
  return {
    operations,
    index,
    openapi,
    files,
    diagnostics,
    counts: {
      indexed: index.count,
      documented: index.operations.filter((op) => op.documented).length,
      closed: operations.filter((op) => op.closed).length,
      warnings: diagnostics.warnings.length,
      errors
    },
    ...types ? { types } : {},
    inputs: allInputs,
    routeCapable: set.routeCapable,
    ...options.incremental?.result ? { summaries: options.incremental.result } : {},
    ...options.incremental?.unreplayable ? { unreplayable: options.incremental.unreplayable } : {}
  };
}
function releaseUndocumented(set, operations) {
  const keep = /* @__PURE__ */ new Set();
  for (const op of operations) {
    if (op.documented && !op.closed) {
      for (const node of [op.handler, op.registration])
        if (node)
          keep.add(node.getSourceFile().fileName);
      for (const ref of [op.handlerAt, op.registrationAt])
        if (ref)
          keep.add(ref.file);
      keep.add(op.site.file);
    } else if (op.handler || op.registration) {
      op.handler = void 0;
      op.registration = void 0;
    }
  }
  set.release((fileName) => keep.has(fileName));
}
function analyse(set, config, diagnostics, incremental) {
  const facts = extractRoutes(set, config.framework, {
    permissionCalls: config.permissionCalls,
    ...config.nest?.decorators ? { nestDecorators: config.nest.decorators } : {},
    ...config.nest?.globalPrefix !== void 0 || config.nest?.uriVersioning ? { nestBootstrap: { ...config.nest.globalPrefix !== void 0 ? { globalPrefix: config.nest.globalPrefix } : {}, ...config.nest.uriVersioning ? { uriVersioning: config.nest.uriVersioning } : {} } } : {},
    ...incremental ? { incremental } : {}
  }, diagnostics);
  return buildOperations(facts, config, diagnostics);
}
var SCHEMA_FILE, WatchSession;
var init_generate = __esm({
  "lib/generate.js"() {
    "use strict";
    init_run_cache();
    init_generate_to_disk();
    init_diagnostic();
    init_index_artifact();
    init_document();
    init_extract();
    init_build_operations();
    init_build_assets();
    init_types();
    init_source_set();
    init_validate_operations();
    init_canonical_json();
    init_interpreter();
    init_generate_to_disk();
    SCHEMA_FILE = fileURLToPath2(new URL("../templates/operations.schema.json", import.meta.url));
    WatchSession = class _WatchSession {
      config;
      sources;
      cache;
      constructor(config, sources, cache) {
        this.config = config;
        this.sources = sources;
        this.cache = cache;
      }
      static async start(config, cwd = process.cwd()) {
        const session = new _WatchSession(config, await scanProject(config), RunCache.forProject(config.root, cwd, cacheKey(config)));
        return { session, result: await session.run() };
      }
      /** Re-analyses after `changed` files (absolute paths) changed, appeared or vanished, and writes. */
      async update(changed) {
        this.cache.forget(changed);
        this.sources.refresh(changed, this.config);
        return this.run();
      }
      /** The last run's compressed files: a change re-compresses only the bodies it changed. */
      compressed = /* @__PURE__ */ new Map();
      async run() {
        const result = await generate(this.config, this.sources, { cache: this.cache, compressed: this.compressed });
        if (result.files.length)
          this.compressed = compressionsOf(result.files);
        if (result.counts.errors)
          return { counts: result.counts, diagnostics: result.diagnostics, written: [], fromCache: false };
        const written = writeArtifacts(this.config.out, result.files);
        this.cache.save(/* @__PURE__ */ new Map(), void 0, result.types);
        return { counts: result.counts, diagnostics: result.diagnostics, written, fromCache: false };
      }
    };
  }
});

// lib/generate-to-disk.js
import { readFileSync as readFileSync10, statSync as statSync3 } from "node:fs";
import path12 from "node:path";
async function generateToDisk(config, options = {}) {
  const useCache = options.cache ?? true;
  let cache;
  let texts;
  let hashes;
  let stats;
  let listed;
  if (useCache) {
    cache = RunCache.forProject(config.root, options.cwd ?? process.cwd(), cacheKey(config));
    texts = /* @__PURE__ */ new Map();
    hashes = /* @__PURE__ */ new Map();
    stats = /* @__PURE__ */ new Map();
    listed = await listSources(config);
    const now = options.clock?.() ?? wallClockNs();
    for (const name of listed) {
      const stat = statSync3(name, { bigint: true, throwIfNoEntry: false });
      const signature = stat ? statSignature(stat) : void 0;
      let hash = signature ? cache.hashBySignature(name, signature) : void 0;
      if (hash === void 0) {
        const text = readFileSync10(name, "utf8");
        texts.set(name, text);
        hash = RunCache.contentHash(text);
      }
      hashes.set(name, hash);
      if (stat && signature && settledAt(stat, now))
        stats.set(name, signature);
    }
    let hit = cache.artifactsFor(hashes);
    let unreadChanges;
    if (!hit) {
      const sourceTexts = texts;
      const unaffected = cache.artifactsUnaffected(hashes, (file) => mayRegisterRoutes(sourceTexts.get(file) ?? readFileSync10(file, "utf8"), path12.relative(config.root, file)));
      hit = unaffected?.artifacts;
      unreadChanges = unaffected?.changed;
    }
    if (hit) {
      const diagnostics = new DiagnosticBag();
      for (const d of hit.diagnostics)
        diagnostics.add(d);
      const written2 = writeArtifacts(config.out, hit.files);
      if (unreadChanges) {
        const analysed = cache.analysedFiles() ?? [];
        const routeCapable = cache.previousRouteCapable();
        cache.save(inputsOf(cache, hashes, analysed), hit, cache.previousTypes(), analysed, cache.summaries(), stats && routeCapable ? { stats, routeCapable } : void 0);
      } else if (stats) {
        cache.recordStats(stats);
      }
      return { counts: hit.counts, diagnostics, written: written2, fromCache: true, ...unreadChanges ? { unreadChanges } : {} };
    }
  }
  options.onProgress?.("loading the generator");
  const compiler = cache ? preloadCompiler(cache.folder) : void 0;
  const { generate: generate2, ReplayMiss: ReplayMiss2 } = await Promise.resolve().then(() => (init_generate(), generate_exports));
  const previous = cache?.previousArtifacts();
  const compressed = previous ? (await Promise.resolve().then(() => (init_build_assets(), build_assets_exports))).compressionsOf(previous.files) : void 0;
  const common = { ...compiler ? { afterExtraction: () => compiler.save() } : {}, ...cache ? { cache } : {}, ...texts && listed ? { known: { listed, texts, ...cache ? { routeCapable: routeCapableIn(cache, hashes) } : {} } } : {}, ...options.onProgress ? { onProgress: options.onProgress } : {}, ...compressed ? { compressed } : {} };
  const since = cache && hashes ? cache.changedSince(hashes) : void 0;
  const summaries = since?.changed.size ? cache?.summaries() : void 0;
  const plan = summaries && since ? planReplay(summaries, since.changed, since.fileSetChanged) : void 0;
  const replayedModules = plan ? Object.keys(plan.replay).length : 0;
  let missed;
  const analysedBy = (inputs) => [.../* @__PURE__ */ new Set([...inputs.map((f) => path12.normalize(f)), ...plan && !missed ? cache?.analysedFiles() ?? [] : []])];
  const whileCompressing = cache && hashes ? ({ inputs, summaries: summaries2 }) => summaries2 && cache.writeSummaries(inputsOf(cache, hashes, analysedBy(inputs)), summaries2) : void 0;
  if (whileCompressing)
    common.whileCompressing = whileCompressing;
  let result;
  try {
    result = await generate2(config, void 0, { ...common, ...cache ? { incremental: plan ?? { replay: {}, previousImports: {} } } : {} });
  } catch (error2) {
    if (!(error2 instanceof ReplayMiss2))
      throw error2;
    missed = error2.message;
    result = await generate2(config, void 0, { ...common, incremental: { replay: {}, previousImports: {} } });
  }
  const replay = {
    ...plan ? { replay: { modules: missed ? 0 : replayedModules, ...missed ? { missed } : {} } } : {},
    ...result.unreplayable ? { unreplayable: result.unreplayable } : {}
  };
  if (result.counts.errors)
    return { counts: result.counts, diagnostics: result.diagnostics, written: [], fromCache: false, ...replay };
  const written = writeArtifacts(config.out, result.files);
  if (cache && hashes) {
    const analysed = analysedBy(result.inputs);
    cache.save(inputsOf(cache, hashes, analysed), {
      files: result.files.map((f) => ({ name: f.name, content: typeof f.content === "string" ? Buffer.from(f.content) : f.content })),
      counts: result.counts,
      diagnostics: result.diagnostics.items
    }, result.types, analysed, result.summaries, stats ? { stats, routeCapable: result.routeCapable } : void 0);
  }
  return { counts: result.counts, diagnostics: result.diagnostics, written, fromCache: false, ...replay };
}
function routeCapableIn(cache, hashes) {
  return (file) => {
    const hash = hashes?.get(file);
    return hash === void 0 ? void 0 : cache.wasRouteCapable(file, hash);
  };
}
function inputsOf(cache, globbed, analysed) {
  const inputs = new Map(globbed);
  for (const file of analysed)
    if (!inputs.has(file))
      inputs.set(file, cache.fingerprint(file));
  return inputs;
}
function writeArtifacts(outDir, files) {
  try {
    return writeArtifactsAtomically(outDir, files).written;
  } catch (error2) {
    throw new WriteError(outDir, error2);
  }
}
function cacheKey(config) {
  return JSON.stringify({ apidex: VERSION, build: BUILD_ID, node: process.versions.node, brotli: process.versions.brotli, zlib: process.versions.zlib, config });
}
var WriteError;
var init_generate_to_disk = __esm({
  "lib/generate-to-disk.js"() {
    "use strict";
    init_compiler_code_cache();
    init_run_cache();
    init_source_stats();
    init_diagnostic();
    init_list_sources();
    init_route_hints();
    init_plan();
    init_version();
    init_atomic_write();
    WriteError = class extends Error {
      outDir;
      reason;
      constructor(outDir, reason) {
        super(`Cannot write the artifacts to ${outDir}: ${reason.message}`);
        this.outDir = outDir;
        this.reason = reason;
        this.name = "WriteError";
      }
    };
  }
});

// lib/review/artifact-source.js
import { execFileSync } from "node:child_process";
import { existsSync as existsSync3, readFileSync as readFileSync11 } from "node:fs";
import path13 from "node:path";
async function loadArtifactFile(location, cwd) {
  const text = await readLocation(location, cwd);
  return { label: location, ...classify(parseJson(text, location), location) };
}
function loadArtifactsAtRef(ref, outDir, cwd) {
  const top = git(["rev-parse", "--show-toplevel"], cwd).trim();
  const rel = path13.relative(top, outDir).split(path13.sep).join("/");
  const read = (name) => {
    const spec = `${ref}:${rel ? `${rel}/` : ""}${name}`;
    try {
      return git(["show", spec], top);
    } catch {
      return void 0;
    }
  };
  const index = read("operations.json");
  const openapi = read("openapi-public.json");
  if (index === void 0 && openapi === void 0) {
    throw new UsageError(`${ref} has neither ${rel}/operations.json nor ${rel}/openapi-public.json.`, "Commit the artifacts at that ref, or pass the files directly.");
  }
  return {
    label: ref,
    ...index !== void 0 ? { index: parseJson(index, `${ref}:operations.json`) } : {},
    ...openapi !== void 0 ? { openapi: parseJson(openapi, `${ref}:openapi-public.json`) } : {}
  };
}
function isGitRef(arg, cwd) {
  if (existsSync3(path13.resolve(cwd, arg)) || /^https?:\/\//.test(arg))
    return false;
  try {
    git(["rev-parse", "--verify", "--quiet", `${arg}^{commit}`], cwd);
    return true;
  } catch {
    return false;
  }
}
async function readLocation(location, cwd) {
  if (/^https?:\/\//.test(location)) {
    let response;
    try {
      response = await fetch(location, { redirect: "follow", signal: AbortSignal.timeout(3e4) });
    } catch (error2) {
      throw new UsageError(`Cannot fetch ${location}: ${error2.message}`, "Check the URL and the network.");
    }
    if (!response.ok)
      throw new UsageError(`Fetching ${location} answered ${response.status}.`, "Check the URL.");
    return response.text();
  }
  const file = path13.resolve(cwd, location);
  if (!existsSync3(file))
    throw new UsageError(`${location} does not exist.`, "Pass an existing file, a URL, or a git ref.");
  return readFileSync11(file, "utf8");
}
function classify(json, label) {
  if (json && typeof json === "object" && json.format === "apidex.operations/1")
    return { index: json };
  if (json && typeof json === "object" && typeof json.openapi === "string")
    return { openapi: json };
  throw new UsageError(`${label} is neither an apidex operation index nor an OpenAPI document.`, "Pass operations.json or openapi-public.json.");
}
function parseJson(text, label) {
  try {
    return JSON.parse(text);
  } catch (error2) {
    throw new UsageError(`${label} is not valid JSON: ${error2.message}`, "Regenerate it with apidex generate.");
  }
}
function git(args, cwd) {
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 256 * 1024 * 1024 });
}
var init_artifact_source = __esm({
  "lib/review/artifact-source.js"() {
    "use strict";
    init_diagnostic();
  }
});

// lib/review/diff/change.js
function sortChanges(changes) {
  const unique = /* @__PURE__ */ new Map();
  for (const c of changes)
    unique.set(`${c.kind}|${c.method}|${c.path}|${c.message}`, c);
  return [...unique.values()].sort((a, b) => KIND_RANK[a.kind] - KIND_RANK[b.kind] || byCodePoint(a.path, b.path) || byCodePoint(a.method, b.method) || byCodePoint(a.message, b.message));
}
function countLevels(changes) {
  return {
    security: changes.filter((c) => c.level === "security").length,
    breaking: changes.filter((c) => c.level === "breaking").length,
    info: changes.filter((c) => c.level === "info").length
  };
}
var KIND_RANK;
var init_change = __esm({
  "lib/review/diff/change.js"() {
    "use strict";
    init_canonical_json();
    KIND_RANK = {
      "fewer-permissions": 0,
      scope: 1,
      effect: 2,
      "more-permissions": 3,
      removed: 4,
      renamed: 5,
      undocumented: 6,
      "breaking-shape": 7,
      added: 8,
      documented: 9,
      destructive: 10,
      shape: 11
    };
  }
});

// lib/review/diff/index-diff.js
function diffIndexes(base, head) {
  const key = (op) => `${op.method} ${op.path}`;
  const before = new Map(base.operations.map((op) => [key(op), op]));
  const after = new Map(head.operations.map((op) => [key(op), op]));
  const changes = [];
  const at = (op) => ({ method: op.method, path: op.path, operationId: op.operation_id });
  for (const [k, old] of before) {
    const now = after.get(k);
    if (!now) {
      changes.push({ kind: "removed", level: "breaking", ...at(old), message: "was removed" });
      continue;
    }
    if (now.operation_id !== old.operation_id) {
      changes.push({ kind: "renamed", level: "breaking", ...at(now), message: `was renamed from ${old.operation_id} (clients and MCP tools call it by id)` });
    }
    const dropped = old.permissions.filter((p) => !now.permissions.includes(p));
    const added = now.permissions.filter((p) => !old.permissions.includes(p));
    if (dropped.length) {
      changes.push({
        kind: "fewer-permissions",
        level: "security",
        ...at(now),
        message: `now needs fewer permissions: no longer checks ${dropped.join(", ")}${now.permissions.length ? ` (still checks ${now.permissions.join(", ")})` : " and checks none"}`
      });
    }
    if (added.length)
      changes.push({ kind: "more-permissions", level: "security", ...at(now), message: `now also checks ${added.join(", ")}` });
    if (now.effect !== old.effect) {
      const riskier = EFFECT_RANK[now.effect] > EFFECT_RANK[old.effect];
      changes.push({ kind: "effect", level: riskier ? "security" : "info", ...at(now), message: `effect changed from ${old.effect} to ${now.effect}` });
    }
    if (now.documented !== old.documented) {
      changes.push(now.documented ? { kind: "documented", level: "info", ...at(now), message: "is now documented" } : { kind: "undocumented", level: "breaking", ...at(now), message: "is no longer documented (it leaves the public OpenAPI document)" });
    }
  }
  for (const [k, now] of after) {
    if (!before.has(k)) {
      changes.push({
        kind: "added",
        level: "info",
        ...at(now),
        message: `was added (${now.permissions.length ? `checks ${now.permissions.join(", ")}` : "checks no permission"})`
      });
    }
  }
  return changes;
}
var EFFECT_RANK;
var init_index_diff = __esm({
  "lib/review/diff/index-diff.js"() {
    "use strict";
    EFFECT_RANK = { read: 0, write: 1, remove: 2 };
  }
});

// lib/review/diff/openapi-diff.js
function diffOpenApi(base, head) {
  const changes = [];
  const before = operationsOf(base);
  const after = operationsOf(head);
  for (const [key, old] of before) {
    const [method, path18] = splitKey(key);
    const now = after.get(key);
    const id = String((now ?? old).operationId ?? "");
    const at = { method, path: path18, operationId: id };
    if (!now) {
      changes.push({ kind: "removed", level: "breaking", ...at, message: "was removed from the public document" });
      continue;
    }
    if (old.operationId !== now.operationId) {
      changes.push({ kind: "renamed", level: "breaking", ...at, message: `operationId changed from ${String(old.operationId)}` });
    }
    const oldPerms = old["x-service-permissions"] ?? [];
    const newPerms = now["x-service-permissions"] ?? [];
    const dropped = oldPerms.filter((p) => !newPerms.includes(p));
    const added = newPerms.filter((p) => !oldPerms.includes(p));
    if (dropped.length)
      changes.push({ kind: "fewer-permissions", level: "security", ...at, message: `now needs fewer permissions: no longer checks ${dropped.join(", ")}${newPerms.length ? ` (still checks ${newPerms.join(", ")})` : " and checks none"}` });
    if (added.length)
      changes.push({ kind: "more-permissions", level: "security", ...at, message: `now also checks ${added.join(", ")}` });
    if (old["x-service-scope"] !== now["x-service-scope"]) {
      changes.push({ kind: "scope", level: "security", ...at, message: `OAuth scope changed from ${String(old["x-service-scope"] ?? "(none)")} to ${String(now["x-service-scope"] ?? "(none)")}` });
    }
    if (Boolean(old["x-service-destructive"]) !== Boolean(now["x-service-destructive"])) {
      changes.push({ kind: "destructive", level: "info", ...at, message: now["x-service-destructive"] ? "is now marked destructive" : "is no longer marked destructive" });
    }
    const shapes = new ShapeDiff(base, head, (message, breaking) => changes.push({ kind: breaking ? "breaking-shape" : "shape", level: breaking ? "breaking" : "info", ...at, message }));
    shapes.parameters(old, now);
    shapes.requestBody(old, now);
    shapes.responses(old, now);
  }
  for (const [key, now] of after) {
    if (before.has(key))
      continue;
    const [method, path18] = splitKey(key);
    changes.push({ kind: "added", level: "info", method, path: path18, operationId: String(now.operationId ?? ""), message: "was added to the public document" });
  }
  return changes;
}
function operationsOf(doc) {
  const out = /* @__PURE__ */ new Map();
  for (const [path18, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS2) {
      const op = item[method];
      if (op && typeof op === "object")
        out.set(`${method.toUpperCase()} ${path18}`, op);
    }
  }
  return out;
}
function splitKey(key) {
  const space = key.indexOf(" ");
  return [key.slice(0, space), key.slice(space + 1)];
}
function typesOf(schema) {
  const out = /* @__PURE__ */ new Set();
  const add = (s) => {
    if (typeof s.type === "string")
      out.add(s.type);
    else if (Array.isArray(s.type))
      for (const t of s.type)
        out.add(String(t));
    else if (s.$ref)
      out.add("object");
  };
  if (Array.isArray(schema.anyOf))
    for (const s of schema.anyOf)
      add(s);
  else
    add(schema);
  if (out.has("integer") && out.has("number"))
    out.delete("integer");
  return out;
}
function show(value) {
  return JSON.stringify(value);
}
var METHODS2, ShapeDiff;
var init_openapi_diff = __esm({
  "lib/review/diff/openapi-diff.js"() {
    "use strict";
    METHODS2 = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
    ShapeDiff = class {
      baseDoc;
      headDoc;
      report;
      seen = /* @__PURE__ */ new Set();
      constructor(baseDoc, headDoc, report2) {
        this.baseDoc = baseDoc;
        this.headDoc = headDoc;
        this.report = report2;
      }
      parameters(old, now) {
        const list = (op) => new Map((op.parameters ?? []).map((p) => [`${String(p.in)} ${String(p.name)}`, p]));
        const before = list(old);
        const after = list(now);
        for (const [key, p] of after) {
          const prior = before.get(key);
          const label = `${String(p.in)} parameter \`${String(p.name)}\``;
          if (!prior) {
            this.report(`adds ${p.required ? "required " : ""}${label}`, Boolean(p.required));
            continue;
          }
          if (p.required && !prior.required)
            this.report(`${label} is now required`, true);
          this.compare(prior.schema, p.schema, label, "request");
        }
        for (const [key, p] of before)
          if (!after.has(key))
            this.report(`no longer reads ${String(p.in)} parameter \`${String(p.name)}\``, false);
      }
      requestBody(old, now) {
        const schemaOf = (op) => op.requestBody?.content?.["application/json"]?.schema;
        const before = schemaOf(old);
        const after = schemaOf(now);
        if (!before && after)
          this.report("now requires a request body", Boolean(now.requestBody.required));
        else if (before && !after)
          this.report("no longer reads a request body", false);
        else if (before && after)
          this.compare(before, after, "request body", "request");
      }
      responses(old, now) {
        const before = old.responses ?? {};
        const after = now.responses ?? {};
        for (const [status, response] of Object.entries(before)) {
          if (!status.startsWith("2"))
            continue;
          const next = after[status];
          if (!next) {
            this.report(`no longer answers ${status}`, true);
            continue;
          }
          const schemaOf = (r) => r.content?.["application/json"]?.schema;
          const a = schemaOf(response);
          const b = schemaOf(next);
          if (a && !b)
            this.report(`response ${status} no longer has a JSON body`, true);
          else if (a && b)
            this.compare(a, b, `response ${status}`, "response");
        }
        for (const status of Object.keys(after))
          if (status.startsWith("2") && !before[status])
            this.report(`may now answer ${status}`, false);
      }
      resolve(schema, doc) {
        let current = schema ?? {};
        let ref;
        for (let hops = 0; typeof current.$ref === "string" && hops < 32; hops++) {
          ref = current.$ref;
          const name = ref.replace("#/components/schemas/", "");
          current = doc.components?.schemas?.[name] ?? {};
        }
        return { schema: current, ...ref ? { ref } : {} };
      }
      compare(rawBase, rawHead, where, direction) {
        const { schema: b, ref: refB } = this.resolve(rawBase, this.baseDoc);
        const { schema: h, ref: refH } = this.resolve(rawHead, this.headDoc);
        const pair = `${refB ?? ""}|${refH ?? ""}|${direction}`;
        if ((refB || refH) && this.seen.has(pair))
          return;
        if (refB || refH)
          this.seen.add(pair);
        const typesB = typesOf(b);
        const typesH = typesOf(h);
        if (typesB.size && typesH.size) {
          const lost = [...typesB].filter((t) => !typesH.has(t));
          const gained = [...typesH].filter((t) => !typesB.has(t));
          if (lost.length || gained.length) {
            const from = [...typesB].sort().join(" | ");
            const to = [...typesH].sort().join(" | ");
            const breaking = direction === "request" ? lost.length > 0 : gained.length > 0;
            this.report(`${where}: type changed from ${from} to ${to}`, breaking);
            return;
          }
        }
        if (Array.isArray(b.enum) && Array.isArray(h.enum)) {
          const removed = b.enum.filter((v) => !h.enum.some((w) => Object.is(w, v)));
          const added = h.enum.filter((v) => !b.enum.some((w) => Object.is(w, v)));
          if (removed.length)
            this.report(`${where}: enum narrowed, ${direction === "request" ? "no longer accepts" : "no longer returns"} ${removed.map(show).join(", ")}`, direction === "request");
          if (added.length)
            this.report(`${where}: enum widened, ${direction === "request" ? "now accepts" : "may now return"} ${added.map(show).join(", ")}`, direction === "response");
        }
        if (typesB.has("object") || b.properties || h.properties)
          this.objects(b, h, where, direction);
        if (b.items || h.items)
          this.compare(b.items, h.items, `${where}[]`, direction);
      }
      objects(b, h, where, direction) {
        const propsB = b.properties ?? {};
        const propsH = h.properties ?? {};
        const reqB = new Set(b.required ?? []);
        const reqH = new Set(h.required ?? []);
        for (const name of Object.keys(propsB)) {
          if (!(name in propsH)) {
            this.report(`${where}: removed field \`${name}\``, direction === "response");
            continue;
          }
          if (direction === "response" && reqB.has(name) && !reqH.has(name))
            this.report(`${where}: field \`${name}\` may now be absent`, true);
          if (direction === "request" && !reqB.has(name) && reqH.has(name))
            this.report(`${where}: field \`${name}\` is now required`, true);
          this.compare(propsB[name], propsH[name], `${where}.${name}`, direction);
        }
        for (const name of Object.keys(propsH)) {
          if (name in propsB)
            continue;
          const required = reqH.has(name);
          if (direction === "request")
            this.report(`${where}: adds ${required ? "required" : "optional"} field \`${name}\``, required);
          else
            this.report(`${where}: adds field \`${name}\``, false);
        }
      }
    };
  }
});

// lib/review/diff/render.js
function line(c) {
  return `${c.method} ${c.path}${c.operationId ? ` (${c.operationId})` : ""} ${c.message}`;
}
function headline(report2) {
  const { security, breaking } = countLevels(report2.changes);
  const n = report2.changes.length;
  if (!n)
    return `apidex diff ${report2.base} \u2192 ${report2.head}: no API changes`;
  return `apidex diff ${report2.base} \u2192 ${report2.head}: ${n} change${n === 1 ? "" : "s"} (${security} security-relevant, ${breaking} breaking)`;
}
function renderText(report2) {
  const out = [headline(report2)];
  for (const c of report2.changes)
    out.push(`${LABEL[c.level].padEnd(8)}  ${line(c)}`);
  return `${out.join("\n")}
`;
}
function renderMarkdown(report2) {
  const { security, breaking } = countLevels(report2.changes);
  const out = [`### API changes: \`${report2.base}\` \u2192 \`${report2.head}\``, ""];
  if (!report2.changes.length)
    return `${out.join("\n")}No API changes.
`;
  const fewer = report2.changes.filter((c) => c.kind === "fewer-permissions");
  if (fewer.length) {
    out.push(`> [!CAUTION]`, `> **${fewer.length} operation${fewer.length === 1 ? " now needs" : "s now need"} fewer permissions.** Existing keys reach more than before.`, "");
  }
  out.push(`**${report2.changes.length}** change${report2.changes.length === 1 ? "" : "s"}: **${security}** security-relevant, **${breaking}** breaking.`, "");
  const groups = [
    ["Security-relevant", report2.changes.filter((c) => c.level === "security")],
    ["Breaking", report2.changes.filter((c) => c.level === "breaking")],
    ["Other changes", report2.changes.filter((c) => c.level === "info")]
  ];
  for (const [title, changes] of groups) {
    if (!changes.length)
      continue;
    const rows = changes.map((c) => `- \`${c.method} ${c.path}\`${c.operationId ? ` (\`${c.operationId}\`)` : ""} ${escapeMd(c.message)}`);
    if (changes.length > 10 || title === "Other changes") {
      out.push(`<details><summary>${title} (${changes.length})</summary>`, "", ...rows, "", "</details>", "");
    } else {
      out.push(`#### ${title}`, "", ...rows, "");
    }
  }
  return `${out.join("\n").trimEnd()}
`;
}
function escapeMd(text) {
  return text.replace(/([<>|])/g, "\\$1");
}
var LABEL;
var init_render = __esm({
  "lib/review/diff/render.js"() {
    "use strict";
    init_change();
    LABEL = { security: "SECURITY", breaking: "BREAKING", info: "change" };
  }
});

// lib/review/diff/index.js
var diff_exports = {};
__export(diff_exports, {
  compareArtifacts: () => compareArtifacts,
  diffArguments: () => diffArguments,
  failsOn: () => failsOn,
  renderMarkdown: () => renderMarkdown,
  renderText: () => renderText
});
function compareArtifacts(base, head) {
  const changes = [];
  let compared = false;
  if (base.index && head.index) {
    changes.push(...diffIndexes(base.index, head.index));
    compared = true;
  }
  if (base.openapi && head.openapi) {
    const fromDocument = diffOpenApi(base.openapi, head.openapi);
    changes.push(...base.index && head.index ? fromDocument.filter((c) => !["fewer-permissions", "more-permissions", "added"].includes(c.kind)) : fromDocument);
    compared = true;
  }
  if (!compared) {
    throw new UsageError(`${base.label} and ${head.label} hold different kinds of artifact.`, "Compare two operation indexes or two OpenAPI documents.");
  }
  return { base: base.label, head: head.label, changes: sortChanges(changes) };
}
async function diffArguments(base, head, options) {
  const load = async (arg) => isGitRef(arg, options.cwd) ? loadArtifactsAtRef(arg, options.outDir, options.cwd) : loadArtifactFile(arg, options.cwd);
  return compareArtifacts(await load(base), await load(head));
}
function failsOn(report2, failOn) {
  if (!failOn)
    return false;
  if (failOn === "any")
    return report2.changes.length > 0;
  if (failOn === "permissions")
    return report2.changes.some((c) => c.kind === "fewer-permissions" || c.kind === "more-permissions");
  return report2.changes.some((c) => c.level === "breaking");
}
var init_diff = __esm({
  "lib/review/diff/index.js"() {
    "use strict";
    init_diagnostic();
    init_artifact_source();
    init_change();
    init_index_diff();
    init_openapi_diff();
    init_render();
  }
});

// lib/review/check.js
var check_exports = {};
__export(check_exports, {
  checkArtifacts: () => checkArtifacts
});
import { existsSync as existsSync4, readFileSync as readFileSync12 } from "node:fs";
import path14 from "node:path";
async function checkArtifacts(config) {
  const result = await generate(config);
  const stale = [];
  const missing = [];
  if (result.counts.errors)
    return { result, stale, missing };
  for (const file of result.files) {
    const target = path14.join(config.out, file.name);
    if (!existsSync4(target))
      missing.push(file.name);
    else if (!readFileSync12(target).equals(typeof file.content === "string" ? Buffer.from(file.content, "utf8") : file.content))
      stale.push(file.name);
  }
  let report2;
  if (stale.length || missing.length) {
    const committed = (name) => {
      try {
        return JSON.parse(readFileSync12(path14.join(config.out, name), "utf8"));
      } catch {
        return void 0;
      }
    };
    const index = committed("operations.json");
    const openapi = committed("openapi-public.json");
    report2 = compareArtifacts({ label: "committed", ...index ? { index } : { index: { format: "apidex.operations/1", service: config.service, count: 0, operations: [] } }, ...openapi ? { openapi } : {} }, { label: "sources", index: result.index, ...openapi ? { openapi: result.openapi } : {} });
  }
  return { result, stale, missing, ...report2 ? { report: report2 } : {} };
}
var init_check = __esm({
  "lib/review/check.js"() {
    "use strict";
    init_generate();
    init_diff();
  }
});

// lib/review/lint.js
var lint_exports = {};
__export(lint_exports, {
  DEFAULT_SEVERITIES: () => DEFAULT_SEVERITIES,
  lintOperations: () => lintOperations
});
function lintOperations(result, config) {
  const severity = (rule) => config.lint.rules?.[rule] ?? DEFAULT_SEVERITIES[rule];
  const isPublicPath = closedMatcher(config.lint.public ?? []);
  const findings = [];
  const add = (rule, message, site, hint) => {
    const level = severity(rule);
    if (level === "off")
      return;
    findings.push({ severity: level, code: rule, message, ...site ? { site } : {}, hint });
  };
  for (const op of result.operations) {
    const name = `${op.method} ${op.path} (${op.operationId})`;
    const tags = op.doc?.tags ?? [];
    if (op.closed) {
      if (op.documented)
        add("documented-closed", `${name} is @documented but closed: it must never be published.`, op.site, "Remove @documented, or reopen the route if keys may call it.");
      continue;
    }
    if (!op.permissions.length && !tags.some((t) => t.name === "public") && !isPublicPath(op.path)) {
      add("no-permission", `${name} checks no permission and is neither closed nor marked public.`, op.site, "Add a permission check, close it (config `closed` or @closed), or mark it @public / list it in lint.public if any key may call it.");
    }
    if (CLOSED_LOOKING.test(op.path)) {
      add("looks-closed", `${name} looks like a closed route (sign-in, OAuth, admin, keys, agents) but is open to API keys.`, op.site, "Close it with a `closed` pattern or @closed, or ignore this warning if keys may call it.");
    }
    if (op.summary.length > MAX_SUMMARY_LENGTH) {
      add("summary-length", `${name} has a ${op.summary.length}-character summary; at most ${MAX_SUMMARY_LENGTH} fit custom GPT actions.`, op.site, "Shorten the first paragraph of its doc comment.");
    }
    if (!op.documented)
      continue;
    if (!op.scope)
      add("documented-scope", `${name} is documented without an OAuth scope.`, op.site, "Add @scope <name> to its doc comment.");
    if (!op.doc?.summary)
      add("documented-summary", `${name} is documented without a summary.`, op.site, "Write a first line in its doc comment.");
    const hasBody = Boolean(op.shapes?.body) || Boolean(op.shapes?.responses.some((r) => r.schema));
    if (hasBody && !op.examples.length)
      add("documented-examples", `${name} is documented without worked examples.`, op.site, "Add @example request {...} and/or @example response 200 {...}.");
  }
  for (const d of result.diagnostics.items) {
    if (d.code === "APX401") {
      if (severity("duplicate-id") !== "off")
        findings.push({ ...d, code: "duplicate-id", severity: severity("duplicate-id") });
    } else {
      findings.push(d);
    }
  }
  return findings.sort((a, b) => (a.site && b.site ? compareSites(a.site, b.site) : a.site ? -1 : b.site ? 1 : 0) || a.code.localeCompare(b.code));
}
var DEFAULT_SEVERITIES, CLOSED_LOOKING;
var init_lint = __esm({
  "lib/review/lint.js"() {
    "use strict";
    init_diagnostic();
    init_closed();
    init_validate_operations();
    DEFAULT_SEVERITIES = {
      "no-permission": "error",
      "documented-scope": "error",
      "documented-summary": "error",
      "documented-examples": "warning",
      "summary-length": "warning",
      "looks-closed": "warning",
      "documented-closed": "error",
      "duplicate-id": "error"
    };
    CLOSED_LOOKING = /(^|\/)(auth|oauth|oauth2|admin|administration|api-keys|apikeys|keys|agents|connected-apps|integrations\/oauth|sign-in|signin|login|logout|sign-out|sessions?|tokens?|impersonate)(\/|$)/i;
  }
});

// lib/search/operation-search.js
import MiniSearch from "minisearch";
function tokenize(text) {
  return text.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z0-9]+/).filter((t) => t && !STOP_WORDS.has(t)).map((t) => t.length > 3 ? singular(t) : t);
}
function verbIntent(words2) {
  const verbs = words2.filter((w) => ACTION_WORDS.has(w));
  return verbs.length ? new Set(verbs.flatMap((w) => [w, ...SYNONYMS.get(w) ?? []])) : void 0;
}
function verbBoost(operationId, intent) {
  const verb = operationId.slice(0, operationId.indexOf("_") >>> 0);
  if (!intent)
    return verb === "list" ? 1.3 : verb === "get" ? 1.2 : 1;
  return intent.has(verb) ? 1.5 : 1;
}
var VERB_GROUPS, NOUN_GROUPS, SYNONYM_GROUPS, SYNONYMS, STOP_WORDS, ACTION_WORDS, OperationSearch;
var init_operation_search = __esm({
  "lib/search/operation-search.js"() {
    "use strict";
    init_operation_id();
    VERB_GROUPS = [
      ["send", "email", "mail", "deliver", "notify"],
      ["delete", "remove", "destroy", "erase", "drop", "retire"],
      ["list", "all", "index", "browse", "every", "upcoming"],
      ["create", "add", "new", "make", "register", "book", "record", "start"],
      ["update", "edit", "change", "modify", "rename", "set", "patch", "replace"],
      ["get", "show", "fetch", "view", "read", "retrieve", "describe", "detail", "look"],
      ["cancel", "void", "abort", "revoke", "withdraw"],
      ["unassign", "off", "unschedule"],
      ["approve", "accept", "confirm", "sign"],
      ["decline", "reject", "deny", "refuse"],
      ["assign", "dispatch", "allocate"],
      ["refund", "reimburse", "return", "money", "back"],
      ["complete", "finish", "done", "close"],
      ["download", "pdf", "export", "csv", "receipt"],
      ["merge", "combine", "deduplicate"],
      ["archive", "deactivate", "disable"],
      ["restore", "reactivate", "unarchive", "enable"],
      ["adjust", "correct", "recount"],
      ["reschedule", "move", "postpone"],
      ["submit", "hand"]
    ];
    NOUN_GROUPS = [
      ["customer", "client"],
      ["location", "where", "gps", "position", "located"],
      ["technician", "tech", "worker", "employee", "staff", "field"],
      ["work", "job", "order", "ticket"],
      ["invoice", "bill", "billing"],
      ["estimate", "quote", "quotation", "proposal"],
      ["payment", "charge", "transaction", "paid", "pay"],
      ["appointment", "schedule", "booking", "visit", "slot", "calendar"],
      ["inventory", "stock", "item", "part", "sku", "warehouse"],
      ["note", "comment", "memo"],
      ["attachment", "file", "upload", "document", "photo"],
      ["report", "analytics", "metric", "stats", "revenue"],
      ["webhook", "callback", "hook", "event", "subscription"],
      ["team", "member", "user", "people", "invite", "invitation"]
    ];
    SYNONYM_GROUPS = [...VERB_GROUPS, ...NOUN_GROUPS];
    SYNONYMS = /* @__PURE__ */ new Map();
    for (const group of SYNONYM_GROUPS)
      for (const word of group)
        SYNONYMS.set(word, group.filter((w) => w !== word));
    STOP_WORDS = /* @__PURE__ */ new Set(["a", "an", "the", "of", "for", "to", "in", "on", "by", "with", "my", "our", "this", "that", "and", "or", "from", "it", "its", "is", "can", "i", "me", "please", "how", "do", "which", "what", "some", "one", "about"]);
    ACTION_WORDS = new Set(VERB_GROUPS.flat());
    OperationSearch = class {
      entries;
      engine;
      byId;
      constructor(entries) {
        this.entries = entries;
        this.byId = new Map(entries.map((e) => [e.operation_id, e]));
        this.engine = new MiniSearch({
          idField: "operation_id",
          fields: ["id", "summary", "path", "permissions", "method"],
          extractField: (doc, field) => {
            if (field === "operation_id")
              return doc.operation_id;
            if (field === "id")
              return doc.operation_id;
            if (field === "summary")
              return doc.summary;
            if (field === "path")
              return doc.path.replace(/\{[^}]+\}/g, " ");
            if (field === "permissions")
              return doc.permissions.join(" ");
            if (field === "method")
              return doc.method;
            return "";
          },
          tokenize,
          processTerm: (term) => term,
          searchOptions: {
            boost: { id: 3, summary: 2, path: 1.5, permissions: 1, method: 0.5 },
            prefix: (term) => term.length >= 3,
            fuzzy: (term) => term.length >= 5 ? 0.2 : false,
            combineWith: "OR",
            tokenize,
            processTerm: (term) => term
          }
        });
        this.engine.addAll([...entries]);
      }
      search(query, filters = {}, limit = Number.POSITIVE_INFINITY) {
        const keep = (e) => (!filters.pathContains || e.path.toLowerCase().includes(filters.pathContains.toLowerCase())) && (!filters.permission || e.permissions.includes(filters.permission)) && (!filters.method || e.method === filters.method.toUpperCase()) && (!filters.effect || e.effect === filters.effect);
        const words2 = query ? tokenize(query) : [];
        if (!words2.length)
          return this.entries.filter(keep).slice(0, limit).map((entry) => ({ entry, score: 0 }));
        const asked = new Set(words2);
        const queries = words2.map((word) => ({ combineWith: "OR", queries: [word, ...SYNONYMS.get(word) ?? []] }));
        const results = this.engine.search({ combineWith: "OR", queries }, { boostTerm: (term) => asked.has(term) ? 1 : 0.5 });
        const intent = verbIntent(words2);
        const hits = [];
        for (const r of results) {
          const entry = this.byId.get(String(r.id));
          if (entry && keep(entry))
            hits.push({ entry, score: r.score * verbBoost(entry.operation_id, intent) });
        }
        return hits.sort((a, b) => b.score - a.score).slice(0, limit);
      }
    };
  }
});

// lib/review/find.js
var find_exports = {};
__export(find_exports, {
  INDEX_FIELDS: () => INDEX_FIELDS,
  findOperations: () => findOperations,
  loadIndex: () => loadIndex,
  parseFields: () => parseFields,
  renderFindText: () => renderFindText
});
async function loadIndex(location, cwd) {
  const text = await readLocation(location, cwd);
  let json;
  try {
    json = JSON.parse(text);
  } catch (error2) {
    throw new UsageError(`${location} is not valid JSON: ${error2.message}`, "Point --index at an operations.json file or URL.");
  }
  if (!json || typeof json !== "object" || json.format !== "apidex.operations/1") {
    throw new UsageError(`${location} is not an apidex operation index.`, "Point --index at an operations.json file or URL.");
  }
  return json;
}
function findOperations(index, options) {
  const search = new OperationSearch(index.operations);
  const hits = search.search(options.query, options, options.limit ?? Number.POSITIVE_INFINITY);
  const fields = options.fields ?? [...INDEX_FIELDS];
  return hits.map(({ entry }) => Object.fromEntries(fields.map((f) => [f, entry[f]])));
}
function parseFields(list) {
  const fields = list.split(",").map((f) => f.trim()).filter(Boolean);
  const unknown2 = fields.filter((f) => !INDEX_FIELDS.includes(f));
  if (unknown2.length)
    throw new UsageError(`Unknown field(s) ${unknown2.join(", ")}.`, `Choose from ${INDEX_FIELDS.join(", ")}.`);
  return fields;
}
function renderFindText(rows) {
  if (!rows.length)
    return "no operations match\n";
  const cells = rows.map((r) => Object.values(r).map((v) => Array.isArray(v) ? v.join(",") || "-" : String(v)));
  const widths = cells[0].map((_, i) => Math.max(...cells.map((c) => c[i].length)));
  return `${cells.map((c) => c.map((v, i) => i === c.length - 1 ? v : v.padEnd(widths[i])).join("  ")).join("\n")}
`;
}
var INDEX_FIELDS;
var init_find = __esm({
  "lib/review/find.js"() {
    "use strict";
    init_diagnostic();
    init_operation_search();
    init_artifact_source();
    INDEX_FIELDS = ["operation_id", "method", "path", "permissions", "summary", "path_params", "effect", "documented"];
  }
});

// lib/publish/handler.js
function createApiDocsHandler(assets, options = {}) {
  const mount = (options.mount ?? "/v1/public/api-docs").replace(/\/+$/, "");
  const cors = options.corsOrigin === void 0 ? "*" : options.corsOrigin;
  const common = () => [
    ["Vary", "Accept-Encoding"],
    ["X-Content-Type-Options", "nosniff"],
    ...cors ? [["Access-Control-Allow-Origin", cors], ["Access-Control-Expose-Headers", "ETag, Content-Disposition, Content-Encoding"]] : []
  ];
  const problem = (status, error2, message, extra = []) => ({
    status,
    headers: [...common(), ["Content-Type", "application/json; charset=utf-8"], ["Cache-Control", "no-store"], ...extra],
    body: new TextEncoder().encode(`${JSON.stringify({ error: error2, message })}
`)
  });
  const answer = (method, target, header) => {
    const queryAt = target.indexOf("?");
    const pathname = queryAt < 0 ? target : target.slice(0, queryAt);
    if (pathname === mount) {
      return { status: 308, headers: [...common(), ["Location", `${mount}/${queryAt < 0 ? "" : target.slice(queryAt)}`], ["Cache-Control", "public, max-age=3600"]] };
    }
    if (!pathname.startsWith(`${mount}/`))
      return void 0;
    const rest = pathname.slice(mount.length);
    const asset = assets.get(rest === "/index.html" ? INDEX_PATH : rest);
    if (!asset)
      return problem(404, "not_found", `Nothing is served at ${pathname.slice(0, 200)}.`);
    if (method === "OPTIONS") {
      return {
        status: 204,
        headers: [
          ...common(),
          ["Allow", ALLOW],
          ...cors ? [
            ["Access-Control-Allow-Methods", ALLOW],
            ["Access-Control-Allow-Headers", sanitizeHeaderList(header("access-control-request-headers")) || "*"],
            ["Access-Control-Max-Age", "86400"]
          ] : []
        ]
      };
    }
    if (method !== "GET" && method !== "HEAD")
      return problem(405, "method_not_allowed", `Use ${ALLOW}.`, [["Allow", ALLOW]]);
    const encoding = negotiate(header("accept-encoding"), asset);
    const variant = asset.variants[encoding];
    const body = asset.bodies[encoding];
    const headers = [
      ...common(),
      ["ETag", variant.etag],
      ["Cache-Control", options.cacheControl ?? asset.cacheControl ?? DEFAULT_CACHE_CONTROL],
      ...Object.entries(asset.headers ?? {})
    ];
    if (matches(header("if-none-match"), variant.etag))
      return { status: 304, headers };
    headers.push(["Content-Type", asset.contentType], ["Content-Length", String(body.byteLength)]);
    if (encoding !== "identity")
      headers.push(["Content-Encoding", encoding]);
    if (asset.contentDisposition)
      headers.push(["Content-Disposition", asset.contentDisposition]);
    return { status: 200, headers, ...method === "GET" ? { body } : {} };
  };
  return {
    fetch(request) {
      let target;
      try {
        const url = new URL(request.url);
        target = url.pathname + url.search;
      } catch {
        return toResponse(problem(400, "bad_request", "The request URL cannot be parsed."));
      }
      const result = answer(request.method.toUpperCase(), target, (name) => request.headers.get(name) ?? void 0) ?? problem(404, "not_found", "Nothing is served here.");
      return toResponse(result);
    },
    node(req, res, next) {
      const target = req.originalUrl ?? req.url ?? "/";
      const header = (name) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value.join(", ") : value;
      };
      const result = answer((req.method ?? "GET").toUpperCase(), target, header);
      if (!result) {
        if (next)
          return next();
        return send(res, problem(404, "not_found", "Nothing is served here."));
      }
      send(res, result);
    }
  };
}
function toResponse(result) {
  const headers = new Headers(result.headers);
  const body = result.body && result.status !== 304 ? result.body : null;
  return new Response(body, { status: result.status, headers });
}
function send(res, result) {
  res.statusCode = result.status;
  for (const [name, value] of result.headers)
    res.setHeader(name, value);
  res.end(result.body);
}
function negotiate(header, asset) {
  const q = /* @__PURE__ */ new Map();
  for (const part of (header ?? "").split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (!token)
      continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number.parseFloat(qParam.slice(2)) : 1;
    q.set(token, Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0);
  }
  const weight = (encoding) => q.get(encoding) ?? (encoding === "gzip" ? q.get("x-gzip") : void 0) ?? q.get("*") ?? (encoding === "identity" ? 1e-3 : 0);
  let best = "identity";
  let bestWeight = 0;
  for (const encoding of PREFERENCE) {
    if (!asset.bodies[encoding])
      continue;
    const w = weight(encoding);
    if (w > bestWeight) {
      best = encoding;
      bestWeight = w;
    }
  }
  return best;
}
function matches(ifNoneMatch, etag) {
  if (!ifNoneMatch)
    return false;
  const opaque = (tag) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}
function sanitizeHeaderList(value) {
  if (!value)
    return "";
  return value.split(",").map((v) => v.trim()).filter((v) => /^[A-Za-z0-9-]{1,64}$/.test(v)).slice(0, 20).join(", ");
}
var ALLOW, PREFERENCE;
var init_handler = __esm({
  "lib/publish/handler.js"() {
    "use strict";
    init_assets();
    ALLOW = "GET, HEAD, OPTIONS";
    PREFERENCE = ["br", "gzip", "identity"];
  }
});

// lib/publish/load-assets.js
import { readFileSync as readFileSync13 } from "node:fs";
import path15 from "node:path";
function loadApiDocsAssets(folder) {
  const manifest = JSON.parse(readFileSync13(path15.join(folder, "_headers.json"), "utf8"));
  if (manifest.format !== "apidex.api-docs/1")
    throw new Error(`${folder}/_headers.json is not an apidex api-docs manifest.`);
  const assets = /* @__PURE__ */ new Map();
  for (const [served, meta] of Object.entries(manifest.files)) {
    const bodies = {};
    for (const [encoding, variant] of Object.entries(meta.variants)) {
      bodies[encoding] = new Uint8Array(readFileSync13(path15.join(folder, variant.file)));
    }
    assets.set(served, { ...meta, bodies });
  }
  return assets;
}
var init_load_assets = __esm({
  "lib/publish/load-assets.js"() {
    "use strict";
  }
});

// lib/publish/serve.js
var serve_exports = {};
__export(serve_exports, {
  serveApiDocs: () => serveApiDocs
});
import { createServer } from "node:http";
async function serveApiDocs(folder, options) {
  const handler = createApiDocsHandler(loadApiDocsAssets(folder), { mount: options.mount });
  const server = createServer((req, res) => {
    if (req.url === "/" && (req.method === "GET" || req.method === "HEAD")) {
      res.writeHead(302, { Location: `${options.mount}/` }).end();
      return;
    }
    handler.node(req, res);
  });
  await new Promise((resolve2, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve2());
  });
  return {
    port: server.address().port,
    close: () => new Promise((resolve2) => server.close(() => resolve2()))
  };
}
var init_serve = __esm({
  "lib/publish/serve.js"() {
    "use strict";
    init_handler();
    init_load_assets();
  }
});

// lib/mcp/catalog.js
function compactShape(operation, doc) {
  const shape = {};
  const query = (operation.parameters ?? []).filter((p) => p.in === "query");
  if (query.length)
    shape.query = query.map((p) => ({ name: String(p.name), required: Boolean(p.required), type: typeText(p.schema, doc) }));
  const body = operation.requestBody?.content?.["application/json"]?.schema;
  if (body) {
    const resolved = resolve(body, doc);
    const props = resolved.properties ?? {};
    const required = new Set(resolved.required ?? []);
    shape.body = Object.fromEntries(Object.entries(props).map(([name, s]) => [name, `${typeText(s, doc)}${required.has(name) ? "" : "?"}`]));
    shape.body_required = Boolean(operation.requestBody.required);
  }
  return shape;
}
function resolve(schema, doc) {
  let current = schema;
  for (let i = 0; i < 16 && typeof current.$ref === "string"; i++) {
    current = doc.components?.schemas?.[current.$ref.replace("#/components/schemas/", "")] ?? {};
  }
  return current;
}
function typeText(raw, doc) {
  if (!raw)
    return "any";
  const schema = resolve(raw, doc);
  if (Array.isArray(schema.enum))
    return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (Array.isArray(schema.anyOf))
    return schema.anyOf.map((s) => typeText(s, doc)).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : String(schema.type ?? "object");
  if (type === "array")
    return `${typeText(schema.items, doc)}[]`;
  return schema.format ? `${type} (${String(schema.format)})` : type;
}
var Catalog;
var init_catalog = __esm({
  "lib/mcp/catalog.js"() {
    "use strict";
    init_operation_search();
    Catalog = class {
      index;
      byId;
      search;
      constructor(index, openapi) {
        this.index = index;
        const entries = index.operations.map((op) => {
          const operation = openapi?.paths?.[op.path]?.[op.method.toLowerCase()];
          if (!operation)
            return { ...op };
          return { ...op, shape: compactShape(operation, openapi), destructive: Boolean(operation["x-service-destructive"]) };
        });
        this.byId = new Map(entries.map((e) => [e.operation_id, e]));
        this.search = new OperationSearch(entries);
      }
      get(operationId) {
        return this.byId.get(operationId);
      }
      find(query, filters, limit) {
        return this.search.search(query, filters, limit).map((hit) => this.byId.get(hit.entry.operation_id));
      }
      /** Operations that check a permission key: what adding it to a key unlocks. */
      unlockedBy(permission) {
        return [...this.byId.values()].filter((e) => e.permissions.includes(permission));
      }
    };
  }
});

// lib/mcp/service-client.js
async function readCapped(response, max) {
  const declared = Number(response.headers.get("content-length") ?? "") || void 0;
  if (!response.body)
    return { bytes: new Uint8Array(), truncated: false };
  const reader = response.body.getReader();
  const chunks = [];
  let size = 0;
  let truncated = false;
  for (; ; ) {
    const { done, value } = await reader.read();
    if (done)
      break;
    if (size + value.length > max) {
      chunks.push(value.subarray(0, max - size));
      size = max;
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.length;
  }
  return { bytes, ...declared ? { total: declared } : {}, truncated };
}
var CallRefused, MAX_REDIRECTS, UNSAFE_SEGMENT, ServiceClient;
var init_service_client = __esm({
  "lib/mcp/service-client.js"() {
    "use strict";
    CallRefused = class extends Error {
    };
    MAX_REDIRECTS = 3;
    UNSAFE_SEGMENT = /[/\\?#%\u0000-\u001f\u007f]/;
    ServiceClient = class {
      options;
      base;
      constructor(options) {
        this.options = options;
        this.base = new URL(options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
        if (this.base.protocol !== "http:" && this.base.protocol !== "https:")
          throw new Error(`The base URL must be http or https, not ${this.base.protocol}`);
      }
      /** The URL a call would reach; throws CallRefused when an input could escape the operation's path. */
      url(entry, input) {
        const given = input.path_params ?? {};
        const unknown2 = Object.keys(given).filter((k) => !entry.path_params.includes(k));
        if (unknown2.length)
          throw new CallRefused(`${entry.operation_id} has no path parameter ${unknown2.join(", ")}; its parameters are ${entry.path_params.join(", ") || "none"}.`);
        const path18 = entry.path.replace(/\{([^}]+)\}/g, (_m, name) => {
          const raw = given[name];
          if (raw === void 0 || raw === null)
            throw new CallRefused(`Missing path parameter ${name} for ${entry.operation_id} (${entry.method} ${entry.path}).`);
          const value = String(raw);
          if (!value || value === "." || value === ".." || UNSAFE_SEGMENT.test(value)) {
            throw new CallRefused(`The path parameter ${name} may not be empty, "." or "..", nor contain /, \\, ?, #, % or control characters: it must fill exactly one path segment.`);
          }
          return encodeURIComponent(value);
        });
        const url = new URL(path18.replace(/^\//, ""), this.base);
        for (const [key, value] of Object.entries(input.query ?? {})) {
          if (value === null || value === void 0)
            continue;
          for (const v of Array.isArray(value) ? value : [value])
            url.searchParams.append(key, String(v));
        }
        if (!this.isInside(url))
          throw new CallRefused("The request would leave the configured base URL.");
        return url;
      }
      async call(entry, input) {
        let url = this.url(entry, input);
        const hasBody = input.body !== void 0 && !["GET", "HEAD"].includes(entry.method);
        const headers = {
          accept: "application/json",
          [this.options.authHeader]: this.options.authScheme ? `${this.options.authScheme} ${this.options.key}` : this.options.key,
          ...hasBody ? { "content-type": "application/json" } : {}
        };
        const doFetch = this.options.fetch ?? fetch;
        let response;
        for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
          try {
            response = await doFetch(url, {
              method: entry.method,
              headers,
              redirect: "manual",
              signal: AbortSignal.timeout(this.options.timeoutMs),
              ...hasBody ? { body: JSON.stringify(input.body) } : {}
            });
          } catch (error2) {
            const timedOut = error2.name === "TimeoutError";
            throw new Error(this.scrub(timedOut ? `The service did not answer within ${this.options.timeoutMs} ms.` : `The service could not be reached: ${error2.message}`));
          }
          const location = response.headers.get("location");
          if (response.status < 300 || response.status >= 400 || !location)
            break;
          const next = new URL(location, url);
          if (!this.isInside(next)) {
            await response.body?.cancel();
            throw new Error(`The service redirected outside the configured base URL (to ${next.origin}); the redirect was not followed.`);
          }
          await response.body?.cancel();
          url = next;
        }
        return this.read(response);
      }
      isInside(url) {
        return url.origin === this.base.origin && url.pathname.startsWith(this.base.pathname);
      }
      /** Reads at most maxBodyBytes of the body; parses JSON; reports the missing permission of a refusal. */
      async read(response) {
        const contentType = response.headers.get("content-type") ?? "";
        const { bytes, total, truncated } = await readCapped(response, this.options.maxBodyBytes);
        const text = this.scrub(new TextDecoder().decode(bytes));
        let body = text;
        const isJson = /json/i.test(contentType);
        if (isJson && !truncated) {
          try {
            body = JSON.parse(text);
          } catch {
            body = text;
          }
        } else if (!/^text\/|json|xml|javascript/i.test(contentType) && bytes.length) {
          body = null;
        }
        const outcome = { status: response.status, body, ...contentType ? { content_type: contentType } : {} };
        if (truncated) {
          outcome.truncated = true;
          outcome.note = `The body was cut at ${this.options.maxBodyBytes} bytes${total ? ` of ${total}` : ""}; ask for less (filters, a smaller limit) to see all of it.`;
        } else if (body === null) {
          outcome.note = `The body is ${bytes.length} bytes of ${contentType || "binary data"}, not shown.`;
        }
        if (response.status === 403 && body && typeof body === "object") {
          const missing = body[this.options.refusalField];
          if (typeof missing === "string" && missing)
            outcome.missing_permission = missing;
        }
        return outcome;
      }
      /** Removes the key from any text that goes back to the model or a log. */
      scrub(text) {
        return this.options.key ? text.split(this.options.key).join("[redacted]") : text;
      }
    };
  }
});

// lib/mcp/server.js
import { fromJsonSchema, McpServer } from "@modelcontextprotocol/server";
import { z as z2 } from "zod";
function createApidexMcpServer(catalog, client, options) {
  const server = new McpServer({ name: `apidex-${catalog.index.service.name}`, version: catalog.index.service.version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const log = options.log ?? (() => {
  });
  const describe2 = (e) => {
    const missing = options.keyPermissions ? e.permissions.filter((p) => !options.keyPermissions.has(p)) : void 0;
    return {
      operation_id: e.operation_id,
      method: e.method,
      path: e.path,
      summary: e.summary,
      permissions: e.permissions,
      effect: e.effect,
      path_params: e.path_params,
      documented: e.documented,
      ...e.destructive ? { destructive: true } : {},
      ...missing ? { callable: missing.length === 0, missing_permissions: missing } : {},
      ...e.shape?.query ? { query: e.shape.query } : {},
      ...e.shape?.body ? { body: e.shape.body } : {}
    };
  };
  server.registerTool("find_operations", {
    title: "Find API operations",
    description: `Searches the ${catalog.byId.size} operations this key may try, by words (ranked, synonyms and typos allowed) and filters. Returns the best ${DEFAULT_LIMIT} by default with everything needed to call them.`,
    inputSchema: findInput,
    outputSchema: z2.object({ operations: z2.array(operationOutput), total_operations: z2.number() }),
    annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true }
  }, async (input) => {
    const limit = input.limit ?? DEFAULT_LIMIT;
    const filters = {
      ...input.path_contains ? { pathContains: input.path_contains } : {},
      ...input.permission ? { permission: input.permission } : {},
      ...input.method ? { method: input.method } : {},
      ...input.effect ? { effect: input.effect } : {}
    };
    let found = catalog.find(input.query, filters, input.callable_only && options.keyPermissions ? Number.POSITIVE_INFINITY : limit).map(describe2);
    if (input.callable_only && options.keyPermissions)
      found = found.filter((o) => o.callable).slice(0, limit);
    const structured = { operations: found, total_operations: catalog.byId.size };
    return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
  });
  const call = async (input, readOnly) => {
    const entry = catalog.get(input.operation_id);
    if (!entry)
      return error(`Unknown operation_id ${input.operation_id}: only operations from find_operations can be called.`);
    if (readOnly && entry.effect !== "read") {
      return error(`${entry.operation_id} is a ${entry.effect} operation; call_read_operation only calls reads. Use call_service_operation (the user may be asked to confirm).`);
    }
    if (input.body !== void 0 && JSON.stringify(input.body).length > MAX_BODY_CHARS)
      return error(`The body is larger than ${MAX_BODY_CHARS} characters of JSON.`);
    let outcome;
    try {
      outcome = await client.call(entry, input);
    } catch (e) {
      return error(client.scrub(e instanceof CallRefused ? `Not sent: ${e.message}` : e.message));
    }
    log(`call ${entry.operation_id} ${entry.method} ${entry.path} -> ${outcome.status}`);
    if (outcome.status === 403 && outcome.missing_permission) {
      const permission = outcome.missing_permission;
      const unlocks = catalog.unlockedBy(permission).filter((e) => e.operation_id !== entry.operation_id).map((e) => ({ operation_id: e.operation_id, method: e.method, path: e.path }));
      const structured = { ...outcome, unlocks };
      const list = unlocks.length ? ` With ${permission} the key would also unlock: ${unlocks.map((u) => `${u.operation_id} (${u.method} ${u.path})`).join(", ")}.` : "";
      return {
        isError: true,
        content: [{ type: "text", text: `Refused: this key lacks the permission ${permission}. Add ${permission} to the key to call ${entry.operation_id}.${list}` }],
        structuredContent: structured
      };
    }
    const text = JSON.stringify(outcome);
    return { ...outcome.status >= 400 ? { isError: true } : {}, content: [{ type: "text", text }], structuredContent: outcome };
  };
  server.registerTool("call_service_operation", {
    title: "Call an API operation",
    description: "Calls one operation by operation_id (from find_operations) with the user's key. May change or delete data: check the operation's effect and destructive flag first.",
    inputSchema: callInput,
    outputSchema: callOutput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }
  }, async (input) => call(input, false));
  server.registerTool("call_read_operation", {
    title: "Call a read-only API operation",
    description: "Calls one operation whose effect is read (GET-like). Refuses every other operation without sending anything, so clients can allow it without asking each time.",
    inputSchema: callInput,
    outputSchema: callOutput,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }
  }, async (input) => call(input, true));
  if (options.tools !== "core") {
    for (const entry of catalog.byId.values()) {
      if (options.tools === "documented" && !entry.documented)
        continue;
      server.registerTool(entry.operation_id, {
        title: entry.summary,
        description: `${entry.method} ${entry.path}. ${entry.summary}. Checks ${entry.permissions.join(", ") || "no permission"}.${entry.destructive ? " Cannot be undone." : ""}`,
        inputSchema: fromJsonSchema(operationInputSchema(entry)),
        annotations: {
          readOnlyHint: entry.effect === "read",
          destructiveHint: entry.effect === "remove" || Boolean(entry.destructive),
          idempotentHint: ["GET", "HEAD", "PUT", "DELETE"].includes(entry.method),
          openWorldHint: true
        }
      }, async (args) => {
        const a = args ?? {};
        const path_params = Object.fromEntries(entry.path_params.map((p) => [p, a[p]]));
        return call({ operation_id: entry.operation_id, path_params, ...a.query ? { query: a.query } : {}, ...a.body !== void 0 ? { body: a.body } : {} }, entry.effect === "read");
      });
    }
  }
  return server;
}
function operationInputSchema(entry) {
  const properties = {};
  for (const p of entry.path_params)
    properties[p] = { type: "string", minLength: 1, maxLength: 2048, description: `Path parameter ${p}` };
  const queryProps = Object.fromEntries((entry.shape?.query ?? []).map((q) => [q.name, { description: q.type }]));
  properties.query = { type: "object", properties: queryProps, description: "Query parameters" };
  if (!["GET", "HEAD", "DELETE"].includes(entry.method)) {
    properties.body = { description: entry.shape?.body ? `JSON body with fields ${JSON.stringify(entry.shape.body)}` : "JSON body" };
  }
  return { type: "object", properties, required: [...entry.path_params], additionalProperties: false };
}
function error(text) {
  return { isError: true, content: [{ type: "text", text }] };
}
var METHODS3, DEFAULT_LIMIT, MAX_LIMIT, MAX_BODY_CHARS, INSTRUCTIONS, operationOutput, findInput, scalar, callInput, callOutput;
var init_server = __esm({
  "lib/mcp/server.js"() {
    "use strict";
    init_service_client();
    METHODS3 = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
    DEFAULT_LIMIT = 8;
    MAX_LIMIT = 50;
    MAX_BODY_CHARS = 1e6;
    INSTRUCTIONS = `This server reaches one HTTP API with the user's own API key: never more than that key may do.
1. Call find_operations with a few words describing the action ("send an invoice", "list technicians"), optionally filtered by path, permission, method or effect. Results are ranked; each has its operation_id, method, path, path_params, permissions and effect, and for documented operations the query parameters and body fields.
2. Call call_read_operation (read-only operations, no confirmation needed) or call_service_operation (any operation) with that operation_id, path_params as an object of strings (each fills exactly one path segment), query as an object, and body as JSON.
A refusal (403) names the exact permission the key lacks and what else that permission would unlock: tell the user which permission to add to the key rather than retrying.
Operations marked destructive cannot be undone: confirm with the user first.`;
    operationOutput = z2.object({
      operation_id: z2.string(),
      method: z2.string(),
      path: z2.string(),
      summary: z2.string(),
      permissions: z2.array(z2.string()),
      effect: z2.enum(["read", "write", "remove"]),
      path_params: z2.array(z2.string()),
      documented: z2.boolean(),
      destructive: z2.boolean().optional(),
      callable: z2.boolean().optional(),
      missing_permissions: z2.array(z2.string()).optional(),
      query: z2.array(z2.object({ name: z2.string(), required: z2.boolean(), type: z2.string() })).optional(),
      body: z2.record(z2.string(), z2.string()).optional()
    });
    findInput = z2.object({
      query: z2.string().max(500).optional().describe("Words describing the action, e.g. 'email an invoice to the customer'"),
      path_contains: z2.string().max(200).optional().describe("Only operations whose path contains this text"),
      permission: z2.string().max(200).optional().describe("Only operations that check this permission key"),
      method: z2.enum(METHODS3).optional(),
      effect: z2.enum(["read", "write", "remove"]).optional(),
      callable_only: z2.boolean().optional().describe("Only operations the key's known permissions allow"),
      limit: z2.number().int().min(1).max(MAX_LIMIT).optional().describe(`How many results (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT})`)
    });
    scalar = z2.union([z2.string().max(2048), z2.number(), z2.boolean()]);
    callInput = z2.object({
      operation_id: z2.string().regex(/^[a-z][a-z0-9_]{0,47}$/, "an operation_id from find_operations"),
      path_params: z2.record(z2.string().max(100), scalar).optional().describe("One value per path placeholder; each fills exactly one segment"),
      query: z2.record(z2.string().max(200), z2.union([scalar, z2.array(scalar).max(100), z2.null()])).optional(),
      body: z2.unknown().optional().describe("The JSON request body")
    });
    callOutput = z2.object({
      status: z2.number(),
      body: z2.unknown(),
      content_type: z2.string().optional(),
      truncated: z2.boolean().optional(),
      note: z2.string().optional(),
      missing_permission: z2.string().optional(),
      unlocks: z2.array(z2.object({ operation_id: z2.string(), method: z2.string(), path: z2.string() })).optional()
    });
  }
});

// lib/mcp/serve.js
var serve_exports2 = {};
__export(serve_exports2, {
  loadCatalog: () => loadCatalog,
  runMcp: () => runMcp
});
import { createHash as createHash5, timingSafeEqual } from "node:crypto";
import { createServer as createServer2 } from "node:http";
import path16 from "node:path";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { localhostHostValidation, toNodeHandler } from "@modelcontextprotocol/node";
async function loadCatalog(options) {
  const index = await loadIndex(options.index, options.cwd);
  let openapi;
  const sibling = options.openapi ?? siblingLocation(options.index, "openapi-public.json");
  try {
    openapi = JSON.parse(await readLocation(sibling, options.cwd));
  } catch (error2) {
    if (options.openapi)
      throw error2;
  }
  return new Catalog(index, openapi);
}
function siblingLocation(location, name) {
  if (/^https?:\/\//.test(location))
    return new URL(name, location).toString();
  return path16.join(path16.dirname(location), name);
}
async function runMcp(options) {
  const key = options.env[options.keyEnv];
  if (!key)
    throw new UsageError(`The environment variable ${options.keyEnv} holds no API key.`, `Set ${options.keyEnv} to the key the assistant may use (or choose the variable with --key-env).`);
  const catalog = await loadCatalog(options);
  const clientOptions = {
    baseUrl: options.baseUrl,
    key,
    authHeader: options.authHeader,
    authScheme: options.authScheme,
    refusalField: options.refusalField,
    timeoutMs: options.timeoutMs,
    maxBodyBytes: options.maxBodyBytes
  };
  let client;
  try {
    client = new ServiceClient(clientOptions);
  } catch (error2) {
    throw new UsageError(`--base-url ${options.baseUrl}: ${error2.message}`, "Pass the service's http(s) base URL.");
  }
  const keyPermissions = options.keyPermissions ? new Set(options.keyPermissions) : options.keyPermissionsPath ? await discoverPermissions(client, options) : void 0;
  const serverOptions = { tools: options.tools, ...keyPermissions ? { keyPermissions } : {}, log: options.log };
  const factory = () => createApidexMcpServer(catalog, client, serverOptions);
  const what = `${catalog.byId.size} operations of ${catalog.index.service.name} at ${new URL(options.baseUrl).origin}${keyPermissions ? `, key with ${keyPermissions.size} known permissions` : ""}`;
  if (options.http === void 0) {
    const server = factory();
    await server.connect(new StdioServerTransport());
    options.log(`apidex mcp: serving ${what} over stdio`);
    return { close: () => server.close() };
  }
  const handler = createMcpHandler(factory);
  const node = toNodeHandler(handler);
  const allowHost = localhostHostValidation();
  const http = createServer2((req, res) => {
    if (!(req.url ?? "").startsWith("/mcp")) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "not_found", message: "The MCP endpoint is /mcp." }));
      return;
    }
    if (isLoopback(options.host) && !allowHost(req, res))
      return;
    if (options.httpToken && !bearerMatches(req.headers.authorization, options.httpToken)) {
      res.writeHead(401, { "content-type": "application/json", "www-authenticate": 'Bearer realm="apidex-mcp"' }).end(JSON.stringify({ error: "unauthorized", message: "Send Authorization: Bearer <token>." }));
      return;
    }
    void node(req, res);
  });
  await new Promise((resolve2, reject) => {
    http.once("error", reject);
    http.listen(options.http, options.host, () => resolve2());
  });
  const port = http.address().port;
  options.log(`apidex mcp: serving ${what} on http://${options.host}:${port}/mcp`);
  return {
    port,
    close: async () => {
      await handler.close();
      await new Promise((resolve2) => http.close(() => resolve2()));
    }
  };
}
function bearerMatches(header, token) {
  const presented = /^Bearer\s+(.+)$/i.exec(header ?? "")?.[1] ?? "";
  const a = createHash5("sha256").update(presented).digest();
  const b = createHash5("sha256").update(token).digest();
  return timingSafeEqual(a, b) && presented.length > 0;
}
function isLoopback(host) {
  return host === "127.0.0.1" || host === "::1" || host === "localhost";
}
async function discoverPermissions(client, options) {
  const pathOnly = options.keyPermissionsPath.replace(/^\/+/, "");
  const entry = { operation_id: "key_permissions", method: "GET", path: `/${pathOnly}`, permissions: [], summary: "", path_params: [], effect: "read", documented: false };
  try {
    const outcome = await client.call(entry, {});
    const list = outcome.body && typeof outcome.body === "object" ? outcome.body[options.keyPermissionsField] : void 0;
    if (outcome.status === 200 && Array.isArray(list))
      return new Set(list.map(String));
    options.log(`apidex mcp: ${options.keyPermissionsPath} answered ${outcome.status} without a ${options.keyPermissionsField} list; the key's permissions stay unknown`);
  } catch (error2) {
    options.log(`apidex mcp: cannot read the key's permissions: ${client.scrub(error2.message)}`);
  }
  return void 0;
}
var init_serve2 = __esm({
  "lib/mcp/serve.js"() {
    "use strict";
    init_diagnostic();
    init_artifact_source();
    init_find();
    init_catalog();
    init_server();
    init_service_client();
  }
});

// lib/cli.js
import { existsSync as existsSync5, realpathSync } from "node:fs";
import module from "node:module";
import path17 from "node:path";
import { fileURLToPath as fileURLToPath3 } from "node:url";
import { PerformanceObserver } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { Command, CommanderError, Option } from "commander";

// lib/config/load-config.js
init_diagnostic();
init_defaults();
import { existsSync as existsSync2, readFileSync as readFileSync2 } from "node:fs";
import path3 from "node:path";
var CONFIG_NAMES = ["apidex.config.ts", "apidex.config.mts", "apidex.config.js", "apidex.config.mjs"];
async function loadConfig(options) {
  const configFile = findConfigFile(options);
  const config = configFile ? (await Promise.resolve().then(() => (init_schema(), schema_exports))).validateConfig(await importConfig(configFile, options.cache ?? true), configFile) : {};
  const base = configFile ? path3.dirname(configFile) : options.cwd;
  const root = options.root ? path3.resolve(options.cwd, options.root) : path3.resolve(base, config.root ?? ".");
  if (!existsSync2(root)) {
    throw new UsageError(`The project folder ${root} does not exist.`, "Pass an existing folder to --root, or fix `root` in the config.");
  }
  for (const pattern of options.closed ?? []) {
    if (!pattern.startsWith("/")) {
      throw new UsageError(`--closed ${pattern}: a closed path pattern starts with '/'.`, "Example: --closed '/v1/auth/**'");
    }
  }
  const tsconfig = config.tsconfig ? path3.resolve(root, config.tsconfig) : path3.join(root, "tsconfig.json");
  if (config.tsconfig && !existsSync2(tsconfig)) {
    throw new UsageError(`${configFile}: tsconfig ${tsconfig} does not exist.`, "Fix the `tsconfig` field or remove it.");
  }
  const out = options.out ? path3.resolve(options.cwd, options.out) : config.out ? path3.resolve(base, config.out) : path3.join(options.root ? root : base, "dist");
  return {
    root,
    include: config.include ?? DEFAULT_INCLUDE,
    exclude: [...DEFAULT_EXCLUDE, ...config.exclude ?? []],
    ...existsSync2(tsconfig) ? { tsconfig } : {},
    framework: config.framework ?? "auto",
    out,
    service: config.service ?? readServiceFromPackageJson(root),
    closed: [...config.closed ?? [], ...options.closed ?? []],
    permissionCalls: [...config.permissions?.calls ?? DEFAULT_PERMISSION_CALLS, ...config.permissions?.extraCalls ?? []],
    operationIds: config.operationIds ?? {},
    openapi: config.openapi ?? {},
    lint: config.lint ?? {},
    ...config.nest ? { nest: config.nest } : {},
    ...configFile ? { configFile } : {}
  };
}
function findConfigFile(options) {
  if (options.configFile) {
    const file = path3.resolve(options.cwd, options.configFile);
    if (!existsSync2(file))
      throw new UsageError(`Config file ${options.configFile} does not exist.`, "Check the --config path.");
    return file;
  }
  if (options.root)
    return void 0;
  for (const name of CONFIG_NAMES) {
    const file = path3.join(options.cwd, name);
    if (existsSync2(file))
      return file;
  }
  throw new UsageError("No apidex.config.ts in this folder.", "Create one with defineConfig (see the README), pass --config FILE, or run zero-config with --root DIR.");
}
async function importConfig(file, cache) {
  const { createJiti } = await import("jiti");
  const cacheDir = path3.join(cacheBase(path3.dirname(file)), "node_modules", ".cache", "apidex", "config");
  const jiti = createJiti(import.meta.url, {
    moduleCache: false,
    // The transpiled config is cached by content hash beside apidex's own cache, unless --no-cache.
    fsCache: cache ? cacheDir : false,
    // apidex itself is plain ESM: imported natively (the modules this process already loaded), never transpiled.
    nativeModules: ["apidex"]
  });
  try {
    const mod = await jiti.import(file);
    if (cache && existsSync2(cacheDir))
      (await Promise.resolve().then(() => (init_run_cache(), run_cache_exports))).pruneOldest(cacheDir, 8, "");
    return mod && typeof mod === "object" && "default" in mod ? mod.default : mod;
  } catch (error2) {
    throw new UsageError(`Cannot load config ${file}: ${error2.message}`, "Fix the error in the config file.");
  }
}
function readServiceFromPackageJson(root) {
  const file = path3.join(root, "package.json");
  if (existsSync2(file)) {
    try {
      const pkg = JSON.parse(readFileSync2(file, "utf8"));
      return {
        name: typeof pkg.name === "string" && pkg.name ? pkg.name : path3.basename(root),
        version: typeof pkg.version === "string" && pkg.version ? pkg.version : "0.0.0"
      };
    } catch {
      throw new UsageError(`${file} is not valid JSON.`, "Fix package.json, or set `service` in the config.");
    }
  }
  return { name: path3.basename(root), version: "0.0.0" };
}
function cacheBase(dir) {
  for (let current = dir; ; current = path3.dirname(current)) {
    if (existsSync2(path3.join(current, "node_modules")))
      return current;
    if (path3.dirname(current) === current)
      return dir;
  }
}

// lib/cli.js
init_diagnostic();
init_generate_to_disk();
init_assets();
init_version();
var EXIT = { ok: 0, problems: 1, usage: 2 };
var defaultIo = {
  cwd: process.cwd(),
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t)
};
async function runCli(argv, io = defaultIo) {
  let exitCode = EXIT.ok;
  const program = new Command().name("apidex").description("Operation index and OpenAPI 3.1 from the route sources of a TypeScript HTTP service.").version(VERSION, "-V, --version", "print the apidex version").exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr }).showHelpAfterError("(run apidex --help for usage)");
  const loadProject = (options) => loadConfig({
    cwd: io.cwd,
    ...options.config ? { configFile: options.config } : {},
    ...options.root ? { root: options.root } : {},
    ...options.out ? { out: options.out } : {},
    ...options.cache === false ? { cache: false } : {},
    closed: options.closed
  });
  const printDiagnostics = (items) => {
    for (const d of items)
      io.stderr(`${formatDiagnostic(d, io.cwd)}
`);
  };
  withProjectOptions(program.command("generate").description("write operations.json and openapi-public.json")).option("--no-cache", "ignore and do not update the cache in node_modules/.cache/apidex").option("--watch", "stay running and regenerate when a source file changes").option("--timings", "print how long each phase took, the CPU time and the peak memory (to stderr)").action(async (options) => {
    const config = await loadProject(options);
    if (options.watch) {
      await watchProject(config, io);
      return;
    }
    const progress = progressLine(io);
    const timings = options.timings ? phaseTimings(config.root) : void 0;
    const onProgress = progress || timings ? (phase) => (progress?.update(phase), timings?.update(phase)) : void 0;
    const result = await generateToDisk(config, { cache: options.cache, cwd: io.cwd, ...onProgress ? { onProgress } : {} });
    progress?.done();
    if (timings)
      io.stderr(timings.report(result));
    printDiagnostics(result.diagnostics.sorted());
    const counts = countsLine(result.counts);
    if (result.counts.errors) {
      io.stderr(`apidex: ${plural(result.counts.errors, "error")}; nothing written (the previous artifacts are unchanged). ${counts}.
`);
      exitCode = EXIT.problems;
      return;
    }
    const out = path17.relative(io.cwd, config.out) || ".";
    const n = result.written.length;
    const written = n === 0 ? "artifacts unchanged" : n <= 4 ? `wrote ${result.written.join(", ")}` : `wrote ${n} files`;
    const reuse = result.unreadChanges ? ` (reused the cached run: ${plural(result.unreadChanges.length, "changed file")} the analysis does not read)` : " (sources unchanged: reused the cached run)";
    const replayed = result.replay?.modules ? ` (${plural(result.replay.modules, "unchanged module")} replayed from the cached run)` : "";
    io.stdout(`apidex: ${counts}; ${written} in ${out}/${result.fromCache ? reuse : replayed}
`);
  });
  withProjectOptions(program.command("check").description("fail (exit 1) if the committed artifacts are stale")).action(async (options) => {
    const config = await loadProject(options);
    const { checkArtifacts: checkArtifacts2 } = await Promise.resolve().then(() => (init_check(), check_exports));
    const { renderText: renderText2 } = await Promise.resolve().then(() => (init_diff(), diff_exports));
    const check = await checkArtifacts2(config);
    const out = path17.relative(io.cwd, config.out) || ".";
    if (check.result.counts.errors) {
      printDiagnostics(check.result.diagnostics.sorted());
      io.stderr(`apidex check: the sources have ${plural(check.result.counts.errors, "error")}; fix them first.
`);
      exitCode = EXIT.problems;
      return;
    }
    if (!check.stale.length && !check.missing.length) {
      io.stdout(`apidex check: ${out}/ is up to date (${countsLine(check.result.counts)}).
`);
      return;
    }
    const lines = [
      ...check.missing.map((f) => `  missing  ${out}/${f}`),
      ...check.stale.map((f) => `  stale    ${out}/${f}`)
    ];
    io.stderr(`apidex check: the committed artifacts do not match the sources:
${lines.join("\n")}
`);
    if (check.report?.changes.length)
      io.stderr(`
${renderText2({ ...check.report, base: `committed ${out}/`, head: "the sources" })}`);
    io.stderr(`
Run \`apidex generate\` and commit ${out}/.
`);
    exitCode = EXIT.problems;
  });
  program.command("diff").description("semantic diff of two indexes or two OpenAPI documents (files, URLs or git refs)").argument("<base>", "file, URL or git ref (its committed artifacts are read)").argument("<head>", "file, URL or git ref").addOption(new Option("--format <format>", "output format").choices(["text", "md", "json"]).default("text")).addOption(new Option("--fail-on <what>", "exit 1 on these changes").choices(["breaking", "permissions", "any"])).option("--config <file>", "config whose `out` locates the artifacts inside git refs").action(async (base, head, options) => {
    const { diffArguments: diffArguments2, failsOn: failsOn2, renderMarkdown: renderMarkdown2, renderText: renderText2 } = await Promise.resolve().then(() => (init_diff(), diff_exports));
    const outDir = await artifactsDir(io.cwd, options.config);
    const report2 = await diffArguments2(base, head, { cwd: io.cwd, outDir });
    io.stdout(options.format === "json" ? `${JSON.stringify(report2, null, 2)}
` : options.format === "md" ? renderMarkdown2(report2) : renderText2(report2));
    if (failsOn2(report2, options.failOn))
      exitCode = EXIT.problems;
  });
  withProjectOptions(program.command("lint").description("policy checks: unguarded routes, documentation gaps, closed-looking paths")).option("--json", "print the findings as JSON").action(async (options) => {
    const { lintOperations: lintOperations2 } = await Promise.resolve().then(() => (init_lint(), lint_exports));
    const config = await loadProject(options);
    const { generate: generate2 } = await Promise.resolve().then(() => (init_generate(), generate_exports));
    const result = await generate2(config);
    const findings = lintOperations2(result, config);
    const errors = findings.filter((f) => f.severity === "error").length;
    const warnings = findings.length - errors;
    if (options.json) {
      io.stdout(`${JSON.stringify(findings.map((f) => ({ ...f, ...f.site ? { site: { ...f.site, file: path17.relative(io.cwd, f.site.file) } } : {} })), null, 2)}
`);
    } else {
      printDiagnostics(findings);
      io.stderr(`apidex lint: ${plural(errors, "error")}, ${plural(warnings, "warning")} in ${result.operations.length} operations.
`);
    }
    if (errors)
      exitCode = EXIT.problems;
  });
  program.command("find").description("search and filter an operation index (file or URL)").argument("[query...]", "words to rank operations by").option("--index <file-or-url>", "the operations.json to read (default: the config's, else dist/operations.json)").option("--path-contains <text>", "only paths containing this text").option("--permission <key>", "only operations that check this permission key (what a key unlocks)").option("--method <method>", "only this HTTP method").addOption(new Option("--effect <effect>", "only this effect").choices(["read", "write", "remove"])).option("--fields <list>", "comma-separated fields to print").option("--limit <n>", "at most this many results", (v) => Number.parseInt(v, 10)).option("--json", "print JSON").option("--config <file>", "config whose `out` holds operations.json").action(async (words2, options) => {
    const { findOperations: findOperations2, loadIndex: loadIndex2, parseFields: parseFields2, renderFindText: renderFindText2 } = await Promise.resolve().then(() => (init_find(), find_exports));
    const location = options.index ?? path17.join(await artifactsDir(io.cwd, options.config), "operations.json");
    const index = await loadIndex2(location, io.cwd);
    if (options.limit !== void 0 && (!Number.isFinite(options.limit) || options.limit < 1))
      throw new UsageError("--limit takes a positive whole number.");
    const rows = findOperations2(index, {
      ...words2.length ? { query: words2.join(" ") } : {},
      ...options.pathContains ? { pathContains: options.pathContains } : {},
      ...options.permission ? { permission: options.permission } : {},
      ...options.method ? { method: options.method } : {},
      ...options.effect ? { effect: options.effect } : {},
      ...options.fields ? { fields: parseFields2(options.fields) } : options.json ? {} : { fields: ["method", "path", "operation_id", "permissions", "summary"] },
      ...options.limit ? { limit: options.limit } : {}
    });
    io.stdout(options.json ? `${JSON.stringify(rows, null, 2)}
` : renderFindText2(rows));
  });
  program.command("serve").description("serve the artifacts with the api-docs handler").option("--dir <dir>", "the output folder holding api-docs/ (default: the config's `out`, else dist)").option("--port <n>", "port (0 picks one)", (v) => Number.parseInt(v, 10), 8080).option("--host <host>", "address to bind", "127.0.0.1").option("--mount <path>", "where the docs are served", DEFAULT_MOUNT).option("--config <file>", "config whose `out` holds the artifacts").action(async (options) => {
    if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535)
      throw new UsageError("--port takes a port number (0 to 65535).");
    const dir = options.dir ? path17.resolve(io.cwd, options.dir) : await artifactsDir(io.cwd, options.config);
    const folder = path17.join(dir, "api-docs");
    if (!existsSync5(path17.join(folder, "_headers.json")))
      throw new UsageError(`${folder} holds no generated api-docs.`, "Run `apidex generate` first, or point --dir at its output folder.");
    const { serveApiDocs: serveApiDocs2 } = await Promise.resolve().then(() => (init_serve(), serve_exports));
    const { port } = await serveApiDocs2(folder, { port: options.port, host: options.host, mount: options.mount });
    io.stderr(`apidex serve: http://${options.host}:${port}${options.mount}/ (openapi.json, operations.json, openapi-public.json)
`);
  });
  program.command("mcp").description("MCP server: find_operations and call_service_operation over an index, with the key in $APIDEX_KEY").requiredOption("--index <file-or-url>", "the operations.json to serve").requiredOption("--base-url <url>", "the service's base URL; requests never go anywhere else").option("--openapi <file-or-url>", "the OpenAPI document (default: openapi-public.json next to the index, if present)").option("--http <port>", "serve Streamable HTTP on this port (0 picks one) instead of stdio", (v) => Number.parseInt(v, 10)).option("--host <host>", "address to bind with --http", "127.0.0.1").option("--http-token-env <name>", "with --http: environment variable holding a token clients must send as a bearer token").addOption(new Option("--tools <which>", "also expose one tool per operation").choices(["core", "documented", "all"]).default("core")).option("--key-env <name>", "environment variable holding the API key", "APIDEX_KEY").option("--auth-header <name>", "header that carries the key", "Authorization").option("--auth-scheme <scheme>", "scheme before the key ('' for none)", "Bearer").option("--refusal-field <field>", "field of a 403 body naming the missing permission", "permission").option("--key-permissions <list>", "the key's permissions, comma-separated, to mark what it can call").option("--key-permissions-path <path>", "a GET path under the base URL returning the key's permissions (e.g. /v1/me)").option("--key-permissions-field <field>", "the field of that response holding the list", "permissions").option("--timeout <ms>", "request timeout", (v) => Number.parseInt(v, 10), 3e4).option("--max-body <bytes>", "cap on response bodies returned to the model", (v) => Number.parseInt(v, 10), 64 * 1024).action(async (options) => {
    for (const [flag2, value] of [["--timeout", options.timeout], ["--max-body", options.maxBody]]) {
      if (!Number.isFinite(value) || value < 1)
        throw new UsageError(`${flag2} takes a positive whole number.`);
    }
    if (options.http !== void 0 && (!Number.isInteger(options.http) || options.http < 0 || options.http > 65535))
      throw new UsageError("--http takes a port number (0 to 65535).");
    const httpToken = options.httpTokenEnv ? process.env[options.httpTokenEnv] : void 0;
    if (options.httpTokenEnv && !httpToken)
      throw new UsageError(`The environment variable ${options.httpTokenEnv} holds no token.`, "Set it, or drop --http-token-env.");
    const { runMcp: runMcp2 } = await Promise.resolve().then(() => (init_serve2(), serve_exports2));
    await runMcp2({
      cwd: io.cwd,
      index: options.index,
      baseUrl: options.baseUrl,
      ...options.openapi ? { openapi: options.openapi } : {},
      keyEnv: options.keyEnv,
      authHeader: options.authHeader,
      authScheme: options.authScheme,
      refusalField: options.refusalField,
      timeoutMs: options.timeout,
      maxBodyBytes: options.maxBody,
      tools: options.tools,
      ...options.keyPermissions ? { keyPermissions: options.keyPermissions.split(",").map((p) => p.trim()).filter(Boolean) } : {},
      ...options.keyPermissionsPath ? { keyPermissionsPath: options.keyPermissionsPath } : {},
      keyPermissionsField: options.keyPermissionsField,
      ...options.http !== void 0 ? { http: options.http } : {},
      host: options.host,
      ...httpToken ? { httpToken } : {},
      env: process.env,
      log: (line2) => io.stderr(`${line2}
`)
    });
  });
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error2) {
    if (error2 instanceof CommanderError) {
      return error2.code === "commander.helpDisplayed" || error2.code === "commander.version" || error2.code === "commander.help" ? EXIT.ok : EXIT.usage;
    }
    if (error2 instanceof WriteError) {
      io.stderr(`apidex: ${error2.message}
  hint: check that the folder exists or can be created, is writable, and the disk has space; the previous artifacts are unchanged.
`);
      return EXIT.problems;
    }
    if (error2 instanceof UsageError) {
      io.stderr(`apidex: ${error2.message}
${error2.hint ? `  hint: ${error2.hint}
` : ""}`);
      return EXIT.usage;
    }
    throw error2;
  }
  return exitCode;
}
function withProjectOptions(command) {
  return command.option("--config <file>", "config file (default: apidex.config.ts in the current folder)").option("--root <dir>", "zero-config: analyse this project folder (a folder with a tsconfig.json)").option("--out <dir>", "output folder (default: the config's `out`, or dist/)").addOption(new Option("--closed <pattern>", "a closed path glob such as '/v1/auth/**' (repeatable)").argParser(collect).default([]));
}
async function artifactsDir(cwd, configFile) {
  const hasConfig = configFile || ["apidex.config.ts", "apidex.config.mts", "apidex.config.js", "apidex.config.mjs"].some((n) => existsSync5(path17.join(cwd, n)));
  if (!hasConfig)
    return path17.join(cwd, "dist");
  const config = await loadConfig({ cwd, ...configFile ? { configFile } : {} });
  return config.out;
}
async function watchProject(config, io) {
  const { watch } = await import("node:fs");
  const { WatchSession: WatchSession2 } = await Promise.resolve().then(() => (init_generate(), generate_exports));
  const report2 = (result2, took) => {
    for (const d of result2.diagnostics.sorted())
      io.stderr(`${formatDiagnostic(d, io.cwd)}
`);
    const state = result2.counts.errors ? `${plural(result2.counts.errors, "error")}; nothing written` : result2.written.length ? `wrote ${plural(result2.written.length, "file")}` : "artifacts unchanged";
    io.stdout(`apidex: ${countsLine(result2.counts)}; ${state} (${took} ms)
`);
  };
  let started = Date.now();
  const { session, result } = await WatchSession2.start(config, io.cwd);
  report2(result, Date.now() - started);
  io.stderr(`apidex: watching ${path17.relative(io.cwd, config.root) || "."} for changes (Ctrl-C to stop)
`);
  const pending = /* @__PURE__ */ new Set();
  let timer;
  let running = Promise.resolve();
  const out = path17.resolve(config.out);
  watch(config.root, { recursive: true }, (_event, name) => {
    if (!name)
      return;
    const file = path17.resolve(config.root, name.toString());
    if (/[\\/]node_modules[\\/]|[\\/]\.git[\\/]/.test(file) || file.startsWith(out + path17.sep) || !/\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(file))
      return;
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = [...pending];
      pending.clear();
      running = running.then(async () => {
        started = Date.now();
        report2(await session.update(batch), Date.now() - started);
      });
    }, 80);
  });
  await new Promise(() => void 0);
}
function progressLine(io) {
  if (io.stderr !== defaultIo.stderr || !process.stderr.isTTY || process.env.CI)
    return void 0;
  const started = Date.now();
  let shown = false;
  return {
    update: (phase) => {
      shown = true;
      process.stderr.write(`\r\x1B[2Kapidex: ${phase}\u2026 ${((Date.now() - started) / 1e3).toFixed(1)}s`);
    },
    done: () => {
      if (shown)
        process.stderr.write("\r\x1B[2K");
    }
  };
}
function phaseTimings(root) {
  const phases = [{ name: "start-up and config", start: 0 }];
  let gcPauses = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      gcPauses += entry.duration;
  });
  gc.observe({ entryTypes: ["gc"] });
  return {
    update: (phase) => phases.push({ name: phase, start: performance.now() }),
    report: (result) => {
      const end = performance.now();
      for (const entry of gc.takeRecords())
        gcPauses += entry.duration;
      gc.disconnect();
      const rows = phases.map((p, i) => `  ${p.name.padEnd(52)} ${(((phases[i + 1]?.start ?? end) - p.start) / 1e3).toFixed(3)}s`);
      if (result.unreadChanges)
        rows.push("  (only files the analysis does not read changed: the artifacts came from the cache)");
      else if (result.fromCache)
        rows.push("  (every source unchanged: the artifacts came from the cache)");
      if (result.replay?.missed)
        rows.push(`  (${result.replay.missed}; every module was evaluated)`);
      const never = result.unreplayable ?? [];
      if (never.length) {
        const shown = never.slice(0, 5).map((m) => `    ${path17.relative(root, m.file).split(path17.sep).join("/")}: ${m.reason}`);
        rows.push(`  ${plural(never.length, "module")} cannot be replayed by a later run (each is evaluated every time):`, ...shown, ...never.length > 5 ? [`    and ${never.length - 5} more`] : []);
      }
      const usage = process.resourceUsage();
      const cpu = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
      return `apidex timings:
${rows.join("\n")}
  total ${(end / 1e3).toFixed(3)}s wall, ${cpu.toFixed(2)}s CPU, ${(gcPauses / 1e3).toFixed(2)}s paused for GC, peak memory ${(usage.maxRSS / 1024).toFixed(0)} MiB
`;
    }
  };
}
function countsLine(counts) {
  return `${counts.indexed} indexed, ${counts.documented} documented, ${counts.closed} closed, ${plural(counts.warnings, "warning")}`;
}
function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
function safeRealpath(file) {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}
function collect(value, previous) {
  return [...previous, value];
}
var invokedAs = process.argv[1] ? safeRealpath(path17.resolve(process.argv[1])) : "";
if (invokedAs === fileURLToPath3(import.meta.url)) {
  if (Number(process.versions.v8.split(".")[0]) <= 13)
    setFlagsFromString("--semi-space-growth-factor=1");
  if (!process.argv.includes("--no-cache"))
    module.enableCompileCache?.();
  runCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  }, (error2) => {
    process.stderr.write(`apidex: internal error: ${error2.stack ?? String(error2)}
`);
    process.exitCode = 70;
  });
}
export {
  EXIT,
  runCli
};
