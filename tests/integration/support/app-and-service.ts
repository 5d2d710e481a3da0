import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { startTestService, type TestService } from '../../support/service.js';
import { cliBundle, startApp, type RunningApp } from './cli-harness.js';

export interface AppAndService {
  /** The test's own data folder (named `<prefix>…` in the temp folder). */
  readonly dataDir: string;
  /** A second real service, for a remote profile. */
  readonly remote: TestService;
  /** The app running on the data folder: commands go to it. */
  readonly app: RunningApp;
}

/**
 * For the `linkdeck` tests with the app running: the bundle built once; before each test a data
 * folder of its own, a second service and the app on the folder; after it, all three gone. Read
 * the fields inside the tests (they are new for each).
 */
export function appAndService(prefix: string): AppAndService {
  const world = {} as { dataDir: string; remote: TestService; app: RunningApp };
  beforeAll(async () => {
    await cliBundle();
  });
  beforeEach(async () => {
    world.dataDir = mkdtempSync(join(tmpdir(), prefix));
    world.remote = await startTestService();
    world.app = await startApp(world.dataDir);
  });
  afterEach(async () => {
    await world.app.close();
    await world.remote.close();
    rmSync(world.dataDir, { recursive: true, force: true });
  });
  return world;
}
