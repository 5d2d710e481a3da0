import { createApp, nextTick, watch } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { setListenerErrorSink } from './bridge.js';
import { errorText } from './composables/error-text.js';
import { endEarlyCalls, startEarlyCalls } from './early-calls.js';
import { createAppRouter } from './router.js';
import { firstWindowQuery } from './stores/links-first-window.js';
import { useNoticesStore } from './stores/notices.js';
import { useProfilesStore } from './stores/profiles.js';
import './styles/base.css';

// The first screen's questions (the profiles, and the Links view's first rows when the window
// opens on Links) go out before the app mounts: their answers travel while Vue creates the
// frame, instead of after it, one after the other. Not sooner (from a script ahead of the
// bundle): in the web shell the backend's query would then hold up the bundle's own download.
const route = window.location.hash.replace(/^#/, '').split('?')[0] ?? '';
// The router sends '/' (and an empty address) to Links; any other route asks for its own data.
const opensOnLinks = route === '' || route === '/' || route === '/links';
startEarlyCalls([{ channel: 'profiles:list' }, ...(opensOnLinks ? [{ channel: 'links:list' as const, arg: firstWindowQuery() }] : [])]);

const app = createApp(App);
const pinia = createPinia();
app.use(pinia);
const router = createAppRouter();
app.use(router);

// Whatever escapes a component still reaches the user in words, and the page stays up.
const notices = useNoticesStore(pinia);
const report = (error: unknown) => notices.push('error', errorText(error));
app.config.errorHandler = (error) => report(error);
setListenerErrorSink(report);
window.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  report(event.reason);
});

// The first screen takes the early answers as it mounts; once it is up (the profiles read and
// the first route shown), every later call goes to the backend: an early answer is only as new
// as the start.
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
