import { Router } from "express";
import { requirePermission } from "../auth/index.js";
import { db } from "../data/database.js";
import { crud } from "../http/crud.js";
import { bodyWith, text } from "../http/respond.js";

const tags = Router();

// Reading tags gates everything here; the `all` layer runs before each route on "/".
tags.all("/", requirePermission("tags.read"));

/** List tags */
tags.get("/", crud.list("tags"));

/** Create a tag */
tags.post("/", requirePermission("tags.write"), (req, res) => {
  const body = bodyWith(req, "name");
  res
    .status(201)
    .json(db(req).tags.create({ name: text(body.name, "name"), color: typeof body.color === "string" ? body.color : "#888888" }));
});

/** Rename or recolor a tag */
tags.patch("/:tag_id", requirePermission("tags.read", "tags.write"), (req, res) => {
  const body = bodyWith(req);
  res.json(
    db(req).tags.update(req.params.tag_id, {
      ...(typeof body.name === "string" ? { name: body.name } : {}),
      ...(typeof body.color === "string" ? { color: body.color } : {}),
    }),
  );
});

/** Delete a tag */
tags.delete("/:tag_id", requirePermission("tags.read", "tags.write"), crud.remove("tags", "tag_id"));

export default tags;
