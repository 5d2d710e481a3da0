export { checkUrl, DEFAULT_TIMEOUT_MS, MAX_REDIRECTS, type CheckOptions, type UrlCheck } from './check-url.js';
export { createHealthRunner, type HealthRunner, type HealthRunnerOptions, type HealthSource } from './health-runner.js';
export { readHealth } from './health-store.js';
export { runPerHost, type HostPoolOptions } from './host-pool.js';
