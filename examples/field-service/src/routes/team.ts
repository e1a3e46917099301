import { Router } from "express";
import { Permissions, requirePermission } from "../auth/index.js";
import { db } from "../data/database.js";
import { crud } from "../http/crud.js";
import { bodyWith, text } from "../http/respond.js";

/** Team members (people who use the dashboard) and invitations. */
export const teamRouter = Router();

teamRouter.get("/", requirePermission(Permissions.TeamRead), crud.list("team"));

teamRouter
  .route("/invitations")
  /** List open invitations */
  .get(requirePermission(Permissions.TeamRead), (_req, res) => {
    res.json({ data: [] });
  })
  /** Invite someone to the team */
  .post(requirePermission(Permissions.TeamWrite, Permissions.TeamInvite), (req, res) => {
    const body = bodyWith(req, "email");
    res
      .status(201)
      .json({ id: "invt_0001", email: text(body.email, "email"), role: typeof body.role === "string" ? body.role : "technician" });
  });

/** Withdraw an invitation */
teamRouter.delete("/invitations/:invitation_id", requirePermission(Permissions.TeamInvite), (_req, res) => {
  res.status(204).end();
});

/** Get a team member */
teamRouter.get("/:member_id", requirePermission(Permissions.TeamRead), crud.get("team", "member_id"));

/** Change a team member's role */
teamRouter.patch("/:member_id", requirePermission(Permissions.TeamWrite), (req, res) => {
  const body = bodyWith(req, "role");
  const role = body.role === "admin" || body.role === "dispatcher" || body.role === "technician" ? body.role : "technician";
  res.json(db(req).team.update(req.params.member_id, { role }));
});

/** Deactivate a team member */
teamRouter.post("/:member_id/deactivate", requirePermission(Permissions.TeamWrite), (req, res) => {
  res.json(db(req).team.update(req.params.member_id, { active: false }));
});

/** Reactivate a team member */
teamRouter.post("/:member_id/reactivate", requirePermission(Permissions.TeamWrite), (req, res) => {
  res.json(db(req).team.update(req.params.member_id, { active: true }));
});
