/** Scopes and bindings live with the values they hold (values.ts); this module names them for importers. */
export { Binding, Scope } from "./values.js";
