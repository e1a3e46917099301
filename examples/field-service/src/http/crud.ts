import type { Request, Response } from "express";
import { type Database, db } from "../data/database.js";
import { paginate } from "./respond.js";

type TableName = { [K in keyof Database]: Database[K] extends { list: unknown } ? K : never }[keyof Database];

/**
 * Plain CRUD handlers over one table, for the many resources that need nothing more. Routes still
 * declare their own permission checks next to the registration.
 */
export const crud = {
  list: (table: TableName, param?: string) => (req: Request, res: Response) => {
    const rows = (db(req)[table].list as () => { id: string }[])();
    void param;
    res.json(paginate(rows, req.query));
  },
  get: (table: TableName, param: string) => (req: Request, res: Response) => {
    res.json(db(req)[table].get(String(req.params[param])));
  },
  remove: (table: TableName, param: string) => (req: Request, res: Response) => {
    db(req)[table].remove(String(req.params[param]));
    res.status(204).end();
  },
};
