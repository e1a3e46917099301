/** One route `router.resources(...)` registers when the controller has the action. */
export interface EggResourceAction {
  /** The controller method that answers it. */
  action: string;
  /** Lower-case methods, as registered (`update` answers PATCH and PUT). */
  methods: string[];
  /** What follows the prefix (`""` for the prefix itself). */
  suffix: string;
}

/**
 * @eggjs/router's `REST_MAP` (EggRouter#resources), in its order: each action is registered only when the
 * controller has a truthy property of that name (`if (!controller[key]) continue`).
 */
export const EGG_RESOURCE_ACTIONS: readonly EggResourceAction[] = [
  { action: "index", methods: ["get"], suffix: "" },
  { action: "new", methods: ["get"], suffix: "new" },
  { action: "create", methods: ["post"], suffix: "" },
  { action: "show", methods: ["get"], suffix: ":id" },
  { action: "edit", methods: ["get"], suffix: ":id/edit" },
  { action: "update", methods: ["patch", "put"], suffix: ":id" },
  { action: "destroy", methods: ["delete"], suffix: ":id" },
];

/** The path of an action under a resource prefix, as EggRouter joins them (the prefix's trailing `/` dropped). */
export function resourcePath(prefix: string, suffix: string): string {
  const base = prefix.replace(/\/$/, "");
  return suffix ? `${base}/${suffix}` : base;
}
