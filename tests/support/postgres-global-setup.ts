import type { TestProject } from 'vitest/node';
import { postgresMissingReason, startPostgresCluster } from './postgres-cluster.js';

/*
 * The `integration-postgres` project's one throwaway PostgreSQL cluster (tests/vitest.config.ts):
 * started once for the run, every test service gets a fresh database in it
 * (tests/support/service.ts), stopped at the end. Where PostgreSQL cannot run the project holds
 * only tests/integration/service-engine.test.ts, which reports itself skipped with the reason.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://…/postgres of the run's cluster (to create databases in), or '' when there is none. */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (postgresMissingReason()) {
    project.provide('postgresAdminUrl', '');
    return undefined;
  }
  const cluster = await startPostgresCluster();
  project.provide('postgresAdminUrl', `postgres://postgres@127.0.0.1:${cluster.port}/postgres`);
  return () => cluster.stop();
}
