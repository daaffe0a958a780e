import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeriodicJob } from '../../app/jobs/periodic-job';
import { createTestApp, graphql, type TestApp } from '../support/test-app';

/** The value of one series in a Prometheus text answer, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });
  const scrape = async () => {
    const response = await app.server.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('reports requests by route pattern, never by path', async () => {
    await app.server.inject({ method: 'GET', url: '/api/health' });
    await app.server.inject({ method: 'GET', url: '/api/skins/no-such-skin/download' });
    const text = await scrape();
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('no-such-skin');
    await graphql(app, '{ health { status } }');
    expect(
      sample(
        await scrape(),
        'http_request_duration_seconds_count{method="POST",route="/graphql",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts GraphQL operations by name and their errors by code', async () => {
    const before = sample(
      await scrape(),
      'graphql_operations_total{operation_type="query",operation_name="MetricsProbe"}',
    );
    await graphql(app, 'query MetricsProbe { health { status } }');
    await graphql(app, 'query MetricsProbe { health { status } }');
    await graphql(app, 'query Mine { myUser { username } }');
    await graphql(app, '{ nothingHere }');
    const text = await scrape();
    expect(
      sample(text, 'graphql_operations_total{operation_type="query",operation_name="MetricsProbe"}'),
    ).toBe((before ?? 0) + 2);
    expect(sample(text, 'graphql_errors_total{operation_name="Mine",code="UNAUTHENTICATED"}')).toBe(1);
    expect(sample(text, 'graphql_errors_total{operation_name="invalid",code="NONE"}')).toBe(1);
  });

  it('shows each catch-up projection lag, the event store head and the pool', async () => {
    const text = await scrape();
    expect(sample(text, 'projection_lag_seconds{projection="event-activity"}')).toBe(0);
    expect(sample(text, 'projection_lag_events{projection="skin-downloads"}')).toBe(0);
    expect(sample(text, 'event_store_head_position')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'database_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('graphql_response_cache_hits_total');
  });

  it('counts job runs by outcome', async () => {
    const probe = (run: () => Promise<void>) =>
      startPeriodicJob(app.context, {
        name: 'metrics-probe',
        everyMs: 60_000,
        failureMessage: 'probe failed',
        run,
      });
    probe(async () => {}).stop();
    await expect
      .poll(async () => sample(await scrape(), 'job_runs_total{job="metrics-probe",outcome="ok"}'))
      .toBe(1);
    probe(async () => {
      throw new Error('probe');
    }).stop();
    await expect
      .poll(async () => sample(await scrape(), 'job_runs_total{job="metrics-probe",outcome="failed"}'))
      .toBe(1);
  });
});

describe('/metrics with METRICS_TOKEN set', () => {
  let app: TestApp;
  const token = 'metrics-token-for-the-test';
  beforeAll(async () => {
    app = await createTestApp({ config: { metricsToken: token } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('asks for the bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', token]) {
      const response = await app.server.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('projection_lag');
    }
    const allowed = await app.server.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('projection_lag_seconds{projection="event-activity"}');
  });
});
