import { createApp, nextTick, watch } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { setListenerErrorSink } from './bridge.js';
import { errorText } from './composables/error-text.js';
import { endEarlyCalls } from './early-calls.js';
import { endFirstPaint } from './first-paint/first-paint.js';
import { i18n, t } from './i18n/index.js';
import { translateLibraryLabels } from './i18n/library-labels.js';
import { createAppRouter } from './router.js';
import { useLinksWorkspaceStore } from './stores/links-workspace.js';
import { useNoticesStore } from './stores/notices.js';
import { useProfilesStore } from './stores/profiles.js';

/*
 * The app itself, loaded by the page's first script (main.ts), which has already asked the
 * first screen's questions and may have drawn the first rows.
 */

const app = createApp(App);
const pinia = createPinia();
app.use(pinia);
app.use(i18n);
// The library's own English labels, in the app's language (and again on a language switch).
const libraryLabels = translateLibraryLabels();
watch(() => t('common.close'), () => libraryLabels.relabelAll());
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
const firstScreen = Promise.all([profilesRead, router.isReady()]).then(() => nextTick());
void firstScreen.finally(endEarlyCalls);

// The first rows drawn before the app loaded (main.ts) stay over the app until its own Links
// view shows its rows (or says why it has none), and go at once when it opens on another view.
const links = useLinksWorkspaceStore(pinia);
const linksSettled = () => links.status !== 'loading';
void firstScreen
  .then(async () => {
    if (router.currentRoute.value.name === 'links' && !linksSettled()) {
      await new Promise<void>((resolve) => {
        const stop = watch(linksSettled, (settled) => {
          if (!settled) return;
          stop();
          resolve();
        });
      });
    }
    // The rows are in the DOM after the next render, on screen in the frame after it.
    await nextTick();
    await new Promise((resolve) => requestAnimationFrame(resolve));
  })
  .finally(() => endFirstPaint());

app.mount('#app');
