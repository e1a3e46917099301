import { Router } from "express";

/** Dashboard sign-in. Closed: people sign in here, API keys never do. */
export const authRoutes = Router();

/** Sign in with email and password */
authRoutes.post("/sign-in", (_req, res) => {
  res.json({ session: "created" });
});
/** Sign out */
authRoutes.post("/sign-out", (_req, res) => {
  res.status(204).end();
});
/** Request a password reset email */
authRoutes.post("/password-reset", (_req, res) => {
  res.status(202).json({ queued: true });
});
