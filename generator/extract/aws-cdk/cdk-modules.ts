import type { ExternalValue } from "../../resolve/values.js";

/** The CDK and SST modules whose constructs declare HTTP routes or the Lambda functions that answer them. */
export type CdkModule = "apigateway" | "apigatewayv2" | "integrations" | "lambda" | "lambda-nodejs" | "sst2" | "sst3";

/**
 * CDK v2's module paths (`aws-cdk-lib/aws-apigateway`), its barrel's namespaces (`import { aws_apigateway } from
 * "aws-cdk-lib"`), CDK v1's packages (`@aws-cdk/aws-apigateway`) and the alpha packages HTTP APIs were in before
 * they became stable (`@aws-cdk/aws-apigatewayv2-alpha`, `...-integrations-alpha`).
 */
const MODULES: readonly [RegExp, string | undefined, CdkModule][] = [
  [/^(aws-cdk-lib\/aws-apigateway|@aws-cdk\/aws-apigateway)$/, undefined, "apigateway"],
  [/^aws-cdk-lib$/, "aws_apigateway", "apigateway"],
  [/^(aws-cdk-lib\/aws-apigatewayv2|@aws-cdk\/aws-apigatewayv2(-alpha)?)$/, undefined, "apigatewayv2"],
  [/^aws-cdk-lib$/, "aws_apigatewayv2", "apigatewayv2"],
  [/^(aws-cdk-lib\/aws-apigatewayv2-integrations|@aws-cdk\/aws-apigatewayv2-integrations(-alpha)?)$/, undefined, "integrations"],
  [/^aws-cdk-lib$/, "aws_apigatewayv2_integrations", "integrations"],
  [/^(aws-cdk-lib\/aws-lambda|@aws-cdk\/aws-lambda)$/, undefined, "lambda"],
  [/^aws-cdk-lib$/, "aws_lambda", "lambda"],
  [/^(aws-cdk-lib\/aws-lambda-nodejs|@aws-cdk\/aws-lambda-nodejs)$/, undefined, "lambda-nodejs"],
  [/^aws-cdk-lib$/, "aws_lambda_nodejs", "lambda-nodejs"],
  // SST v2's constructs (CDK-based): `import { Api, Function } from "sst/constructs"`.
  [/^sst\/constructs$/, undefined, "sst2"],
  // SST v3's global `sst` in `sst.config.ts` (`new sst.aws.ApiGatewayV2(...)`), read as this module.
  [/^sst$/, "aws", "sst3"],
];

/** Which CDK or SST module a package value comes from, and its member path there (`["Code", "fromAsset"]`). */
export function cdkMember(value: ExternalValue): { module: CdkModule; path: string[] } | undefined {
  const path = value.path[0] === "default" ? value.path.slice(1) : value.path;
  for (const [pattern, namespace, module] of MODULES) {
    if (!pattern.test(value.module)) continue;
    if (namespace === undefined) return path.length ? { module, path } : undefined;
    if (path[0] === namespace && path.length > 1) return { module, path: path.slice(1) };
  }
  return undefined;
}

/** Whether a module specifier is one of CDK's or SST's route or function modules (detection). */
export function isCdkRouteModule(specifier: string): boolean {
  return /^(aws-cdk-lib\/aws-apigateway(v2)?|@aws-cdk\/aws-apigateway(v2(-alpha)?)?|sst\/constructs)$/.test(specifier);
}
