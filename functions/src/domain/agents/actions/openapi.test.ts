import { describe, expect, it } from 'vitest';
import { buildRequest } from './action-tool.ts';
import { actionToolName, specToOperations } from './openapi.ts';

const WEATHER_YAML = `
openapi: 3.1.0
info: { title: Weather, version: '1' }
servers:
  - url: https://api.weather.example.com/v1
paths:
  /cities/{city}/forecast:
    parameters:
      - name: city
        in: path
        description: The city's name
        schema: { type: string }
    get:
      operationId: getForecast
      summary: The forecast for a city
      parameters:
        - name: days
          in: query
          required: true
          schema: { type: integer, minimum: 1, maximum: 10 }
        - name: X-Trace
          in: header
          schema: { type: string }
  /alerts:
    post:
      operationId: createAlert
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Alert' }
components:
  schemas:
    Alert:
      type: object
      required: [city]
      properties:
        city: { type: string }
        threshold: { $ref: '#/components/schemas/Threshold' }
    Threshold:
      type: object
      properties:
        celsius: { type: number }
`;

describe('specToOperations', () => {
  it('turns each operation into a tool named after its operationId and the domain, with its parameters as the schema', async () => {
    const { operations } = await specToOperations(WEATHER_YAML, 'api.weather.example.com');
    expect(operations.map((operation) => operation.toolName)).toEqual(['getForecast_action_api---weather---example---com', 'createAlert_action_api---weather---example---com']);
    const [forecast, alert] = operations;
    expect(forecast).toMatchObject({
      method: 'GET',
      description: 'The forecast for a city',
      urlTemplate: 'https://api.weather.example.com/v1/cities/{city}/forecast',
      pathParams: ['city'],
      queryParams: ['days'],
      bodyParams: [],
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', description: "The city's name" }, days: { type: 'integer', minimum: 1, maximum: 10 } },
        required: ['city', 'days'],
      },
    });
    // References are inlined, so the model sees the whole body.
    expect(alert!.parameters).toEqual({
      type: 'object',
      properties: { city: { type: 'string' }, threshold: { type: 'object', properties: { celsius: { type: 'number' } } } },
      required: ['city'],
    });
    expect(alert!.description).toBe('POST /alerts');
  });

  it('reads JSON as well as YAML', async () => {
    const json = JSON.stringify({ openapi: '3.0.3', servers: [{ url: 'http://127.0.0.1:8080' }], paths: { '/ping': { get: { operationId: 'ping' } } } });
    expect((await specToOperations(json, '127.0.0.1')).operations[0]).toMatchObject({ toolName: 'ping_action_127---0---0---1', urlTemplate: 'http://127.0.0.1:8080/ping' });
  });

  it('names an operation without an operationId by its method and path', async () => {
    const json = JSON.stringify({ openapi: '3.0.0', servers: [{ url: 'https://a.example.com' }], paths: { '/users/{id}/posts': { get: {} } } });
    expect((await specToOperations(json, 'a.example.com')).operations[0]!.toolName).toBe('get_users_id_posts_action_a---example---com');
  });

  it.each([
    ['not a document', 'just: [unclosed', /neither JSON nor YAML/],
    ['Swagger 2', JSON.stringify({ swagger: '2.0', paths: {} }), /Only OpenAPI 3/],
    ['no server', JSON.stringify({ openapi: '3.0.0', paths: { '/a': { get: {} } } }), /names no server/],
    ['a relative server', JSON.stringify({ openapi: '3.0.0', servers: [{ url: '/v1' }], paths: { '/a': { get: {} } } }), /not an absolute URL/],
    ['a server on another host', JSON.stringify({ openapi: '3.0.0', servers: [{ url: 'https://evil.example.net' }], paths: { '/a': { get: {} } } }), /not the document's server host evil.example.net/],
    ['no operations', JSON.stringify({ openapi: '3.0.0', servers: [{ url: 'https://a.example.com' }], paths: {} }), /no operations/],
    ['a dangling reference', JSON.stringify({ openapi: '3.0.0', servers: [{ url: 'https://a.example.com' }], paths: { '/a': { $ref: '#/nowhere' } } }), /points nowhere/],
    [
      'two operations with one name',
      JSON.stringify({ openapi: '3.0.0', servers: [{ url: 'https://a.example.com' }], paths: { '/a': { get: { operationId: 'same' } }, '/b': { get: { operationId: 'same' } } } }),
      /Two operations are both named/,
    ],
  ])('refuses %s', async (_case, raw, message) => {
    await expect(specToOperations(raw, 'a.example.com')).rejects.toThrow(message);
  });

  it('survives a reference cycle', async () => {
    const json = JSON.stringify({
      openapi: '3.0.0',
      servers: [{ url: 'https://a.example.com' }],
      paths: { '/a': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } } } },
      components: { schemas: { Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } } } } },
    });
    expect((await specToOperations(json, 'a.example.com')).operations[0]!.parameters.properties).toEqual({ child: {} });
  });
});

describe('actionToolName', () => {
  it('keeps names within the 64 characters providers accept', () => {
    const name = actionToolName('a'.repeat(100), 'api.example.com');
    expect(name).toHaveLength(64);
    expect(name.endsWith('_action_api---example---com')).toBe(true);
  });
});

describe('buildRequest', () => {
  it('fills the path, appends the query and sends the body properties as JSON', async () => {
    const [forecast, alert] = (await specToOperations(WEATHER_YAML, 'api.weather.example.com')).operations;
    expect(buildRequest(forecast!, { city: 'São Paulo/Centro', days: 3 })).toEqual({ url: 'https://api.weather.example.com/v1/cities/S%C3%A3o%20Paulo%2FCentro/forecast?days=3' });
    expect(buildRequest(alert!, { city: 'Lima', threshold: { celsius: 30 }, ignored: true })).toEqual({
      url: 'https://api.weather.example.com/v1/alerts',
      body: JSON.stringify({ city: 'Lima', threshold: { celsius: 30 } }),
    });
    expect(() => buildRequest(forecast!, { days: 3 })).toThrow('the argument "city" is required');
  });
});
