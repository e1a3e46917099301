import { Router } from "express";
import * as routes from "./index.js";

/** Every route an API key can call, under /v1. */
export function createV1Router() {
  const v1 = Router();
  v1.use("/customers", routes.customersRouter);
  v1.use("/customers/:customer_id/payment-methods", routes.paymentMethodsRouter);
  v1.use("/work-orders", routes.workOrdersRouter);
  v1.use("/invoices", routes.invoicesRouter);
  v1.use("/estimates", routes.estimatesRouter);
  v1.use("/technicians", routes.techniciansRouter);
  v1.use("/schedules", routes.schedulesRouter);
  v1.use("/inventory", routes.inventoryRouter);
  v1.use("/payments", routes.paymentsRouter);
  v1.use("/reports", routes.reportsRouter);
  v1.use("/webhooks", routes.webhooksRouter);
  v1.use("/team", routes.teamRouter);
  v1.use("/price-book", routes.priceBookRouter);
  v1.use("/vehicles", routes.vehiclesRouter);
  v1.use("/timesheets", routes.timesheetsRouter);
  v1.use("/tags", routes.tagsRouter);
  v1.use(routes.accountRouter);
  return v1;
}
