/** What a REST call answered; status 0 when the server could not be reached at all. */
export interface RestAnswer {
  status: number;
  ok: boolean;
  /** The body as text (a token, a message) or '' when there was none. */
  text: string;
  /** The `{ field, message }` body of a refusal (API contract), when there was one. */
  refusal: { field: string | null; message: string | null } | null;
}

function refusalOf(text: string): RestAnswer['refusal'] {
  try {
    const body: unknown = JSON.parse(text);
    if (!body || typeof body !== 'object') return null;
    const { field, message } = body as Record<string, unknown>;
    return {
      field: typeof field === 'string' ? field : null,
      message: typeof message === 'string' ? message : null,
    };
  } catch {
    return null;
  }
}

/** POSTs a JSON body to the REST API and never throws: a network failure is status 0. */
export async function postJson(path: string, body: unknown, token?: string | null): Promise<RestAnswer> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch (error) {
    console.warn(`POST ${path} failed`, error);
    return { status: 0, ok: false, text: '', refusal: null };
  }
  const text = await response.text().catch(() => '');
  return {
    status: response.status,
    ok: response.ok,
    text,
    refusal: response.ok ? null : refusalOf(text),
  };
}
