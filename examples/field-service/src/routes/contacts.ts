import { Router } from "express";
import { Permissions, requirePermission } from "../auth/index.js";
import { db } from "../data/database.js";
import { bodyWith, paginate, text } from "../http/respond.js";

/** Contacts of one customer, mounted at /v1/customers/:customer_id/contacts. */
const contacts = Router({ mergeParams: true });

// Everything below needs to read the customer; writes need contacts.write on top.
contacts.use(requirePermission(Permissions.CustomersRead));

contacts
  .route("/")
  .get((req, res) => {
    const { customer_id } = req.params as { customer_id: string };
    res.json(
      paginate(
        db(req).contacts.list((c) => c.customer_id === customer_id),
        req.query,
      ),
    );
  })
  .post(requirePermission(Permissions.ContactsWrite), (req, res) => {
    const { customer_id } = req.params as { customer_id: string };
    const body = bodyWith(req, "name");
    db(req).customers.get(customer_id);
    const contact = db(req).contacts.create({
      customer_id,
      name: text(body.name, "name"),
      email: typeof body.email === "string" ? body.email : null,
      role: typeof body.role === "string" ? body.role : null,
    });
    res.status(201).json(contact);
  });

contacts
  .route("/:contact_id")
  .get((req, res) => {
    res.json(db(req).contacts.get(req.params.contact_id));
  })
  .patch(requirePermission(Permissions.ContactsWrite), (req, res) => {
    const body = bodyWith(req);
    res.json(
      db(req).contacts.update(req.params.contact_id, {
        ...(typeof body.name === "string" ? { name: body.name } : {}),
        ...(typeof body.role === "string" ? { role: body.role } : {}),
      }),
    );
  })
  .delete(requirePermission(Permissions.ContactsWrite), (req, res) => {
    db(req).contacts.remove(req.params.contact_id);
    res.status(204).end();
  });

export default contacts;
