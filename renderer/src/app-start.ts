/** The app itself, loaded by main.ts once the first screen's calls are on their way. */
import { createApp, nextTick, watch } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { setListenerErrorSink } from './bridge.js';
import { endEarlyCalls } from './early-calls.js';
import { errorText } from './composables/error-text.js';
import { createAppRouter } from './router.js';
import { useNoticesStore } from './stores/notices.js';
import { useProfilesStore } from './stores/profiles.js';

const app = createApp(App);
const pinia = createPinia();
app.use(pinia);

// Whatever escapes a component still reaches the user in words, and the page stays up.
const notices = useNoticesStore(pinia);
const report = (error: unknown) => notices.push('error', errorText(error));
app.config.errorHandler = (error) => report(error);
setListenerErrorSink(report);
window.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  report(event.reason);
});

// The first screen takes the answers main.ts asked for early as it mounts; once it is up (the
// profiles read and the first route shown), every later call goes to the backend: an early
// answer is only as new as the start.
const router = createAppRouter();
app.use(router);
const profiles = useProfilesStore(pinia);
const profilesRead = new Promise<void>((resolve) => {
  const stop = watch(
    () => profiles.status,
    (status) => {
      if (status !== 'ready' && status !== 'error') return;
      stop();
      resolve();
    },
  );
});
void Promise.all([profilesRead, router.isReady()])
  .then(() => nextTick())
  .finally(endEarlyCalls);

app.mount('#app');
