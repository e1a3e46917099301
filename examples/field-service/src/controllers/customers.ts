import type { Request, Response } from "express";
import { db } from "../data/database.js";
import { bodyWith, now, paginate, text } from "../http/respond.js";
import type { Customer, CustomerStatus, ListQuery, Page } from "../models.js";

export type CustomerListQuery = ListQuery & {
  /** Only customers with this status. */
  status?: CustomerStatus;
};

export interface CreateCustomerBody {
  name: string;
  email?: string | null;
  phone?: string | null;
  tags?: string[];
}

export type UpdateCustomerBody = Partial<CreateCustomerBody> & { status?: CustomerStatus };

/**
 * List customers
 *
 * Returns customers in creation order, 25 per page unless `limit` says otherwise. Filter by `status`.
 *
 * @documented
 * @operationId list_customers
 * @scope customers:read
 * @tag Customers
 * @example response 200 {"data": [{"id": "cus_0001", "name": "Harbor Dental", "email": "office@harbordental.example", "phone": "+1 555 0100", "status": "active", "billing_address": null, "tags": ["vip"], "created_at": "2026-01-04T09:00:00.000Z"}], "has_more": false, "next_cursor": null}
 */
export function listCustomers(
  req: Request<Record<string, never>, Page<Customer>, unknown, CustomerListQuery>,
  res: Response<Page<Customer>>,
): void {
  const status = req.query.status;
  res.json(
    paginate(
      db(req).customers.list((c) => !status || c.status === status),
      req.query,
    ),
  );
}

/**
 * Create a customer
 *
 * @documented
 * @scope customers:write
 * @tag Customers
 * @example request {"name": "Lakeview Clinic", "email": "front@lakeview.example", "tags": ["hvac"]}
 * @example response 201 {"id": "cus_0004", "name": "Lakeview Clinic", "email": "front@lakeview.example", "phone": null, "status": "active", "billing_address": null, "tags": ["hvac"], "created_at": "2026-11-21T10:00:00.000Z"}
 */
export function createCustomer(req: Request<Record<string, never>, Customer, CreateCustomerBody>, res: Response<Customer>): void {
  const body = bodyWith(req, "name");
  const customer = db(req).customers.create({
    name: text(body.name, "name"),
    email: typeof body.email === "string" ? body.email : null,
    phone: typeof body.phone === "string" ? body.phone : null,
    status: "active",
    billing_address: null,
    tags: Array.isArray(body.tags) ? body.tags.map(String) : [],
    created_at: now(),
  });
  res.status(201).json(customer);
}

/**
 * Get a customer
 *
 * @documented
 * @scope customers:read
 * @tag Customers
 * @example response 200 {"id": "cus_0001", "name": "Harbor Dental", "email": "office@harbordental.example", "phone": "+1 555 0100", "status": "active", "billing_address": {"line1": "12 Pier St", "city": "Portland", "postal_code": "97201", "country": "US"}, "tags": ["vip"], "created_at": "2026-01-04T09:00:00.000Z"}
 */
export function getCustomer(req: Request<{ customer_id: string }, Customer>, res: Response<Customer>): void {
  res.json(db(req).customers.get(req.params.customer_id));
}

/**
 * Update a customer
 *
 * Changes only the fields sent.
 *
 * @documented
 * @scope customers:write
 * @tag Customers
 * @example request {"phone": "+1 555 0199", "status": "inactive"}
 */
export function updateCustomer(req: Request<{ customer_id: string }, Customer, UpdateCustomerBody>, res: Response<Customer>): void {
  const store = db(req).customers;
  store.get(req.params.customer_id);
  const body = bodyWith(req);
  const patch: Partial<Customer> = {};
  if (typeof body.name === "string") patch.name = body.name;
  if (body.email === null || typeof body.email === "string") patch.email = body.email;
  if (body.phone === null || typeof body.phone === "string") patch.phone = body.phone;
  if (body.status === "active" || body.status === "inactive") patch.status = body.status;
  if (Array.isArray(body.tags)) patch.tags = body.tags.map(String);
  res.json(store.update(req.params.customer_id, patch));
}

/**
 * Delete a customer
 *
 * Deletes the customer and its contacts. Work orders and invoices keep the customer's id.
 * There is no undo.
 *
 * @documented
 * @scope customers:write
 * @destructive
 * @tag Customers
 */
export function deleteCustomer(req: Request<{ customer_id: string }>, res: Response): void {
  const data = db(req);
  data.customers.remove(req.params.customer_id);
  for (const contact of data.contacts.list((c) => c.customer_id === req.params.customer_id)) data.contacts.remove(contact.id);
  res.status(204).end();
}
