/** The JSON a fetch call sent; a body that is not a string (or missing) fails the test. */
export function sentJson(init: RequestInit | undefined): unknown {
  const body = init?.body;
  if (typeof body !== 'string') throw new TypeError(`expected a JSON string as the request body, got ${typeof body}`);
  return JSON.parse(body);
}
