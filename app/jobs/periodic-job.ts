import type { AppContext } from '../../api/app-context';

export type PeriodicJob = { stop(): void };

/**
 * Runs `run` at start and then every `everyMs`, logging a failure and counting each run by outcome
 * (job_runs_total). A run that is still going when the next is due is not started twice.
 */
export function startPeriodicJob(
  app: Pick<AppContext, 'log' | 'metrics'>,
  job: { name: string; everyMs: number; run(): Promise<void>; failureMessage: string },
): PeriodicJob {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    const endTimer = app.metrics.jobDuration.startTimer({ job: job.name });
    try {
      await job.run();
      app.metrics.jobRuns.inc({ job: job.name, outcome: 'ok' });
    } catch (error) {
      app.metrics.jobRuns.inc({ job: job.name, outcome: 'failed' });
      app.log.error({ err: error, job: job.name }, job.failureMessage);
    } finally {
      endTimer();
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), job.everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
