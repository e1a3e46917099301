/**
 * Runs the three validators SPEC section 3 names on one OpenAPI document and prints a JSON summary:
 * `tsx bench/realworld/validate-openapi.ts <openapi-public.json>`. The corpus runner calls it for every
 * service's zero-config document.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import SwaggerParser from "@apidevtools/swagger-parser";
import openapiTS, { astToString } from "openapi-typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const file = path.resolve(process.argv[2]!);

export interface ValidatorResults {
  swaggerParser: string;
  redocly: { errors: number; warnings: number; rules: Record<string, number> } | string;
  openapiTypescript: string;
}

async function main(): Promise<ValidatorResults> {
  let swaggerParser = "ok";
  try {
    await SwaggerParser.validate(file);
  } catch (error) {
    swaggerParser = (error as Error).message.split("\n")[0]!;
  }
  const run = spawnSync(
    path.join(root, "node_modules", ".bin", "redocly"),
    ["lint", file, "--extends", "recommended", "--format", "json"],
    {
      encoding: "utf8",
      maxBuffer: 1 << 28,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", CI: "true" },
    },
  );
  let redocly: ValidatorResults["redocly"];
  try {
    const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string }[] };
    const rules: Record<string, number> = {};
    for (const p of report.problems) rules[p.ruleId] = (rules[p.ruleId] ?? 0) + 1;
    redocly = { errors: report.totals.errors, warnings: report.totals.warnings, rules };
  } catch {
    redocly = `redocly did not report: ${(run.stderr || run.stdout).split("\n")[0]}`;
  }
  let openapiTypescript = "ok";
  try {
    astToString(await openapiTS(new URL(`file://${file}`)));
  } catch (error) {
    openapiTypescript = (error as Error).message.split("\n")[0]!;
  }
  return { swaggerParser, redocly, openapiTypescript };
}

process.stdout.write(`${JSON.stringify(await main())}\n`);
