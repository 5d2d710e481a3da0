export {
  createScheduler,
  type Scheduler,
  type SchedulerOptions,
  type Task,
  type TaskContext,
  type RunOptions,
  type Priority,
} from './scheduler.js';
export { createProfileApi, type ProfileApi, type ScheduledOptions } from './profile-api.js';
export { RateBudget, type BudgetOptions } from './budget.js';
export { systemClock, type Clock } from './clock.js';
