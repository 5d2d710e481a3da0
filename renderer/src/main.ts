import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { setListenerErrorSink } from './bridge.js';
import { errorText } from './composables/error-text.js';
import { createAppRouter } from './router.js';
import { useNoticesStore } from './stores/notices.js';
import './styles/base.css';

const app = createApp(App);
const pinia = createPinia();
app.use(pinia);
app.use(createAppRouter());

// Whatever escapes a component still reaches the user in words, and the page stays up.
const notices = useNoticesStore(pinia);
const report = (error: unknown) => notices.push('error', errorText(error));
app.config.errorHandler = (error) => report(error);
setListenerErrorSink(report);
window.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  report(event.reason);
});

app.mount('#app');
