/**
 * Which Encore service an endpoint belongs to, as Encore's compiler decides (tsparser's service discovery): the
 * folder of the nearest `encore.service.ts` above the endpoint's file (`export default new Service("name")`
 * names it); without one, the highest folder above it that holds an endpoint file directly (Encore merges a
 * service found in a subfolder into the one above), named after that folder.
 */
import path from "node:path";
import type { EncoreService } from "./encore-host.js";

/** A service as the endpoints see it: its name (unread when the declaration's is not static) and declaration. */
export interface ServiceOf {
  name?: string;
  declaration?: EncoreService;
  /** The folder the service is rooted at. */
  root: string;
}

export class ServiceDiscovery {
  /** Folders holding an `encore.service.ts`, with its declaration. */
  private readonly declared = new Map<string, EncoreService>();
  /** Folders that directly hold an endpoint file and no service declaration above them. */
  private readonly weakRoots = new Set<string>();

  constructor(services: ReadonlyMap<string, EncoreService>, endpointFiles: Iterable<string>) {
    // Encore accepts a service declaration only in a module named encore.service.ts.
    for (const [file, service] of services) if (path.basename(file) === "encore.service.ts") this.declared.set(path.dirname(file), service);
    for (const file of endpointFiles) if (!this.declaredAbove(path.dirname(file))) this.weakRoots.add(path.dirname(file));
  }

  serviceOf(file: string): ServiceOf {
    const dir = path.dirname(file);
    const declared = this.declaredAbove(dir);
    if (declared) {
      const [root, declaration] = declared;
      return { root, declaration, ...(declaration.name.kind === "string" ? { name: declaration.name.value } : {}) };
    }
    let root = dir;
    for (let at = dir; at !== path.dirname(at); ) {
      at = path.dirname(at);
      if (this.weakRoots.has(at)) root = at;
    }
    return { root, name: path.basename(root) };
  }

  private declaredAbove(dir: string): [string, EncoreService] | undefined {
    for (let at = dir; ; at = path.dirname(at)) {
      const found = this.declared.get(at);
      if (found) return [at, found];
      if (at === path.dirname(at)) return undefined;
    }
  }
}
