// The interactive reference: the documented operations from openapi.json, and a filterable view of
// the whole index from operations.json. Plain DOM, no dependencies, nothing loaded from elsewhere.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) if (child !== undefined && child !== null && child !== false) node.append(child);
    return node;
  }
  const methodBadge = (method) => el("span", { class: `method ${method.toLowerCase()}`, text: method });

  async function load(name) {
    const response = await fetch(name, { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    return response.json();
  }

  // ---- Schemas as readable trees -------------------------------------------------------------
  function refName(ref) {
    return String(ref).replace("#/components/schemas/", "");
  }
  function resolve(schema, doc) {
    let current = schema || {};
    for (let i = 0; i < 16 && current.$ref; i++)
      current = (doc.components && doc.components.schemas && doc.components.schemas[refName(current.$ref)]) || {};
    return current;
  }
  function typeLabel(schema, doc) {
    if (!schema) return "any";
    if (schema.$ref) return refName(schema.$ref);
    if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
    if ("const" in schema) return JSON.stringify(schema.const);
    if (Array.isArray(schema.anyOf)) return schema.anyOf.map((s) => typeLabel(s, doc)).join(" | ");
    const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type || "object";
    if (type === "array") return `${typeLabel(schema.items, doc)}[]`;
    return schema.format ? `${type} (${schema.format})` : type;
  }
  function tree(schema, doc, seen, depth) {
    const resolved = resolve(schema, doc);
    const list = el("ul", { class: "tree" });
    const props = resolved.properties || (resolved.items && resolve(resolved.items, doc).properties);
    if (!props) return null;
    const required = new Set(resolved.required || (resolved.items && resolve(resolved.items, doc).required) || []);
    for (const [name, prop] of Object.entries(props)) {
      const item = el(
        "li",
        {},
        el("code", { text: name }),
        " ",
        el("span", { class: "type", text: typeLabel(prop, doc) }),
        required.has(name) ? el("span", { class: "req", text: " required" }) : null,
      );
      const described = resolve(prop, doc);
      if (prop.description || described.description)
        item.append(el("div", { class: "muted", text: prop.description || described.description }));
      const key = prop.$ref || (prop.items && prop.items.$ref);
      if (depth < 4 && !(key && seen.has(key))) {
        const next = new Set(seen);
        if (key) next.add(key);
        const child = tree(prop.items || prop, doc, next, depth + 1);
        if (child) item.append(child);
      }
      list.append(item);
    }
    return list;
  }
  function schemaBlock(title, schema, doc) {
    const block = el("div", { class: "schema" }, el("h5", { text: `${title}: ${typeLabel(schema, doc)}` }));
    const body = tree(schema, doc, new Set(schema && schema.$ref ? [schema.$ref] : []), 0);
    if (body) block.append(body);
    return block;
  }
  function examplesOf(content) {
    const out = [];
    if (!content) return out;
    for (const media of Object.values(content)) {
      if (media.example !== undefined) out.push(media.example);
      for (const ex of Object.values(media.examples || {})) out.push(ex.value);
    }
    return out;
  }

  // ---- Documented operations ------------------------------------------------------------------
  function renderDocumented(doc) {
    const groups = new Map();
    for (const [path, item] of Object.entries(doc.paths || {})) {
      for (const [method, op] of Object.entries(item)) {
        const tag = (op.tags && op.tags[0]) || "Other";
        if (!groups.has(tag)) groups.set(tag, []);
        groups.get(tag).push({ path, method: method.toUpperCase(), op });
      }
    }
    const names = [...groups.keys()].sort((a, b) => (a === "Other" ? 1 : b === "Other" ? -1 : a.localeCompare(b)));
    const container = $("groups");
    const toc = $("toc");
    for (const name of names) {
      const ops = groups.get(name);
      const section = el("section", { class: "group", "aria-label": name }, el("h3", { text: name }));
      const tocList = el("ul");
      toc.append(el("h3", { text: name }), tocList);
      for (const { path, method, op } of ops) {
        section.append(renderOperation(path, method, op, doc));
        tocList.append(el("li", {}, el("a", { href: `#op/${op.operationId}`, text: op.summary || op.operationId })));
      }
      container.append(section);
    }
    $("documented").hidden = false;
  }

  /** Required keys as chips, each any-of group as one "any of a | b" chip, and a marker when keys could not be read. */
  function keyChips(permissions, anyOf, unresolved) {
    const chips = permissions.map((p) => el("span", { class: "chip", text: p }));
    for (const group of anyOf || [])
      chips.push(el("span", { class: "chip any-of", title: "any one of these keys", text: `any of ${group.join(" | ")}` }));
    if ((unresolved || []).includes("permissions"))
      chips.push(
        el("span", { class: "chip unresolved", title: "apidex could not read every key this operation checks", text: "unresolved" }),
      );
    if ((unresolved || []).includes("registration"))
      chips.push(
        el("span", {
          class: "chip unresolved",
          title: "registered after an early exit apidex cannot decide: served only when that exit is not taken",
          text: "conditional",
        }),
      );
    return chips;
  }

  function renderOperation(path, method, op, doc) {
    const perms = op["x-service-permissions"] || [];
    const details = el(
      "details",
      { class: "op", id: `op-${op.operationId}`, "data-operation-id": op.operationId },
      el(
        "summary",
        {},
        methodBadge(method),
        el("span", { class: "path", text: path }),
        el("span", { text: op.summary || "" }),
        op["x-service-destructive"] ? el("span", { class: "badge danger", text: "destructive" }) : null,
        op.deprecated ? el("span", { class: "badge", text: "deprecated" }) : null,
      ),
    );
    const body = el("div", { class: "op-body" });
    if (op.description) body.append(el("p", { text: op.description }));
    body.append(
      el(
        "dl",
        { class: "facts" },
        el("dt", { text: "Operation id" }),
        el("dd", {}, el("code", { text: op.operationId })),
        el("dt", { text: "Scope" }),
        el("dd", {}, op["x-service-scope"] ? el("code", { text: op["x-service-scope"] }) : el("span", { class: "muted", text: "none" })),
        el("dt", { text: "Permissions" }),
        el(
          "dd",
          { class: "chips" },
          perms.length || op["x-service-permissions-any-of"] || op["x-service-unresolved"]
            ? keyChips(perms, op["x-service-permissions-any-of"], op["x-service-unresolved"])
            : el("span", { class: "muted", text: "none" }),
        ),
        el("dt", { text: "Undoable" }),
        el("dd", { text: op["x-service-destructive"] ? "No: this cannot be undone from the API" : "Yes" }),
      ),
    );
    const params = op.parameters || [];
    if (params.length) {
      const table = el(
        "table",
        {},
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            el("th", { text: "Parameter" }),
            el("th", { text: "In" }),
            el("th", { text: "Type" }),
            el("th", { text: "Description" }),
          ),
        ),
      );
      const rows = el("tbody");
      for (const p of params)
        rows.append(
          el(
            "tr",
            {},
            el("td", {}, el("code", { text: p.name }), p.required ? el("span", { class: "req", text: " required" }) : null),
            el("td", { text: p.in }),
            el("td", { class: "type", text: typeLabel(p.schema, doc) }),
            el("td", { text: p.description || "" }),
          ),
        );
      table.append(rows);
      body.append(el("h4", { text: "Parameters" }), el("div", { class: "table-wrap" }, table));
    }
    const requestSchema =
      op.requestBody &&
      op.requestBody.content &&
      op.requestBody.content["application/json"] &&
      op.requestBody.content["application/json"].schema;
    if (requestSchema) {
      body.append(el("h4", { text: "Request body" }), schemaBlock("Body", requestSchema, doc));
      for (const example of examplesOf(op.requestBody.content))
        body.append(el("pre", { "aria-label": "Request example", text: JSON.stringify(example, null, 2) }));
    }
    body.append(el("h4", { text: "Responses" }));
    for (const [status, response] of Object.entries(op.responses || {})) {
      const media = response.content && (response.content["application/json"] || Object.values(response.content)[0]);
      const block = el("div", { class: "response" }, el("h5", {}, el("code", { text: status }), ` ${response.description || ""}`));
      if (media && media.schema) block.append(schemaBlock("Body", media.schema, doc));
      for (const example of examplesOf(response.content))
        block.append(el("pre", { "aria-label": `Response ${status} example`, text: JSON.stringify(example, null, 2) }));
      body.append(block);
    }
    details.append(body);
    return details;
  }

  // ---- The whole index --------------------------------------------------------------------------
  function renderIndex(index, documentedIds) {
    const rows = $("rows");
    const methods = new Set();
    const keys = new Set();
    const entries = index.operations.map((op) => {
      op.permissions.forEach((p) => keys.add(p));
      (op.any_of || []).forEach((g) => g.forEach((p) => keys.add(p)));
      methods.add(op.method);
      const target = documentedIds.has(op.operation_id) ? `#op/${op.operation_id}` : `#index/${op.operation_id}`;
      const row = el(
        "tr",
        { id: `index-${op.operation_id}`, class: "hit", "data-operation-id": op.operation_id },
        el("td", {}, methodBadge(op.method)),
        el("td", { class: "path", text: op.path }),
        el("td", {}, el("a", { href: target, text: op.operation_id }), el("div", { class: "muted", text: op.summary })),
        el("td", {}, el("div", { class: "chips" }, keyChips(op.permissions, op.any_of, op.unresolved))),
        el("td", { text: op.effect }),
      );
      rows.append(row);
      const alternatives = (op.any_of || []).flat();
      return {
        row,
        op,
        keys: [...op.permissions, ...alternatives],
        unresolved: (op.unresolved || []).includes("permissions"),
        words: `${op.operation_id} ${op.summary} ${op.path} ${op.permissions.join(" ")} ${alternatives.join(" ")}`.toLowerCase(),
        path: op.path.toLowerCase(),
      };
    });
    const methodSelect = $("f-method");
    for (const m of [...methods].sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)))
      methodSelect.append(el("option", { value: m, text: m }));
    const datalist = $("permission-keys");
    for (const k of [...keys].sort()) datalist.append(el("option", { value: k }));

    let scheduled = false;
    const apply = () => {
      scheduled = false;
      const words = $("f-words").value.toLowerCase().split(/\s+/).filter(Boolean);
      const path = $("f-path").value.trim().toLowerCase();
      const permission = $("f-permission").value.trim();
      const method = methodSelect.value;
      let shown = 0;
      for (const e of entries) {
        // A key matches where it is required or one of a group's alternatives; "?" shows the unresolved ones.
        const keyMatches = !permission || (permission === "?" ? e.unresolved : e.keys.includes(permission));
        const visible =
          (!method || e.op.method === method) && keyMatches && (!path || e.path.includes(path)) && words.every((w) => e.words.includes(w));
        if (e.row.hidden === visible) e.row.hidden = !visible;
        if (visible) shown++;
      }
      $("count").textContent = `${shown} of ${entries.length} operations`;
    };
    const schedule = () => {
      if (!scheduled) {
        scheduled = true;
        requestAnimationFrame(apply);
      }
    };
    const form = $("filters");
    form.addEventListener("input", schedule);
    form.addEventListener("change", schedule);
    form.addEventListener("reset", () => setTimeout(apply, 0));
    form.addEventListener("submit", (event) => event.preventDefault());
    apply();
    $("index").hidden = false;
  }

  // ---- Deep links: #op/<operation_id> and #index/<operation_id> ----------------------------------
  function followHash() {
    const match = /^#(op|index)\/([a-z][a-z0-9_]*)$/.exec(location.hash);
    if (!match) return;
    const node = document.getElementById(`${match[1] === "op" ? "op" : "index"}-${match[2]}`);
    if (!node) return;
    if (node.tagName === "DETAILS") node.open = true;
    if (node.tagName === "TR") node.hidden = false;
    node.scrollIntoView({ block: "start" });
    const focusable = node.querySelector("summary, a");
    if (focusable) focusable.focus({ preventScroll: true });
  }

  async function main() {
    try {
      const [doc, index] = await Promise.all([load("openapi.json"), load("operations.json")]);
      const title = (doc.info && doc.info.title) || index.service.name;
      document.title = `${title} reference`;
      $("title").textContent = title;
      $("subtitle").textContent =
        `Version ${index.service.version} · ${Object.values(doc.paths || {}).reduce((n, item) => n + Object.keys(item).length, 0)} documented of ${index.count} operations`;
      renderDocumented(doc);
      const documentedIds = new Set(index.operations.filter((o) => o.documented).map((o) => o.operation_id));
      renderIndex(index, documentedIds);
      $("status").hidden = true;
      window.addEventListener("hashchange", followHash);
      followHash();
      document.body.dataset.ready = "true";
    } catch (error) {
      $("status").textContent = `The reference could not be loaded: ${error.message}`;
    }
  }
  main();
})();
