import { describe, expect, it } from 'vitest';
import { apiGets, openApiSchema, spaRoutes, statusMeets } from '../../scripts/production-check/route-plan';

describe('production check route plan', () => {
  it("takes the SPA's routes from App.tsx, with a sample id for parameters", () => {
    const app = '<Route path="/wall">\n<Route path="/" component={A} />\n<Route path="/website/:id" component={B} />\n<Route component={NotFound} />';
    expect(spaRoutes(app)).toEqual(['/wall', '/', '/website/1']);
  });

  it('plans every GET of the OpenAPI document with sample parameters, and what each must answer', () => {
    const doc = openApiSchema.parse({
      paths: {
        '/api/metrics': { get: { responses: { '200': {}, '400': {} } } },
        '/api/websites/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }], responses: { '200': {}, '404': {} } } },
        '/mcp/resources/{name}': { get: { parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string', enum: ['dashboard-metrics'] } }], responses: { '200': {} } } },
        '/api/unsubscribe': { get: { parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }, { name: 'x', in: 'query' }], responses: { '200': {}, '400': {} } } },
        '/api/admin/status': { get: { security: [{ adminSession: [] }], responses: { '200': {}, '401': {} } } },
        '/metrics': { get: { security: [{}, { metricsToken: [] }], responses: { '200': {}, '401': {} } } },
        '/healthz': { get: { responses: { '200': {}, '503': {} } } },
        '/api/scan': { post: { responses: { '202': {} } } },
      },
    });
    expect(apiGets(doc).map((p) => [p.path, p.expect])).toEqual([
      ['/api/metrics', '200'],
      ['/api/websites/1', 'no-5xx'],
      ['/mcp/resources/dashboard-metrics', 'no-5xx'],
      ['/api/unsubscribe?token=1', 'no-5xx'],
      ['/api/admin/status', 'no-5xx'],
      ['/metrics', '200'],
      ['/healthz', 'no-5xx'],
    ]);
  });

  it('accepts only 200 where 200 is due, and a 5xx only where documented', () => {
    const [plain, withParam, health] = apiGets(
      openApiSchema.parse({
        paths: {
          '/a': { get: { responses: { '200': {} } } },
          '/b/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true }], responses: { '200': {} } } },
          '/healthz': { get: { responses: { '200': {}, '503': {} } } },
        },
      }),
    );
    expect(plain && [statusMeets(plain, 200), statusMeets(plain, 404), statusMeets(plain, 500)]).toEqual([true, false, false]);
    expect(withParam && [statusMeets(withParam, 404), statusMeets(withParam, 400), statusMeets(withParam, 500), statusMeets(withParam, 502)]).toEqual([true, true, false, false]);
    expect(health && [statusMeets(health, 503), statusMeets(health, 500)]).toEqual([true, false]);
  });
});
