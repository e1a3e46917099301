/**
 * The (method, path) pairs a synthesized CloudFormation template declares for API Gateway: REST APIs'
 * `AWS::ApiGateway::Method`s at the paths their `AWS::ApiGateway::Resource` tree gives (ANY as every method),
 * HTTP APIs' `AWS::ApiGatewayV2::Route` route keys. A CORS preflight (an OPTIONS method API Gateway answers
 * itself with a MOCK integration) is no operation and is left out.
 */
type Resource = { Type: string; Properties: Record<string, unknown> };

const EVERY = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

export function templateRoutes(template: { Resources?: Record<string, Resource> }): string[] {
  const resources = template.Resources ?? {};
  const pathOf = (ref: unknown): string => {
    // The root: `{ "Fn::GetAtt": [api, "RootResourceId"] }`; a resource: `{ Ref: id }`.
    const id = (ref as { Ref?: string }).Ref;
    if (!id) return "";
    const resource = resources[id]!;
    return `${pathOf(resource.Properties.ParentId)}/${resource.Properties.PathPart as string}`;
  };
  const out: string[] = [];
  for (const resource of Object.values(resources)) {
    if (resource.Type === "AWS::ApiGateway::Method") {
      const method = resource.Properties.HttpMethod as string;
      const integration = resource.Properties.Integration as { Type?: string } | undefined;
      if (method === "OPTIONS" && integration?.Type === "MOCK") continue;
      const path = pathOf(resource.Properties.ResourceId) || "/";
      for (const m of method === "ANY" ? EVERY : [method]) out.push(`${m} ${path.replace(/\{(\w+)\+\}/g, "{$1}")}`);
    }
    if (resource.Type === "AWS::ApiGatewayV2::Route") {
      const [method, path] = (resource.Properties.RouteKey as string).split(" ") as [string, string];
      for (const m of method === "ANY" ? EVERY : [method]) out.push(`${m} ${path.replace(/\{(\w+)\+\}/g, "{$1}")}`);
    }
  }
  return out.sort();
}
