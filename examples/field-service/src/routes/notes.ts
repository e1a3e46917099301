import { Router } from "express";
import { requirePermission } from "../auth/index.js";
import { db } from "../data/database.js";
import { bodyWith, now, paginate, text } from "../http/respond.js";

/** The resources that carry notes; each has its own `<resource>.notes.*` permissions. */
export type NotesResource = "customers" | "work_orders" | "estimates" | "technicians";

/**
 * Notes on any resource. One factory, mounted under several parents: the permission keys follow the
 * parent (`customers.notes.read`, `work_orders.notes.write`, ...).
 */
export function notesRouter(resource: NotesResource, param: string) {
  const router = Router({ mergeParams: true });
  router.use(requirePermission(`${resource}.notes.read`));

  const subjectId = (params: Record<string, string | undefined>) => params[param] ?? "";

  router
    .route("/")
    .get((req, res) => {
      res.json(
        paginate(
          db(req).notes.list((n) => n.subject_id === subjectId(req.params)),
          req.query,
        ),
      );
    })
    .post(requirePermission(`${resource}.notes.write`), (req, res) => {
      const body = bodyWith(req, "body");
      res
        .status(201)
        .json(db(req).notes.create({ subject_id: subjectId(req.params), body: text(body.body, "body"), author: "api", created_at: now() }));
    });

  router
    .route("/:note_id")
    .get((req, res) => {
      res.json(db(req).notes.get(req.params.note_id));
    })
    .patch(requirePermission(`${resource}.notes.write`), (req, res) => {
      const body = bodyWith(req, "body");
      res.json(db(req).notes.update(req.params.note_id, { body: text(body.body, "body") }));
    })
    .delete(requirePermission(`${resource}.notes.write`), (req, res) => {
      db(req).notes.remove(req.params.note_id);
      res.status(204).end();
    });

  return router;
}
