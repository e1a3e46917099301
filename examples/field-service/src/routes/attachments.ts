import { Router } from "express";
import { assertPermission, requirePermission } from "../auth/index.js";
import { db } from "../data/database.js";
import { bodyWith, paginate, text } from "../http/respond.js";

/** File attachments of customers and work orders; permissions follow the parent resource. */
export const attachmentsRouter = (resource: "customers" | "work_orders", param: string) => {
  const read = `${resource}.attachments.read`;
  const write = `${resource}.attachments.write`;
  const router = Router({ mergeParams: true });

  router.get("/", requirePermission(read), (req, res) => {
    res.json(
      paginate(
        db(req).attachments.list((a) => a.subject_id === req.params[param]),
        req.query,
      ),
    );
  });
  router.post("/", requirePermission(read, write), (req, res) => {
    const body = bodyWith(req, "file_name");
    const attachment = db(req).attachments.create({
      subject_id: String(req.params[param]),
      file_name: text(body.file_name, "file_name"),
      content_type: typeof body.content_type === "string" ? body.content_type : "application/octet-stream",
      size_bytes: typeof body.size_bytes === "number" ? body.size_bytes : 0,
    });
    res.status(201).json(attachment);
  });
  router.get("/:attachment_id", requirePermission(read), (req, res) => {
    res.json(db(req).attachments.get(req.params.attachment_id));
  });
  router.delete("/:attachment_id", (req, res) => {
    assertPermission(req, read, write);
    db(req).attachments.remove(req.params.attachment_id);
    res.status(204).end();
  });
  return router;
};
