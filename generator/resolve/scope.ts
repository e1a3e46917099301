import type { ts } from "../typescript.js";
import type { Value } from "./values.js";

/** A name bound to a value that is computed on first use and then kept. */
export class Binding {
  private value: Value | undefined;
  private computing = false;

  constructor(
    private readonly compute: () => Value,
    /** The declaration, for reporting cycles. */
    readonly node: ts.Node,
    /** The file, for a module-level binding (the evaluation tracker attributes what computing it does). */
    public owner?: string,
  ) {}

  /** Whether the value is known already (computed, or given). */
  get computed(): boolean {
    return this.value !== undefined;
  }

  static of(value: Value, node: ts.Node): Binding {
    const b = new Binding(() => value, node);
    b.value = value;
    return b;
  }

  get(onCycle: () => Value): Value {
    if (this.value) return this.value;
    if (this.computing) return onCycle();
    this.computing = true;
    try {
      this.value = this.compute();
    } finally {
      this.computing = false;
    }
    return this.value;
  }
}

/** A lexical scope: a module's top level or one invocation of a function. */
export class Scope {
  readonly bindings = new Map<string, Binding>();

  constructor(
    readonly file: ts.SourceFile,
    readonly parent: Scope | undefined,
    /** The function this scope belongs to, or undefined at module level. */
    readonly owner: ts.Node | undefined,
  ) {}

  lookup(name: string): Binding | undefined {
    for (let scope: Scope | undefined = this; scope; scope = scope.parent) {
      const binding = scope.bindings.get(name);
      if (binding) return binding;
    }
    return undefined;
  }

  bind(name: string, binding: Binding): void {
    this.bindings.set(name, binding);
  }
}
