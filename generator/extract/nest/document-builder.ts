import { ts } from "../../typescript.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { SourceSet } from "../../scan/source-set.js";
import type { Value } from "../../resolve/values.js";
import type { DocumentInfo } from "../adapter.js";

/**
 * What a NestJS project's `new DocumentBuilder().setTitle(...)...build()` chain says of its document:
 * title, description, version, licence, servers and tag descriptions. Arguments are evaluated statically;
 * a call whose arguments are not static is skipped. The first chain found (in file order) is read.
 */
export function documentBuilderInfo(sources: SourceSet, interpreter: Interpreter): DocumentInfo | undefined {
  for (const file of sources.files) {
    if (!file.text.includes("DocumentBuilder")) continue;
    const scope = interpreter.module(file).scope;
    let found: DocumentInfo | undefined;
    const visit = (node: ts.Node): void => {
      if (found) return;
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "DocumentBuilder") {
        found = readChain(node, (arg) => interpreter.evaluate(arg, scope));
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    if (found) return found;
  }
  return undefined;
}

function readChain(start: ts.NewExpression, evaluate: (node: ts.Expression) => Value): DocumentInfo {
  const info: DocumentInfo = {};
  const text = (node: ts.Expression | undefined) => {
    const v = node ? evaluate(node) : undefined;
    return v?.kind === "string" && v.value.trim() ? v.value.trim() : undefined;
  };
  // `new DocumentBuilder().a(...).b(...)`: each link is the parent call of a property access on the last.
  let link: ts.Node = start;
  while (
    ts.isPropertyAccessExpression(link.parent) &&
    ts.isCallExpression(link.parent.parent) &&
    link.parent.parent.expression === link.parent
  ) {
    const call = link.parent.parent;
    const [first, second] = call.arguments;
    switch (link.parent.name.text) {
      case "setTitle":
        assign(info, "title", text(first));
        break;
      case "setDescription":
        assign(info, "description", text(first));
        break;
      case "setVersion":
        assign(info, "version", text(first));
        break;
      case "setLicense": {
        const name = text(first);
        const url = text(second);
        if (name) info.license = { name, ...(url ? { url } : {}) };
        break;
      }
      case "addServer": {
        const url = text(first);
        const description = text(second);
        if (url) (info.servers ??= []).push({ url, ...(description ? { description } : {}) });
        break;
      }
      case "addTag": {
        const name = text(first);
        const description = text(second);
        if (name && description) (info.tags ??= {})[name] = description;
        break;
      }
    }
    link = call;
  }
  return info;
}

function assign(info: DocumentInfo, key: "title" | "description" | "version", value: string | undefined): void {
  if (value) info[key] = value;
}
