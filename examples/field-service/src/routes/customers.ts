import { Router, type Request, type Response } from "express";
import { Perm, Permissions, requirePermission, requirePermissions } from "../auth/index.js";
import { createCustomer, deleteCustomer, getCustomer, listCustomers, updateCustomer } from "../controllers/customers.js";
import { db } from "../data/database.js";
import { ConflictError } from "../http/errors.js";
import { bodyWith, paginate, text } from "../http/respond.js";
import { attachmentsRouter } from "./attachments.js";
import contacts from "./contacts.js";
import { notesRouter } from "./notes.js";

export const customersRouter = Router();

const canRead = requirePermission(Permissions.CustomersRead);
const canWrite = requirePermission(Permissions.CustomersWrite);

customersRouter.get("/", canRead, listCustomers);
customersRouter.post("/", canWrite, createCustomer);

/** Search customers by name, email or phone */
customersRouter.get("/search", canRead, (req, res) => {
  const q = String(req.query.q ?? "").toLowerCase();
  const hits = db(req).customers.list((c) => [c.name, c.email, c.phone].some((v) => v?.toLowerCase().includes(q)));
  res.json(paginate(hits, req.query));
});

/** Export all customers as CSV */
customersRouter.get("/export", requirePermission(Permissions.CustomersRead, Permissions.CustomersExport), (req, res) => {
  const rows = db(req)
    .customers.list()
    .map((c) => [c.id, c.name, c.email ?? "", c.status].join(","));
  res.type("text/csv").send(["id,name,email,status", ...rows].join("\n"));
});

/** Merge two customers into one */
customersRouter.post("/merge", requirePermissions([Permissions.CustomersWrite, Permissions.CustomersMerge]), (req, res) => {
  const body = bodyWith(req, "source_id", "target_id");
  const data = db(req);
  const source = data.customers.get(text(body.source_id, "source_id"));
  const target = data.customers.get(text(body.target_id, "target_id"));
  if (source.id === target.id) throw new ConflictError("A customer cannot be merged into itself.");
  data.customers.remove(source.id);
  res.json(data.customers.update(target.id, { tags: [...new Set([...target.tags, ...source.tags])] }));
});

customersRouter.get("/:customer_id", canRead, getCustomer);
customersRouter.patch("/:customer_id", canWrite, updateCustomer);
customersRouter.delete("/:customer_id", requirePermission(Permissions.CustomersDelete), deleteCustomer);

/** Archive a customer */
customersRouter.post("/:customer_id/archive", canWrite, (req, res) => {
  res.json(db(req).customers.update(req.params.customer_id, { status: "inactive" }));
});

/** Restore an archived customer */
customersRouter.post("/:customer_id/restore", canWrite, (req, res) => {
  res.json(db(req).customers.update(req.params.customer_id, { status: "active" }));
});

/** List a customer's work orders */
customersRouter.get(
  "/:customer_id/work-orders",
  [canRead, requirePermission(Permissions.WorkOrdersRead)],
  (req: Request<{ customer_id: string }>, res: Response) => {
    res.json(
      paginate(
        db(req).workOrders.list((w) => w.customer_id === req.params.customer_id),
        req.query,
      ),
    );
  },
);

/** List a customer's invoices */
customersRouter.get("/:customer_id/invoices", canRead, requirePermission(Perm.InvoicesRead), (req, res) => {
  res.json(
    paginate(
      db(req).invoices.list((i) => i.customer_id === req.params.customer_id),
      req.query,
    ),
  );
});

customersRouter
  .route("/:customer_id/tags")
  /** List a customer's tags */
  .get(requirePermission(Permissions.CustomersRead, "tags.read"), (req, res) => {
    res.json({ tags: db(req).customers.get(req.params.customer_id).tags });
  })
  /** Replace a customer's tags */
  .put(requirePermission(Permissions.CustomersWrite, "tags.write"), (req, res) => {
    const body = bodyWith(req, "tags");
    const tags = Array.isArray(body.tags) ? body.tags.map(String) : [];
    res.json({ tags: db(req).customers.update(req.params.customer_id, { tags }).tags });
  });

customersRouter.use("/:customer_id/contacts", contacts);
customersRouter.use("/:customer_id/notes", notesRouter("customers", "customer_id"));
customersRouter.use("/:customer_id/attachments", attachmentsRouter("customers", "customer_id"));
