// Talking to the server: every request carries this page's id, and errors come back as
// {status, message} (the server answers {"error": "..."} with a 4xx status).

let client = null;

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function call(method, path, body) {
  const headers = {};
  if (client !== null) headers['X-Kyodai-Client'] = String(client);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const type = res.headers.get('Content-Type') || '';
  const data = type.startsWith('application/json') ? await res.json() : await res.text();
  if (!res.ok) throw new ApiError(res.status, (data && data.error) || String(data));
  return data;
}

export const get = (path) => call('GET', path);
export const post = (path, body = {}) => call('POST', path, body);

/** Registers this page; the first page to arrive controls the game. */
export async function hello() {
  const r = await post('/api/hello');
  client = r.client;
  return r;
}
