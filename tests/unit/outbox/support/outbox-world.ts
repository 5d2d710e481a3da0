import { afterEach, beforeEach } from 'vitest';
import { createOutbox, type Outbox } from '../../../../electron/backend/outbox/index.js';
import { createConnectivity } from '../../../../electron/backend/sync/connectivity.js';
import { tempProfileData } from '../../mirror/support/temp-mirror.js';
import { FakeClock } from '../../scheduler/support/fake-clock.js';
import { FakeWrites } from './fake-writes.js';

export interface OutboxWorld {
  readonly clock: FakeClock;
  /** The service's side: what each write answers. */
  readonly fake: FakeWrites;
  readonly data: ReturnType<typeof tempProfileData>;
  readonly outbox: Outbox;
}

/**
 * A real outbox on a temporary mirror, a fake clock and scripted writes, made before each test of
 * the calling `describe` (or file) and stopped and removed after it. Read its parts inside tests.
 */
export function outboxWorld(): OutboxWorld {
  let world: OutboxWorld | undefined;
  beforeEach(() => {
    const clock = new FakeClock();
    const fake = new FakeWrites();
    const data = tempProfileData({ clock });
    const connectivity = createConnectivity({ clock, probe: async () => ({}) });
    world = { clock, fake, data, outbox: createOutbox({ mirror: data.mirror, api: fake.api, connectivity, clock }) };
  });
  afterEach(async () => {
    if (!world) return;
    const { outbox, clock, data } = world;
    world = undefined;
    const stopped = outbox.stop();
    // The stop waits for a request on the wire up to its grace period, on the fake clock.
    await clock.advance(2_000);
    await stopped;
    data.dispose();
  });
  const current = (): OutboxWorld => {
    if (!world) throw new Error('the outbox world exists only while a test runs');
    return world;
  };
  return {
    get clock() {
      return current().clock;
    },
    get fake() {
      return current().fake;
    },
    get data() {
      return current().data;
    },
    get outbox() {
      return current().outbox;
    },
  };
}
