import { keepYoungGenerationSmall } from './young-generation.js';

/*
 * Imported first by each entry that runs the backend (Electron's main process, the web shell),
 * before its other modules: loading them already grew V8's young generation from 1 to 8 MB when
 * this ran only in createBackend() (measured 2026-11-28). createBackend() calls it too, for the
 * entries that do not import this (the CLI, tests).
 */
keepYoungGenerationSmall();
