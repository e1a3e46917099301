import { Router } from "express";
import { requirePermission } from "../auth/index.js";
import { db } from "../data/database.js";
import { crud } from "../http/crud.js";
import { bodyWith, text } from "../http/respond.js";

const PRICEBOOK = "pricebook";
const priceBook = Router();

/** List price book entries */
priceBook.get("/", requirePermission(`${PRICEBOOK}.read`), crud.list("priceBook"));

/** Add a price book entry */
priceBook.post("/", requirePermission(`${PRICEBOOK}.write`), (req, res) => {
  const body = bodyWith(req, "name", "unit_price_cents");
  res.status(201).json(
    db(req).priceBook.create({
      name: text(body.name, "name"),
      unit_price_cents: Number(body.unit_price_cents),
      category: typeof body.category === "string" ? body.category : "general",
    }),
  );
});

/** List price book categories */
priceBook.get("/categories", requirePermission(`${PRICEBOOK}.read`), (req, res) => {
  res.json({
    categories: [
      ...new Set(
        db(req)
          .priceBook.list()
          .map((e) => e.category),
      ),
    ].sort(),
  });
});

/** Import price book entries in bulk */
priceBook.post("/import", requirePermission(`${PRICEBOOK}.write`), (req, res) => {
  const body = bodyWith(req, "entries");
  const entries = Array.isArray(body.entries) ? body.entries : [];
  res.status(202).json({ accepted: entries.length });
});

/** Get a price book entry */
priceBook.get("/:entry_id", requirePermission(`${PRICEBOOK}.read`), crud.get("priceBook", "entry_id"));

/** Change a price book entry */
priceBook.patch("/:entry_id", requirePermission(`${PRICEBOOK}.write`), (req, res) => {
  const body = bodyWith(req);
  res.json(
    db(req).priceBook.update(req.params.entry_id, {
      ...(typeof body.unit_price_cents === "number" ? { unit_price_cents: body.unit_price_cents } : {}),
    }),
  );
});

/** Delete a price book entry */
priceBook.delete("/:entry_id", requirePermission(`${PRICEBOOK}.write`), crud.remove("priceBook", "entry_id"));

export default priceBook;
