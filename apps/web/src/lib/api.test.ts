import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, buildApiUrl, configureApi } from './api';
import { clearSession, getSession, setSession } from './session';

const USER = {
  id: '1',
  usercode: 'U1',
  username: 'demobuyer',
  email: null,
  areaCode: null,
  phone: null,
  displayName: 'demobuyer',
  avatar: 1,
  invitationCode: 'ABCD',
  hasTxPassword: false,
  isSeller: false,
  lang: null,
  createdAt: '2023-01-01T00:00:00.000Z',
};

function mockFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    navigate.mockReset();
    configureApi({ getLanguage: () => 'de', navigate });
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('adds the request language to every call and keeps the query', async () => {
    const fetchMock = mockFetch(200, { ok: true });
    await api.get('/admin/users', { query: { pageNum: 2, keyword: 'a b', status: undefined } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/admin/users?pageNum=2&keyword=a+b&lang=de');
    expect(init.credentials).toBe('include');
    expect(buildApiUrl('/auth/me', undefined, 'ar')).toBe('/api/v1/auth/me?lang=ar');
  });

  it('sends JSON bodies', async () => {
    const fetchMock = mockFetch(201, { token: 't', user: USER });
    const result = await api.post<{ token: string }>('/auth/register', { account: 'x' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"account":"x"}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(result.token).toBe('t');
  });

  it('turns the error envelope into an ApiError with status, code, message and field details', async () => {
    mockFetch(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Bitte prüfen',
        details: { fields: [{ field: 'account', message: 'Pflichtfeld' }] },
      },
    });
    const error = await api.post('/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('VALIDATION_FAILED');
    expect(apiError.message).toBe('Bitte prüfen');
    expect(apiError.fieldErrors).toEqual([{ field: 'account', message: 'Pflichtfeld' }]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on a buyer 401 clears the stored session and goes home', async () => {
    setSession({ userInfo: USER });
    expect(localStorage.getItem('userInfo')).not.toBeNull();
    mockFetch(401, { error: { code: 'SESSION_EXPIRED', message: 'Session expired', details: {} } });
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401, code: 'SESSION_EXPIRED' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(getSession()).toEqual({ userInfo: null });
    expect(navigate).toHaveBeenCalledWith('/index');
  });

  it('lets a 401 end only the session its call was sent with', async () => {
    // Sent while logged in, answered after the log-out: the header's unread counts did this, and the page went to
    // "/" twice and stayed there.
    setSession({ userInfo: USER });
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const sentBeforeLogout = api.get('/notifications/unread').catch((error: unknown) => error);
    await Promise.resolve();
    clearSession('logout');
    setSession({ userInfo: { ...USER, id: '2', username: 'next' } });
    answer(
      new Response(
        JSON.stringify({ error: { code: 'NOT_LOGGED_IN', message: 'Not logged in', details: {} } }),
        {
          status: 401,
          headers: { 'content-type': 'application/json' },
        },
      ),
    );
    expect(await sentBeforeLogout).toMatchObject({ status: 401 });
    expect(getSession().userInfo?.username).toBe('next');
    expect(navigate).not.toHaveBeenCalled();

    // A visitor's 401 (a protected action) is the caller's to explain; there is no session to end.
    clearSession('logout');
    mockFetch(401, { error: { code: 'NOT_LOGGED_IN', message: 'Not logged in', details: {} } });
    await expect(api.get('/chat/unread')).rejects.toMatchObject({ status: 401 });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves the buyer session alone when a staff call answers 401', async () => {
    setSession({ userInfo: USER });
    mockFetch(401, { error: { code: 'NOT_LOGGED_IN', message: 'Not logged in', details: {} } });
    await expect(api.get('/admin/auth/me', { audience: 'staff' })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('userInfo')).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reports a network failure as a localised network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('answers a non-JSON server failure with a system error, never a crash', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 502, code: 'INTERNAL_ERROR' });
  });

  it('aborts after the request timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = api.get('/auth/me').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await pending).toMatchObject({ code: 'TIMEOUT' });
    vi.useRealTimers();
  });
});
